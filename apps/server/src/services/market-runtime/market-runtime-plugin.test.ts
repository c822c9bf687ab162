import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { Side, daysFromCivil, istInstant, type Quote } from '@kite/exchange';
import type { FastifyInstance } from 'fastify';
import { build } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { createPool, type Db } from '../../db/pool.ts';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from '../../test/template.ts';
import { agentMarketOrder } from '../../modules/trade/order-test-support.ts';
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
});
