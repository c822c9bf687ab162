import { isSpread, priceDecimalsOf, segmentOf, type OrderRow, type TradeSegment } from '@kite/domain';

export type OrderKind = 'bracket' | 'cover' | 'spread' | 'regular';

/** Cover and bracket orders travel as CO and BO product types (trading.md 3). */
export function orderKind(order: Pick<OrderRow, 'prdType' | 'sym'>): OrderKind {
  if (order.prdType === 'BO') return 'bracket';
  if (order.prdType === 'CO') return 'cover';
  if (order.prdType === 'SP' || isSpread(order.sym.instr)) return 'spread';
  return 'regular';
}

/** trading.md 6: Modify only when the order is modifiable. */
export function canModify(order: OrderRow): boolean {
  return order.modifiable;
}

/**
 * trading.md 6: Cancel/Exit only when cancellable; for bracket orders when any leg is, for cover orders when leg1 is.
 * A bracket or cover order whose legs are not yet listed falls back on its own flag (chosen).
 */
export function canCancel(order: OrderRow): boolean {
  const kind = orderKind(order);
  switch (kind) {
    case 'bracket': {
      const legs = [...(order.leg1 ?? []), ...(order.leg2 ?? [])];
      return legs.length > 0 ? legs.some((leg) => leg.cancellable) : order.cancellable;
    }
    case 'cover': {
      const leg = order.leg1?.[0];
      return leg ? leg.cancellable : order.cancellable;
    }
    case 'spread':
    case 'regular':
      return order.cancellable;
    default: {
      const unknown: never = kind;
      throw new Error(`Unknown order kind ${String(unknown)}`);
    }
  }
}

/** Cover and bracket orders are exited, the rest cancelled (trading.md 8). */
export function isExit(order: Pick<OrderRow, 'prdType' | 'sym'>): boolean {
  const kind = orderKind(order);
  return kind === 'bracket' || kind === 'cover';
}

/** trading.md 2.3: a rejected order shows its reason when it is not empty and not '-'. */
export function rejectReasonHint(order: Pick<OrderRow, 'ordStatus' | 'rejectReason'>): string | null {
  if (order.ordStatus !== 'REJECTED') return null;
  const reason = order.rejectReason.trim();
  return reason === '' || reason === '-' ? null : reason;
}

/** Which My Orders tab an order belongs to (the order-entry result opens it, trading.md 4.1). */
export function orderSegment(order: Pick<OrderRow, 'sym'>): TradeSegment {
  return segmentOf(order.sym.instr, order.sym.exc);
}

export function orderPriceDecimals(order: Pick<OrderRow, 'sym'>): 2 | 4 {
  return priceDecimalsOf(order.sym.instr, order.sym.exc);
}

export function hasLegs(order: OrderRow): boolean {
  const kind = orderKind(order);
  return kind === 'bracket' || kind === 'cover';
}
