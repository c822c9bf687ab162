import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@kite/domain';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import { createSeededApp } from '../../modules/account/account-test-support.ts';
import { StreamTestClient } from '../../stream/stream-test-kit.ts';
import type { TestApp } from '../../test/harness.ts';

describe('the simulated market through the websocket gateway (real app, real socket)', () => {
  let t: TestApp;
  let url: string;
  let token: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'on', MARKET_TICK_MS: '100' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('not listening');
    url = `ws://127.0.0.1:${address.port}/stream`;
    const login = await t.call<{ userSessionId: string }>('/Account/Login', {
      userId: 'DEMO1',
      password: DEMO_PASSWORD,
    });
    expect(login.infoID, login.infoMsg).toBe('0');
    token = login.data.userSessionId;
    cookie = login.setCookie!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('delivers moving level 1, depth and index ticks for keys taken from search', async () => {
    const search = await t.call<{ searchResults: SearchResult[] }>(
      '/Trade/SymbolSearch',
      { search: 'HDFCBANK', tab: 'equity' },
      { cookie },
    );
    const row = search.data.searchResults[0]!;
    expect(row.sym.exc).toBe('NSE');
    const legacyKey = `${row.sym.exc}|${row.streamSym}`;
    const segmentKey = `${row.sym.exc_seg}|${row.sym.xSym}`;

    const client = await StreamTestClient.open(url);
    client.send({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token });
    await client.until((c) => c.ofType('ack').length === 1);
    client.send({ task: 'sub', channel: legacyKey, type: 'level1' });
    client.send({ action: 'sub', channel: segmentKey, type: 'level2' });
    client.send({ task: 'sub', channel: 'NSE|NIFTY 50', type: 'level3' });
    await client.until(
      (c) =>
        new Set(
          c
            .ofType('level1')
            .filter((i) => i.key === legacyKey)
            .map((i) => i.ltp + i.vol),
        ).size >= 3 &&
        c.ofType('level2').filter((i) => i.key === segmentKey).length >= 3 &&
        new Set(c.ofType('level3').map((i) => i.value)).size >= 2,
      10_000,
    );
    const l1 = client.ofType('level1').at(-1)!;
    expect(l1).toMatchObject({ exc: 'NSE', excSeg: 'nse_cm', streamSym: 'HDFCBANK', xSym: row.sym.xSym });
    expect(Number(l1.askPrice)).toBeGreaterThan(Number(l1.bidPrice));
    // Five levels a side, except for a moment after a market order took one and before the makers quote again.
    const depths = client.ofType('level2').filter((i) => i.key === segmentKey);
    for (const depth of depths) {
      expect(depth.bids.length).toBeLessThanOrEqual(5);
      expect(depth.asks.length).toBeLessThanOrEqual(5);
    }
    expect(depths.some((depth) => depth.bids.length === 5 && depth.asks.length === 5)).toBe(true);
    expect(client.ofType('level3').at(-1)!.indexName).toBe('NIFTY 50');
    expect(t.app.marketRuntime.market.isSimulated(row.sym.id)).toBe(true);
    client.close();
  });

  it('stops the runtime with the app: no timer is left', async () => {
    expect(t.app.marketRuntime.running).toBe(true);
    const runtime = t.app.marketRuntime;
    await t.close();
    expect(runtime.running).toBe(false);
    const steps = runtime.stats.steps;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runtime.stats.steps).toBe(steps);
    t = undefined as unknown as TestApp;
  });
});
