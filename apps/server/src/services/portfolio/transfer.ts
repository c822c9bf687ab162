import {
  checkTransferNonPoa,
  checkTransferQuantity,
  formatAmount,
  isTransferOffered,
  mulDivRound,
  priceUnits,
  requiredMargin,
  segmentOf,
  tradingText,
  transferAction,
  transferTarget,
  type OrderAction,
  type ProductType,
} from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { inTransaction, type Db, type DbClient } from '../../db/pool.ts';
import { unitsToPaise } from '../oms/positions.ts';
import { readFunds } from '../rms/funds.ts';
import { holdingSellCheck } from './holdings-check.ts';
import { holdingOfInstrument, holdingsPanel } from './holdings.ts';
import { lastPriceOf } from './instruments.ts';
import { movedTradesCharges, rechargeMovedTrades } from './transfer-charges.ts';

const text = tradingText.portfolio;

export interface TransferRequest {
  instrument: Instrument;
  qty: string | number;
  fromPOS: ProductType;
  toPOS: ProductType;
  ordAction: OrderAction;
}

export interface TransferResult {
  status: 'true' | 'false';
  message: string;
}

export interface PositionLock {
  id: number;
  segment: string;
  buy_qty: number;
  buy_value: number;
  sell_qty: number;
  sell_value: number;
  carry_qty: number;
  carry_avg_price: number;
  realised_paise: number;
  margin_paise: number;
}

/** Margin the moved quantity needs in a product at the live price (domain rules, as the RMS blocks). */
function marginFor(
  market: Market,
  instrument: Instrument,
  product: ProductType,
  side: OrderAction,
  quantity: number,
): number {
  const underlying = instrument.underlying ? market.registry.byId(instrument.underlying) : undefined;
  return requiredMargin({
    instr: instrument.instr,
    exchange: instrument.exc,
    symbol: instrument.symbol,
    product,
    side,
    quantity,
    price: priceUnits(lastPriceOf(market, instrument)),
    priceDecimals: instrument.priceDecimals,
    lotQualifier: instrument.multiplier,
    underlyingPrice: underlying ? priceUnits(lastPriceOf(market, underlying)) : null,
    strike: instrument.strike === null ? null : priceUnits(instrument.strike),
    optType: instrument.optType,
  }).total;
}

/**
 * TransferPosition (trading.md 4.8, 5.4, 7): converts qty of a position from one product to another. Rule failures
 * answer status 'false' with the spec's message and change nothing. Everything happens under the client_funds row
 * lock (the RMS's lock), so the margin re-check for the target product and the move are atomic with orders.
 *
 * The moved quantity leaves today's open side first (at its average value, exact to the unit), then the carried
 * quantity (at the carried price). Margin products: the source's margin for it is released and the target product's
 * requirement at the live price is held. CASH (as the order path books it): the money of the moved value is debited
 * (long) or credited (short) on the way in and given back on the way out. What the change takes must fit in the
 * available margin.
 */
