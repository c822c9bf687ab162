import type { BookEvent } from '@kite/exchange';
import { needsCashSql } from '../rms/funds.ts';
import { afterCompositeFill } from './composite-legs.ts';
import { cancelText, rejectText } from './exchange-reasons.ts';
import { FILLS, type Fill, type FillItem } from './fills.ts';
import { COMPOSITE, type OmsCore } from './oms-core.ts';
import type { Combinable } from './group-commit.ts';
import { eventSql } from './order-events.ts';
import { appendEvent, orderColumns, orderOf, type OrderRecord } from './order-record.ts';

/**
 * Execution reports applied to the order rows in the client's order (the queue in oms-core.ts). Every state change
 * adds an event to the order's log (order-events.ts) and is pushed to the client's sockets. Acceptances and fills
 * and closes are combinable writes (ReportWrite), which the queue hands to the lane together; the other reports
 * (triggered, modified) are applied one at a time.
 */
export async function applyReport(
  core: OmsCore,
  e: Extract<BookEvent, { kind: 'triggered' | 'modified' }>,
): Promise<void> {
  switch (e.kind) {
    case 'triggered':
      return onNote(core, e.ref, 'TRIGGERED');
    case 'modified':
      return onModified(core, e.ref, e.price, e.quantity, e.triggerPrice);
  }
}

/** An execution report's combinable write, and what follows once it is committed (push, cover/bracket legs). */
export interface ReportWrite {
  with: Combinable<unknown, unknown>;
  item: unknown;
  after: (result: unknown) => Promise<void>;
}

/** Accepted: the exchange's order number and OUTSTANDING, with its ACCEPTED event. */
export function acceptanceWrite(core: OmsCore, ref: number, exchangeOrderId: number): ReportWrite {
  return {
    with: ACCEPTANCES as Combinable<unknown, unknown>,
    item: { ref, exchangeOrderId },
    after: async (order) => {
      if (order) core.push(order as OrderRecord);
    },
  };
}

/** A fill of one side of a trade (fills.ts), then the cover/bracket legs it calls for. */
export function fillWrite(core: OmsCore, ref: number, clientId: number, fill: Fill): ReportWrite {
  const item: FillItem = { ref, clientId, fill, market: core.market };
  return {
    with: FILLS as Combinable<unknown, unknown>,
    item,
    after: async (result) => {
      const order = result as OrderRecord | null;
      if (!order) return;
      core.push(order);
      if (COMPOSITE.has(order.product)) await afterCompositeFill(core, order, fill.quantity);
    },
  };
}

/**
 * Acceptances of many orders in one statement: exchange order numbers, REQUEST SENT -> OUTSTANDING, an ACCEPTED
 * event in each log. One order (or null) per item, in order. Also the restored orders at start (restore.ts).
 */
export const ACCEPTANCES: Combinable<{ ref: number; exchangeOrderId: number }, OrderRecord | null> = {
  kind: 'accepted',
  rank: 0,
  singleStatement: true,
  many: async (tx, items) => {
    const { rows } = await tx.query({
      name: 'oms-acceptances',
      text: `UPDATE orders o SET exchange_order_id = a.exchange_order_id, updated_at = now(), status = ${ACCEPTED_STATUS},
                events = o.events || ${eventSql(`'ACCEPTED'`, ACCEPTED_STATUS)}
               FROM unnest($1::bigint[], $2::text[]) AS a(id, exchange_order_id)
              WHERE o.id = a.id RETURNING ${orderColumns('o')}`,
      values: [items.map((i) => i.ref), items.map((i) => String(i.exchangeOrderId))],
    });
    const byId = new Map(rows.map((r) => orderOf(r as Record<string, unknown>)).map((o) => [o.id, o]));
    return items.map((i) => byId.get(i.ref) ?? null);
  },
};

/** The status as statusOnceAccepted (order-record.ts) has it. */
const ACCEPTED_STATUS = `CASE WHEN o.status = 'REQUEST SENT' THEN 'OUTSTANDING' ELSE o.status END`;

/** The close of an order (cancelled, expired or rejected, by the exchange or without it), as CLOSES writes it. */
export interface CloseItem {
  ref: number;
  clientId: number;
  status: 'CANCELLED' | 'REJECTED';
  /** The closing event's reason ('' for none), also the order's reject_reason. */
  reason: string;
  /** The closing event's action: CANCEL (the client's), CANCELLED, EXPIRED or REJECTED. */
  action: string;
}

/** The close a report of the exchange calls for; the rest of its reports (triggered, modified) go to applyReport. */
export function closeOf(
  e: Extract<BookEvent, { kind: 'cancelled' | 'expired' | 'rejected' }>,
): Omit<CloseItem, 'clientId'> {
  switch (e.kind) {
    case 'cancelled':
      return {
        ref: e.ref,
        status: 'CANCELLED',
        reason: cancelText(e.reason),
        action: e.reason === 'USER' ? 'CANCEL' : 'CANCELLED',
      };
    case 'expired':
      return { ref: e.ref, status: 'CANCELLED', reason: 'Expired at end of day', action: 'EXPIRED' };
    case 'rejected':
      return { ref: e.ref, status: 'REJECTED', reason: rejectText(e.reason), action: 'REJECTED' };
  }
}

/** A close written with the client's other reports, then pushed. */
export function closeWrite(core: OmsCore, item: CloseItem): ReportWrite {
  return {
    with: CLOSES as Combinable<unknown, unknown>,
    item,
    after: async (order) => {
      if (order) core.push(order as OrderRecord);
    },
  };
}

