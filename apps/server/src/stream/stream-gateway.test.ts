import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_CLOSE_UNAUTHORISED, level1ItemSchema } from '@kite/domain';
import { DEMO_PASSWORD, seedDemoData } from '../db/seed.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { StreamTestClient, depth, indexValue, instrument, level1 } from './stream-test-kit.ts';

interface Login {
  token: string;
  cookie: string;
}

describe('stream gateway over a real websocket, authorised by login sessions', () => {
  let t: TestApp;
  let url: string;
  const logins: Record<string, Login> = {};
  const clients: StreamTestClient[] = [];
  const bus = () => t.app.marketData;

  async function login(userId: string): Promise<Login> {
    const answer = await t.call<{ userSessionId: string }>('/Account/Login', { userId, password: DEMO_PASSWORD });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return { token: answer.data.userSessionId, cookie: answer.setCookie as string };
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/stream`;
    logins.first = await login('DEMO1');
    logins.second = await login('DEMO1');
    logins.stranger = await login('DEMO2');
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
  });

  async function open(): Promise<StreamTestClient> {
    const client = await StreamTestClient.open(url);
    clients.push(client);
    return client;
  }

  async function signedIn(user = 'DEMO1', token = logins.first?.token): Promise<StreamTestClient> {
    const client = await open();
    client.send({ task: 'connect', user, acctid: user, token });
    await client.until((c) => c.ofType('ack').length === 1);
    return client;
  }

  it('refuses a connect without a token: an error item, then the socket is closed', async () => {
    const client = await open();
    client.send({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1' });
    await client.until((c) => c.closed !== null);
    expect(client.ofType('error')).toEqual([
      { name: 'error', type: 'error', code: 'STR001', msg: 'Stream session is not valid. Please login.' },
    ]);
    expect(client.closed?.code).toBe(STREAM_CLOSE_UNAUTHORISED);
  });

  it("refuses a bad token and another user's token", async () => {
    const bad = await open();
    bad.send({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token: 'forged' });
    const other = await open();
    other.send({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token: logins.stranger?.token });
    const cookie = await open();
    // The session cookie is not the stream token.
    cookie.send({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token: logins.first?.cookie.slice(4) });
    await bad.until((c) => c.closed !== null);
    await other.until((c) => c.closed !== null);
    await cookie.until((c) => c.closed !== null);
    expect(cookie.ofType('error')[0]?.code).toBe('STR001');
    expect(bad.ofType('error')[0]?.code).toBe('STR001');
    expect(other.ofType('error')[0]?.code).toBe('STR001');
    expect(other.ofType('ack')).toEqual([]);
  });

  it('refuses a subscribe sent before connect', async () => {
    const client = await open();
    client.send({ task: 'sub', channel: 'NSE|RELIANCE', type: 'level1' });
    await client.until((c) => c.closed !== null);
    expect(client.ofType('error')[0]?.code).toBe('STR004');
  });

  it('streams level 1 ticks with exact decimal prices under the key subscribed with', async () => {
    const client = await signedIn();
    client.send({ task: 'sub', channel: 'NSE|RELIANCE&NSE|TCS', type: 'level1' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    bus().publish(level1(instrument('RELIANCE'), 245_610, Date.UTC(2026, 10, 21, 4, 30, 5)));
    await client.until((c) => c.ofType('level1').length === 1);
    const tick = level1ItemSchema.parse(client.ofType('level1')[0]);
    expect(tick).toMatchObject({
      key: 'NSE|RELIANCE',
      exc: 'NSE',
      streamSym: 'RELIANCE',
      xSym: 'RELIANCE-EQ',
      ltp: '2456.10',
      chng: '16.10',
      chngPer: '0.66',
      bidPrice: '2456.05',
      askPrice: '2456.15',
      closePrice: '2440.00',
      dprLow: '2196.00',
      dprHigh: '2684.00',
      marketCap: '1660000000000.00',
      lUpdatedTime: '21/11/2026 10:00:05',
    });
  });

  it('streams four-decimal prices for currency instruments', async () => {
    const client = await signedIn();
    client.send({ action: 'sub', channel: 'CDS|USDINR25DECFUT', type: 'level1' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const usdinr = instrument('USDINR25DECFUT', { exc: 'CDS', excSeg: 'cde_fo', decimals: 4 });
    bus().publish({ ...level1(usdinr, 884_125), close: 883_000, marketCap: null });
    await client.until((c) => c.ofType('level1').length === 1);
    expect(client.ofType('level1')[0]).toMatchObject({
      ltp: '88.4125',
      chng: '0.1125',
      chngPer: '0.13',
      marketCap: null,
    });
  });

  it('streams five-level depth on the newer feed key and index values at level 3', async () => {
    const client = await signedIn();
    client.send({ action: 'sub', channel: 'nse_cm|INFY-EQ', type: 'level2' });
    client.send({ task: 'sub', channel: 'NSE|NIFTY 50', type: 'level3' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    bus().publish(depth(instrument('INFY'), 150_000, 3));
    bus().publish(indexValue(instrument('NIFTY 50', { xSym: 'Nifty 50' }), 2_612_345));
    await client.until((c) => c.ofType('level2').length === 1 && c.ofType('level3').length === 1);
    const book = client.ofType('level2')[0];
    expect(book?.key).toBe('nse_cm|INFY-EQ');
    expect(book?.bids).toEqual([
      { bidNoOrders: 1, bidPrice: '1499.95', bidQty: 100 },
      { bidNoOrders: 2, bidPrice: '1499.90', bidQty: 200 },
      { bidNoOrders: 3, bidPrice: '1499.85', bidQty: 300 },
    ]);
    expect(book?.asks[0]).toEqual({ askNoOrders: 1, askPrice: '1500.05', askQty: 100 });
    expect(book).toMatchObject({
      totBuyQty: 150_000,
      totSellQty: 98_000,
      streamSym: 'INFY',
      exc: 'NSE',
      xSym: 'INFY-EQ',
    });
    expect(client.ofType('level3')[0]).toMatchObject({
      key: 'NSE|NIFTY 50',
      indexName: 'NIFTY 50',
      value: '26123.45',
      chng: '223.45',
      chngPer: '0.86',
    });
  });

  it('sends the latest value at once to a new subscriber', async () => {
    bus().publish(level1(instrument('HDFCBANK'), 99_850));
    const client = await signedIn();
    client.send({ task: 'sub', channel: 'NSE|HDFCBANK', type: 'level1' });
    await client.until((c) => c.ofType('level1').length === 1);
    expect(client.ofType('level1')[0]?.ltp).toBe('998.50');
  });

  it('conflates a burst of 100 updates to the latest value in a few frames', async () => {
    const client = await signedIn();
    client.send({ task: 'sub', channel: 'NSE|SBIN', type: 'level1' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const framesBefore = client.frames;
    const sbin = instrument('SBIN');
    for (let i = 1; i <= 100; i++) bus().publish(level1(sbin, 80_000 + i));
    await client.until((c) => c.ofType('level1').at(-1)?.ltp === '801.00');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const ticks = client.ofType('level1');
    expect(ticks.length).toBeLessThan(5);
    expect(client.frames - framesBefore).toBeLessThan(5);
    expect(ticks.at(-1)?.ltp).toBe('801.00');
  });

  it('batches ticks of many symbols into one frame', async () => {
    const client = await signedIn();
    const symbols = Array.from({ length: 40 }, (_, i) => `BATCH${i}`);
    client.send({ task: 'sub', channel: symbols.map((s) => `NSE|${s}`).join('&'), type: 'level1' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const framesBefore = client.frames;
    for (const symbol of symbols) bus().publish(level1(instrument(symbol), 10_000));
    await client.until((c) => c.ofType('level1').length === 40);
    expect(client.frames - framesBefore).toBeLessThanOrEqual(2);
  });

  it('stops sending a symbol after unsubscribe', async () => {
    const client = await signedIn();
    const itc = instrument('ITC');
    client.send({ task: 'sub', channel: 'NSE|ITC&NSE|WIPRO', type: 'level1' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    bus().publish(level1(itc, 41_000));
    await client.until((c) => c.ofType('level1').length === 1);
    client.send({ action: 'unsub', channel: 'NSE|ITC', type: 'level1' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    bus().publish(level1(itc, 41_100));
    bus().publish(level1(instrument('WIPRO'), 25_000));
    await client.until((c) => c.ofType('level1').some((t) => t.key === 'NSE|WIPRO'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(
      client
        .ofType('level1')
        .filter((t) => t.key === 'NSE|ITC')
        .map((t) => t.ltp),
    ).toEqual(['410.00']);
  });

  it('answers a malformed subscribe with an error and keeps the connection and its subscriptions', async () => {
    const client = await signedIn();
    client.send({ task: 'sub', channel: 'NSE|LT', type: 'level1' });
    client.send({ task: 'sub', channel: 'NSE|LT&BROKEN', type: 'level1' });
    client.send({ task: 'sub', channel: 'NSE|LT', type: 'level9' });
    client.send('not json at all');
    await client.until((c) => c.ofType('error').length === 3);
    bus().publish(level1(instrument('LT'), 360_000));
    await client.until((c) => c.ofType('level1').length === 1);
    expect(client.ofType('error').map((e) => e.code)).toEqual(['STR002', 'STR002', 'STR002']);
    expect(client.closed).toBeNull();
  });

  it('refuses a subscribe beyond 500 keys per level whole', async () => {
    const client = await signedIn();
    const keys = (from: number) => Array.from({ length: 200 }, (_, i) => `NSE|CAP${from + i}`).join('&');
    client.send({ task: 'sub', channel: keys(0), type: 'level1' });
    client.send({ task: 'sub', channel: keys(200), type: 'level1' });
    client.send({ task: 'sub', channel: keys(400), type: 'level1' });
    await client.until((c) => c.ofType('error').length === 1);
    expect(client.ofType('error')[0]?.code).toBe('STR003');
    bus().publish(level1(instrument('CAP450'), 10_000));
    bus().publish(level1(instrument('CAP399'), 10_000));
    await client.until((c) => c.ofType('level1').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(client.ofType('level1').map((t) => t.key)).toEqual(['NSE|CAP399']);
  });

  it("pushes an order update to the client's own sockets only", async () => {
    const first = await signedIn('DEMO1', logins.first?.token);
    const second = await signedIn('DEMO1', logins.second?.token);
    const stranger = await signedIn('DEMO2', logins.stranger?.token);
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM clients WHERE user_id = 'DEMO1'`);
    const sent = t.app.stream.pushToClient(Number(rows[0]?.id), {
      name: 'order',
      type: 'order',
      orderId: '250101000001',
      ordStatus: 'EXECUTED',
    });
    await first.until((c) => c.ofType('order').length === 1);
    await second.until((c) => c.ofType('order').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toBeGreaterThanOrEqual(2);
    expect(first.ofType('order')[0]).toMatchObject({ orderId: '250101000001', ordStatus: 'EXECUTED' });
    expect(stranger.ofType('order')).toEqual([]);
  });

  it('refuses the token of a session that has logged out', async () => {
    const session = await login('DEMO1');
    await signedIn('DEMO1', session.token);
    const logout = await t.call('/Account/Logout', {}, { cookie: session.cookie });
    expect(logout.infoID).toBe('0');
    const client = await open();
    client.send({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token: session.token });
    await client.until((c) => c.closed !== null);
    expect(client.ofType('error')[0]?.code).toBe('STR001');
  });

  it('keeps a fast client current while another client has stopped reading', async () => {
    const slow = await signedIn();
    const fast = await signedIn();
    const symbols = Array.from({ length: 200 }, (_, i) => `LOAD${i}`);
    const refs = symbols.map((s) => instrument(s));
    for (let from = 0; from < symbols.length; from += 200) {
      const channel = symbols
        .slice(from, from + 200)
        .map((s) => `NSE|${s}`)
        .join('&');
      for (const client of [slow, fast]) {
        client.send({ task: 'sub', channel, type: 'level1' });
        client.send({ task: 'sub', channel, type: 'level2' });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    slow.socket.pause();
    let round = 0;
    const started = Date.now();
    while (Date.now() - started < 1500) {
      round++;
      for (const [i, ref] of refs.entries()) {
        bus().publish(depth(ref, best(round, i)));
        bus().publish(level1(ref, best(round, i)));
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const latest = (client: StreamTestClient) =>
      client
        .ofType('level2')
        .filter((d) => d.key === 'NSE|LOAD0')
        .at(-1)?.bids[0]?.bidPrice;
    const expected = priceText(best(round, 0) - 5);
    // Current while the slow one is still stuck (no timing asserted: bench/src/fanout.ts measures lag).
    await fast.until((c) => latest(c) === expected);
    expect(latest(slow)).not.toBe(expected);
    slow.socket.resume();
    await slow.until((c) => latest(c) === expected, 15_000);
  }, 30_000);
});

function best(round: number, i: number): number {
  return 100_000 + ((round * 7919 + i * 104_729) % 90_000);
}

function priceText(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}
