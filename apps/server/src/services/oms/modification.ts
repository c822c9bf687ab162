import {
  deriveAbilities,
  hasStopLossTrigger,
  ok,
  reject,
  segmentOf,
  sellsFromDemat,
  sellsShort,
  tradingText,
  type PlaceOrderPayload,
  type Result,
} from '@kite/domain';
import type { Instrument } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';
import { accountDetailsOf, extraFlagsOf, findClientById } from '../../modules/account/client.repo.ts';
import { holdingSellCheck } from '../portfolio/holdings-check.ts';
import { needsCashSql } from '../rms/funds.ts';
import { openOrderMargin } from '../rms/order-margin.ts';
import { exitComposite } from './composite-legs.ts';
import { rejectText } from './exchange-reasons.ts';
import { COMPOSITE, exchangeQuantity, type OmsCore, type OrderAnswer } from './oms-core.ts';
import { checkEntry } from './order-entry.ts';
import { findClientOrder, findOrderById, isOpen, type OrderRecord } from './order-record.ts';
import { closingQuantity, marginShortfall } from './placement.ts';

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
  if (changesLockedFields(order, payload, core.instrumentOf(payload.sym))) return reject('ORD014');

  // Checked as the order's own product (a cover/bracket part as intraday); a leg keeps its quantity (trading.md 4.1).
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
  if (
    v.quantity > order.quantity &&
    !(await mayGrowSell(core, clientId, order, instrument, v.quantity - order.quantity))
  )
    return reject('ORD008');
  const price = order.orderType === 'MARKET' || order.orderType === 'SL-M' ? 0 : v.price;
  const trigger = hasStopLossTrigger(order.orderType) ? v.triggerPrice || order.triggerPrice : 0;

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

  const adjusted = await changeBlock(core.deps.db, order.id, clientId, newBlock);
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

/**
 * An exchange lets a modification change only price, quantity, trigger price, validity and disclosed quantity
 * (trading.md 4.1 locks the action and the product): a payload naming another side, product or instrument than the
 * order's own (a leg's own side and product) is refused, not quietly turned into the order's.
 */
function changesLockedFields(order: OrderRecord, payload: PlaceOrderPayload, sent: Instrument | undefined): boolean {
  const side = order.side === 'BUY' ? 'buy' : 'sell';
  return payload.ordAction !== side || payload.prdType !== order.product || sent?.id !== order.instrumentId;
}

/**
 * A delivery sell made larger sells more shares, so it may grow only as far as a new sell could: by the client's
 * sellable shares, or for a non-POA client (whose demat shares need e-DIS) by today's unsold purchases; a client
 * allowed to sell short on the exchange is not checked. Other orders may always grow (their margin is checked).
 */
async function mayGrowSell(
  core: OmsCore,
  clientId: number,
  order: OrderRecord,
  instrument: Instrument,
  added: number,
): Promise<boolean> {
  const dematSell =
    order.side === 'SELL' && sellsFromDemat(order.product) && segmentOf(instrument.instr, instrument.exc) === 'equity';
  if (!dematSell) return true;
  const client = await findClientById(core.deps.db, clientId);
  if (!client) return false;
  if (sellsShort(deriveAbilities(accountDetailsOf(client), extraFlagsOf(client)), instrument.exc)) return true;
  const isin = instrument.isin ?? instrument.trSymbol;
  const check = await holdingSellCheck(core.deps.db, core.market, clientId, isin, core.tradingDate());
  const nonPoa = client.non_poa || check.nonPoa || order.edisIsin !== null;
  return added <= (nonPoa ? check.boughtUnsoldQty : check.sellableQty);
}

/**
 * The order's block set to `newBlock` and the funds row's block moved by the difference, in ONE statement (it was a
 * transaction of six round trips: BEGIN, funds locked, order locked and read, funds and order updated, COMMIT). The
 * funds row is locked first, then the order, as the lanes lock them. A larger block needs the funds to cover the
 * difference; a smaller one always goes through. The difference, for restoreBlock, or the refusal.
 */
async function changeBlock(
  db: Queryable,
  orderId: number,
  clientId: number,
  newBlock: number,
): Promise<Result<number>> {
  const { rows } = await db.query<{
    delta: string;
    available: string;
    cash: string;
    cash_only: boolean;
    covered: boolean;
  }>(
    `WITH funds AS MATERIALIZED (
       SELECT f.client_id,
              f.ledger_balance_paise + f.collateral_paise - f.blocked_margin_paise - f.used_margin_paise AS available,
              f.ledger_balance_paise - f.cash_blocked_paise AS uncommitted
         FROM client_funds f WHERE f.client_id = $2 FOR UPDATE OF f),
     current AS MATERIALIZED (
       SELECT o.id, $3::bigint - o.blocked_margin_paise AS delta, ${needsCashSql('o')} AS cash_only FROM orders o
        WHERE o.id = $1 AND o.client_id = $2 AND o.status IN ('REQUEST SENT', 'OUTSTANDING')
          AND (SELECT count(*) FROM funds) >= 0
          FOR UPDATE OF o),
     decided AS MATERIALIZED (
       SELECT c.id, c.delta, c.cash_only, f.available, LEAST(f.available, f.uncommitted) AS cash,
              c.delta <= 0 OR (c.delta <= f.available AND (NOT c.cash_only OR c.delta <= f.uncommitted)) AS covered
         FROM current c CROSS JOIN funds f),
     funds_changed AS (
       UPDATE client_funds f SET blocked_margin_paise = f.blocked_margin_paise + d.delta,
              cash_blocked_paise = f.cash_blocked_paise + CASE WHEN d.cash_only THEN d.delta ELSE 0 END, updated_at = now()
         FROM decided d WHERE f.client_id = $2 AND d.covered AND d.delta <> 0),
     order_changed AS (
       UPDATE orders o SET blocked_margin_paise = $3, updated_at = now() FROM decided d WHERE o.id = d.id AND d.covered)
     SELECT delta, available, cash, cash_only, covered FROM decided`,
    [orderId, clientId, newBlock],
  );
  const decided = rows[0];
  if (!decided) return reject('ORD003');
  const delta = Number(decided.delta);
  if (decided.covered) return ok(delta);
  const funds = { available: Number(decided.available), cash: Number(decided.cash) };
  return reject('ORD002', marginShortfall(decided.cash_only, delta, funds) ?? undefined);
}

/**
 * Undoes a modify's block change when the exchange refused it, in one statement as changeBlock (never below zero:
 * fills may have released it).
 */
async function restoreBlock(core: OmsCore, orderId: number, clientId: number, delta: number): Promise<void> {
  await core.deps.db.query(
    `WITH funds AS MATERIALIZED (
       SELECT f.client_id FROM client_funds f WHERE f.client_id = $2 FOR UPDATE OF f),
     back AS MATERIALIZED (
       SELECT o.id, LEAST($3::bigint, o.blocked_margin_paise) AS paise, ${needsCashSql('o')} AS cash_only FROM orders o
        WHERE o.id = $1 AND o.client_id = $2 AND (SELECT count(*) FROM funds) >= 0
          FOR UPDATE OF o),
     funds_changed AS (
       UPDATE client_funds f SET blocked_margin_paise = f.blocked_margin_paise - b.paise,
              cash_blocked_paise = f.cash_blocked_paise - CASE WHEN b.cash_only THEN b.paise ELSE 0 END, updated_at = now()
         FROM back b WHERE f.client_id = $2)
     UPDATE orders o SET blocked_margin_paise = o.blocked_margin_paise - b.paise, updated_at = now()
       FROM back b WHERE o.id = b.id`,
    [orderId, clientId, delta],
  );
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
