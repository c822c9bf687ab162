import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { Side, daysFromCivil, istInstant, type Quote } from '@kite/exchange';
import type { FastifyInstance } from 'fastify';
import { build } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { createPool, type Db } from '../../db/pool.ts';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from '../../test/template.ts';
import { agentMarketOrder } from '../../modules/trade/order-test-support.ts';
import { nearestContract } from '../../test/contracts.ts';
import { ServerClock } from '../clock.ts';

// A Friday, 10:00 IST.
const START = istInstant(daysFromCivil(2026, 11, 20), 10, 0);

describe('the market across a server restart', () => {
  const adminUrl = inject('adminDatabaseUrl');
  let name: string;
  let db: Db;
  const clock = new ServerClock();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ENCRYPTION: 'off', MARKET_SIM: 'on' });
  const server = async (): Promise<FastifyInstance> => {
    // The timer stays off: the test moves the clock and advances by hand.
    const app = await build({ config, db, clock, market: { autoAdvance: false, publish: false } });
    await app.ready();
    return app;
  };
  beforeAll(async () => {
    name = await createDatabaseFromTemplate(adminUrl, inject('templateDatabase'));
    db = createPool(databaseUrl(adminUrl, name), 4);
  });
  afterAll(async () => {
    await db.end();
    await dropDatabase(adminUrl, name);
  });

  it('carries on where the last process left it the same day, instead of starting again from the reference prices', async () => {
    clock.set(START);
    const first = await server();
    const market = first.marketRuntime.market;
    const id = (symbol: string) => market.registry.bySymbol('NSE', symbol)!.id;
    const watched = [id('RELIANCE-EQ'), id('TCS-EQ'), id('NIFTY 50')];
    for (const instrument of watched) market.quote(instrument);
    clock.set(START + 3_600_000);
    first.marketRuntime.advance();
    agentMarketOrder(market, watched[0]!, Side.Buy, 40);
    const day = (q: Quote) => ({ last: q.lastPrice, open: q.open, high: q.high, low: q.low, volume: q.volume });
    const before = watched.map((instrument) => day(market.quote(instrument)!));
    expect(before[0]!.last).not.toBe(market.registry.byId(watched[0]!)!.referencePrice);
    await first.close();

    const second = await server();
    const after = watched.map((instrument) => day(second.marketRuntime.market.quote(instrument)!));
    await second.close();
    expect(after).toEqual(before);

    // A state saved on another day is not carried over.
    clock.set(START + 86_400_000);
    const nextDay = await server();
    const next = nextDay.marketRuntime.market.quote(watched[0]!)!;
    await nextDay.close();
    expect(next.volume).toBe(0);
  });

  it('saves every few seconds, so a process that never closes (a crash) is resumed from its last save', async () => {
    clock.set(START + 2 * 86_400_000);
    const crashed = await server();
    const market = crashed.marketRuntime.market;
    const infy = market.registry.bySymbol('NSE', 'INFY-EQ')!.id;
    agentMarketOrder(market, infy, Side.Sell, 30);
    const traded = market.quote(infy)!;
    // Without a close: the periodic save (every 5 s) is all the next process gets.
    const savedAt = Date.now();
    let saved = false;
    while (!saved && Date.now() - savedAt < 8_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const { rows } = await db.query<{ volume: number | null }>(
        `SELECT (state->'books'->$1->>'volume')::int AS volume FROM market_state`,
        [infy],
      );
      saved = rows.some((row) => row.volume === traded.volume);
    }
    expect(saved).toBe(true);
    const restarted = await server();
    const resumed = restarted.marketRuntime.market.quote(infy)!;
    await restarted.close();
    await crashed.close();
    expect({ last: resumed.lastPrice, volume: resumed.volume }).toEqual({
      last: traded.lastPrice,
      volume: traded.volume,
    });
  });

  it("keeps today's one-minute chart bars over a restart, for equities and MCX, and drops earlier days' rows", async () => {
    // A Tuesday, 10:00 IST.
    const day = daysFromCivil(2026, 11, 24);
    clock.set(istInstant(day, 10, 0));
    const first = await server();
    const market = first.marketRuntime.market;
    const reliance = market.registry.bySymbol('NSE', 'RELIANCE-EQ')!.id;
    const gold = nearestContract(market, 'MCX', 'GOLD', 'FUTCOM').id;
    const today = (app: FastifyInstance, id: string) =>
      app.marketRuntime.market.candles(id, '1m', istInstant(day), clock.now());
    // Asking for the charts starts their live bars (RELIANCE traded, GOLD from fair-value prints).
    for (const id of [reliance, gold]) today(first, id);
    for (let second = 10; second <= 150; second += 10) {
      clock.set(istInstant(day, 10, 0) + second * 1000);
      first.marketRuntime.advance();
      if (second === 70) agentMarketOrder(market, reliance, Side.Buy, 40);
    }
    const before = { reliance: today(first, reliance), gold: today(first, gold) };
    expect(before.reliance.map((bar) => bar.time)).toEqual([0, 1, 2].map((m) => istInstant(day, 10, m)));
    expect(before.gold).toHaveLength(3);
    // A bar of an earlier day left in the table is deleted at the next start.
    await db.query(
      `INSERT INTO intraday_bars (seed, instrument_id, bar_time, trading_date, open, high, low, close, volume)
       VALUES (1, $1, $2, $3, 100, 100, 100, 100, 0)`,
      [reliance, new Date(istInstant(day - 1, 10, 0)).toISOString(), '2026-11-23'],
    );
    await first.close();

    const { rows } = await db.query<{ instrument_id: string; bars: number }>(
      `SELECT instrument_id, count(*)::int AS bars FROM intraday_bars WHERE trading_date = '2026-11-24'
        GROUP BY instrument_id ORDER BY instrument_id`,
    );
    expect(rows).toEqual([reliance, gold].sort().map((id) => ({ instrument_id: id, bars: 3 })));
    const restarted = await server();
    const after = { reliance: today(restarted, reliance), gold: today(restarted, gold) };
    const earlier = await db.query("SELECT 1 FROM intraday_bars WHERE trading_date < '2026-11-24'");
    await restarted.close();
    expect(after).toEqual(before);
    expect(earlier.rowCount).toBe(0);
  });

  it("gives a market built mid-session each stock's and index's day from the open, kept over a restart", async () => {
    // A Thursday, 14:00 IST: the server's first start of the day.
    const day = daysFromCivil(2026, 11, 26);
    const built = istInstant(day, 14, 0);
    clock.set(built);
    const withMornings = async () => {
      const app = await build({ config, db, clock, market: { autoAdvance: false, publish: false, mornings: true } });
      await app.ready();
      return app;
    };
    const first = await withMornings();
    const market = first.marketRuntime.market;
    const reliance = market.registry.bySymbol('NSE', 'RELIANCE-EQ')!.id;
    const nifty = market.registry.bySymbol('NSE', 'NIFTY 50')!.id;
    const minutes = (app: FastifyInstance, id: string) =>
      app.marketRuntime.market.candles(id, '1m', istInstant(day), clock.now());
    const dayOf = (q: Quote) => ({ open: q.open, high: q.high, low: q.low, last: q.lastPrice, volume: q.volume });
    const quote = market.quote(reliance)!;
    const bars = minutes(first, reliance);
    // One bar a minute from 09:15 to 13:59, ending at the price of the first look; the quote's day is theirs.
    expect(bars).toHaveLength(285);
    expect([bars[0]!.time, bars.at(-1)!.time]).toEqual([istInstant(day, 9, 15), istInstant(day, 13, 59)]);
    expect(quote.open).toBe(bars[0]!.open);
    expect(quote.high).toBe(Math.max(...bars.map((bar) => bar.high)));
    expect(quote.low).toBe(Math.min(...bars.map((bar) => bar.low)));
    expect(quote.volume).toBe(bars.reduce((sum, bar) => sum + bar.volume, 0));
    expect(bars.at(-1)!.close).toBe(quote.lastPrice);
    expect(minutes(first, nifty)[0]!.time).toBe(istInstant(day, 9, 15));
    clock.set(built + 90_000);
    first.marketRuntime.advance();
    const before = { reliance: dayOf(market.quote(reliance)!), nifty: dayOf(market.quote(nifty)!) };
    const charts = { reliance: minutes(first, reliance), nifty: minutes(first, nifty) };
    await first.close();

    const restarted = await withMornings();
    const after = {
      reliance: dayOf(restarted.marketRuntime.market.quote(reliance)!),
      nifty: dayOf(restarted.marketRuntime.market.quote(nifty)!),
    };
    const chartsAfter = { reliance: minutes(restarted, reliance), nifty: minutes(restarted, nifty) };
    await restarted.close();
    expect(after).toEqual(before);
    expect(chartsAfter).toEqual(charts);
  });

  it('sets no minute bar aside for a save when the market does not persist (MARKET_SIM off, tests)', async () => {
    const day = daysFromCivil(2026, 11, 25);
    clock.set(istInstant(day, 10, 0));
    const app = await build({ config, db, clock, market: { autoAdvance: false, publish: false, persist: false } });
    await app.ready();
    const market = app.marketRuntime.market;
    const reliance = market.registry.bySymbol('NSE', 'RELIANCE-EQ')!.id;
    const today = () => market.candles(reliance, '1m', istInstant(day), clock.now());
    today();
    for (let second = 10; second <= 290; second += 10) {
      clock.set(istInstant(day, 10, 0) + second * 1000);
      app.marketRuntime.advance();
    }
    expect(today().map((bar) => bar.time)).toEqual([0, 1, 2, 3, 4].map((m) => istInstant(day, 10, m)));
    expect(app.marketRuntime.takeMinuteBars()).toEqual([]);
    await app.close();
    const { rows } = await db.query("SELECT 1 FROM intraday_bars WHERE trading_date = '2026-11-25'");
    expect(rows).toEqual([]);
  });
});
