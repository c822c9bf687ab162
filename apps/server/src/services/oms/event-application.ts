import type { BookEvent } from '@kite/exchange';
import { changeFunds, lockFunds } from '../rms/funds.ts';
import { afterCompositeFill } from './composite-legs.ts';
import { cancelText, rejectText } from './exchange-reasons.ts';
import { FILLS, type Fill, type FillItem } from './fills.ts';
import { COMPOSITE, type OmsCore } from './oms-core.ts';
import type { Combinable } from './group-commit.ts';
import { eventSql } from './order-events.ts';
import { appendEvent, findOrderById, isOpen, orderColumns, orderOf, type OrderRecord } from './order-record.ts';

/**
 * Execution reports applied to the order rows in the client's order (the queue in oms-core.ts). Every state change
 * adds an event to the order's log (order-events.ts) and is pushed to the client's sockets. Acceptances and fills
 * are combinable writes (ReportWrite), which the queue hands to the lane together; the other reports are applied one
 * at a time.
 */
export async function applyReport(
  core: OmsCore,
  e: Exclude<BookEvent, { kind: 'traded' | 'accepted' }>,
): Promise<void> {
  switch (e.kind) {
    case 'cancelled':
      return closeOrder(core, e.ref, 'CANCELLED', cancelText(e.reason), e.reason === 'USER' ? 'CANCEL' : 'CANCELLED');
    case 'expired':
      return closeOrder(core, e.ref, 'CANCELLED', 'Expired at end of day', 'EXPIRED');
    case 'rejected':
      return closeOrder(core, e.ref, 'REJECTED', rejectText(e.reason), 'REJECTED');
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

/** Cancelled, rejected or expired: the remaining block is released. */
async function closeOrder(
  core: OmsCore,
  ref: number,
  status: 'CANCELLED' | 'REJECTED',
  reason: string,
  action: string,
): Promise<void> {
  const clientId = core.clientOf(ref);
  if (clientId === null) return;
  const order = await core.write(clientId, async (tx) => {
    await lockFunds(tx, clientId);
    const o = await findOrderById(tx, ref, true);
    if (!o || !isOpen(o)) return null;
    const finalStatus = status === 'CANCELLED' && o.filledQty >= o.quantity ? 'EXECUTED' : status;
    await changeFunds(tx, clientId, { blocked: -o.blockedMarginPaise });
    await tx.query(
      `UPDATE orders SET status = $2, reject_reason = $3, blocked_margin_paise = 0, updated_at = now(), closed_at = now(),
              events = events || ${eventSql('$4::text', '$2::text', reason ? '$3::text' : undefined)}
        WHERE id = $1`,
      [ref, finalStatus, reason, action],
    );
    return { ...o, status: finalStatus, rejectReason: reason, blockedMarginPaise: 0 } satisfies OrderRecord;
  });
  if (order) core.push(order);
}

/** Closes an order the exchange does not know (expired, or refused before a book) as cancelled or rejected, releasing its block. */
export async function closeWithoutExchange(
  core: OmsCore,
  orderId: number,
  reason: string,
  action: 'EXPIRED' | 'REJECTED' = 'EXPIRED',
): Promise<void> {
  if (core.clientOf(orderId) === null) {
    const { rows } = await core.deps.db.query<{ client_id: number }>('SELECT client_id FROM orders WHERE id = $1', [
      orderId,
    ]);
    if (!rows[0]) return;
    core.adopt(orderId, Number(rows[0].client_id));
  }
  await closeOrder(core, orderId, action === 'REJECTED' ? 'REJECTED' : 'CANCELLED', reason, action);
}

async function onModified(
  core: OmsCore,
  ref: number,
  price: number,
  exchangeQty: number,
  trigger: number,
): Promise<void> {
  const order = await core.write(core.clientOf(ref), async (tx) => {
    const o = await findOrderById(tx, ref, true);
    if (!o) return null;
    const quantity = exchangeQty + o.exchangeFilledBase;
    const updated: OrderRecord = {
      ...o,
      limitPrice: o.orderType === 'LIMIT' || o.orderType === 'SL' ? price : o.limitPrice,
      quantity,
      triggerPrice: trigger,
    };
    // The event records the values the update replaces: in SET, the columns still hold them.
    await tx.query(
      `UPDATE orders SET limit_price = $2, quantity = $3, trigger_price = $4, updated_at = now(),
              events = events || ${eventSql(`'MODIFIED'`, 'status', `jsonb_build_object('quantity', quantity, 'price', limit_price, 'triggerPrice', trigger_price)`)}
        WHERE id = $1`,
      [ref, updated.limitPrice, quantity, trigger],
    );
    return updated;
  });
  if (order) core.push(order);
}

async function onNote(core: OmsCore, ref: number, action: string): Promise<void> {
  await core.write(core.clientOf(ref), (tx) => appendEvent(tx, ref, action));
}
