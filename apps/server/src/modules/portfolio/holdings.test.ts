import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { Side } from '@kite/exchange';
import { agentMarketOrder } from '../trade/order-test-support.ts';
import { endOfDay } from '../../services/oms/end-of-day.ts';
import { applyTrade, clientIdOf, instrument, ltpOf, marketOf, nseEquity, rupees } from './portfolio-test-support.ts';

interface Holding {
  displaySym: string;
  isin: string;
  qty: number;
  freeQty: number;
  pledgedQty: number;
  avgPrice: string;
  ltp: string;
  currentValue: string;
  investedValue: string;
  pnl: string;
  dayChange: string;
  poa: boolean;
  edisApprovedQty: number;
}
type Summary = {
  holdings: Holding[];
  totals: { investedValue: string; currentValue: string; pnl: string; dayChange: string };
};

describe('Holdings (trading.md 3, 7; platform.md 7.1)', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  let demo1Id: number;

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
    demo1Id = await clientIdOf(t.db, 'DEMO1');
  });
  afterAll(async () => t.close());

  const summary = async (cookie: string, filter?: string) => {
    const answer = await t.call<Summary>('/Account/HoldingsSummary', filter ? { filter } : {}, { cookie });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data;
  };

  it('values the holdings at live prices with exact totals', async () => {
    const data = await summary(demo1);
    expect(data.holdings.map((h) => h.displaySym).sort()).toEqual(['HDFCBANK', 'INFY', 'ITC', 'RELIANCE', 'TCS']);
    const reliance = nseEquity(t, 'RELIANCE');
    const ltp = ltpOf(t, reliance);
    expect(data.holdings.find((h) => h.displaySym === 'RELIANCE')).toMatchObject({
      isin: 'INE002A01018',
      qty: 50,
      freeQty: 50,
      pledgedQty: 0,
      avgPrice: '1412.35',
      ltp: rupees(ltp),
      investedValue: '70617.50',
      currentValue: rupees(50 * ltp),
      pnl: rupees(50 * ltp - 7_061_750),
      poa: true,
      edisApprovedQty: 0,
    });
    const paise = (s: string) => Math.round(Number(s) * 100);
    const sum = (pick: (h: Holding) => string) => rupees(data.holdings.reduce((a, h) => a + paise(pick(h)), 0));
    expect(data.totals.investedValue).toBe(sum((h) => h.investedValue));
    expect(data.totals.currentValue).toBe(sum((h) => h.currentValue));
    expect(data.totals.pnl).toBe(sum((h) => h.pnl));
    expect(data.totals.dayChange).toBe(sum((h) => h.dayChange));
  });

  it('sums the holdings for the dashboard overview: value, day P/L and percent, count, advances and declines', async () => {
    // One holding up and one down on the day: the market's agents take the offers of INFY (NSE) and the bids of ITC
    // (held on BSE).
    const market = marketOf(t);
    const sweep = (name: string, side: Side, exchange = 'NSE') => {
      const id = instrument(t, (i) => i.exc === exchange && i.instr === 'STK' && i.displaySym === name).id;
      const depth = market.depth(id)!;
      const levels = side === Side.Buy ? depth.asks : depth.bids;
      agentMarketOrder(market, id, side, levels.reduce((sum, level) => sum + level.quantity, 0));
    };
    sweep('INFY', Side.Buy);
    sweep('ITC', Side.Sell, 'BSE');
    const rows = await summary(demo1);
    const answer = await t.call<{ summary: Record<string, string | number> }>('/Portfolio/InvestmentOverview', {}, { cookie: demo1 });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    const paise = (text: string) => Math.round(Number(text) * 100);
    const day = paise(rows.totals.dayChange);
    const value = paise(rows.totals.currentValue);
    const change = (h: Holding) => paise(h.dayChange);
    expect(answer.data.summary).toMatchObject({
      totPtfValue: rows.totals.currentValue,
      todaysPl: rows.totals.dayChange,
      nHoldings: 5,
      nAdvances: rows.holdings.filter((h) => change(h) > 0).length,
      nDeclines: rows.holdings.filter((h) => change(h) < 0).length,
      nUnchanged: rows.holdings.filter((h) => change(h) === 0).length,
    });
    expect(change(rows.holdings.find((h) => h.displaySym === 'INFY')!)).toBeGreaterThan(0);
    expect(change(rows.holdings.find((h) => h.displaySym === 'ITC')!)).toBeLessThan(0);
    expect(Number(answer.data.summary.todaysPlPer)).toBeCloseTo((day * 100) / (value - day), 2);
    // Another client's overview is its own: DEMO2 holds other shares.
    const other = await t.call<{ summary: { nHoldings: number; totPtfValue: string } }>('/Portfolio/InvestmentOverview', {}, { cookie: demo2 });
    expect(other.data.summary.totPtfValue).toBe((await summary(demo2)).totals.currentValue);
  });

  it("takes open sells, pledges and today's delivery sells off the free quantity and filters H, N, Z, A", async () => {
    const reliance = nseEquity(t, 'RELIANCE');
    const tcs = nseEquity(t, 'TCS');
    const infyBse = instrument(t, (i) => i.instr === 'STK' && i.exc === 'BSE' && i.symbol === 'INFY');
    await t.db.query(
      `INSERT INTO orders (id, order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment,
         price_decimals, side, product, order_type, validity, quantity, filled_qty, limit_price, status)
       SELECT n.id, order_no_of('261120', n.id), $1, $2, 'NSE', 'RELIANCE-EQ', 'RELIANCE', 'equity', 2, 'SELL', 'CASH',
              'LIMIT', 'DAY', 10, 3, 160000, 'OUTSTANDING'
         FROM (SELECT nextval('orders_id_seq') AS id) n`,
      [demo1Id, reliance.id],
    );
    await t.db.query("UPDATE holdings SET pledged_qty = 5 WHERE client_id = $1 AND symbol = 'RELIANCE'", [demo1Id]);
    await applyTrade(t.db, demo1Id, tcs, 'CASH', 'SELL', 20, 320_000); // all 20 TCS sold today: zero
    await applyTrade(t.db, demo1Id, infyBse, 'CASH', 'SELL', 45, 150_000); // 40 held on NSE, 45 sold on BSE: -5

    const all = await summary(demo1, 'A');
    const bySym = (rows: Holding[], s: string) => rows.find((h) => h.displaySym === s);
    expect(bySym(all.holdings, 'RELIANCE')).toMatchObject({ qty: 50, pledgedQty: 5, freeQty: 50 - 5 - 7 });
    expect(bySym(all.holdings, 'TCS')).toMatchObject({ qty: 0, freeQty: 0 });
    expect(bySym(all.holdings, 'INFY')).toMatchObject({ qty: -5, freeQty: 0 });
    expect(all.holdings).toHaveLength(5);

    expect((await summary(demo1, 'H')).holdings.map((h) => h.displaySym).sort()).toEqual([
      'HDFCBANK',
      'ITC',
      'RELIANCE',
    ]);
    expect((await summary(demo1, 'Z')).holdings.map((h) => h.displaySym)).toEqual(['TCS']);
    expect((await summary(demo1, 'N')).holdings.map((h) => h.displaySym)).toEqual(['INFY']);
    expect((await t.call('/Account/HoldingsSummary', { filter: 'X' }, { cookie: demo1 })).infoID).toBe('EGN001');
  });

  it('answers the order dialog panel for a symbol: holdings with the cash part, positions, margin', async () => {
    const sbin = nseEquity(t, 'SBIN');
    const answer = await t.call<{
      holdings: {
        prdType: string;
        dp: number;
        prevSettle: number;
        net: number;
        cash: { dp: number; confNonPoaQty: number; nonPoaQty: number };
      };
      positions: unknown[];
      margin: Record<string, string>;
    }>('/Account/HoldingsBySymbol', { sym: symbolObjectOf(sbin) }, { cookie: demo2 });
    expect(answer.infoID).toBe('0');
    expect(answer.data.holdings).toEqual({
      prdType: 'CASH',
      dp: 100,
      prevSettle: 0,
      net: 100,
      cash: { dp: 100, confNonPoaQty: 0, nonPoaQty: 100 },
    });
    expect(answer.data.positions).toEqual([]);
    expect(answer.data.margin).toEqual({
      totMarginAvail: '200000.00',
      cash: '200000.00',
      stock: '0.00',
      totalMarginAvail: '200000.00',
      ledgerBalance: '200000.00',
    });

    // DEMO1 holds no SBIN: the other client's holding is never visible
    const other = await t.call<{ holdings: { dp: number; cash: { nonPoaQty: number } } }>(
      '/Account/HoldingsBySymbol',
      { sym: symbolObjectOf(sbin) },
      { cookie: demo1 },
    );
    expect(other.data.holdings.dp).toBe(0);
    expect(other.data.holdings.cash.nonPoaQty).toBe(0);

    const reliance = nseEquity(t, 'RELIANCE');
    await applyTrade(t.db, demo1Id, reliance, 'INTRADAY', 'BUY', 3, 150_000);
    const mine = await t.call<{
      holdings: { dp: number; cash: { dp: number } };
      positions: { prdType: string; qty: number; avgPrice: string }[];
    }>('/Account/HoldingsBySymbol', { sym: symbolObjectOf(reliance) }, { cookie: demo1 });
    expect(mine.data.holdings.dp).toBe(50);
    expect(mine.data.positions).toEqual([{ prdType: 'INTRADAY', qty: 3, avgPrice: '1500.00' }]);
  });

  it("shows today's delivery buy of a stock not yet in the demat, at the buy average, and never to another client", async () => {
    const lt = nseEquity(t, 'LT');
    await applyTrade(t.db, demo1Id, lt, 'CASH', 'BUY', 3, 360_000);
    await applyTrade(
      t.db,
      demo1Id,
      instrument(t, (i) => i.instr === 'STK' && i.exc === 'BSE' && i.symbol === 'LT'),
      'CASH',
      'BUY',
      1,
      360_400,
    );
    const row = (await summary(demo1, 'H')).holdings.find((h) => h.displaySym === 'LT');
    expect(row).toMatchObject({
      isin: lt.isin,
      qty: 4,
      freeQty: 0,
      t1Qty: 4,
      avgPrice: '3601.00',
      investedValue: '14404.00',
    });
    const panel = await t.call<{ holdings: { dp: number; net: number } }>(
      '/Account/HoldingsBySymbol',
      { sym: symbolObjectOf(lt) },
      { cookie: demo1 },
    );
    expect(panel.data.holdings).toMatchObject({ dp: 0, net: 4 });
    expect((await summary(demo2, 'A')).holdings.map((h) => h.displaySym)).not.toContain('LT');
  });

  it('answers one holding by symbol on either exchange of its ISIN, and null for another client', async () => {
    const relianceBse = instrument(t, (i) => i.instr === 'STK' && i.exc === 'BSE' && i.symbol === 'RELIANCE');
    const mine = await t.call<{ holding: Holding | null }>(
      '/Account/HoldingsSummaryBySymbol',
      { sym: symbolObjectOf(relianceBse) },
      { cookie: demo1 },
    );
    expect(mine.data.holding).toMatchObject({ isin: 'INE002A01018', qty: 50 });
    const theirs = await t.call<{ holding: Holding | null }>(
      '/Account/HoldingsSummaryBySymbol',
      { sym: symbolObjectOf(relianceBse) },
      { cookie: demo2 },
    );
    expect(theirs.data.holding).toBeNull();
    const unknown = await t.call(
      '/Account/HoldingsSummaryBySymbol',
      { sym: { ...symbolObjectOf(relianceBse), exc: 'NSE' } },
      { cookie: demo1 },
    );
    expect(unknown.infoID).toBe('MKT001');
  });

  it("averages today's net delivery buy of a stock already held into it, as end of day will settle it", async () => {
    // 50 RELIANCE held at 1412.35; today 10 bought at 1500.00 and 5 at 1500.03, 3 sold: 12 more at today's average
    // buying price 1500.01. (50 x 1412.35 + 12 x 1500.01) / 62 = 1429.3164... -> 1429.32.
    const reliance = nseEquity(t, 'RELIANCE');
    await applyTrade(t.db, demo1Id, reliance, 'CASH', 'BUY', 10, 150_000);
    await applyTrade(t.db, demo1Id, reliance, 'CASH', 'BUY', 5, 150_003);
    await applyTrade(t.db, demo1Id, reliance, 'CASH', 'SELL', 3, 151_000);
    const row = (await summary(demo1)).holdings.find((h) => h.displaySym === 'RELIANCE');
    expect(row).toMatchObject({ qty: 62, t1Qty: 12, avgPrice: '1429.32', investedValue: '88617.84' });

    await endOfDay(t.app, t.app.oms);
    const { rows } = await t.db.query<{ quantity: number; avg: number }>(
      "SELECT quantity, avg_price_paise AS avg FROM holdings WHERE client_id = $1 AND symbol = 'RELIANCE'",
      [demo1Id],
    );
    expect(rows).toEqual([{ quantity: 62, avg: 142932 }]);
    expect((await summary(demo1)).holdings.find((h) => h.displaySym === 'RELIANCE')).toMatchObject({
      qty: 62,
      t1Qty: 0,
      avgPrice: '1429.32',
      investedValue: '88617.84',
    });
  });
});