export async function transferPosition(
  db: Db,
  market: Market,
  clientId: number,
  request: TransferRequest,
  tradingDay: string,
): Promise<TransferResult> {
  const { instrument, fromPOS, toPOS } = request;
  return inTransaction(db, async (tx) => {
    const from = await lockPosition(tx, clientId, instrument, fromPOS);
    const fail = async (message: string, qty = 0): Promise<TransferResult> => {
      if (from && qty > 0) await logTransfer(tx, clientId, instrument, qty, fromPOS, toPOS, 'FAILED', message);
      return { status: 'false', message };
    };
    const netQty = from ? from.carry_qty + from.buy_qty - from.sell_qty : 0;
    if (!from || netQty === 0) return fail(text.transferNoPosition);
    if (!isTransferOffered({ prdType: fromPOS, netQty, instr: instrument.instr })) return fail(text.transferNotAllowed);
    const target = transferTarget(fromPOS, instrument.instr, instrument.exc);
    if (target === null) return fail(text.transferNotAllowed);
    if (target !== toPOS) return fail(text.transferWrongTarget(fromPOS, target));
    if (request.ordAction !== transferAction(netQty)) return fail(text.transferWrongAction);
    const quantityError = checkTransferQuantity(request.qty, netQty, instrument.lot, instrument.exc);
    if (quantityError) return fail(quantityError);
    const qty = Number(request.qty);

    if (instrument.instr === 'STK') {
      const holding = await holdingOfInstrument(tx, market, clientId, instrument, tradingDay);
      const nonPoa = holding?.check.nonPoa ? holdingsPanel(holding).cash : null;
      const blocked = checkTransferNonPoa(fromPOS, toPOS, nonPoa);
      if (blocked) return fail(blocked, qty);
    }

    const side: OrderAction = netQty > 0 ? 'buy' : 'sell';
    const part = movedPart(from, netQty, qty);
    if (toPOS === 'CASH' && side === 'sell' && instrument.instr === 'STK' && instrument.isin) {
      // A short becoming a delivery sell needs the shares in the demat, as a CASH sell order does.
      const check = await holdingSellCheck(tx, market, clientId, instrument.isin, tradingDay);
      if (qty > check.freeQty) return fail(text.transferNoHoldings, qty);
    }
    // The order path's rule: CASH moves money at the fill (buy debited, sell credited) and holds no margin; the
    // other products hold margin. The transfer undoes the source's way and applies the target's.
    const money = unitsToPaise(part.valueUnits, instrument.multiplier, instrument.priceDecimals);
    const bought = side === 'buy' ? 1 : -1;
    const released = fromPOS === 'CASH' ? 0 : mulDivRound(from.margin_paise, qty, Math.abs(netQty));
    const needed = toPOS === 'CASH' ? 0 : marginFor(market, instrument, toPOS, side, qty);
    const ledgerChange = (fromPOS === 'CASH' ? bought * money : 0) - (toPOS === 'CASH' ? bought * money : 0);
    const usedChange = needed - released;
    // The day's moved trades are charged as the target product: what that posts now and at the end of day (an order
    // still open) must be paid too, from the ledger as charges are.
    const charges = await movedTradesCharges(tx, clientId, instrument, {
      fromPOS,
      toPOS,
      side,
      qty: part.fromToday,
      tradingDay,
    });
    const chargesChange = charges.posted + charges.pending;
    const funds = await readFunds(tx, clientId);
    const refused = (ledger: number) =>
      (ledger - usedChange < 0 && funds.available + ledger - usedChange < 0) ||
      // A long moved into CASH is a delivery buy: paid from the ledger, never from collateral (the order path's rule).
      (ledger < 0 && funds.ledger - funds.cashBlocked + ledger < 0);
    if (refused(ledgerChange)) return fail(text.transferInsufficientMargin, qty);
    if (refused(ledgerChange + chargesChange)) {
      return fail(text.transferInsufficientForCharges(formatAmount(-chargesChange), toPOS), qty);
    }

    await movePosition(tx, clientId, instrument, from, part, toPOS, released, needed);
    await tx.query(
      `UPDATE client_funds SET used_margin_paise = GREATEST(used_margin_paise + $2, 0),
              ledger_balance_paise = ledger_balance_paise + $3, updated_at = now() WHERE client_id = $1`,
      [clientId, usedChange, ledgerChange],
    );
    if (ledgerChange !== 0) {
      await tx.query(
        "INSERT INTO ledger_entries (client_id, amount_paise, narration, ref_type, ref_id) VALUES ($1, $2, $3, 'TRANSFER', $4)",
        [clientId, ledgerChange, text.transferLedger(qty, instrument.displaySym, fromPOS, toPOS), instrument.id],
      );
    }
    await charges.write();
    const message = text.transferDone(qty, fromPOS, toPOS);
    await logTransfer(tx, clientId, instrument, qty, fromPOS, toPOS, 'SUCCESS', message);
    return { status: 'true', message };
  });
}

/**
 * End of day (oms/end-of-day.ts): an intraday position its square-off could not close (nothing on the other side of
 * the book) is settled in the carry product, as a broker's RMS does (README "Settled at end of day"): equity becomes
 * a delivery (CASH) position, paid from or credited to the ledger as a CASH trade is, which the roll then settles
 * into the demat; any other segment is carried forward (NRML) holding that product's margin at the last price.
 * None of TransferPosition's rules applies: the client asked for nothing, so the ledger may go into debit or the
 * margin short, as at a broker. Written to the transfer log with why. Answers the product it went to, or null when
 * there was nothing open.
 */
