import type { PnlRow, PnlSummary } from '@kite/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { orderPayload, orderRow, symOf } from '../trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { applyTrade, clientIdOf, instrument, setCarry } from '../portfolio/portfolio-test-support.ts';

type Summary = { data: PnlSummary };
type History = {
  dataSet: { dateoftransaction: string; TransactonType: string; quantity: number; price: string; brokercommission: string; value: string }[];
  totalBuyQty: number;
  totalSellQty: number;
  totalBuyValue: string;
  totalSellValue: string;
  bookedPL: string;
  notionalPL: string;
  netBuySell: number;
  ltp: string;
};

/** Paise of a decimal rupee text, exactly. */
const paise = (text: string): number => {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return text.startsWith('-') ? -value : value;
};
const money = (p: number): string => `${p < 0 ? '-' : ''}${Math.floor(Math.abs(p) / 100)}.${String(Math.abs(p) % 100).padStart(2, '0')}`;

describe('profit and loss viewers over real orders (investing.md 2, 3, 7, 9)', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(async () => t.close());

  const summary = async (segment: string, cookie: string, filters = 'ALL') => {
    const answer = await t.call<Summary>('/Business/Porfolio', { filters, segment }, { cookie });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.data;
  };
  const rowOf = (s: PnlSummary, symbol: string): PnlRow => {
    const row = s.plDetailsList.find((r) => r.symbol === symbol);
    if (!row) throw new Error(`no row ${symbol}`);
    return row;
  };
  /** Brokerage + GST + transaction charge of an order's trades (the footnotes' rate charges), paise. */
  const rateCharges = async (orderNo: string): Promise<number> => {
    const { rows } = await t.db.query<{ charges: number }>(
      `SELECT COALESCE(sum((charges_detail->>'brokerage')::bigint + (charges_detail->>'gstOnBrokerage')::bigint
              + (charges_detail->>'transactionCharge')::bigint), 0)::bigint AS charges
         FROM trades t JOIN orders o ON o.id = t.order_id WHERE o.order_no = $1`,
      [orderNo],
    );
    return rows[0]!.charges;
  };
  const place = async (cookie: string, sym: ReturnType<typeof symOf>, fields: Record<string, unknown>) => {
    const placed = await t.call<{ orderId: string }>('/Trade/AddOrder', orderPayload(sym, { ordType: 'market', ...fields }), { cookie });
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const order = await orderRow(t, placed.data.orderId);
    expect(order.status).toBe('EXECUTED');
    return { orderNo: placed.data.orderId, fill: Number(order.avg_fill_price) };
  };

  it("values DEMO1's demat holdings to the paisa: purchase = qty x average, current = qty x LTP, percentages of 9", async () => {
    const s = await summary('Equity', demo1);
    expect(s.plDetailsList.map((r) => r.symbol).sort()).toEqual(['HDFCBANK', 'INFY', 'ITC', 'RELIANCE', 'TCS']);
    const reliance = rowOf(s, 'RELIANCE');
    const ltp = paise(reliance.ltp);
    const close = paise(reliance.prevClose);
    expect(reliance).toMatchObject({ qty: 50, avgBuyPrice: '1412.35', purchaseValue: '70617.50', realised: '0.00', flag: 0, exchange: 'NSE' });
    expect(reliance.currentValue).toBe(money(50 * ltp));
    expect(reliance.plValue).toBe(money(50 * ltp - 7_061_750));
    expect(reliance.todayGainLoss).toBe(money(50 * (ltp - close)));
    // P/L % = (last - avg buy) / avg buy, 2 decimals, half away from zero
    const plPerc = Math.round((Math.abs(ltp - 141_235) * 10_000) / 141_235) * Math.sign(ltp - 141_235);
    expect(paise(reliance.plPerc)).toBe(plPerc);
    const todayPerc = close === 0 ? 0 : Math.round((Math.abs(ltp - close) * 10_000) / close) * Math.sign(ltp - close);
    expect(paise(reliance.todayGainLossPerc)).toBe(todayPerc);
    // The sector comes from the instrument registry (market-facts NSE industry).
    expect(reliance.sector).not.toBe('');
    // Totals are the rows' sums.
    const sum = (pick: (r: PnlRow) => string) => money(s.plDetailsList.reduce((n, r) => n + paise(pick(r)), 0));
    expect(s.totalInvestment).toBe(sum((r) => r.purchaseValue));
    expect(s.totalValue).toBe(sum((r) => r.currentValue));
    expect(s.todayPL).toBe(sum((r) => r.todayGainLoss));
    expect(s.totalPL).toBe(sum((r) => r.plValue));
    expect(s.totalRealisedPL).toBe('0.00');
    expect(s.symbols).toContainEqual({ sym: 'RELIANCE', exc: 'NSE', xSym: reliance.sym.xSym, exc_seg: reliance.sym.exc_seg });
    expect(s.sectorData).toEqual([]);
  });

  it("includes today's delivery trades with their rate charges: buy 5 INFY, sell 10 RELIANCE (booked at the average)", async () => {
    const buy = await place(demo1, symOf(t, 'NSE', 'INFY-EQ'), { qty: '5' });
    const buyCharges = await rateCharges(buy.orderNo);
    expect(buyCharges).toBeGreaterThanOrEqual(0);
    const sell = await place(demo1, symOf(t, 'NSE', 'RELIANCE-EQ'), { ordAction: 'sell', qty: '10' });
    const sellCharges = await rateCharges(sell.orderNo);

    const s = await summary('Equity', demo1);
    const infy = rowOf(s, 'INFY');
    const bought = 40 * 148_010 + 5 * buy.fill + buyCharges;
    expect(infy.qty).toBe(45);
    expect(infy.purchaseValue).toBe(money(bought));
    expect(infy.avgBuyPrice).toBe(money(Math.round(bought / 45)));
    expect(infy.currentValue).toBe(money(45 * paise(infy.ltp)));
    expect(infy.plValue).toBe(money(45 * paise(infy.ltp) - bought));

    const reliance = rowOf(s, 'RELIANCE');
    // sell rate = fill - charges per share; booked = 10 x (sell rate - 1412.35)
    expect(reliance.realised).toBe(money(10 * sell.fill - sellCharges - 10 * 141_235));
    expect(reliance.qty).toBe(40);
    expect(reliance.purchaseValue).toBe(money(40 * 141_235));
    expect(s.totalRealisedPL).toBe(reliance.realised);

    const history = await t.call<History>(
      '/Business/TradeHistory',
      { segment: 'Equity', uniqueId: infy.securitycode, tradedPrice: infy.ltp },
      { cookie: demo1 },
    );
    expect(history.infoID, history.infoMsg).toBe('0');
    expect(history.data.dataSet).toHaveLength(2);
    // The demat balance is no trade of today: no date (holdings.updated_at is when the row last changed).
    expect(history.data.dataSet[0]).toMatchObject({ dateoftransaction: '', TransactonType: 'HOLDING', quantity: 40, price: '1480.10', value: '59204.00' });
    expect(history.data.dataSet[1]).toMatchObject({
      TransactonType: 'BUY',
      quantity: 5,
      price: money(buy.fill),
      brokercommission: money(buyCharges),
      value: money(5 * buy.fill + buyCharges),
    });
    expect(history.data.dataSet[1]!.dateoftransaction).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/);
    expect(history.data).toMatchObject({
      totalBuyQty: 45,
      totalSellQty: 0,
      netBuySell: 45,
      totalBuyValue: money(bought),
      bookedPL: infy.realised,
      notionalPL: infy.plValue,
    });

    const relianceHistory = await t.call<History>(
      '/Business/TradeHistory',
      { segment: 'Equity', uniqueId: reliance.securitycode },
      { cookie: demo1 },
    );
    expect(relianceHistory.data).toMatchObject({
      totalBuyQty: 50,
      totalSellQty: 10,
      netBuySell: 40,
      totalSellValue: money(10 * sell.fill - sellCharges),
      bookedPL: reliance.realised,
    });
    expect(relianceHistory.data.dataSet[1]).toMatchObject({ TransactonType: 'SELL', brokercommission: money(sellCharges) });
  });

  it('keeps segments apart: an NFO future shows under Derivatives only, with flag 1 and its expiry', async () => {
    const fut = t.app.marketRuntime.market.registry.all().find((i) => i.exc === 'NFO' && i.instr === 'FUTIDX')!;
    const bought = await place(demo1, symOf(t, 'NFO', fut.trSymbol), { qty: String(fut.lot), prdType: 'CARRY FORWARD' });
    const charges = await rateCharges(bought.orderNo);

    const fno = await summary('Derivatives', demo1);
    expect(fno.plDetailsList).toHaveLength(1);
    const row = fno.plDetailsList[0]!;
    expect(row).toMatchObject({ securitycode: fut.id, flag: 1, qty: fut.lot, instrumentType: 'FUTIDX', exchange: 'NFO' });
    expect(row.expiryDateFormatted).toMatch(/^\d\d-[A-Z][a-z]{2}-\d{4}$/);
    expect(row.purchaseValue).toBe(money(fut.lot * bought.fill + charges));
    expect(fno.sectorData).toEqual([]);

    const equity = await summary('Equity', demo1);
    expect(equity.plDetailsList.some((r) => r.securitycode === fut.id)).toBe(false);
    const currency = await summary('Currency', demo1);
    expect(currency.plDetailsList).toEqual([]);
    expect(currency).toMatchObject({ totalValue: '0.00', totalInvestment: '0.00', overallGainLoss: '0.00', totalGainLoss: '0.00' });

    // The future's trade history under Equity is refused: a security of another segment.
    const wrong = await t.call('/Business/TradeHistory', { segment: 'Equity', uniqueId: fut.id }, { cookie: demo1 });
    expect(wrong).toMatchObject({ infoID: 'POR007', infoMsg: 'Security not found in your portfolio.' });
    const right = await t.call<History>('/Business/TradeHistory', { segment: 'Derivatives', uniqueId: fut.id }, { cookie: demo1 });
    expect(right.data).toMatchObject({ totalBuyQty: fut.lot, netBuySell: fut.lot, notionalPL: row.plValue });
  });

  it('values currency at 4 decimals and 1000 per lot, a carried short as sold at its price (CDS positions)', async () => {
    const id = await clientIdOf(t.db, 'DEMO1');
    const usdinr = instrument(t, (i) => i.instr === 'FUTCUR' && i.symbol === 'USDINR' && i.exc === 'CDS');
    // Today: buy 2 lots @ 88.5000, sell 1 @ 88.5125 (no fills through the order path: no charges in the rates).
    await applyTrade(t.db, id, usdinr, 'CARRY FORWARD', 'BUY', 2, 885_000);
    await applyTrade(t.db, id, usdinr, 'CARRY FORWARD', 'SELL', 1, 885_125);
    const s = await summary('Currency', demo1);
    expect(s.plDetailsList).toHaveLength(1);
    const row = s.plDetailsList[0]!;
    expect(row).toMatchObject({ qty: 1, avgBuyPrice: '88.5000', purchaseValue: '88500.00', realised: '12.50', flag: 1, multiplier: 1000 });
    expect(row.ltp).toMatch(/^\d+\.\d{4}$/);
    const ltpUnits = Number(row.ltp.replace('.', ''));
    // one unit of price (0.0001) on a lot of 1000 is 10 paise
    expect(row.currentValue).toBe(money(ltpUnits * 10));
    expect(row.plValue).toBe(money((ltpUnits - 885_000) * 10));
    expect(s.totalRealisedPL).toBe('12.50');
    // Derivatives does not show it.
    expect((await summary('Derivatives', demo1)).plDetailsList.some((r) => r.securitycode === usdinr.id)).toBe(false);

    // A carried short of 3 lots @ 88.0000 counts as sold: 1 bought today closes against the 4 sold (average).
    await setCarry(t.db, id, usdinr, 'CARRY FORWARD', -3, 880_000);
    const short = (await summary('Currency', demo1)).plDetailsList[0]!;
    // bought 2 @ 88.5000; sold 1 @ 88.5125 + 3 @ 88.0000 (average 88.128125); booked 2 x (88.128125 - 88.5) x 1000
    expect(short).toMatchObject({ qty: -2, avgBuyPrice: '88.1281', realised: '-743.75', purchaseValue: '-176256.25' });
    const history = await t.call<History>('/Business/TradeHistory', { segment: 'Currency', uniqueId: usdinr.id }, { cookie: demo1 });
    expect(history.data.dataSet[0]).toMatchObject({ TransactonType: 'CARRIED', quantity: -3, price: '88.0000', value: '264000.00' });
    expect(history.data).toMatchObject({ totalSellQty: 3, totalBuyQty: 0, bookedPL: '-743.75' });
  });

  it('groups the sector view with a TOTAL per sector that adds up to the summary', async () => {
    const s = await summary('EquitySector', demo1);
    expect(s.sectorData.length).toBeGreaterThan(1);
    const names = s.sectorData.map((x) => x.sectorName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    for (const sector of s.sectorData) {
      for (const row of sector.sectorList) expect(row.sector).toBe(sector.sectorName);
      expect(sector.totalValue).toBe(money(sector.sectorList.reduce((n, r) => n + paise(r.currentValue), 0)));
    }
    expect(money(s.sectorData.reduce((n, x) => n + paise(x.totalValue), 0))).toBe(s.totalValue);
    expect(money(s.sectorData.reduce((n, x) => n + paise(x.totalRealisedPL), 0))).toBe(s.totalRealisedPL);
    // PorfolioV2 answers the same summary.
    const v2 = await t.call<Summary>('/Business/PorfolioV2', { filters: 'ALL', segment: 'EquitySector' }, { cookie: demo1 });
    expect(v2.data.data.sectorData.map((x) => x.sectorName)).toEqual(names);
  });

  it('filters to securities in profit or in loss', async () => {
    const all = await summary('Equity', demo1);
    const gain = await summary('Equity', demo1, 'GAIN');
    const loss = await summary('Equity', demo1, 'LOSS');
    for (const r of gain.plDetailsList) expect(paise(r.plValue) + paise(r.realised)).toBeGreaterThan(0);
    for (const r of loss.plDetailsList) expect(paise(r.plValue) + paise(r.realised)).toBeLessThan(0);
    expect(gain.plDetailsList.length + loss.plDetailsList.length).toBeLessThanOrEqual(all.plDetailsList.length);
    expect(money(gain.plDetailsList.reduce((n, r) => n + paise(r.currentValue), 0))).toBe(gain.totalValue);
  });

  it("never shows another client's data: DEMO2 sees only its holdings and cannot read DEMO1's trade history", async () => {
    const s = await summary('Equity', demo2);
    expect(s.plDetailsList.map((r) => r.symbol).sort()).toEqual(['ICICIBANK', 'ITC', 'SBIN']);
    const infy = symOf(t, 'NSE', 'INFY-EQ');
    const refused = await t.call('/Business/TradeHistory', { segment: 'Equity', uniqueId: infy.id }, { cookie: demo2 });
    expect(refused).toMatchObject({ infoID: 'POR007' });
    // ITC: DEMO2 holds 150 at 432.75 (DEMO1 holds 200 at 415.60 on BSE): DEMO2's own figures only.
    const itc = rowOf(s, 'ITC');
    const history = await t.call<History>('/Business/TradeHistory', { segment: 'Equity', uniqueId: itc.securitycode }, { cookie: demo2 });
    expect(history.data.dataSet).toEqual([expect.objectContaining({ TransactonType: 'HOLDING', quantity: 150, price: '432.75' })]);
    expect((await summary('Derivatives', demo2)).plDetailsList).toEqual([]);
  });

  it('refuses bad input clearly and changes nothing: unknown segment, unknown security, extra fields', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM trades');
    const segment = await t.call('/Business/Porfolio', { filters: 'ALL', segment: 'Commodity' }, { cookie: demo1 });
    expect(segment.infoID).toBe('EGN001');
    expect(segment.infoMsg).toContain('segment');
    const filter = await t.call('/Business/Porfolio', { filters: 'SOMETHING', segment: 'Equity' }, { cookie: demo1 });
    expect(filter.infoID).toBe('EGN001');
    const unknown = await t.call('/Business/TradeHistory', { segment: 'Equity', uniqueId: 'NO-SUCH-ID' }, { cookie: demo1 });
    expect(unknown).toMatchObject({ infoID: 'POR007' });
    const clientId = await t.call('/Business/Porfolio', { filters: 'ALL', segment: 'Equity', clientId: 'DEMO2' }, { cookie: demo1 });
    expect(clientId.infoID).toBe('EGN001');
    const anonymous = await t.call('/Business/Porfolio', { filters: 'ALL', segment: 'Equity' });
    expect(anonymous.infoID).not.toBe('0');
    expect((await t.db.query('SELECT count(*)::int AS n FROM trades')).rows).toEqual(before.rows);
  });

  it('answers the new view (PorfolioV2) only to a client with the new profit-and-loss flag (investing.md 6)', async () => {
    const id = await clientIdOf(t.db, 'DEMO2');
    const v2 = () => t.call<Summary>('/Business/PorfolioV2', { filters: 'ALL', segment: 'Equity' }, { cookie: demo2 });
    expect((await v2()).infoID).toBe('0');
    await t.db.query('UPDATE clients SET new_pnl_report = false WHERE id = $1', [id]);
    try {
      const refused = await v2();
      expect(refused).toMatchObject({ infoID: 'EGN004' });
      expect(refused.data ?? null).toBeNull();
      // the classic view stays open to every client
      expect((await summary('Equity', demo2)).plDetailsList.length).toBeGreaterThan(0);
    } finally {
      await t.db.query('UPDATE clients SET new_pnl_report = true WHERE id = $1', [id]);
    }
  });

  it('shows 0.00 percentages where the average buy price is 0 (the unavailable buy price of the new view)', async () => {
    const id = await clientIdOf(t.db, 'DEMO2');
    await t.db.query("UPDATE holdings SET avg_price_paise = 0 WHERE client_id = $1 AND symbol = 'SBIN'", [id]);
    const sbin = rowOf(await summary('Equity', demo2), 'SBIN');
    expect(sbin).toMatchObject({ avgBuyPrice: '0.00', purchaseValue: '0.00', plPerc: '0.00' });
    expect(sbin.plValue).toBe(sbin.currentValue);
  });
});