/**
 * Closes of many orders in ONE statement. Closed one by one, each took four round trips inside its lane's batch and
 * held the placements queued behind it (a third of the soak's orders are IOCs cancelled at once: README "Closes in one
 * statement"). The clients' funds rows are locked (client order), then the open orders among the items (id order; the
 * one-time filter on the funds' count makes the funds locked first, as in lockForFills); each client's remaining
 * block is released and each order closed with its closing event. A cancelled order that has filled in full is
 * EXECUTED. One order per item, in order, or null: unknown, another client's, or closed already (by an earlier item
 * too). Ranked after the fills: a fill the exchange reported before the close is applied first.
 */
export const CLOSES: Combinable<CloseItem, OrderRecord | null> = {
  kind: 'closed',
  rank: 3,
  singleStatement: true,
  many: async (tx, items) => {
    const { rows } = await tx.query({
      name: 'oms-closes',
      text: `WITH item AS (
         SELECT DISTINCT ON (i.id) * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[])
                    WITH ORDINALITY AS i(id, client_id, status, reason, action, n)
          ORDER BY i.id, i.n),
       funds AS MATERIALIZED (
         SELECT f.client_id FROM client_funds f WHERE f.client_id = ANY($2::bigint[])
          ORDER BY f.client_id FOR UPDATE OF f),
       locked AS MATERIALIZED (
         SELECT o.id, o.client_id, o.blocked_margin_paise, ${needsCashSql('o')} AS cash_only, i.reason, i.action,
                CASE WHEN i.status = 'CANCELLED' AND o.filled_qty >= o.quantity THEN 'EXECUTED'
                     ELSE i.status END AS status
           FROM orders o JOIN item i ON i.id = o.id AND i.client_id = o.client_id
          WHERE o.status IN ('REQUEST SENT', 'OUTSTANDING') AND (SELECT count(*) FROM funds) >= 0
          ORDER BY o.id FOR UPDATE OF o),
       released AS (
         UPDATE client_funds f SET blocked_margin_paise = f.blocked_margin_paise - r.blocked,
                cash_blocked_paise = f.cash_blocked_paise - r.cash_blocked, updated_at = now()
           FROM (SELECT client_id, sum(blocked_margin_paise) AS blocked,
                        COALESCE(sum(blocked_margin_paise) FILTER (WHERE cash_only), 0) AS cash_blocked
                   FROM locked GROUP BY client_id) r
          WHERE f.client_id = r.client_id AND r.blocked <> 0)
       UPDATE orders o SET status = l.status, reject_reason = l.reason, blocked_margin_paise = 0, updated_at = now(),
              closed_at = now(),
              events = o.events || CASE WHEN l.reason = '' THEN ${eventSql('l.action', 'l.status')}
                                        ELSE ${eventSql('l.action', 'l.status', 'l.reason')} END
         FROM locked l WHERE o.id = l.id RETURNING ${orderColumns('o')}`,
      values: [
        items.map((i) => i.ref),
        items.map((i) => i.clientId),
        items.map((i) => i.status),
        items.map((i) => i.reason),
        items.map((i) => i.action),
      ],
    });
    const closed = new Map(rows.map((r) => orderOf(r as Record<string, unknown>)).map((o) => [o.id, o]));
    return items.map((i) => {
      const order = closed.get(i.ref);
      if (!order || order.clientId !== i.clientId) return null;
      // A second close of the same order in the batch found it closed.
      closed.delete(i.ref);
      return order;
    });
  },
};

/** Closes an order the exchange does not know (expired, or refused before a book) as cancelled or rejected, releasing its block. */
export async function closeWithoutExchange(
  core: OmsCore,
  orderId: number,
  reason: string,
  action: 'EXPIRED' | 'REJECTED' = 'EXPIRED',
): Promise<void> {
  let clientId = core.clientOf(orderId);
  if (clientId === null) {
    const { rows } = await core.deps.db.query<{ client_id: number }>('SELECT client_id FROM orders WHERE id = $1', [
      orderId,
    ]);
    if (!rows[0]) return;
    clientId = Number(rows[0].client_id);
    core.adopt(orderId, clientId);
  }
  const status = action === 'REJECTED' ? 'REJECTED' : 'CANCELLED';
  const order = await core.writeCombined(clientId, CLOSES, { ref: orderId, clientId, status, reason, action });
  if (order) core.push(order);
}

/** The exchange's new price, quantity and trigger on the row, with a MODIFIED event, in one statement. */
async function onModified(
  core: OmsCore,
  ref: number,
  price: number,
  exchangeQty: number,
  trigger: number,
): Promise<void> {
  const order = await core.write(core.clientOf(ref), async (tx) => {
    // The event records the values the update replaces: in SET, the columns still hold them.
    const { rows } = await tx.query(
      `UPDATE orders SET limit_price = CASE WHEN order_type IN ('LIMIT', 'SL') THEN $2 ELSE limit_price END,
              quantity = $3 + exchange_filled_base, trigger_price = $4, updated_at = now(),
              events = events || ${eventSql(`'MODIFIED'`, 'status', `jsonb_build_object('quantity', quantity, 'price', limit_price, 'triggerPrice', trigger_price)`)}
        WHERE id = $1 RETURNING ${orderColumns()}`,
      [ref, price, exchangeQty, trigger],
    );
    return rows[0] ? orderOf(rows[0] as Record<string, unknown>) : null;
  });
  if (order) core.push(order);
}

async function onNote(core: OmsCore, ref: number, action: string): Promise<void> {
  await core.write(core.clientOf(ref), (tx) => appendEvent(tx, ref, action));
}
