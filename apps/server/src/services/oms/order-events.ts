/**
 * An order's log (trading.md 2.4 Order Log) kept in its own row, `orders.events`: a JSON array of its state changes
 * in the order they happened (db/migrations/0023_order_events_in_the_order.sql). Each update of the row writes the
 * whole array again, so an event holds only what the row does not: its action, the status it left and its time. The
 * order's values at an event are the row's values now, taken back through the modifications after it: a MODIFIED
 * event records the values it replaced (`was`).
 */
export interface StoredOrderEvent {
  action: string;
  status: string;
  /** Milliseconds since the epoch: the start of the writing transaction, as the row's created_at and updated_at. */
  at: number;
  /** A closing event's reason. */
  reason?: string;
  /** MODIFIED: the values before it. */
  was?: Partial<OrderValues>;
}

/** What an order's log shows of it at each event. */
export interface OrderValues {
  quantity: number;
  price: number;
  triggerPrice: number;
  disclosedQty: number;
  validity: string;
}

/** An entry of the log with the order's values at that moment. */
export interface OrderEvent extends OrderValues {
  action: string;
  status: string;
  at: number;
  reason: string;
}

/** The log's entries, oldest first, each with the order's values then; `now` the order row's values. */
export function orderEventsOf(stored: StoredOrderEvent[], now: OrderValues): OrderEvent[] {
  const events: OrderEvent[] = new Array(stored.length);
  let values = now;
  for (let i = stored.length - 1; i >= 0; i--) {
    const e = stored[i]!;
    events[i] = { action: e.action, status: e.status, at: e.at, reason: e.reason ?? '', ...values };
    if (e.was) values = { ...values, ...e.was };
  }
  return events;
}

/** The columns of an order row that hold its values, as pg reads them. */
export interface OrderValueColumns {
  quantity: string;
  limit_price: string;
  trigger_price: string;
  disclosed_qty: string;
  validity: string;
}

/** The row's values, as its log shows them at its last event. */
export function rowValues(row: OrderValueColumns): OrderValues {
  return {
    quantity: Number(row.quantity),
    price: Number(row.limit_price),
    triggerPrice: Number(row.trigger_price),
    disclosedQty: Number(row.disclosed_qty),
    validity: String(row.validity),
  };
}

/** SQL: the time of an event (the transaction's start, as now() gives the row's created_at and updated_at). */
export const EVENT_AT = `floor(extract(epoch FROM now()) * 1000)::bigint`;

/**
 * SQL: one event as a one-element JSONB array, ready to append (`events || ...`). `action` and `status` are SQL
 * expressions; `more`, further key and value pairs of the event (`'reason', $3::text`).
 */
export function eventSql(action: string, status: string, more?: string): string {
  return `jsonb_build_array(jsonb_build_object('action', ${action}, 'status', ${status}, 'at', ${EVENT_AT}${more ? `, ${more}` : ''}))`;
}
