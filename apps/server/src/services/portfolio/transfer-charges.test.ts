import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingText, type ContractNote, type PositionRow } from '@kite/domain';
import { Side } from '@kite/exchange';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';

import {
  agentOrder,
  clearBids,
  orderPayload,
  orderRow,
  rupees,
  symOf,
} from '../../modules/trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import type { OrderAnswer } from '../oms/oms-core.ts';
import { todaysRateCharges } from '../../modules/pnl/pnl.repo.ts';
import { endOfDay } from '../oms/end-of-day.ts';

/**
 * Equity quantity moved between intraday and delivery is charged as the product it ends the day in (transfer-charges.ts):
 * the trades' stored charges, the contract note and the ledger agree to the paisa.
 *
 * Every test buys 100 at ₹950.00 (₹95,000) on NSE.
 * As booked (MIS): brokerage min(0.03% = ₹28.50, ₹20) = ₹20; STT 0 on an intraday buy; txn 0.00307% = ₹2.9165 ->
 *   ₹2.92; SEBI ₹10/cr = ₹0.095 -> ₹0.10; stamp 0.003% = ₹2.85; GST 18% of (20 + 2.92 + 0.10 = ₹23.02) = ₹4.1436 ->
 *   ₹4.14. Total ₹30.01.
 * As delivery (CNC): brokerage 0; STT 0.1% = ₹95; txn ₹2.92; SEBI ₹0.10; stamp 0.015% = ₹14.25; GST 18% of ₹3.02 =
 *   ₹0.5436 -> ₹0.54. Total ₹112.81: ₹82.80 more than booked.
 */
let t: TestApp;
let cookie: string;
let clientId: number;
const PRICE = 95_000;

/**
 * An MIS buy of 100 resting as the only bid at ₹950.00, then sold into by a market agent: one fill at that price, of
 * the whole order or of `filled` (the order left open for the rest).
 */
async function buyMis(trSymbol: string, filled = 100) {
  const sym = symOf(t, 'NSE', trSymbol);
  const market = t.app.marketRuntime.market;
  clearBids(market, sym.id);
  const placed = await t.call<OrderAnswer>(
    '/Trade/AddOrder',
    orderPayload(sym, { qty: '100', limitPrice: rupees(PRICE), prdType: 'INTRADAY' }),
    { cookie },
  );
  expect(placed.infoID, placed.infoMsg).toBe('0');
  agentOrder(market, sym.id, Side.Sell, PRICE, filled);
  await t.app.oms.settled();
  expect((await orderRow(t, placed.data.orderId)).status).toBe(filled === 100 ? 'EXECUTED' : 'OUTSTANDING');
  return sym;
}
/** The client's trades in an instrument on one side, oldest first. */
const tradesOf = async (instrumentId: string, side: 'BUY' | 'SELL' = 'BUY') => {
  const { rows } = await t.db.query<{
    exchange_trade_id: string;
    price: string;
    moved_qty: string;
    moved_product: string | null;
    charges_paise: string;
    charges_detail: Record<string, number>;
  }>(
    `SELECT exchange_trade_id, price, moved_qty, moved_product, charges_paise, charges_detail FROM trades
      WHERE client_id = $1 AND instrument_id = $2 AND side = $3 ORDER BY traded_at, id`,
    [clientId, instrumentId, side],
  );
  return rows;
};
const tradeOf = async (instrumentId: string) => {
  const rows = await tradesOf(instrumentId);
  expect(rows).toHaveLength(1);
  expect(Number(rows[0]!.price)).toBe(PRICE);
  return rows[0]!;
};
/** The ledger's charges entries of an instrument: the fill's "Charges SYM" and the moves' differences. */
const chargeEntries = async (displaySym: string) =>
  (
    await t.db.query<{ amount: string; narration: string; ref_type: string }>(
      `SELECT amount_paise AS amount, narration, ref_type FROM ledger_entries
        WHERE client_id = $1 AND narration LIKE 'Charges ' || $2 || '%' ORDER BY created_at, id`,
      [clientId, displaySym],
    )
  ).rows.map((r) => ({ amount: Number(r.amount), narration: r.narration, refType: r.ref_type }));