export async function settleUnsquared(
  db: Db,
  market: Market,
  clientId: number,
  instrument: Instrument,
  fromPOS: ProductType,
  tradingDay: string,
): Promise<{ qty: number; toPOS: ProductType } | null> {
  return inTransaction(db, async (tx) => {
    const from = await lockPosition(tx, clientId, instrument, fromPOS);
    const netQty = from ? from.carry_qty + from.buy_qty - from.sell_qty : 0;
    if (!from || netQty === 0) return null;
    const toPOS: ProductType = segmentOf(instrument.instr, instrument.exc) === 'equity' ? 'CASH' : 'CARRY FORWARD';
    const qty = Math.abs(netQty);
    const side: OrderAction = netQty > 0 ? 'buy' : 'sell';
    const part = movedPart(from, netQty, qty);
    const money = unitsToPaise(part.valueUnits, instrument.multiplier, instrument.priceDecimals);
    const needed = toPOS === 'CASH' ? 0 : marginFor(market, instrument, toPOS, side, qty);
    const ledgerChange = toPOS === 'CASH' ? (side === 'buy' ? -money : money) : 0;
    await movePosition(tx, clientId, instrument, from, part, toPOS, from.margin_paise, needed);
    await tx.query(
      `UPDATE client_funds SET used_margin_paise = GREATEST(used_margin_paise + $2, 0),
              ledger_balance_paise = ledger_balance_paise + $3, updated_at = now() WHERE client_id = $1`,
      [clientId, needed - from.margin_paise, ledgerChange],
    );
    if (ledgerChange !== 0) {
      await tx.query(
        "INSERT INTO ledger_entries (client_id, amount_paise, narration, ref_type, ref_id) VALUES ($1, $2, $3, 'TRANSFER', $4)",
        [clientId, ledgerChange, text.transferLedger(qty, instrument.displaySym, fromPOS, toPOS), instrument.id],
      );
    }
    await rechargeMovedTrades(tx, clientId, instrument, { fromPOS, toPOS, side, qty: part.fromToday, tradingDay });
    await logTransfer(
      tx,
      clientId,
      instrument,
      qty,
      fromPOS,
      toPOS,
      'SUCCESS',
      text.settledUnsquared(qty, fromPOS, toPOS),
    );
    return { qty, toPOS };
  });
}

/** The client's funds row, then its position in the instrument and product (the RMS's lock order); undefined when none. */
export async function lockPosition(
  tx: DbClient,
  clientId: number,
  instrument: Instrument,
  product: ProductType,
): Promise<PositionLock | undefined> {
  await tx.query('SELECT 1 FROM client_funds WHERE client_id = $1 FOR UPDATE', [clientId]);
  const { rows } = await tx.query<PositionLock>(
    `SELECT id, segment, buy_qty, buy_value, sell_qty, sell_value, carry_qty, carry_avg_price, realised_paise, margin_paise
       FROM positions WHERE client_id = $1 AND instrument_id = $2 AND product = $3 FOR UPDATE`,
    [clientId, instrument.id, product],
  );
  return rows[0];
}

interface MovedPart {
  long: boolean;
  /** Quantity taken from today's open side and its exact value (price units x quantity). */
  fromToday: number;
  todayValue: number;
  /** Signed quantity taken from the carried quantity (at the carried price). */
  carryMove: number;
  /** Everything moved, in price units x quantity. */
  valueUnits: bigint;
}

/** Today's open side gives first, at its exact average value; the rest comes out of the carried quantity. */
function movedPart(from: PositionLock, netQty: number, qty: number): MovedPart {
  const long = netQty > 0;
  const todayOpen = long ? Math.max(from.buy_qty - from.sell_qty, 0) : Math.max(from.sell_qty - from.buy_qty, 0);
  const fromToday = Math.min(qty, todayOpen);
  const fromCarry = qty - fromToday;
  const sideQty = long ? from.buy_qty : from.sell_qty;
  const sideValue = long ? from.buy_value : from.sell_value;
  const todayValue = fromToday === 0 ? 0 : mulDivRound(sideValue, fromToday, sideQty);
  return {
    long,
    fromToday,
    todayValue,
    carryMove: long ? fromCarry : -fromCarry,
    valueUnits: BigInt(todayValue) + BigInt(fromCarry) * BigInt(from.carry_avg_price),
  };
}

