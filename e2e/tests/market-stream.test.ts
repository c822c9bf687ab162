import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { startServer, type RunningServer } from '../support/server.ts';

/** The real server with payload encryption off, so the test speaks the plain API and the raw stream protocol. */
interface Answer<T> {
  response: { infoID: string; infoMsg: string; data: T };
}

type Item = Record<string, unknown> & { name: string; type: string; key?: string };

/** trading.md 4.9: every frame is base64 text of a zlib-deflated JSON array of items. */
function decode(frame: string): Item[] {
  return JSON.parse(inflateSync(Buffer.from(frame, 'base64')).toString('utf8')) as Item[];
}

describe('live market stream from the simulated exchange (raw websocket client)', () => {
  let server: RunningServer;
  let cookie = '';
  const call = async <T>(path: string, data: unknown): Promise<Answer<T>> => {
    const response = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ request: { data } }),
    });
    const sid = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) cookie = sid.split(';')[0] ?? '';
    return (await response.json()) as Answer<T>;
  };

  beforeAll(async () => {
    server = await startServer(inject('e2eAdminDatabaseUrl'), { ENCRYPTION: 'off', MARKET_TICK_MS: '200' });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('streams level 1 and five-level depth that change over a few seconds, for keys from search and quote', async () => {
    const login = await call<{ userSessionId: string }>('/Account/Login', { userId: 'DEMO1', password: 'Demo@1234' });
    expect(login.response.infoID, login.response.infoMsg).toBe('0');
    const token = login.response.data.userSessionId;

    type Row = { sym: { id: string; exc: string; exc_seg: string; xSym: string }; streamSym: string };
    const found = await call<{ searchResults: Row[] }>('/Trade/SymbolSearch', { search: 'RELIANCE', tab: 'equity' });
    const reliance = found.response.data.searchResults.find((r) => r.sym.exc === 'NSE')!;
    const futures = await call<{ searchResults: Row[] }>('/Trade/SymbolSearch', { search: 'NIFTY', tab: 'fno' });
    const future = futures.response.data.searchResults[0]!;
    const quote = await call<{ quote: { streamSym: string } }>('/Market/GetQuote', { sym: future.sym });
    expect(quote.response.infoID).toBe('0');
    expect(quote.response.data.quote.streamSym).toBe(future.streamSym);

    const legacyKey = `${reliance.sym.exc}|${reliance.streamSym}`; // older feed: exc|streamSym
    const segmentKey = `${future.sym.exc_seg}|${future.sym.xSym}`; // newer feed: exc_seg|xSym
    const items: Item[] = [];
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/stream`);
    socket.on('message', (data) => items.push(...decode(String(data))));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token }));
    const until = async (check: () => boolean, ms: number) => {
      const deadline = Date.now() + ms;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`timed out; last items ${JSON.stringify(items.slice(-3))}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await until(() => items.some((i) => i.name === 'ack'), 5_000);
    socket.send(JSON.stringify({ task: 'sub', channel: `${legacyKey}&${segmentKey}`, type: 'level1' }));
    socket.send(JSON.stringify({ action: 'sub', channel: `${legacyKey}&${segmentKey}`, type: 'level2' }));
    socket.send(JSON.stringify({ task: 'sub', channel: 'NSE|NIFTY 50&BSE|SENSEX', type: 'level3' }));

    const l1 = (key: string) => items.filter((i) => i.name === 'sf' && i.type === 'level1' && i.key === key);
    const l2 = (key: string) => items.filter((i) => i.name === 'dp' && i.type === 'level2' && i.key === key);
    const l3 = () => items.filter((i) => i.name === 'if' && i.type === 'level3');
    const distinct = (list: Item[], field: string) => new Set(list.map((i) => JSON.stringify(i[field]))).size;
    await until(
      () =>
        distinct(l1(legacyKey), 'ltp') >= 2 &&
        distinct(l1(legacyKey), 'vol') >= 3 &&
        distinct(l1(segmentKey), 'vol') >= 3 &&
        distinct(l2(legacyKey), 'bids') >= 2 &&
        distinct(l2(segmentKey), 'asks') >= 2 &&
        distinct(l3(), 'value') >= 2,
      15_000,
    );
    socket.close();

    const tick = l1(legacyKey).at(-1)!;
    expect(tick).toMatchObject({ exc: 'NSE', excSeg: 'nse_cm', streamSym: 'RELIANCE' });
    for (const field of [
      'ltp',
      'chng',
      'bidPrice',
      'askPrice',
      'openPrice',
      'highPrice',
      'lowPrice',
      'closePrice',
      'dprLow',
      'dprHigh',
      'yearlyHighPrice',
      'yearlyLowPrice',
    ]) {
      expect(tick[field], field).toMatch(/^-?\d+\.\d{2}$/);
    }
    expect(tick.chngPer).toMatch(/^-?\d+\.\d{2}$/);
    expect(tick.lUpdatedTime).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(tick.lTradedTime).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(Number(tick.askPrice)).toBeGreaterThan(Number(tick.bidPrice));
    expect(Number(tick.highPrice)).toBeGreaterThanOrEqual(Number(tick.lowPrice));
    expect(tick.marketCap).toMatch(/^\d+\.\d{2}$/);
    // Market makers quote five levels, but a marketable order may have just taken one: up to five, best first.
    type Level = { bidNoOrders: number; bidPrice: string; bidQty: number };
    const depths = l2(segmentKey).map((d) => ({ bids: d.bids as Level[], asks: d.asks as unknown[] }));
    expect(depths.some((d) => d.bids.length === 5 && d.asks.length === 5)).toBe(true);
    const depth = depths.at(-1)!;
    expect(depth.bids.length).toBeGreaterThan(0);
    expect(depth.bids.length).toBeLessThanOrEqual(5);
    expect(depth.asks.length).toBeLessThanOrEqual(5);
    const bids = depth.bids;
    for (let i = 1; i < bids.length; i++) expect(Number(bids[i - 1]!.bidPrice)).toBeGreaterThan(Number(bids[i]!.bidPrice));
    expect(bids.every((b) => b.bidQty > 0 && b.bidNoOrders > 0)).toBe(true);
    const index = l3().at(-1)!;
    expect(['NIFTY 50', 'SENSEX']).toContain(index.indexName);
    expect(index.value).toMatch(/^\d+\.\d{2}$/);
  }, 40_000);
});
