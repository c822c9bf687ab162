/**
 * An order's log (trading.md 2.4 Order Log) kept in its own row, `orders.events`: a JSON array of its state changes
 * in the order they happened (db/migrations/0023_order_events_in_the_order.sql). Each update of the row writes the
 * whole array again, so an event holds only what the row does not, as a short array (0030): its action, the status it
 * left, its time, and a closing event's reason or a MODIFIED event's replaced values. The first event, NEW at REQUEST
 * SENT, is the row itself (its created_at) and is not stored. The order's values at an event are the row's values now,
 * taken back through the modifications after it.
 */
export type StoredOrderEvent = [action: string, status: string, at: number, detail?: string | Partial<OrderValues>];

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
  /** Milliseconds since the epoch: the start of the writing transaction, as the row's created_at and updated_at. */
  at: number;
  /** A closing event's reason, or ''. */
  reason: string;
}

/** The columns of an order row its log is read from (orderLogColumns), as pg reads them. */
export interface OrderLogColumns {
  events: StoredOrderEvent[];
  placed_at: string;
  quantity: string;
  limit_price: string;
  trigger_price: string;
  disclosed_qty: string;
  validity: string;
}

/** SQL: the columns `orderEventsOf` reads, of `orders` under `alias`. */
export function orderLogColumns(alias: string): string {
  return `${alias}.events, floor(extract(epoch FROM ${alias}.created_at) * 1000)::bigint::text AS placed_at,
          ${alias}.quantity, ${alias}.limit_price, ${alias}.trigger_price, ${alias}.disclosed_qty, ${alias}.validity`;
}

/** The log's entries, oldest first (NEW, then the stored events), each with the order's values then. */
export function orderEventsOf(row: OrderLogColumns): OrderEvent[] {
  const events: OrderEvent[] = new Array(row.events.length + 1);
  let values: OrderValues = {
    quantity: Number(row.quantity),
    price: Number(row.limit_price),
    triggerPrice: Number(row.trigger_price),
    disclosedQty: Number(row.disclosed_qty),
    validity: String(row.validity),
  };
  for (let i = row.events.length - 1; i >= 0; i--) {
    const [action, status, at, detail] = row.events[i]!;
    events[i + 1] = { action, status, at, reason: typeof detail === 'string' ? detail : '', ...values };
    if (typeof detail === 'object') values = { ...values, ...detail };
  }
  events[0] = { action: 'NEW', status: 'REQUEST SENT', at: Number(row.placed_at), reason: '', ...values };
  return events;
}

/** SQL: the order's log holds a TRIGGERED event, its stop fired (no status or reason is that word). */
export const STOP_FIRED = `events @> '[["TRIGGERED"]]'`;

/** SQL: the time of an event (the transaction's start, as now() gives the row's created_at and updated_at). */
export const EVENT_AT = `floor(extract(epoch FROM now()) * 1000)::bigint`;

/**
 * SQL: one event as a one-element JSONB array, ready to append (`events || ...`). `action` and `status` are SQL
 * expressions; `detail`, one giving a closing event's reason (text) or a MODIFIED event's replaced values (a JSONB
 * object).
 */
export function eventSql(action: string, status: string, detail?: string): string {
  return `jsonb_build_array(jsonb_build_array(${action}, ${status}, ${EVENT_AT}${detail ? `, ${detail}` : ''}))`;
}