const transfer = async (trSymbol: string, qty: number, fromPOS: string, toPOS: string) => {
  const { data } = await t.call<{ positions: PositionRow[] }>(
    '/Account/NetPositions',
    { tab: 'equity', filters: [{ key: 'positionDay', value: 'all' }] },
    { cookie },
  );
  const id = symOf(t, 'NSE', trSymbol).id;
  // The instrument's symbol object, from any of its rows (a retry finds none left in the source product).
  const row = data.positions.find((p) => p.uniqueId === id);
  const answer = await t.call<{ result: { status: string; message: string } }>(
    '/Account/TransferPosition',
    { sym: row?.sym, qty, fromPOS, toPOS, ordAction: 'buy' },
    { cookie },
  );
  return answer.data.result;
};
/** The contract note's lines of one trade: one per product its quantity ended the day in (trade-parts.ts). */
const noteLines = async (symbol: string, tradeNo: string) => {
  const day = t.app.oms.tradingDate().split('-').reverse().join('/');
  const note = await t.call<ContractNote>('/Reports/DigitalContract', { tradeDate: day }, { cookie });
  return note.data.trades.filter((l) => l.symbol === symbol && l.tradeNo === tradeNo);
};
/** Each of a trade's lines: product, quantity, value, brokerage, STT and GST. */
const noteParts = async (symbol: string, tradeNo: string) =>
  (await noteLines(symbol, tradeNo)).map((l) => [l.product, l.quantity, l.value, l.brokerage, l.stt, l.gst]);
const noteLine = async (symbol: string, tradeNo: string) => {
  const lines = await noteLines(symbol, tradeNo);
  expect(lines).toHaveLength(1);
  return lines[0]!;
};
const DELIVERY = {
  turnover: 9_500_000,
  brokerage: 0,
  stt: 9_500,
  gstOnBrokerage: 54,
  transactionCharge: 292,
  sebiFee: 10,
  stampDuty: 1_425,
  total: 11_281,
};

/** A seeded app with DEMO1 signed in, for the tests of one describe. */
function freshApp() {
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    cookie = await signIn(t, 'DEMO1');
    clientId = await clientIdOf(t.db, 'DEMO1');
  });
  afterAll(() => t.close());
}

