import type { BookEvent } from '@kite/exchange';
import { inTransaction } from '../../db/pool.ts';
import { changeFunds, lockFunds } from '../rms/funds.ts';
import { afterCompositeFill } from './composite-legs.ts';
import { cancelText, rejectText } from './exchange-reasons.ts';
import { recordFill, type Fill } from './fills.ts';
import { COMPOSITE, type OmsCore } from './oms-core.ts';
import { findOrderById, insertEvent, isOpen, type OrderRecord } from './order-record.ts';

/**
 * Execution reports applied to the order rows, one at a time per client (the queue in oms-core.ts). Every state change
 * writes an order_events row and is pushed to the client's sockets.
 */
export async function applyReport(core: OmsCore, e: Exclude<BookEvent, { kind: 'traded' }>): Promise<void> {
  switch (e.kind) {
    case 'accepted':
      return onAccepted(core, e.ref, e.orderId);
    case 'cancelled':
      return closeOrder(core, e.ref, 'CANCELLED', cancelText(e.reason), e.reason === 'USER' ? 'CANCEL' : 'CANCELLED');
    case 'expired':
      return closeOrder(core, e.ref, 'CANCELLED', 'Expired at end of day', 'EXPIRED');
    case 'rejected':
      return closeOrder(core, e.ref, 'REJECTED', rejectText(e.reason), 'REJECTED');
    case 'triggered':
      return onNote(core, e.ref, 'TRIGGERED', {});
    case 'modified':
      return onModified(core, e.ref, e.price, e.quantity, e.triggerPrice);
  }
}

async function onAccepted(core: OmsCore, ref: number, exchangeOrderId: number): Promise<void> {
  const order = await inTransaction(core.deps.db, async (tx) => {
    const o = await findOrderById(tx, ref, true);
    if (!o) return null;
    const status = o.status === 'REQUEST SENT' ? 'OUTSTANDING' : o.status;
    await tx.query('UPDATE orders SET exchange_order_id = $2, status = $3, updated_at = now() WHERE id = $1', [
      ref,
      String(exchangeOrderId),
      status,
    ]);
    const updated = { ...o, exchangeOrderId: String(exchangeOrderId), status };
    await insertEvent(tx, updated, 'ACCEPTED');
    return updated;
  });
  if (order) core.push(order);
}

/** A fill of one side of a trade (fills.ts), then the cover/bracket legs it calls for. */
export async function applyTrade(core: OmsCore, ref: number, fill: Fill): Promise<void> {
  const clientId = core.clientOf(ref);
  if (clientId === null) return;
  const market = core.market;
  const order = await inTransaction(core.deps.db, async (tx) => {
    await lockFunds(tx, clientId);
    const o = await findOrderById(tx, ref, true);
    if (!o || o.filledQty >= o.quantity) return null;
    return recordFill(tx, market, o, fill);
  });
  if (!order) return;
  core.push(order);
  if (COMPOSITE.has(order.product)) await afterCompositeFill(core, order, fill.quantity);
}

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
  const order = await inTransaction(core.deps.db, async (tx) => {
    await lockFunds(tx, clientId);
    const o = await findOrderById(tx, ref, true);
    if (!o || !isOpen(o)) return null;
    const finalStatus = status === 'CANCELLED' && o.filledQty >= o.quantity ? 'EXECUTED' : status;
    await changeFunds(tx, clientId, { blocked: -o.blockedMarginPaise });
    await tx.query(
      `UPDATE orders SET status = $2, reject_reason = $3, blocked_margin_paise = 0, updated_at = now() WHERE id = $1`,
      [ref, finalStatus, reason],
    );
    const updated: OrderRecord = { ...o, status: finalStatus, rejectReason: reason, blockedMarginPaise: 0 };
    await insertEvent(tx, updated, action, reason ? { reason } : {});
    return updated;
  });
  if (order) core.push(order);
}

/** Closes an order the exchange no longer knows (e.g. after a restart) as cancelled, releasing its block. */
export async function closeWithoutExchange(core: OmsCore, orderId: number, reason: string): Promise<void> {
  if (core.clientOf(orderId) === null) {
    const { rows } = await core.deps.db.query<{ client_id: number }>('SELECT client_id FROM orders WHERE id = $1', [
      orderId,
    ]);
    if (!rows[0]) return;
    core.adopt(orderId, Number(rows[0].client_id));
  }
  await closeOrder(core, orderId, 'CANCELLED', reason, 'EXPIRED');
}

async function onModified(core: OmsCore, ref: number, price: number, quantity: number, trigger: number): Promise<void> {
  const order = await inTransaction(core.deps.db, async (tx) => {
    const o = await findOrderById(tx, ref, true);
    if (!o) return null;
    await tx.query(
      'UPDATE orders SET limit_price = $2, quantity = $3, trigger_price = $4, updated_at = now() WHERE id = $1',
      [ref, o.orderType === 'LIMIT' || o.orderType === 'SL' ? price : o.limitPrice, quantity, trigger],
    );
    const updated: OrderRecord = {
      ...o,
      limitPrice: o.orderType === 'LIMIT' || o.orderType === 'SL' ? price : o.limitPrice,
      quantity,
      triggerPrice: trigger,
    };
    await insertEvent(tx, updated, 'MODIFIED');
    return updated;
  });
  if (order) core.push(order);
}

async function onNote(core: OmsCore, ref: number, action: string, detail: Record<string, unknown>): Promise<void> {
  await inTransaction(core.deps.db, async (tx) => {
    const o = await findOrderById(tx, ref);
    if (o) await insertEvent(tx, o, action, detail);
  });
}
