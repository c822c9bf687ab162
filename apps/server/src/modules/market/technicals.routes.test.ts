import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScaled, type Candle, type SymbolObject, type Technicals } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import type { TestApp } from '../../test/harness.ts';
import { nearestContract } from '../../test/contracts.ts';

/** Half away from zero, for the positive sums of these tests. */
const roundDiv = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

describe('/Market/Technicals', () => {
  let t: TestApp;
  let cookie: string;
  const sym = (exc: 'NSE' | 'NFO', trSymbol: string): SymbolObject => {
    const instrument = t.app.marketRuntime.market.registry.bySymbol(exc, trSymbol);
    if (!instrument) throw new Error(`no ${trSymbol}`);
    return symbolObjectOf(instrument);
  };
  const ist = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  const dailyChart = async (of: SymbolObject): Promise<Candle[]> => {
    const now = t.app.clock.now();
    const answer = await t.call<{ chart: Candle[] }>(
      '/Chart/PriceChart',
      { sym: of, interval: 'D', fromDate: ist(now - 10 * 366 * 86_400_000), toDate: ist(now) },
      { cookie },
    );
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.chart;
  };
  const technicals = (of: unknown, options = { cookie }) => t.call<Technicals>('/Market/Technicals', of, options);
  const units = (text: string) => BigInt(parseScaled(text, 2)!);

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    cookie = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it("computes RELIANCE's indicators from the daily bars /Chart/PriceChart answers", async () => {
    const reliance = sym('NSE', 'RELIANCE-EQ');
    const before = await dailyChart(reliance);
    const answer = await technicals({ sym: reliance });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    const chart = await dailyChart(reliance);
    // Nothing trades with the simulation off: the chart read around the call is the history the call read.
    expect(chart).toEqual(before);
    const tech = answer.data;
    expect(tech.sym).toEqual(reliance);
    expect(tech.bars).toBe(chart.length);
    expect(tech.bars).toBeGreaterThan(200);
    expect(tech.ltp).toBe(chart.at(-1)!.price);
    expect(tech.asOf).toBe(chart.at(-1)!.updDate.slice(0, 10));

    // Every SMA is the mean of the last n closes of the chart, rounded half away from zero to a paisa.
    const closes = chart.map((c) => units(c.price));
    expect(tech.movingAverages.map((m) => m.period)).toEqual([5, 10, 20, 50, 100, 200]);
    for (const m of tech.movingAverages) {
      const sum = closes.slice(-m.period).reduce((a, b) => a + b, 0n);
      expect(units(m.sma!), `SMA ${m.period}`).toBe(roundDiv(sum, BigInt(m.period)));
      const last = units(tech.ltp!);
      const expected = (avg: bigint) => (last > avg ? 'above' : last < avg ? 'below' : 'at');
      expect(m.smaPosition).toBe(expected(units(m.sma!)));
      expect(m.emaPosition).toBe(expected(units(m.ema!)));
    }
    const sma20 = tech.movingAverages.find((m) => m.period === 20)!;
    const last20 = closes.slice(-20);
    expect(units(sma20.sma!)).toBe(
      roundDiv(
        last20.reduce((a, b) => a + b, 0n),
        20n,
      ),
    );

    // Pivots from the newest bar of a day before today.
    const today = ist(t.app.clock.now()).slice(0, 10);
    const previous = chart.findLast((c) => c.updDate.slice(0, 10) < today)!;
    const [h, l, c] = [units(previous.high), units(previous.low), units(previous.price)];
    const third = (x: bigint) => roundDiv(x, 3n);
    expect(tech.pivots).toEqual({
      date: previous.updDate.slice(0, 10),
      pivot: expect.any(String),
      r1: expect.any(String),
      r2: expect.any(String),
      r3: expect.any(String),
      s1: expect.any(String),
      s2: expect.any(String),
      s3: expect.any(String),
    });
    const p = tech.pivots!;
    expect(units(p.pivot)).toBe(third(h + l + c));
    expect(units(p.r1)).toBe(third(2n * h - l + 2n * c));
    expect(units(p.s1)).toBe(third(2n * l - h + 2n * c));
    expect(units(p.r2)).toBe(third(4n * h - 2n * l + c));
    expect(units(p.s2)).toBe(third(4n * l - 2n * h + c));
    expect(units(p.r3)).toBe(third(5n * h - 4n * l + 2n * c));
    expect(units(p.s3)).toBe(third(5n * l - 4n * h + 2n * c));
    expect(units(p.s3) <= units(p.s2) && units(p.s2) <= units(p.s1) && units(p.s1) <= units(p.pivot)).toBe(true);
    expect(units(p.pivot) <= units(p.r1) && units(p.r1) <= units(p.r2) && units(p.r2) <= units(p.r3)).toBe(true);

    // Oscillators: ratios with 2 decimals in range, MACD line minus signal is the histogram.
    const { rsi, macd, stochastic } = tech.oscillators;
    expect(rsi.value).toMatch(/^\d{1,3}\.\d{2}$/);
    expect(Number(rsi.value)).toBeGreaterThanOrEqual(0);
    expect(Number(rsi.value)).toBeLessThanOrEqual(100);
    expect(rsi.reading).toBe(Number(rsi.value) > 70 ? 'overbought' : Number(rsi.value) < 30 ? 'oversold' : 'neutral');
    for (const v of [stochastic.k, stochastic.d]) {
      expect(v).toMatch(/^\d{1,3}\.\d{2}$/);
      expect(Number(v)).toBeLessThanOrEqual(100);
    }
    expect(macd.macd).toMatch(/^-?\d+\.\d{2}$/);
    expect(units(macd.histogram!)).toBe(units(macd.macd!) - units(macd.signalLine!));
    expect(macd.signal).toBe(
      units(macd.macd!) > units(macd.signalLine!)
        ? 'bullish'
        : units(macd.macd!) < units(macd.signalLine!)
          ? 'bearish'
          : 'neutral',
    );

    // The summary counts every indicator given, once.
    const { summary } = tech;
    expect(summary.movingAverages.total).toBe(12);
    expect(summary.oscillators.total).toBe(3);
    for (const counts of [summary.movingAverages, summary.oscillators, summary.overall])
      expect(counts.bullish + counts.bearish + counts.neutral).toBe(counts.total);
    expect(summary.overall.total).toBe(15);
    expect(summary.overall.bullish).toBe(summary.movingAverages.bullish + summary.oscillators.bullish);
    const maBullish = tech.movingAverages.flatMap((m) => [m.smaPosition, m.emaPosition]).filter((x) => x === 'above');
    expect(summary.movingAverages.bullish).toBe(maBullish.length);
    const oscillatorSignals = [rsi.signal, macd.signal, stochastic.signal];
    expect(summary.oscillators.bearish).toBe(oscillatorSignals.filter((s) => s === 'bearish').length);
    const { bullish, bearish } = summary.overall;
    expect(summary.verdict).toBe(bullish > bearish ? 'bullish' : bearish > bullish ? 'bearish' : 'neutral');
  });

  it('answers an index, and a future with the averages its short history allows left null', async () => {
    const nifty = await technicals({ sym: sym('NSE', 'NIFTY 50') });
    expect(nifty.infoID, nifty.infoMsg).toBe('0');
    expect(nifty.data.movingAverages.every((m) => m.sma !== null && m.ema !== null)).toBe(true);
    expect(nifty.data.pivots).not.toBeNull();

    const market = t.app.marketRuntime.market;
    const future = sym('NFO', nearestContract(market, 'NFO', 'NIFTY', 'FUTIDX').trSymbol);
    const answer = await technicals({ sym: future });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    const chart = await dailyChart(future);
    const { data } = answer;
    expect(data.bars).toBe(chart.length);
    // A quarter's history: the 100- and 200-day averages are missing and not counted.
    expect(data.bars).toBeGreaterThan(50);
    expect(data.bars).toBeLessThan(100);
    const missing = data.movingAverages.filter((m) => m.sma === null).map((m) => m.period);
    expect(missing).toEqual([100, 200]);
    for (const m of data.movingAverages.filter((x) => x.sma === null))
      expect([m.ema, m.smaPosition, m.emaPosition]).toEqual([null, null, null]);
    expect(data.summary.movingAverages.total).toBe(8);
    expect(data.summary.overall.total).toBe(8 + data.summary.oscillators.total);
    expect(data.oscillators.rsi.value).not.toBeNull();
  });

  it('refuses bad input clearly', async () => {
    const reliance = sym('NSE', 'RELIANCE-EQ');
    const noSession = await technicals({ sym: reliance }, { cookie: '' });
    expect(noSession.infoID).toBe('EGN006');
    const unknown = await technicals({ sym: { ...reliance, id: 'NO-SUCH-ID' } });
    expect([unknown.infoID, unknown.infoMsg]).toEqual(['MKT001', 'Symbol not found.']);
    // The id of an NSE scrip named on another exchange is not that scrip.
    expect((await technicals({ sym: { ...reliance, exc: 'BSE' } })).infoID).toBe('MKT001');
    expect((await technicals({ sym: { id: reliance.id } })).infoID).toBe('EGN001');
    expect((await technicals({ sym: reliance, period: 20 })).infoID).toBe('EGN001');
    expect((await technicals({})).infoID).toBe('EGN001');
  });
});
