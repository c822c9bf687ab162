import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarDay, FiiDiiDay, OiRow, PutCallRatio, StatsIndex, StatsRow } from '@kite/domain';
import { parseIsoDate } from '@kite/exchange';
import { nearestContract } from '../../test/contracts.ts';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { FrozenClock } from '../../test/frozen-clock.ts';
import type { TestApp } from '../../test/harness.ts';
import { statsTestKit, units } from './market-stats-test-support.ts';

describe('/MarketStats/* from the simulated market (investing.md 2, 7)', () => {
  let t: TestApp;
  let cookie: string;
  const { call, quoteOf } = statsTestKit(
    () => t,
    () => cookie,
  );

  beforeAll(async () => {
    // Frozen: open interest moves with each minute, and a list is compared with quotes read after it.
    t = await createSeededApp({ MARKET_SIM: 'off' }, new FrozenClock());
    cookie = await signIn(t, 'DEMO1');
    // Let the market trade a while so that prices, volumes and opens differ.
    const market = t.app.marketRuntime.market;
    for (let step = 0; step < 120; step++) {
      t.app.clock.set(t.app.clock.now() + 1000);
      market.advance();
    }
  });
  afterAll(() => t.close());

  it('refuses without a session and refuses bad input', async () => {
    expect((await t.call('/MarketStats/Indices', {})).infoID).toBe('EGN006');
    expect((await t.call('/MarketStats/MostActive', { exc: 'NFO' }, { cookie })).infoID).toBe('EGN001');
    expect((await t.call('/MarketStats/GapUpDown', { exc: 'NSE', recordcount: 0 }, { cookie })).infoID).toBe('EGN001');
    expect((await t.call('/MarketStats/Heatmap', { index: 'NO SUCH' }, { cookie })).infoID).toBe('MKT004');
    expect((await t.call('/MarketStats/Heatmap', { index: 'INDIA VIX' }, { cookie })).infoID).toBe('MKT004');
  });

  it('counts advances and declines of every equity without starting their books', async () => {
    const market = t.app.marketRuntime.market;
    const { exchanges } = await call<{
      exchanges: { exc: string; advances: number; declines: number; unchanged: number }[];
    }>('/MarketStats/AdvanceDecline', {});
    expect(exchanges.map((e) => e.exc)).toEqual(['NSE', 'BSE']);
    for (const row of exchanges) {
      const equities = market.registry.all().filter((i) => i.exc === row.exc && i.instr === 'STK' && i.tradable);
      expect(row.advances + row.declines + row.unchanged).toBe(equities.length);
      expect(row.advances).toBeGreaterThan(0);
      expect(row.declines).toBeGreaterThan(0);
      expect(equities.filter((i) => market.isSimulated(i.id)).length).toBeLessThan(equities.length / 10);
    }
  });

  it("answers every index with its quote's figures and its constituents' breadth", async () => {
    const { indices } = await call<{ indices: StatsIndex[] }>('/MarketStats/Indices', {});
    const quoted = await call<{ indices: { index: string; value: string; chng: string }[] }>(
      '/Market/GetIndexQuote',
      {},
    );
    expect(indices.map((i) => i.index)).toEqual(quoted.indices.map((i) => i.index));
    for (const index of indices) {
      const same = quoted.indices.find((q) => q.index === index.index)!;
      expect(index).toMatchObject({ value: same.value, chng: same.chng });
    }
    const nifty = indices.find((i) => i.index === 'NIFTY 50')!;
    expect(nifty.advances + nifty.declines + nifty.unchanged).toBe(50);
    const vix = indices.find((i) => i.index === 'INDIA VIX')!;
    expect(vix.advances + vix.declines + vix.unchanged).toBe(0);
    // The heatmap of the same index counts the same breadth and shows the same prices as a quote.
    const map = await call<{ sectors: { advances: number; declines: number; tiles: StatsRow[] }[] }>(
      '/MarketStats/Heatmap',
      { index: 'nifty' },
    );
    expect(map.sectors.reduce((n, s) => n + s.advances, 0)).toBe(nifty.advances);
    expect(map.sectors.reduce((n, s) => n + s.declines, 0)).toBe(nifty.declines);
    expect(map.sectors.flatMap((s) => s.tiles)).toHaveLength(50);
    const tile = map.sectors[0]!.tiles[0]!;
    expect(await quoteOf(tile)).toMatchObject({ ltp: tile.ltp, chng: tile.chng, chngPer: tile.chngPer });
    for (const sector of map.sectors) {
      const percents = sector.tiles.map((x) => units(x.chngPer));
      expect(percents).toEqual([...percents].sort((a, b) => b - a));
    }
  });

  it('ranks the most active by volume and by value, each figure as the quote has it', async () => {
    // The first look starts the benchmark's books: nothing has traded in them yet.
    expect((await call<{ rows: StatsRow[] }>('/MarketStats/MostActive', { exc: 'NSE' })).rows).toEqual([]);
    await call('/MarketStats/MostActive', { exc: 'BSE' });
    const market = t.app.marketRuntime.market;
    for (let step = 0; step < 60; step++) {
      t.app.clock.set(t.app.clock.now() + 1000);
      market.advance();
    }
    const byVolume = (await call<{ rows: StatsRow[] }>('/MarketStats/MostActive', { exc: 'NSE', by: 'volume' })).rows;
    expect(byVolume).toHaveLength(10);
    const volumes = byVolume.map((r) => r.vol);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    expect(volumes.at(-1)).toBeGreaterThan(0);
    const top = byVolume[0]!;
    expect(await quoteOf(top)).toMatchObject({ ltp: top.ltp, vol: top.vol, yearHigh: top.yearHigh });
    const byValue = (
      await call<{ rows: StatsRow[] }>('/MarketStats/MostActive', { exc: 'BSE', by: 'value', recordcount: 5 })
    ).rows;
    expect(byValue).toHaveLength(5);
    const values = byValue.map((r) => units(r.tradedValue));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(byValue.every((r) => r.sym.exc === 'BSE')).toBe(true);
  });

  it('lists the equities nearest their 52-week high and low, and the gaps up and down', async () => {
    const highs = (await call<{ rows: StatsRow[] }>('/MarketStats/YearHighLow', { exc: 'NSE', side: 'high' })).rows;
    const fromHigh = highs.map((r) => units(r.fromYearHighPer));
    expect(fromHigh).toEqual([...fromHigh].sort((a, b) => a - b));
    expect(highs.every((r) => units(r.ltp) <= units(r.yearHigh))).toBe(true);
    const lows = (await call<{ rows: StatsRow[] }>('/MarketStats/YearHighLow', { exc: 'NSE', side: 'low' })).rows;
    expect(lows.every((r) => units(r.ltp) >= units(r.yearLow))).toBe(true);
    for (const direction of ['up', 'down'] as const) {
      const rows = (
        await call<{ rows: StatsRow[] }>('/MarketStats/GapUpDown', { exc: 'NSE', direction, recordcount: 50 })
      ).rows;
      for (const row of rows) {
        const gap = units(row.openPrice) - units(row.closePrice);
        expect(direction === 'up' ? gap > 0 : gap < 0, row.displaySym).toBe(true);
      }
      const gaps = rows.map((r) => units(r.gapPer));
      expect(gaps).toEqual([...gaps].sort((a, b) => (direction === 'up' ? b - a : a - b)));
      if (rows[0]) expect(await quoteOf(rows[0])).toMatchObject({ openPrice: rows[0].openPrice });
    }
  });

  it('ranks futures and options by open interest without starting them, as their quotes then show', async () => {
    const market = t.app.marketRuntime.market;
    const futures = (await call<{ rows: OiRow[] }>('/MarketStats/OpenInterest', { kind: 'futures', recordcount: 20 }))
      .rows;
    expect(futures).toHaveLength(20);
    const ois = futures.map((r) => r.openInterest);
    expect(ois).toEqual([...ois].sort((a, b) => b - a));
    expect(futures.every((r) => r.sym.instr === 'FUTIDX' || r.sym.instr === 'FUTSTK')).toBe(true);
    expect(futures.filter((r) => market.isSimulated(r.sym.id)).length).toBeLessThan(20);
    const top = futures[0]!;
    expect(await quoteOf(top)).toMatchObject({ openInterest: top.openInterest, ltp: top.ltp, chngPer: top.chngPer });
    const options = (await call<{ rows: OiRow[] }>('/MarketStats/OpenInterest', { kind: 'options', recordcount: 5 }))
      .rows;
    expect(options.every((r) => r.sym.instr === 'OPTIDX' || r.sym.instr === 'OPTSTK')).toBe(true);

    // Open interest moves through the session, traded or not; the gainers and losers are those that moved, each list
    // in order, each change the market's own.
    const future = nearestContract(market, 'NFO', 'NIFTY', 'FUTIDX');
    market.quote(future.id);
    for (let step = 0; step < 300; step++) {
      t.app.clock.set(t.app.clock.now() + 1000);
      market.advance();
    }
    for (const rank of ['gainers', 'losers'] as const) {
      const rows = (
        await call<{ rows: OiRow[] }>('/MarketStats/OpenInterest', { kind: 'futures', rank, recordcount: 50 })
      ).rows;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => (rank === 'gainers' ? r.oiChange > 0 : r.oiChange < 0))).toBe(true);
      const changes = rows.map((r) => units(r.oiChangePer));
      expect(changes).toEqual([...changes].sort((a, b) => (rank === 'gainers' ? b - a : a - b)));
      for (const row of rows) {
        const oi = market.openInterest(row.sym.id)!;
        expect(row.oiChange).toBe(oi.value - oi.dayStart);
      }
    }
    const moved = market.openInterest(future.id)!;
    expect(moved.value).not.toBe(moved.dayStart);
  });

  it("answers each index's put-call ratio over its nearest expiry", async () => {
    const market = t.app.marketRuntime.market;
    const { indices } = await call<{ indices: PutCallRatio[] }>('/MarketStats/PutCallRatio', {});
    expect(indices.map((i) => i.symbol).sort()).toEqual(['BANKEX', 'BANKNIFTY', 'FINNIFTY', 'NIFTY', 'SENSEX']);
    const nifty = indices.find((i) => i.symbol === 'NIFTY')!;
    const chain = market.registry
      .all()
      .filter((i) => i.instr === 'OPTIDX' && i.exc === 'NFO' && i.symbol === 'NIFTY' && i.expiry === nifty.expiry);
    const sum = (type: 'CE' | 'PE') =>
      chain.filter((o) => o.optType === type).reduce((n, o) => n + market.openInterest(o.id)!.value, 0);
    expect(nifty.callOi).toBe(sum('CE'));
    expect(nifty.putOi).toBe(sum('PE'));
    // pcr is putOi / callOi to the nearest hundredth.
    expect(Math.abs(units(nifty.pcr) * nifty.callOi - nifty.putOi * 100) * 2).toBeLessThanOrEqual(nifty.callOi);
    const niftyOptions = market.registry.all().filter((i) => i.instr === 'OPTIDX' && i.symbol === 'NIFTY');
    expect(niftyOptions.some((o) => o.expiry! < nifty.expiry)).toBe(false);
  });

  it("lays out the coming weeks from the market's calendar: weekends shut, each contract's expiry on its day", async () => {
    const market = t.app.marketRuntime.market;
    const { today, days } = await call<{ today: string; days: CalendarDay[] }>('/MarketStats/Calendar', { weeks: 6 });
    expect(days).toHaveLength(42);
    expect(days[0]!.weekday).toBe(1);
    expect(days.some((d) => d.date === today)).toBe(true);
    for (const day of days) expect(day.trading, day.date).toBe(day.weekday !== 0 && day.weekday !== 6 && !day.holiday);
    const future = nearestContract(market, 'NFO', 'NIFTY', 'FUTIDX');
    const options = nearestContract(market, 'BFO', 'SENSEX', 'OPTIDX');
    expect(days.find((d) => d.date === future.expiry)?.expiries).toContain('NIFTY (NFO)');
    expect(days.find((d) => d.date === options.expiry)?.expiries).toContain('SENSEX (BFO)');
    const expiryDays = days.filter((d) => d.expiries.length > 0);
    expect(expiryDays.every((d) => d.trading)).toBe(true);
    expect((await t.call('/MarketStats/Calendar', { weeks: 14 }, { cookie })).infoID).toBe('EGN001');
  });

  it('answers a simulated FII/DII series: trading days newest first, net = buy - sell, the same on every call', async () => {
    const market = t.app.marketRuntime.market;
    const answer = await call<{ simulated: boolean; days: FiiDiiDay[] }>('/MarketStats/FiiDiiActivity', { days: 10 });
    expect(answer.simulated).toBe(true);
    expect(answer.days).toHaveLength(10);
    const dates = answer.days.map((d) => d.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const day of answer.days) {
      expect(market.calendar.isTradingDay(parseIsoDate(day.date)!), day.date).toBe(true);
      for (const flow of [day.fii, day.dii]) expect(units(flow.buy) - units(flow.sell)).toBe(units(flow.net));
    }
    const again = await call<{ days: FiiDiiDay[] }>('/MarketStats/FiiDiiActivity', { days: 3 });
    expect(again.days).toEqual(answer.days.slice(0, 3));
    expect(new Set(answer.days.map((d) => d.fii.net)).size).toBeGreaterThan(5);
  });
});