describe('charges follow the product the trade ends the day in', () => {
  freshApp();

  it('MIS converted whole to CNC: the trade, the contract note and the ledger show exactly the delivery charges', async () => {
    const sym = await buyMis('SBIN-EQ');
    expect(Number((await tradeOf(sym.id)).charges_paise)).toBe(3_001);

    expect(await transfer('SBIN-EQ', 100, 'INTRADAY', 'CASH')).toEqual({
      status: 'true',
      message: tradingText.portfolio.transferDone(100, 'INTRADAY', 'CASH'),
    });
    const trade = await tradeOf(sym.id);
    expect(trade.charges_detail).toEqual(DELIVERY);
    expect(Number(trade.charges_paise)).toBe(11_281);
    expect([Number(trade.moved_qty), trade.moved_product]).toEqual([100, 'CASH']);
    const line = await noteLine('SBIN', trade.exchange_trade_id);
    expect([line.product, line.quantity]).toEqual(['CASH', 100]);
    expect([line.brokerage, line.stt, line.stampDuty, line.gst, line.transactionCharge, line.sebiFee]).toEqual([
      '0.00',
      '95.00',
      '14.25',
      '0.54',
      '2.92',
      '0.10',
    ]);
    expect(await chargeEntries('SBIN')).toEqual([
      { amount: -3_001, narration: 'Charges SBIN', refType: 'trade' },
      {
        amount: -8_280,
        narration: tradingText.portfolio.transferCharges('SBIN', 100, 'INTRADAY', 'CASH'),
        refType: 'CHARGES',
      },
    ]);

    // A retry finds nothing left in MIS: refused, nothing charged again.
    expect((await transfer('SBIN-EQ', 100, 'INTRADAY', 'CASH')).status).toBe('false');
    expect(await chargeEntries('SBIN')).toHaveLength(2);

    // Moved back to MIS the same day: the trade ends the day intraday, so the difference is refunded.
    expect((await transfer('SBIN-EQ', 100, 'CASH', 'INTRADAY')).status).toBe('true');
    const back = await tradeOf(sym.id);
    expect([Number(back.charges_paise), Number(back.moved_qty), back.moved_product]).toEqual([3_001, 0, null]);
    expect((await noteLine('SBIN', back.exchange_trade_id)).product).toBe('INTRADAY');
    expect((await chargeEntries('SBIN')).map((e) => e.amount)).toEqual([-3_001, -8_280, 8_280]);
  });

  it('part of it converted: the order is charged as 60 intraday and 40 delivery', async () => {
    const sym = await buyMis('HDFCBANK-EQ');
    expect((await transfer('HDFCBANK-EQ', 40, 'INTRADAY', 'CASH')).status).toBe('true');
    // 60 MIS (₹57,000): brokerage ₹17.10; txn ₹1.7499 -> ₹1.75; SEBI ₹0.057 -> ₹0.06; stamp ₹1.71; GST 18% of ₹18.91
    //   = ₹3.4038 -> ₹3.40; total ₹24.02.
    // 40 CNC (₹38,000): STT ₹38; txn ₹1.1666 -> ₹1.17; SEBI ₹0.038 -> ₹0.04; stamp ₹5.70; GST 18% of ₹1.21 = ₹0.2178
    //   -> ₹0.22; total ₹45.13. Together ₹69.15, ₹39.14 more than the ₹30.01 booked.
    const trade = await tradeOf(sym.id);
    expect(trade.charges_detail).toEqual({
      turnover: 9_500_000,
      brokerage: 1_710,
      stt: 3_800,
      gstOnBrokerage: 340 + 22,
      transactionCharge: 175 + 117,
      sebiFee: 6 + 4,
      stampDuty: 171 + 570,
      total: 6_915,
    });
    expect([Number(trade.moved_qty), trade.moved_product]).toEqual([40, 'CASH']);
    expect((await chargeEntries('HDFCBANK')).map((e) => e.amount)).toEqual([-3_001, -3_914]);
    // The contract note shows the trade as it ended the day: 60 intraday and 40 delivery, each with its own charges.
    expect(await noteParts('HDFCBANK', trade.exchange_trade_id)).toEqual([
      ['INTRADAY', 60, '57000.00', '17.10', '0.00', '3.40'],
      ['CASH', 40, '38000.00', '0.00', '38.00', '0.22'],
    ]);
    // So do the P&L viewers: each product's rate charges (brokerage, GST, transaction charge) are its own part's.
    expect(await todaysRateCharges(t.db, clientId)).toEqual(
      expect.arrayContaining([
        { instrumentId: sym.id, product: 'INTRADAY', side: 'BUY', charges: 1_710 + 340 + 175 },
        { instrumentId: sym.id, product: 'CASH', side: 'BUY', charges: 22 + 117 },
      ]),
    );

    // The other 60 follow: the whole trade is then delivery.
    expect((await transfer('HDFCBANK-EQ', 60, 'INTRADAY', 'CASH')).status).toBe('true');
    expect((await tradeOf(sym.id)).charges_detail).toEqual(DELIVERY);
    expect((await chargeEntries('HDFCBANK')).map((e) => e.amount)).toEqual([-3_001, -3_914, -(11_281 - 6_915)]);
  });

  it('an MIS buy the end of day could not square off is settled as delivery and charged as delivery, once', async () => {
    const sym = await buyMis('BAJFINANCE-EQ');
    // Nobody left to buy: the square-off's market sell finds no bid.
    clearBids(t.app.marketRuntime.market, sym.id);
    const report = await endOfDay(t.app, t.app.oms);
    expect(report.settled).toBeGreaterThanOrEqual(1);
    const trade = await tradeOf(sym.id);
    expect(trade.charges_detail).toEqual(DELIVERY);
    expect(await chargeEntries('BAJFINANCE')).toEqual([
      { amount: -3_001, narration: 'Charges BAJFINANCE', refType: 'trade' },
      {
        amount: -8_280,
        narration: tradingText.portfolio.transferCharges('BAJFINANCE', 100, 'INTRADAY', 'CASH'),
        refType: 'CHARGES',
      },
    ]);

    await endOfDay(t.app, t.app.oms);
    expect(await chargeEntries('BAJFINANCE')).toHaveLength(2);
    expect(Number((await tradeOf(sym.id)).charges_paise)).toBe(11_281);
  });
});

