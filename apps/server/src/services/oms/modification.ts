import { ok, reject, tradingText, type PlaceOrderPayload, type Result } from '@kite/domain';
import { inTransaction } from '../../db/pool.ts';
import { changeFunds, lockFunds } from '../rms/funds.ts';
import { openOrderMargin } from '../rms/order-margin.ts';
import { exitComposite } from './composite-legs.ts';
import { rejectText } from './exchange-reasons.ts';
import { COMPOSITE, exchangeQuantity, type OmsCore, type OrderAnswer } from './oms-core.ts';
import { checkEntry } from './order-entry.ts';
import { findClientOrder, findOrderById, isOpen } from './order-record.ts';
import { closingQuantity, insufficientText } from './placement.ts';

const t = tradingText.orderEntry;

/** ModifyOrder (trading.md 4.1): the block follows the new price and quantity before the exchange is asked. */
export async function modifyOrder(
  core: OmsCore,
  clientId: number,
  payload: PlaceOrderPayload & { orderId: string },
): Promise<Result<OrderAnswer>> {
  const market = core.market;
  await core.clientSettled(clientId);
  const order = await findClientOrder(core.deps.db, clientId, payload.orderId);
  if (!order) return reject('ORD001');
  if (!isOpen(order) || !order.exchangeOrderId || order.legRole === 'EXIT' || order.legRole === 'SQUAREOFF')
    return reject('ORD003');
  const instrument = market.registry.byId(order.instrumentId);
  if (!instrument) return reject('ORD012');

  // Action, product and (for legs) the quantity are locked on modify (trading.md 4.1).
  const leg = order.legRole === 'STOPLOSS' || order.legRole === 'TARGET';
  const legTrigger =
    payload.coTriggerPrice !== '0' && payload.coTriggerPrice !== '' ? payload.coTriggerPrice : payload.triggerPrice;
  const form: PlaceOrderPayload = {
    ...payload,
    ordAction: order.side === 'BUY' ? 'buy' : 'sell',
    prdType: leg || order.legRole === 'ENTRY' ? 'INTRADAY' : (order.product as PlaceOrderPayload['prdType']),
    qty: leg ? String(order.quantity) : payload.qty,
    ordType: leg ? (order.orderType === 'LIMIT' ? 'limit' : 'market') : payload.ordType,
    triggerPrice:
      leg && order.legRole === 'STOPLOSS' ? legTrigger : order.legRole === 'ENTRY' ? '0' : payload.triggerPrice,
    isinDp: 'false',
    isAmo: order.isAmo,
    isSquareoff: false,
  };
  const entry = checkEntry(market, instrument, {
    payload: form,
    nonPoa: false,
    edisApproved: 0,
    now: core.deps.clock.now(),
  });
  if (!entry.ok) return reject('ORD006', entry.message);
  const v = entry.check.order;
  if (v.quantity <= order.filledQty) return reject('ORD006', rejectText('QUANTITY_BELOW_FILLED'));
  const price = order.orderType === 'MARKET' || order.orderType === 'SL-M' ? 0 : v.price;
  const trigger = order.orderType === 'SL' || order.orderType === 'SL-M' ? v.triggerPrice || order.triggerPrice : 0;

  const closing =
    COMPOSITE.has(order.product) && order.legRole !== 'ENTRY'
      ? v.quantity
      : await closingQuantity(core.deps.db, order, v.quantity - order.filledQty);
  const newBlock = leg
    ? 0
    : openOrderMargin(
        market,
        instrument,
        { ...order, limitPrice: price, triggerPrice: trigger },
        v.quantity - order.filledQty,
        closing,
      );

  const change = {
    orderId: Number(order.exchangeOrderId),
    price,
    quantity: exchangeQuantity(order, v.quantity),
    triggerPrice: trigger,
    disclosedQuantity: v.disclosedQuantity,
  };
  // Asked before the block moves: a change the exchange would refuse is refused with nothing written.
  const refusal = market.modifyRefusal(order.instrumentId, change);
  if (refusal !== null) return reject('ORD007', rejectText(refusal));

  const adjusted = await inTransaction(core.deps.db, async (tx): Promise<Result<number>> => {
    const funds = await lockFunds(tx, clientId);
    const current = await findOrderById(tx, order.id, true);
    if (!current || !isOpen(current)) return reject('ORD003');
    const delta = newBlock - current.blockedMarginPaise;
    if (delta > 0 && delta > funds.available) return reject('ORD002', insufficientText(delta, funds.available));
    await changeFunds(tx, clientId, { blocked: delta });
    await tx.query('UPDATE orders SET blocked_margin_paise = $2, updated_at = now() WHERE id = $1', [
      order.id,
      newBlock,
    ]);
    return ok(delta);
  });
  if (!adjusted.ok) return adjusted;

  const result = market.modify(order.instrumentId, change);
  if (result.rejectReason) {
    // The book changed between the question and the modify (a fill): the block goes back.
    await core.clientSettled(clientId);
    await restoreBlock(core, order.id, clientId, adjusted.data);
    return reject('ORD007', rejectText(result.rejectReason));
  }
  await core.clientSettled(clientId);
  return ok({ msg: t.modifiedHeadline, orderId: order.orderNo });
}

/** Undoes a modify's block change when the exchange refused it (never below zero: fills may have released it). */
async function restoreBlock(core: OmsCore, orderId: number, clientId: number, delta: number): Promise<void> {
  await inTransaction(core.deps.db, async (tx) => {
    await lockFunds(tx, clientId);
    const current = await findOrderById(tx, orderId, true);
    if (!current) return;
    const back = Math.min(delta, current.blockedMarginPaise);
    await changeFunds(tx, clientId, { blocked: -back });
    await tx.query('UPDATE orders SET blocked_margin_paise = blocked_margin_paise - $2 WHERE id = $1', [orderId, back]);
  });
}

export async function cancelOrder(core: OmsCore, clientId: number, orderNo: string): Promise<Result<{ msg: string }>> {
  await core.clientSettled(clientId);
  const order = await findClientOrder(core.deps.db, clientId, orderNo);
  if (!order) return reject('ORD001');
  // trading.md 8: cancelling a cover or bracket order squares off what executed and cancels the pending part.
  if (COMPOSITE.has(order.product) && order.legRole !== null && order.legRole !== 'EXIT') {
    const entry =
      order.legRole === 'ENTRY'
        ? order
        : order.parentOrderId
          ? await findOrderById(core.deps.db, order.parentOrderId)
          : null;
    if (!entry) return reject('ORD004');
    if (entry.clientId !== clientId) return reject('ORD001');
    const exit = await exitComposite(core, entry);
    return exit.ok ? ok({ msg: tradingText.orders.cancelSent }) : reject('ORD004');
  }
  if (!isOpen(order)) return reject('ORD004');
  const refused = core.cancelAtExchange(order);
  if (refused) return reject('ORD007', rejectText(refused));
  await core.clientSettled(clientId);
  return ok({ msg: tradingText.orders.cancelSent });
}

export async function exitOrder(
  core: OmsCore,
  clientId: number,
  orderNo: string,
  kind: 'CO' | 'BO',
): Promise<Result<{ msg: string }>> {
  await core.clientSettled(clientId);
  const order = await findClientOrder(core.deps.db, clientId, orderNo);
  if (!order) return reject('ORD001');
  const entry =
    order.legRole === 'ENTRY'
      ? order
      : order.parentOrderId
        ? await findOrderById(core.deps.db, order.parentOrderId)
        : null;
  if (!entry || entry.clientId !== clientId || entry.product !== kind) return reject('ORD005');
  return exitComposite(core, entry);
}
