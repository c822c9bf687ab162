import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Breadth, Deal, OiRow, Quote, ScreenerRow, SectorRow, UnusualRow } from '@kite/domain';
import {
  OrderType,
  Side,
  Validity,
  istDay,
  istInstant,
  istMinuteOfDay,
  isoDate,
  type Instrument,
} from '@kite/exchange';
import { nearestContract, contractsOf } from '../../test/contracts.ts';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { FrozenClock } from '../../test/frozen-clock.ts';
import type { TestApp } from '../../test/harness.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { equitiesOf } from './breadth.ts';
import { intradayDeals, PRICE_BAND_BP } from './deals.ts';
import { statsTestKit, units } from './market-stats-test-support.ts';
import { UNUSUAL_MULTIPLE } from './open-interest.ts';

describe('/MarketStats/* deals, screeners and F&O statistics (investing.md 2, 7)', () => {
  let t: TestApp;
  let cookie: string;
  const { call, quoteOf, steps } = statsTestKit(
    () => t,
    () => cookie,
  );

  beforeAll(async () => {
    // Frozen: open interest moves with each minute, and a list is compared with quotes read after it.
    t = await createSeededApp({ MARKET_SIM: 'off' }, new FrozenClock());
    cookie = await signIn(t, 'DEMO1');
    steps(60);
  });
  afterAll(() => t.close());

  it('refuses without a session and refuses bad input, changing nothing', async () => {
    expect((await t.call('/MarketStats/IntradayDeals', { exc: 'NSE' })).infoID).toBe('EGN006');
    expect((await t.call('/MarketStats/IntradayDeals', { exc: 'NFO' }, { cookie })).infoID).toBe('EGN001');
    expect((await t.call('/MarketStats/IntradayDeals', { exc: 'NSE', kind: 'x' }, { cookie })).infoID).toBe('EGN001');
    expect((await t.call('/MarketStats/Screener', { exc: 'NSE', screen: 'moon' }, { cookie })).infoID).toBe('EGN001');
    expect((await t.call('/MarketStats/Screener', { exc: 'NSE', index: 'SENSEX' }, { cookie })).infoID).toBe('MKT004');
    expect((await t.call('/MarketStats/Screener', { exc: 'BSE', index: 'NO SUCH' }, { cookie })).infoID).toBe('MKT004');
    expect((await t.call('/MarketStats/OiBuildup', { buildup: 'sideways' }, { cookie })).infoID).toBe('EGN001');
    expect((await t.call('/MarketStats/UnusualActivity', { recordcount: 51 }, { cookie })).infoID).toBe('EGN001');
    expect((await t.call('/MarketStats/FnoAdvanceDecline', { extra: 1 }, { cookie })).infoID).toBe('EGN001');
  });

  it('flags unusual futures and options on a fresh market, nobody having looked at a contract', async () => {
    const market = t.app.marketRuntime.market;
    const fno = market.registry.all().filter((i) => i.assetClass === 'FUTURE' || i.assetClass === 'OPTION');
    expect(fno.some((i) => market.isSimulated(i.id))).toBe(false);
    // The market's 'always' day starts at IST midnight with nothing traded yet.
    if (istMinuteOfDay(t.app.clock.now()) === 0) steps(60);
    const instrs = { futures: ['FUTIDX', 'FUTSTK'], options: ['OPTIDX', 'OPTSTK'] };
    for (const kind of ['futures', 'options'] as const) {
      const { rows } = await call<{ rows: UnusualRow[] }>('/MarketStats/UnusualActivity', { kind, recordcount: 50 });
      expect(rows.length, kind).toBeGreaterThan(0);
      // Every tradable contract of the kind is measured, against the median share of its series: an option's chain, the
      // futures of a future's expiry.
      const seriesOf = (i: Instrument) => (kind === 'options' ? [i.exc, i.symbol, i.expiry] : [i.exc, i.expiry]).join();
      const measured = fno.filter((i) => i.tradable && instrs[kind].includes(i.instr));
      const shareOf = (i: Instrument) => {
        const oi = market.openInterest(i.id)!;
        return Math.round((oi.volume * 10_000) / oi.dayStart);
      };
      expect(measured.every((i) => shareOf(i) > 0)).toBe(true);
      const medianOf = (series: string) => {
        const sorted = measured
          .filter((i) => seriesOf(i) === series)
          .map(shareOf)
          .sort((a, b) => a - b);
        const middle = sorted.length >> 1;
        return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
      };
      for (const row of rows) {
        const oi = market.openInterest(row.sym.id)!;
        expect(row.vol).toBe(oi.volume);
        expect(units(row.volumeOiPer)).toBe(Math.round((oi.volume * 10_000) / oi.dayStart));
        const median = medianOf(seriesOf(market.registry.byId(row.sym.id)!));
        expect(units(row.volumeVsMedian)).toBe(Math.round((units(row.volumeOiPer) * 100) / median));
        expect(Math.max(units(row.volumeVsMedian), units(row.oiChangeVsMedian))).toBeGreaterThanOrEqual(
          UNUSUAL_MULTIPLE,
        );
      }
      const order = rows.map((r) => [Math.max(units(r.volumeVsMedian), units(r.oiChangeVsMedian)), r.displaySym]);
      expect(order).toEqual(
        [...order].sort(([a, x], [b, y]) => Number(b) - Number(a) || String(x).localeCompare(String(y))),
      );
    }
    expect(fno.some((i) => market.isSimulated(i.id))).toBe(false);
  });

  it("answers the latest trading day's simulated deals, priced against the quote's previous close", async () => {
    const market = t.app.marketRuntime.market;
    for (const kind of ['block', 'bulk'] as const) {
      const answer = await call<{ simulated: boolean; date: string; deals: Deal[] }>('/MarketStats/IntradayDeals', {
        exc: 'NSE',
        kind,
      });
      expect(answer.simulated).toBe(true);
      const now = t.app.clock.now();
      const today = isoDate(istDay(now));
      expect(answer.date <= today).toBe(true);
      const times = answer.deals.map((d) => d.time);
      expect(times).toEqual([...times].sort());
      if (answer.date === today)
        expect(
          answer.deals.every((d) => Number(d.time.slice(0, 2)) * 60 + Number(d.time.slice(3)) <= istMinuteOfDay(now)),
        ).toBe(true);
      for (const deal of answer.deals) {
        expect(deal.client).toMatch(/^Simulated /);
        expect(deal.sym.exc).toBe('NSE');
        expect(units(deal.value)).toBe(deal.qty * units(deal.price));
        const band = PRICE_BAND_BP[kind];
        const close = units(deal.closePrice);
        expect(Math.abs(units(deal.price) - close) * 10_000).toBeLessThanOrEqual(band * close);
        if (kind === 'block') expect(units(deal.value)).toBeGreaterThanOrEqual(25 * 10_000_000 * 100);
      }
      const first = answer.deals[0];
      if (first) expect((await quoteOf(first)).closePrice).toBe(first.closePrice);
      const again = await call<{ date: string; deals: Deal[] }>('/MarketStats/IntradayDeals', { exc: 'NSE', kind });
      expect(again).toMatchObject({ date: answer.date, deals: answer.deals });
    }
    // Through a trading day: nothing before the first window, then the morning window's deals, then the afternoon's.
    const seed = t.app.config.market.seed;
    const day = market.calendar.next(istDay(t.app.clock.now()));
    const at = (hour: number, minute: number) =>
      intradayDeals(market, seed, 'BSE', 'block', istInstant(day, hour, minute));
    expect(at(8, 30).date).toBe(isoDate(market.calendar.previous(day)));
    expect(at(8, 30).deals.length).toBeGreaterThan(0);
    const morning = at(9, 0);
    expect(morning.date).toBe(isoDate(day));
    expect(morning.deals.every((d) => d.time >= '08:45' && d.time < '09:00')).toBe(true);
    const evening = at(18, 0);
    expect(evening.deals.length).toBeGreaterThanOrEqual(morning.deals.length);
    expect(
      evening.deals.every((d) => (d.time >= '08:45' && d.time < '09:00') || (d.time >= '14:05' && d.time < '14:20')),
    ).toBe(true);
    expect(evening.deals.slice(0, morning.deals.length)).toEqual(morning.deals);
  });

  it('screens the equities of an exchange or an index, each figure as the quote has it', async () => {
    // The first look starts the index's books; let them trade.
    await call('/MarketStats/Screener', { exc: 'NSE', index: 'NIFTY 50' });
    steps(90);
    const screen = async (body: object) =>
      call<{ screened: number; rows: ScreenerRow[] }>('/MarketStats/Screener', {
        exc: 'NSE',
        recordcount: 50,
        ...body,
      });

    const gainers = await screen({ screen: 'gainers', index: 'NIFTY 50' });
    expect(gainers.screened).toBe(50);
    expect(gainers.rows.length).toBeGreaterThan(0);
    expect(gainers.rows.every((r) => units(r.chng) > 0)).toBe(true);
    const top = gainers.rows[0]!;
    expect(await quoteOf(top)).toMatchObject({
      ltp: top.ltp,
      chngPer: top.chngPer,
      highPrice: top.highPrice,
      lowPrice: top.lowPrice,
      vol: top.vol,
    });
    // The same ranking as the top gainers list of the index.
    const movers = await call<{ gainers: Quote[] }>('/Market/TopGainers', {
      exc: 'NSE',
      index: 'NIFTY 50',
      recordcount: 5,
    });
    expect(gainers.rows.slice(0, 5).map((r) => r.displaySym)).toEqual(movers.gainers.map((q) => q.displaySym));

    const losers = await screen({ screen: 'losers', index: 'NIFTY 50' });
    expect(losers.rows.every((r) => units(r.chng) < 0)).toBe(true);
    const falls = losers.rows.map((r) => units(r.chngPer));
    expect(falls).toEqual([...falls].sort((a, b) => a - b));

    const breakouts = await screen({ screen: 'price-breakout', index: 'NIFTY 50' });
    for (const r of breakouts.rows) {
      expect(units(r.ltp)).toBe(units(r.highPrice));
      expect(units(r.ltp)).toBeGreaterThan(units(r.openPrice));
    }
    const breakdowns = await screen({ screen: 'price-breakdown', index: 'NIFTY 50' });
    for (const r of breakdowns.rows) expect(units(r.ltp)).toBe(units(r.lowPrice));

    // A buyer sweeps the offers of a rising constituent: its volume surges and it trades at the day's high.
    const riser = gainers.rows.find((r) => units(r.ltp) > units(r.openPrice)) ?? top;
    const tick = t.app.marketRuntime.market.registry.byId(riser.sym.id)!.tickSize;
    for (let sweep = 0; sweep < 10; sweep++) {
      const last = units((await quoteOf(riser)).ltp);
      const result = t.app.marketRuntime.market.submit(riser.sym.id, {
        side: Side.Buy,
        type: OrderType.Limit,
        validity: Validity.Ioc,
        price: Math.round((last * 101) / 100 / tick) * tick,
        quantity: 20_000,
        triggerPrice: 0,
        disclosedQuantity: 0,
        vtdDay: 0,
        amo: false,
        account: 999,
        ref: sweep + 1,
      });
      expect(result.rejectReason).toBeNull();
      steps(1);
    }
    const surge = await screen({ screen: 'volume-surge', index: 'NIFTY 50' });
    expect(surge.rows[0]?.displaySym).toBe(riser.displaySym);
    for (const r of surge.rows) expect(units(r.volumeMultiple)).toBeGreaterThanOrEqual(200);
    // Every screen of the index answers exactly the constituents whose quotes pass its rule.
    const market = t.app.marketRuntime.market;
    const niftyIndex = market.registry.bySymbol('NSE', 'NIFTY 50')!;
    const quotes = await Promise.all(
      equitiesOf(market, 'NSE', market.indexConstituents(niftyIndex.id)).map((i) =>
        quoteOf({ sym: symbolObjectOf(i) }),
      ),
    );
    const traded = quotes
      .map((q) => q.vol)
      .filter((v) => v > 0)
      .sort((a, b) => a - b);
    const median =
      traded.length % 2
        ? traded[traded.length >> 1]!
        : Math.round((traded[traded.length / 2 - 1]! + traded[traded.length / 2]!) / 2);
    const rules: Record<string, (q: Quote) => boolean> = {
      gainers: (q) => units(q.chng) > 0,
      losers: (q) => units(q.chng) < 0,
      'new-high': (q) => units(q.highPrice) >= units(q.yearHigh),
      'new-low': (q) => units(q.lowPrice) <= units(q.yearLow),
      'gap-up': (q) => (units(q.openPrice) - units(q.closePrice)) * 10_000 >= 50 * units(q.closePrice),
      'gap-down': (q) => (units(q.closePrice) - units(q.openPrice)) * 10_000 >= 50 * units(q.closePrice),
      'price-breakout': (q) =>
        units(q.ltp) >= units(q.highPrice) && units(q.ltp) > units(q.openPrice) && units(q.ltp) > units(q.closePrice),
      'price-breakdown': (q) =>
        units(q.ltp) <= units(q.lowPrice) && units(q.ltp) < units(q.openPrice) && units(q.ltp) < units(q.closePrice),
      'volume-surge': (q) => q.vol * 100 >= 2 * 100 * median,
    };
    let passed = 0;
    for (const [name, rule] of Object.entries(rules)) {
      const rows = (await screen({ screen: name, index: 'NIFTY 50' })).rows;
      const expected = quotes.filter(rule).map((q) => q.displaySym);
      expect(rows.map((r) => r.displaySym).sort(), name).toEqual(expected.sort());
      passed += rows.length;
    }
    expect(passed).toBeGreaterThan(50);
    for (const name of ['new-high', 'gap-up', 'gap-down'])
      expect((await screen({ screen: name })).rows.every((r) => rules[name]!(r as unknown as Quote))).toBe(true);
    // Without an index: the exchange's benchmark and every equity already traded, as the ranked lists.
    const bse = await call<{ screened: number; rows: ScreenerRow[] }>('/MarketStats/Screener', {
      exc: 'BSE',
      screen: 'gainers',
      index: 'bankex',
    });
    expect(bse.rows.every((r) => r.sym.exc === 'BSE')).toBe(true);
  });

  it("answers each sector's breadth, equal-weighted average change and best and worst, as their quotes show", async () => {
    const market = t.app.marketRuntime.market;
    const simulatedBefore = market.registry.all().filter((i) => market.isSimulated(i.id)).length;
    const { sectors } = await call<{ sectors: SectorRow[] }>('/MarketStats/Sectors', { exc: 'NSE' });
    expect(sectors.reduce((n, s) => n + s.members, 0)).toBe(equitiesOf(market, 'NSE').length);
    for (const sector of sectors) expect(sector.advances + sector.declines + sector.unchanged).toBe(sector.members);
    const averages = sectors.map((s) => units(s.avgChngPer));
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
    expect(market.registry.all().filter((i) => market.isSimulated(i.id)).length).toBe(simulatedBefore);

    // The smallest sector, checked member by member against the quotes.
    const small = [...sectors].sort((a, b) => a.members - b.members)[0]!;
    const members = equitiesOf(market, 'NSE').filter((i) => (i.sector ?? 'Others') === small.sector);
    const quotes = await Promise.all(members.map((i) => quoteOf({ sym: symbolObjectOf(i) })));
    const percents = quotes.map((q) => units(q.chngPer));
    expect(units(small.best.chngPer)).toBe(Math.max(...percents));
    expect(units(small.worst.chngPer)).toBe(Math.min(...percents));
    expect(
      Math.abs(units(small.avgChngPer) - percents.reduce((a, b) => a + b, 0) / percents.length),
    ).toBeLessThanOrEqual(0.5);

    const fno = await call<{ sectors: SectorRow[] }>('/MarketStats/Sectors', { exc: 'NSE', universe: 'fno' });
    const withFutures = new Set(
      market.registry
        .all()
        .filter((i) => i.instr === 'FUTSTK')
        .map((i) => i.symbol),
    );
    expect(fno.sectors.reduce((n, s) => n + s.members, 0)).toBe(
      equitiesOf(market, 'NSE').filter((i) => withFutures.has(i.symbol)).length,
    );
    expect((await t.call('/MarketStats/Sectors', { exc: 'NSE', universe: 'nifty' }, { cookie })).infoID).toBe('EGN001');
  });

  it('counts advancing and declining contracts per segment and per index underlying, starting none', async () => {
    const market = t.app.marketRuntime.market;
    const simulatedBefore = market.registry.all().filter((i) => market.isSimulated(i.id)).length;
    type Row = Breadth & { exc: string; segment: string };
    type Underlying = { symbol: string; exc: string; futures: Breadth; calls: Breadth; puts: Breadth };
    const answer = await call<{ segments: Row[]; underlyings: Underlying[] }>('/MarketStats/FnoAdvanceDecline', {});
    const total = (b: Breadth) => b.advances + b.declines + b.unchanged;
    const listed = (exc: string, instr: string) =>
      market.registry.all().filter((i) => i.exc === exc && i.instr === instr && i.tradable).length;
    for (const row of answer.segments)
      expect(total(row), `${row.exc} ${row.segment}`).toBe(listed(row.exc, row.segment));
    expect(answer.segments.map((r) => `${r.exc} ${r.segment}`)).toContain('NFO FUTSTK');
    const nifty = answer.underlyings.find((u) => u.symbol === 'NIFTY' && u.exc === 'NFO')!;
    expect(total(nifty.futures)).toBe(contractsOf(market, 'NFO', 'NIFTY', 'FUTIDX').length);
    const options = contractsOf(market, 'NFO', 'NIFTY', 'OPTIDX');
    expect(total(nifty.calls)).toBe(options.filter((o) => o.optType === 'CE').length);
    expect(total(nifty.puts)).toBe(options.filter((o) => o.optType === 'PE').length);
    expect(answer.underlyings.map((u) => u.symbol)).toContain('SENSEX');
    expect(market.registry.all().filter((i) => market.isSimulated(i.id)).length).toBe(simulatedBefore);
    // A contract counted as advancing shows a rise in its quote.
    const future = nearestContract(market, 'NFO', 'NIFTY', 'FUTIDX');
    const quote = await quoteOf({ sym: symbolObjectOf(future) });
    const snap = market.snapshot(future.id)!;
    expect(units(quote.chng)).toBe(snap.lastPrice - snap.close);
  });

  it('sorts traded contracts into the four open-interest build-ups and flags unusual activity', async () => {
    const market = t.app.marketRuntime.market;
    for (const symbol of ['NIFTY', 'BANKNIFTY', 'FINNIFTY'])
      market.quote(nearestContract(market, 'NFO', symbol, 'FUTIDX').id);
    for (const option of contractsOf(market, 'NFO', 'NIFTY', 'OPTIDX').slice(0, 30)) market.quote(option.id);
    steps(300);
    const seen = new Set<string>();
    for (const buildup of ['long-buildup', 'short-buildup', 'short-covering', 'long-unwinding'] as const) {
      for (const kind of ['futures', 'options'] as const) {
        const rows = (await call<{ rows: OiRow[] }>('/MarketStats/OiBuildup', { kind, buildup, recordcount: 50 })).rows;
        const priceUp = buildup === 'long-buildup' || buildup === 'short-covering';
        const oiUp = buildup === 'long-buildup' || buildup === 'short-buildup';
        for (const row of rows) {
          expect(units(row.chng) > 0, row.displaySym).toBe(priceUp);
          expect(units(row.chng) < 0, row.displaySym).toBe(!priceUp);
          expect(row.oiChange > 0).toBe(oiUp);
          expect(seen.has(row.sym.id), `${row.displaySym} in two build-ups`).toBe(false);
          seen.add(row.sym.id);
        }
        const changes = rows.map((r) => Math.abs(units(r.oiChangePer)));
        expect(changes).toEqual([...changes].sort((a, b) => b - a));
        if (rows[0])
          expect(await quoteOf(rows[0])).toMatchObject({ ltp: rows[0].ltp, openInterest: rows[0].openInterest });
      }
    }
    expect(seen.size).toBeGreaterThan(0);

    const unusual = (
      await call<{ rows: UnusualRow[] }>('/MarketStats/UnusualActivity', { kind: 'options', recordcount: 50 })
    ).rows;
    expect(unusual.length).toBeGreaterThan(0);
    for (const row of unusual) {
      const oi = market.openInterest(row.sym.id)!;
      expect(row.oiChange).toBe(oi.value - oi.dayStart);
      expect(units(row.volumeOiPer)).toBe(Math.round((row.vol * 10_000) / oi.dayStart));
      expect(Math.max(units(row.volumeVsMedian), units(row.oiChangeVsMedian))).toBeGreaterThanOrEqual(UNUSUAL_MULTIPLE);
    }
    const scores = unusual.map((r) => Math.max(units(r.volumeVsMedian), units(r.oiChangeVsMedian)));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const first = unusual[0]!;
    expect(await quoteOf(first)).toMatchObject({ vol: first.vol, openInterest: first.openInterest, ltp: first.ltp });
  });

  it('gives each currency and commodity underlying by its nearest future, as its quote shows it', async () => {
    const market = t.app.marketRuntime.market;
    for (const [segment, exchanges, instr] of [
      ['currency', ['CDS'], 'FUTCUR'],
      ['commodity', ['MCX', 'NCDEX'], 'FUTCOM'],
    ] as const) {
      const { rows } = await call<{ rows: OiRow[] }>('/MarketStats/SegmentOverview', { segment });
      const futures = market.registry
        .all()
        .filter((i) => i.tradable && i.instr === instr && (exchanges as readonly string[]).includes(i.exc));
      const underlyings = new Set(futures.map((i) => `${i.exc}|${i.symbol}`));
      expect(rows.length).toBe(underlyings.size);
      expect(rows.length).toBeGreaterThan(2);
      for (const row of rows) {
        const instrument = market.registry.byId(row.sym.id)!;
        const nearest = Math.min(
          ...futures
            .filter((i) => i.exc === instrument.exc && i.symbol === instrument.symbol)
            .map((i) => i.expiryDay ?? 0),
        );
        expect(instrument.expiryDay, row.displaySym).toBe(nearest);
      }
      for (const row of rows.slice(0, 3))
        expect(await quoteOf(row)).toMatchObject({
          ltp: row.ltp,
          chngPer: row.chngPer,
          openInterest: row.openInterest,
        });
    }
    expect((await t.call('/MarketStats/SegmentOverview', { segment: 'equity' }, { cookie })).infoID).toBe('EGN001');
  });
});