/**
 * As booked, the MIS parts: 40 (₹38,000): brokerage ₹11.40; txn ₹1.1666 -> ₹1.17; SEBI ₹0.038 -> ₹0.04; stamp ₹1.14;
 * GST 18% of ₹12.61 = ₹2.2698 -> ₹2.27; total ₹16.02. Of 100 ₹30.01, so a second fill of 60 pays ₹13.99 (fills.ts
 * charges the order's execution so far less what its fills paid). 60 alone: ₹24.02; 40 as delivery: ₹45.13.
 */
describe('an order still open when its trades move, and what the move costs', () => {
  freshApp();
  const funds = async () => {
    const { rows } = await t.db.query<{ ledger: string; cash_blocked: string }>(
      'SELECT ledger_balance_paise AS ledger, cash_blocked_paise AS cash_blocked FROM client_funds WHERE client_id = $1',
      [clientId],
    );
    return { ledger: Number(rows[0]!.ledger), cashBlocked: Number(rows[0]!.cash_blocked) };
  };
  const setLedger = (paise: number) =>
    t.db.query('UPDATE client_funds SET ledger_balance_paise = $2 WHERE client_id = $1', [clientId, paise]);
  const movedChargeEntries = async (displaySym: string) =>
    (await chargeEntries(displaySym)).filter((e) => e.refType === 'CHARGES');
  const positionsOf = async (instrumentId: string) =>
    (
      await t.db.query<{ product: string; net: string }>(
        `SELECT product, (carry_qty + buy_qty - sell_qty)::text AS net FROM positions
          WHERE client_id = $1 AND instrument_id = $2 ORDER BY product`,
        [clientId, instrumentId],
      )
    ).rows.map((r) => [r.product, Number(r.net)]);

  it('MIS to CNC is refused, changing nothing, when the money covers the delivery value but not its extra charges', async () => {
    const sym = await buyMis('SBIN-EQ');
    const before = await funds();
    // The ₹95,000 the move debits fits; the ₹82.80 more the trade then pays as delivery does not, by one paisa.
    await setLedger(before.cashBlocked + 9_500_000 + 8_279);
    expect(await transfer('SBIN-EQ', 100, 'INTRADAY', 'CASH')).toEqual({
      status: 'false',
      message: tradingText.portfolio.transferInsufficientForCharges('82.80', 'CASH'),
    });
    const trade = await tradeOf(sym.id);
    expect([Number(trade.charges_paise), Number(trade.moved_qty), trade.moved_product]).toEqual([3_001, 0, null]);
    expect(await positionsOf(sym.id)).toEqual([['INTRADAY', 100]]);
    expect((await funds()).ledger).toBe(before.cashBlocked + 9_500_000 + 8_279);
    expect(await movedChargeEntries('SBIN')).toEqual([]);

    // One paisa more and it goes through, the ledger left with exactly nothing beyond what is blocked for cash.
    await setLedger(before.cashBlocked + 9_500_000 + 8_280);
    expect((await transfer('SBIN-EQ', 100, 'INTRADAY', 'CASH')).status).toBe('true');
    expect(await positionsOf(sym.id)).toEqual([
      ['CASH', 100],
      ['INTRADAY', 0],
    ]);
    expect(Number((await tradeOf(sym.id)).charges_paise)).toBe(11_281);
    expect((await funds()).ledger).toBe(before.cashBlocked);
    await setLedger(before.ledger - 9_500_000 - 8_280);
  });

  it('trades moved while their order was open keep the booked charges until it closes, then end the day charged as moved, once', async () => {
    // HDFCBANK: 40 of 100 filled, the 40 moved to CNC, then the order's last 60 fill and are sold intraday.
    const hdfc = await buyMis('HDFCBANK-EQ', 40);
    expect(Number((await tradeOf(hdfc.id)).charges_paise)).toBe(1_602);
    expect(await transfer('HDFCBANK-EQ', 40, 'INTRADAY', 'CASH')).toEqual({
      status: 'true',
      message: tradingText.portfolio.transferDone(40, 'INTRADAY', 'CASH'),
    });
    let trade = await tradeOf(hdfc.id);
    expect([Number(trade.charges_paise), Number(trade.moved_qty), trade.moved_product]).toEqual([1_602, 40, 'CASH']);
    expect(await movedChargeEntries('HDFCBANK')).toEqual([]);
    const market = t.app.marketRuntime.market;
    agentOrder(market, hdfc.id, Side.Sell, PRICE, 60);
    await t.app.oms.settled();
    // The last fill is charged as booked: the order's fills add up to the MIS charges of 100.
    expect((await tradesOf(hdfc.id)).map((f) => Number(f.charges_paise))).toEqual([1_602, 1_399]);
    const sold = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(hdfc, { ordAction: 'sell', qty: '60', limitPrice: rupees(PRICE), prdType: 'INTRADAY' }),
      { cookie },
    );
    expect(sold.infoID, sold.infoMsg).toBe('0');
    agentOrder(market, hdfc.id, Side.Buy, PRICE, 60);
    await t.app.oms.settled();
    expect((await orderRow(t, sold.data.orderId)).status).toBe('EXECUTED');

    // BAJFINANCE: 40 of 100 filled and moved to CNC, 30 then 10; the rest never fills and the end of day expires the
    // order.
    const baj = await buyMis('BAJFINANCE-EQ', 40);
    expect((await transfer('BAJFINANCE-EQ', 30, 'INTRADAY', 'CASH')).status).toBe('true');
    trade = await tradeOf(baj.id);
    // Until the order closes the contract note shows the trade's two parts, each valued at its own quantity, the
    // booked charges on the part still intraday.
    expect(await noteParts('BAJFINANCE', trade.exchange_trade_id)).toEqual([
      ['INTRADAY', 10, '9500.00', '11.40', '0.00', '2.27'],
      ['CASH', 30, '28500.00', '0.00', '0.00', '0.00'],
    ]);
    expect((await transfer('BAJFINANCE-EQ', 10, 'INTRADAY', 'CASH')).status).toBe('true');
    trade = await tradeOf(baj.id);
    expect([Number(trade.charges_paise), Number(trade.moved_qty)]).toEqual([1_602, 40]);

    const report = await endOfDay(t.app, t.app.oms);
    expect(report.recharged).toBe(2);
    // HDFCBANK: 40 as delivery (₹45.13) and 60 intraday (₹24.02), the ₹39.14 more than the ₹30.01 paid debited once.
    expect((await tradesOf(hdfc.id)).map((f) => Number(f.charges_paise))).toEqual([4_513, 2_402]);
    expect((await tradesOf(hdfc.id))[0]!.charges_detail).toEqual({
      turnover: 3_800_000,
      brokerage: 0,
      stt: 3_800,
      gstOnBrokerage: 22,
      transactionCharge: 117,
      sebiFee: 4,
      stampDuty: 570,
      total: 4_513,
    });
    expect(await movedChargeEntries('HDFCBANK')).toEqual([
      {
        amount: -3_914,
        narration: tradingText.portfolio.transferCharges('HDFCBANK', 40, 'INTRADAY', 'CASH'),
        refType: 'CHARGES',
      },
    ]);
    // BAJFINANCE: its one trade is delivery, ₹29.11 more.
    expect(Number((await tradeOf(baj.id)).charges_paise)).toBe(4_513);
    expect((await movedChargeEntries('BAJFINANCE')).map((e) => e.amount)).toEqual([-2_911]);

    // A second run finds every such order charged already: nothing changes.
    expect((await endOfDay(t.app, t.app.oms)).recharged).toBe(0);
    expect((await tradesOf(hdfc.id)).map((f) => Number(f.charges_paise))).toEqual([4_513, 2_402]);
    expect(await movedChargeEntries('HDFCBANK')).toHaveLength(1);
    expect(await movedChargeEntries('BAJFINANCE')).toHaveLength(1);
  });
});
