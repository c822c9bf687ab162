import { reject, type PlaceOrderPayload, type Result, type SpreadOrderPayload } from '@kite/domain';
import { modifyOrder } from './modification.ts';
import type { OmsCore, OrderAnswer } from './oms-core.ts';
import { placeOrder } from './placement.ts';

/**
 * Calendar spread: one order on the exchange's spread book, which trades the price difference (far - near); its
 * fills are booked as two leg trades (fills.ts). ordAction is the near leg's side, ordAction2 the far leg's.
 */
export async function placeSpread(
  core: OmsCore,
  clientId: number,
  payload: SpreadOrderPayload,
  options: { appId?: string },
): Promise<Result<OrderAnswer>> {
  // The spread book works at priceDiff (order-entry.ts checkEntry): as a day limit order of the near leg's side.
  const order = {
    isOffline: false,
    tradedQty: payload.tradedQty ?? '0',
    ordAction: payload.ordAction === 'B' ? 'buy' : 'sell',
    sym: payload.sym,
    ordType: 'limit',
    qty: payload.qty,
    isSquareoff: false,
    isinDp: 'true',
    limitPrice: payload.priceDiff,
    ordDuration: 'DAY',
    vtdDate: '',
    prdType: payload.prdType,
    coTriggerPrice: '0',
    boTriggerPrice: '0',
    boTargetPrice: '0',
    boTrailingSL: '0',
    triggerPrice: '0',
    isAmo: false,
    disQty: '0',
  } satisfies PlaceOrderPayload;
  if (payload.orderId) return modifyOrder(core, clientId, { ...order, orderId: payload.orderId });
  const instrument = core.instrumentOf(payload.sym);
  if (!instrument || instrument.assetClass !== 'SPREAD') return reject('ORD012');
  return placeOrder(core, clientId, { ...order, tradedQty: '0' }, options);
}
