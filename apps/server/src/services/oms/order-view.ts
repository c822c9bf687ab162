import type { OrderRow } from '@kite/domain';
import { istDayFirstDateTime, type Market } from '@kite/exchange';
import { priceText } from '../market-runtime/price-text.ts';
import { symbolObjectOf } from '../market-runtime/symbol-object.ts';
import { isOpen, type OrderRecord } from './order-record.ts';

type Leg = NonNullable<OrderRow['leg1']>[number];

function dateAndTime(at: Date): { ordDate: string; ordTime: string } {
  const [date = '', time = ''] = istDayFirstDateTime(at.getTime()).split(' ');
  return { ordDate: date, ordTime: time };
}

/** A leg can be modified while open (stop-loss trigger, target price); exits and square-offs cannot. */
function legModifiable(o: OrderRecord): boolean {
  return isOpen(o) && o.exchangeOrderId !== null && o.legRole !== 'EXIT' && o.legRole !== 'SQUAREOFF';
}

function legOf(o: OrderRecord, userId: string): Leg {
  const p = (units: number) => priceText(units, o.priceDecimals);
  return {
    orderId: o.orderNo,
    exchOrderId: o.exchangeOrderId ?? '',
    qty: o.quantity,
    remQty: isOpen(o) ? o.quantity - o.filledQty : 0,
    triggerPrice: p(o.triggerPrice),
    limitPrice: p(o.limitPrice),
    targetPrice: p(o.legRole === 'TARGET' ? o.limitPrice : 0),
    ordAction: o.side,
    ordStatus: o.status,
    user: userId,
    ...dateAndTime(o.createdAt),
    modifiable: legModifiable(o),
    cancellable: isOpen(o),
  };
}

/**
 * An order-book row (trading.md 3 "Order (order book)"). Cover orders list their stop-loss leg (and exit) in leg1;
 * bracket orders their stop-loss legs in leg1 and target legs in leg2. A cover/bracket entry stays cancellable
 * (Cancel/Exit) while any of its parts is open or its executed quantity is not squared off.
 */
export function orderRowOf(
  market: Market,
  o: OrderRecord,
  legs: readonly OrderRecord[],
  userId: string,
): OrderRow | null {
  const instrument = market.registry.byId(o.instrumentId);
  if (!instrument) return null;
  const p = (units: number) => priceText(units, o.priceDecimals);
  const composite = o.legRole === 'ENTRY';
  const legsFilled = legs.reduce((sum, l) => sum + l.filledQty, 0);
  const compositeOpen = composite && (isOpen(o) || legs.some(isOpen) || o.filledQty - legsFilled > 0);
  const row: OrderRow = {
    orderId: o.orderNo,
    exchOrderId: o.exchangeOrderId ?? '',
    sym: symbolObjectOf(instrument),
    displaySym: o.displaySymbol,
    ordAction: o.side,
    prdType: o.product as OrderRow['prdType'],
    ordType: o.orderType,
    ordDuration: o.validity,
    ordStatus: o.status,
    rejectReason: o.rejectReason,
    limitPrice: p(o.limitPrice),
    triggerPrice: p(o.product === 'CO' ? o.coTriggerPrice : o.triggerPrice),
    avgPrice: p(o.avgFillPrice),
    qty: o.quantity,
    remQty: isOpen(o) ? o.quantity - o.filledQty : 0,
    tradedQty: o.filledQty,
    disQty: o.disclosedQty,
    protPercent: '',
    user: userId,
    ...dateAndTime(o.createdAt),
    modifiable: legModifiable(o),
    cancellable: composite ? compositeOpen : isOpen(o),
    isAmo: o.isAmo,
    boStatus: composite ? (compositeOpen ? 'OPEN' : 'CLOSED') : '',
    nestRequestId: o.segment === 'spread' ? o.orderNo : '',
    vtdDate: o.vtdDate ?? '',
  };
  if (composite) {
    row.leg1 = legs.filter((l) => l.legRole !== 'TARGET').map((l) => legOf(l, userId));
    if (o.product === 'BO') row.leg2 = legs.filter((l) => l.legRole === 'TARGET').map((l) => legOf(l, userId));
  }
  return row;
}
