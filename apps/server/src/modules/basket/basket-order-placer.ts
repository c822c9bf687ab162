import type { PlaceOrderPayload } from '@kite/domain';
import type { Oms } from '../../services/oms/oms.ts';

/** What placing one basket line answered: the order id, or the refusal's message (trading.md 8 place-order error). */
export type PlaceOrderOutcome = { ok: true; orderId: string; message: string } | { ok: false; message: string };

export interface PlaceOrderContext {
  appId: string | undefined;
}

/**
 * The order path a basket executes through: the same function /Trade/AddOrder uses (services/oms), so a basket line is
 * validated, margin-checked and routed exactly like an order from the order dialog. There is no second order path.
 */
export type PlaceOrder = (
  clientId: number,
  payload: PlaceOrderPayload,
  ctx: PlaceOrderContext,
) => Promise<PlaceOrderOutcome>;

/** AddOrder's own placement (Oms.place), answered as a basket line outcome. */
export function omsOrderPlacer(oms: Pick<Oms, 'place'>): PlaceOrder {
  return async (clientId, payload, ctx) => {
    const result = await oms.place(clientId, payload, ctx.appId ? { appId: ctx.appId } : {});
    return result.ok
      ? { ok: true, orderId: result.data.orderId, message: result.data.msg }
      : { ok: false, message: result.message };
  };
}
