import { tradingText } from '../messages/trading.ts';
import {
  placedOrderTypeOf,
  type AdvanceType,
  type EntryType,
  type PlacedOrderType,
  type ProductType,
} from './order-enums.ts';
import type { OrderForm } from './order-entry.ts';
import type { PlaceOrderPayload } from './order-payload.ts';
import { isSpread } from './segments.ts';

function isZero(value: string): boolean {
  const t = value.trim();
  return t === '' || /^0*(\.0*)?$/.test(t);
}

/**
 * The order dialog's forcing rules (trading.md 4.1): cover and bracket force Day validity, clear AMO, disable the
 * disclosed quantity and zero the SL field; bracket forces a limit order; market orders have price 0; IOC resets the
 * disclosed quantity; a trigger above 0 forces the first validity (Day); spreads are Day only.
 */
export function normaliseOrderForm(form: OrderForm, instr: string): OrderForm {
  const next: OrderForm = { ...form };
  if (next.advanceType === 'COVER' || next.advanceType === 'BRACKET') {
    next.validity = 'DAY';
    next.isAmo = false;
    next.disclosedQuantity = '0';
    next.triggerPrice = '0';
  }
  if (next.advanceType === 'BRACKET') next.orderType = 'limit';
  if (next.advanceType !== 'COVER') next.coTriggerPrice = '0';
  if (next.advanceType !== 'BRACKET') {
    next.boTriggerPrice = '0';
    next.boTargetPrice = '0';
  }
  if (next.orderType === 'market') next.price = '0';
  if (next.validity === 'IOC') next.disclosedQuantity = '0';
  if (!isZero(next.triggerPrice)) next.validity = 'DAY';
  if (isSpread(instr)) next.validity = 'DAY';
  if (next.validity !== 'VTD') next.vtdDate = '';
  return next;
}

/** The order type a form places: SL / SL-M when its trigger price SL is above 0 (trading.md 5.1 rule 7). */
export function placedOrderTypeOfForm(form: Pick<OrderForm, 'orderType' | 'triggerPrice'>): PlacedOrderType {
  return placedOrderTypeOf(form.orderType, !isZero(form.triggerPrice));
}

/** Cover and bracket orders travel as product CO and BO (trading.md 3). */
export function advanceTypeOf(product: ProductType): AdvanceType {
  if (product === 'CO') return 'COVER';
  if (product === 'BO') return 'BRACKET';
  return 'REGULAR';
}

/**
 * The server's view of a place/modify payload as the order form. `nonPoa`: the client's shares are not under a power
 * of attorney, so an IN DP sell (isinDp 'true') is an IN DP w/o POA sell.
 */
export function orderFormFromPayload(payload: PlaceOrderPayload, options: { nonPoa: boolean }): OrderForm {
  const entryType: EntryType = payload.isSquareoff ? 'SQUAREOFF' : payload.orderId ? 'MODIFY' : 'NEW';
  const form: OrderForm = {
    entryType,
    action: payload.ordAction,
    advanceType: advanceTypeOf(payload.prdType),
    orderType: payload.ordType,
    validity: payload.ordDuration,
    product: payload.prdType,
    quantity: payload.qty,
    price: payload.limitPrice,
    disclosedQuantity: payload.disQty,
    triggerPrice: payload.triggerPrice,
    coTriggerPrice: payload.coTriggerPrice,
    boTriggerPrice: payload.boTriggerPrice,
    boTargetPrice: payload.boTargetPrice,
    vtdDate: payload.vtdDate,
    isAmo: payload.isAmo,
  };
  if (payload.ordAction === 'sell') {
    form.sellSource = payload.isinDp === 'false' ? 'NOT_IN_DP' : options.nonPoa ? 'IN_DP_WITHOUT_POA' : 'IN_DP';
  }
  return form;
}

/**
 * trading.md 4.2: an in-DP sell without POA on the cash tab with no approved quantity shows SUBMIT E-DIS instead of
 * CONFIRM ORDER; the order cannot be placed until the depository approval exists.
 */
export function edisApprovalRequired(
  form: Pick<OrderForm, 'action' | 'sellSource' | 'product'>,
  edisApprovedQuantity: number,
): boolean {
  return (
    form.action === 'sell' &&
    form.sellSource === 'IN_DP_WITHOUT_POA' &&
    form.product === 'CASH' &&
    edisApprovedQuantity <= 0
  );
}

/** The message that blocks such an order (trading.md 4.2), or null. */
export function checkEdisApproval(
  form: Pick<OrderForm, 'action' | 'sellSource' | 'product'>,
  edisApprovedQuantity: number,
): string | null {
  return edisApprovalRequired(form, edisApprovedQuantity) ? tradingText.edis.approvalRequired : null;
}

/** trading.md 5.1 "Other order rules": square-off is refused while orders in that symbol and product are outstanding. */
export function checkSquareOff(outstandingOrders: number, product: ProductType): string | null {
  return outstandingOrders > 0 ? tradingText.orderEntry.squareOffOutstanding(product) : null;
}
