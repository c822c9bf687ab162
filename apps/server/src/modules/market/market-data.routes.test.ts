import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { moverIndices, type Candle, type IndexQuote, type Quote, type SymbolObject } from '@kite/domain';
import { OrderType, Side, Validity } from '@kite/exchange';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import type { TestApp } from '../../test/harness.ts';
import { nearestContract } from '../../test/contracts.ts';

type QuoteAnswer = {
  quote: Quote;
  bids: { price: string; qty: number; orders: number }[];
  asks: { price: string; qty: number; orders: number }[];
};

describe('quotes, index quotes and charts', () => {
  let t: TestApp;
  let cookie: string;
  const sym = (exc: 'NSE' | 'BSE' | 'NFO' | 'CDS' | 'MCX', trSymbol: string): SymbolObject => {
    const instrument = t.app.marketRuntime.market.registry.bySymbol(exc, trSymbol);
    if (!instrument) throw new Error(`no ${trSymbol}`);
    return symbolObjectOf(instrument);
  };
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    cookie = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it('answers a quote with five bids and asks around the last price', async () => {
    const answer = await t.call<QuoteAnswer>('/Market/GetQuote', { sym: sym('NSE', 'RELIANCE-EQ') }, { cookie });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    const { quote, bids, asks } = answer.data;
    expect(quote).toMatchObject({
      displaySym: 'RELIANCE',
      companyName: 'Reliance Industries Ltd.',
      streamSym: 'RELIANCE',
      lot: 1,
      tickSize: '0.10',
    });
    expect(quote.dpr).toMatch(/^\d+\.\d{2} - \d+\.\d{2}$/);
    expect(quote.lUpdatedTime.length).toBeLessThanOrEqual(20);
    expect(quote.lUpdatedTime).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(quote.openInterest).toBeNull();
    expect(quote.survId).toBeNull();
    expect(bids).toHaveLength(5);
    expect(asks).toHaveLength(5);
    expect(Number(bids[0]!.price)).toBeLessThan(Number(asks[0]!.price));
    expect(quote.bidPrice).toBe(bids[0]!.price);
    expect(quote.askPrice).toBe(asks[0]!.price);
    expect(t.app.marketRuntime.market.isSimulated(quote.sym.id)).toBe(true);
  });

  it('reflects a trade: last price, quantity and volume', async () => {
    const market = t.app.marketRuntime.market;
    const tcs = sym('NSE', 'TCS-EQ');
    const before = (await t.call<QuoteAnswer>('/Market/GetQuote', { sym: tcs }, { cookie })).data;
    const bestAsk = before.asks[0]!;
    const askUnits = Math.round(Number(bestAsk.price) * 100);
    const result = market.submit(tcs.id, {
      side: Side.Buy,
      type: OrderType.Limit,
      validity: Validity.Ioc,
      price: askUnits,
      quantity: 7,
      triggerPrice: 0,
      disclosedQuantity: 0,
      vtdDay: 0,
      amo: false,
      account: 999,
      ref: 1,
    });
    expect(result.rejectReason).toBeNull();
    const after = (await t.call<QuoteAnswer>('/Market/GetQuote', { sym: tcs }, { cookie })).data;
    expect(after.quote.ltp).toBe(bestAsk.price);
    expect(after.quote.vol).toBe(before.quote.vol + 7);
  });

  it('shows surveillance for the chosen small caps, open interest for derivatives, 4 decimals for currency', async () => {
    const ircon = await t.call<QuoteAnswer>('/Market/GetQuote', { sym: sym('BSE', 'IRCON') }, { cookie });
    expect(ircon.data.quote.survId).toBe('ASM-LT-1');
    expect(ircon.data.quote.survMsg).toContain('ASM');
    const future = await t.call<QuoteAnswer>(
      '/Market/GetQuote',
      { sym: sym('NFO', nearestContract(t.app.marketRuntime.market, 'NFO', 'NIFTY', 'FUTIDX').trSymbol) },
      { cookie },
    );
    expect(future.data.quote.openInterest).toBeGreaterThan(0);
    expect(future.data.quote.openInterest! % 65).toBe(0);
    expect(future.data.quote.lot).toBe(65);
    const usd = await t.call<QuoteAnswer>(
      '/Market/GetQuote',
      { sym: sym('CDS', nearestContract(t.app.marketRuntime.market, 'CDS', 'USDINR', 'FUTCUR').trSymbol) },
      { cookie },
    );
    expect(usd.data.quote.ltp).toMatch(/^\d+\.\d{4}$/);
    expect(usd.data.quote.lotQualifier).toBe(1000);
  });

  it('refuses an unknown symbol, a mismatched exchange and a call without a session', async () => {
    const good = sym('NSE', 'INFY-EQ');
    expect((await t.call('/Market/GetQuote', { sym: { ...good, id: '999999' } }, { cookie })).infoID).toBe('MKT001');
    expect((await t.call('/Market/GetQuote', { sym: { ...good, exc: 'BSE' } }, { cookie })).infoID).toBe('MKT001');
    expect((await t.call('/Market/GetQuote', { sym: { id: good.id } }, { cookie })).infoID).toBe('EGN001');
    expect((await t.call('/Market/GetQuote', { sym: good })).infoID).toBe('EGN006');
  });

  it('answers the seven indices, one index by name or alias, and refuses an unknown one', async () => {
    const all = await t.call<{ indices: IndexQuote[] }>('/Market/GetIndexQuote', { indices: [] }, { cookie });
    expect(all.infoID).toBe('0');
    expect(all.data.indices.map((i) => i.index)).toEqual([
      'NIFTY 50',
      'NIFTY BANK',
      'NIFTY IT',
      'NIFTY FIN SERVICE',
      'SENSEX',
      'BANKEX',
      'INDIA VIX',
    ]);
    const nifty = all.data.indices[0]!;
    expect(nifty).toMatchObject({ exc: 'NSE', streamSym: 'NIFTY 50', exc_seg: 'nse_cm' });
    expect(Number(nifty.value)).toBeGreaterThan(20_000);
    const one = await t.call<{ indices: IndexQuote[] }>(
      '/Market/GetIndexQuote',
      {
        indices: [
          { index: 'FINNIFTY', exc: 'NSE' },
          { index: 'sensex', exc: 'BSE' },
        ],
      },
      { cookie },
    );
    expect(one.data.indices.map((i) => i.index)).toEqual(['NIFTY FIN SERVICE', 'SENSEX']);
    const unknown = await t.call(
      '/Market/GetIndexQuote',
      { indices: [{ index: 'NIFTY 500', exc: 'NSE' }] },
      { cookie },
    );
    expect(unknown.infoID).toBe('MKT004');
    expect(
      (await t.call('/Market/GetIndexQuote', { indices: [{ index: 'SENSEX', exc: 'NSE' }] }, { cookie })).infoID,
    ).toBe('MKT004');
  });

  it("ranks the day's top gainers and losers of an exchange or an index, and refuses an index it does not have", async () => {
    // An hour of the market in one go: prices leave their previous closes, some up and some down.
    // Run near IST midnight, the hour crosses into a trading day the runtime enters only once its contracts are kept.
    t.app.clock.set(t.app.clock.now() + 3_600_000);
    await vi.waitFor(() => expect(t.app.marketRuntime.advance()).toBeGreaterThan(0));
    type Movers = { gainers?: Quote[]; losers?: Quote[] };
    const movers = async (path: string, data: Record<string, unknown>) => {
      const answer = await t.call<Movers>(path, data, { cookie });
      expect(answer.infoID, answer.infoMsg).toBe('0');
      return (answer.data.gainers ?? answer.data.losers)!;
    };
    const percent = (q: Quote) => Number(q.chngPer);
    const gainers = await movers('/Market/TopGainers', { exc: 'NSE', period: 'today', recordcount: '5' });
    const losers = await movers('/Market/TopLosers', { exc: 'NSE', period: 'today', recordcount: 50 });
    expect(gainers).toHaveLength(5);
    expect(losers.length).toBeGreaterThan(5);
    expect(gainers.every((q) => percent(q) > 0 && q.sym.exc === 'NSE' && q.sym.instr === 'STK')).toBe(true);
    expect(losers.every((q) => percent(q) < 0)).toBe(true);
    expect(gainers.map(percent)).toEqual([...gainers.map(percent)].sort((a, b) => b - a));
    expect(losers.map(percent)).toEqual([...losers.map(percent)].sort((a, b) => a - b));
    // The five are the five largest: every loser, and every other gainer asked for, moved less.
    const more = await movers('/Market/TopGainers', { exc: 'NSE', recordcount: 50 });
    expect(more.slice(0, 5).map((q) => q.displaySym)).toEqual(gainers.map((q) => q.displaySym));
    const itStocks = await movers('/Market/TopGainers', { exc: 'NSE', index: 'NIFTY IT', recordcount: 50 });
    const market = t.app.marketRuntime.market;
    const itNames = new Set(market.indexConstituents(market.registry.bySymbol('NSE', 'NIFTY IT')!.id));
    expect(itStocks.every((q) => itNames.has(q.displaySym))).toBe(true);
    // The index's ranking agrees with the exchange's: the IT names among the top 50 head it, in the same order.
    const itAmongTop = more.filter((q) => itNames.has(q.displaySym)).map((q) => q.displaySym);
    expect(itStocks.length).toBeGreaterThan(0);
    expect(itStocks.slice(0, itAmongTop.length).map((q) => q.displaySym)).toEqual(itAmongTop);
    expect(itStocks.map(percent)).toEqual([...itStocks.map(percent)].sort((a, b) => b - a));
    // Every index the web app offers (moverIndices) is answered on its exchange.
    for (const exc of ['NSE', 'BSE'] as const)
      for (const index of moverIndices[exc])
        expect((await t.call('/Market/TopLosers', { exc, index }, { cookie })).infoID, index).toBe('0');
    for (const index of ['SENSEX', 'INDIA VIX', 'NO SUCH']) {
      const refused = await t.call('/Market/TopGainers', { exc: 'NSE', index }, { cookie });
      expect(refused.infoID, index).toBe('MKT004');
    }
    expect((await t.call('/Market/TopLosers', { exc: 'NSE', period: 'week' }, { cookie })).infoID).toBe('EGN001');
  });

  it("lays each exchange's intraday bars on its own session: equities from 09:15, currency and MCX from 09:00", async () => {
    const market = t.app.marketRuntime.market;
    const now = t.app.clock.now();
    const ist = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    /** The first bar's time of each day in the last week of an instrument's one-minute and 15-minute charts. */
    const dayStarts = async (symbol: SymbolObject, interval: string) => {
      const answer = await t.call<{ chart: Candle[] }>(
        '/Chart/PriceChart',
        { sym: symbol, interval, fromDate: ist(now - 7 * 86_400_000), toDate: ist(now) },
        { cookie },
      );
      expect(answer.infoID, answer.infoMsg).toBe('0');
      const firsts = new Map<string, string>();
      for (const candle of answer.data.chart) {
        const day = candle.updDate.slice(0, 10);
        if (!firsts.has(day)) firsts.set(day, candle.updDate.slice(11, 16));
      }
      // The answer's first day is cut (by the window or the 2,000-candle limit) and today's bars start when the
      // simulation does, not at the open.
      firsts.delete(answer.data.chart[0]!.updDate.slice(0, 10));
      firsts.delete(ist(now).slice(0, 10));
      return [...new Set(firsts.values())];
    };
    const usdinr = sym('CDS', nearestContract(market, 'CDS', 'USDINR', 'FUTCUR').trSymbol);
    const gold = sym('MCX', nearestContract(market, 'MCX', 'GOLD', 'FUTCOM').trSymbol);
    for (const interval of ['1', '15']) {
      expect(await dayStarts(sym('NSE', 'RELIANCE-EQ'), interval), interval).toEqual(['09:15']);
      expect(await dayStarts(usdinr, interval), interval).toEqual(['09:00']);
      expect(await dayStarts(gold, interval), interval).toEqual(['09:00']);
    }
  });

  it('charts every interval between two IST times, within bounds', async () => {
    const reliance = sym('NSE', 'RELIANCE-EQ');
    const chart = (interval: string, fromDate: string, toDate: string) =>
      t.call<{ chart: Candle[] }>('/Chart/PriceChart', { sym: reliance, interval, fromDate, toDate }, { cookie });
    const now = t.app.clock.now();
    const ist = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const today = ist(now);
    const weekAgo = ist(now - 7 * 86_400_000);
    const twoYearsAgo = ist(now - 730 * 86_400_000);
    const minutes = await chart('5', weekAgo, today);
    expect(minutes.infoID, minutes.infoMsg).toBe('0');
    expect(minutes.data.chart.length).toBeGreaterThan(100);
    const first = minutes.data.chart[0]!;
    expect(first.updDate >= weekAgo && first.updDate <= today).toBe(true);
    expect(first.updDate.slice(14, 16) === '15' || Number(first.updDate.slice(14, 16)) % 5 === 0).toBe(true);
    expect(Number(first.high)).toBeGreaterThanOrEqual(Number(first.low));
    for (const interval of ['1', '3', '10', '15', '30', '60']) {
      const answer = await chart(interval, weekAgo, today);
      expect(answer.data.chart.length, interval).toBeGreaterThan(0);
    }
    const days = await chart('D', twoYearsAgo, today);
    expect(days.data.chart.length).toBeGreaterThan(400);
    // Weekdays only (no holidays in the simulation): about 5 of every 7 days.
    expect(days.data.chart.length).toBeLessThanOrEqual(Math.ceil((730 * 5) / 7) + 2);
    const weeks = await chart('W', twoYearsAgo, today);
    const months = await chart('M', twoYearsAgo, today);
    expect(weeks.data.chart.length).toBeGreaterThan(90);
    expect(months.data.chart.length).toBeGreaterThanOrEqual(24);
    // At most 2,000 candles, the newest ones.
    const capped = await chart('1', weekAgo, today);
    expect(capped.data.chart.length).toBeLessThanOrEqual(2000);
    expect(capped.data.chart.at(-1)!.updDate <= today).toBe(true);
  });

  it('refuses a chart whose from date is after the to date, a date that does not exist, or a bad interval', async () => {
    const reliance = sym('NSE', 'RELIANCE-EQ');
    const call = (data: Record<string, unknown>) =>
      t.call(
        '/Chart/PriceChart',
        { sym: reliance, interval: 'D', fromDate: '2026-01-01 00:00:00', toDate: '2026-02-01 00:00:00', ...data },
        { cookie },
      );
    const after = await call({ fromDate: '2026-03-01 00:00:00' });
    expect([after.infoID, after.infoMsg]).toEqual([
      'MKT003',
      'Invalid chart period. The from date must not be after the to date.',
    ]);
    // A date that does not exist is named, not called a from date after the to date.
    const noDay = await call({ toDate: '2026-02-30 10:00:00' });
    expect([noDay.infoID, noDay.infoMsg]).toEqual([
      'MKT003',
      'Invalid chart period. 2026-02-30 10:00:00 is not a date and time (yyyy-mm-dd HH:MM:SS).',
    ]);
    const noHour = await call({ fromDate: '2026-02-01 25:00:00' });
    expect(noHour.infoMsg).toBe(
      'Invalid chart period. 2026-02-01 25:00:00 is not a date and time (yyyy-mm-dd HH:MM:SS).',
    );
    expect((await call({ toDate: '2026-02-01' })).infoID).toBe('EGN001');
    expect((await call({ interval: '2' })).infoID).toBe('EGN001');
    expect((await call({ sym: { ...reliance, id: 'nope' } })).infoID).toBe('MKT001');
  });
});