async function movePosition(
  tx: DbClient,
  clientId: number,
  instrument: Instrument,
  from: PositionLock,
  part: MovedPart,
  toPOS: ProductType,
  released: number,
  needed: number,
): Promise<void> {
  const { long, fromToday, todayValue: value, carryMove } = part;
  await tx.query(
    `UPDATE positions SET
       buy_qty = buy_qty - $2, buy_value = buy_value - $3, sell_qty = sell_qty - $4, sell_value = sell_value - $5,
       carry_qty = carry_qty - $6, margin_paise = GREATEST(margin_paise - $7, 0), updated_at = now()
     WHERE id = $1`,
    [from.id, long ? fromToday : 0, long ? value : 0, long ? 0 : fromToday, long ? 0 : value, carryMove, released],
  );
  await tx.query(
    `INSERT INTO positions (client_id, instrument_id, exchange, product, segment, buy_qty, buy_value, sell_qty, sell_value,
                            carry_qty, carry_avg_price, margin_paise, trading_symbol, expiry)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (client_id, instrument_id, product) DO UPDATE SET
       buy_qty = positions.buy_qty + EXCLUDED.buy_qty,
       buy_value = positions.buy_value + EXCLUDED.buy_value,
       sell_qty = positions.sell_qty + EXCLUDED.sell_qty,
       sell_value = positions.sell_value + EXCLUDED.sell_value,
       carry_avg_price = CASE WHEN positions.carry_qty + EXCLUDED.carry_qty = 0 THEN 0
         ELSE round((positions.carry_qty * positions.carry_avg_price + EXCLUDED.carry_qty * EXCLUDED.carry_avg_price)::numeric
                    / (positions.carry_qty + EXCLUDED.carry_qty))::bigint END,
       carry_qty = positions.carry_qty + EXCLUDED.carry_qty,
       margin_paise = positions.margin_paise + EXCLUDED.margin_paise,
       trading_symbol = COALESCE(positions.trading_symbol, EXCLUDED.trading_symbol),
       expiry = COALESCE(positions.expiry, EXCLUDED.expiry),
       updated_at = now()`,
    [
      clientId,
      instrument.id,
      instrument.exc,
      toPOS,
      from.segment,
      long ? fromToday : 0,
      long ? value : 0,
      long ? 0 : fromToday,
      long ? 0 : value,
      carryMove,
      carryMove === 0 ? 0 : from.carry_avg_price,
      needed,
      instrument.expiry === null ? null : instrument.trSymbol,
      instrument.expiry,
    ],
  );
}

async function logTransfer(
  tx: DbClient,
  clientId: number,
  instrument: Instrument,
  qty: number,
  fromPOS: string,
  toPOS: string,
  status: 'SUCCESS' | 'FAILED',
  message: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO position_transfers (client_id, instrument_id, display_symbol, quantity, from_product, to_product, status, message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [clientId, instrument.id, instrument.displaySym, qty, fromPOS, toPOS, status, message],
  );
}

/** TransferLogs: the client's transfers of the trading day, newest first. */
export async function transferLogs(db: Db, clientId: number, tradingDay: string) {
  const { rows } = await db.query<{
    display_symbol: string;
    quantity: number;
    from_product: string;
    to_product: string;
    status: string;
    at: string;
  }>(
    `SELECT display_symbol, quantity, from_product, to_product, status,
            to_char(created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI:SS') AS at
       FROM position_transfers
      WHERE client_id = $1 AND (created_at AT TIME ZONE 'Asia/Kolkata')::date = $2::date ORDER BY created_at DESC, id DESC`,
    [clientId, tradingDay],
  );
  return rows.map((r) => ({
    displaySym: r.display_symbol,
    qty: r.quantity,
    fromPOS: r.from_product,
    toPOS: r.to_product,
    time: r.at,
    status: r.status,
  }));
}
