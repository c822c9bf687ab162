import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessMarketDataBus } from './market-data-bus.ts';
import { StreamGateway } from './stream-gateway.ts';
import { allowAll, StreamTestClient, depth, instrument, level1 } from './stream-test-kit.ts';

const MAX_BUFFERED_BYTES = 64 * 1024;
const SYMBOLS = Array.from({ length: 100 }, (_, i) => `SLOW${i}`);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Prices that differ every round, so each round's values can be told apart. */
function price(round: number, symbol: number): number {
  return 100_000 + round * 100 + symbol;
}

function ltpOf(round: number): string {
  const paise = price(round, 0);
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

describe('a client that stops reading its socket (real websockets on loopback)', () => {
  let gateway: StreamGateway;
  let server: WebSocketServer;
  const clients: StreamTestClient[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) client.socket.terminate();
    gateway.close();
    await new Promise((resolve) => server.close(resolve));
  });

  async function subscribed(url: string, user: string): Promise<StreamTestClient> {
    const client = await StreamTestClient.open(url);
    clients.push(client);
    client.send({ task: 'connect', user, acctid: user, token: 't' });
    await client.until((c) => c.ofType('ack').length === 1);
    const channel = SYMBOLS.map((s) => `NSE|${s}`).join('&');
    client.send({ task: 'sub', channel, type: 'level1' });
    client.send({ task: 'sub', channel, type: 'level2' });
    return client;
  }

  it('delays nobody else, holds at most about one frame beyond the bound, then gets only the newest values', async () => {
    const bus = new InProcessMarketDataBus();
    gateway = new StreamGateway({
      bus,
      authenticator: allowAll,
      options: { flushIntervalMs: 10, maxBufferedBytes: MAX_BUFFERED_BYTES },
    });
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    server.on('connection', (socket) => gateway.handleConnection(socket));
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const slow = await subscribed(url, 'SLOW');
    const fast = [await subscribed(url, 'FASTA'), await subscribed(url, 'FASTB')];
    let largestFrame = 0;
    let fastBytes = 0;
    for (const client of fast)
      client.socket.on('message', (data: Buffer) => {
        largestFrame = Math.max(largestFrame, data.length);
        fastBytes += data.length;
      });
    const refs = SYMBOLS.map((s) => instrument(s));
    const publishRound = (round: number) => {
      for (const [i, ref] of refs.entries()) {
        bus.publish(level1(ref, price(round, i)));
        bus.publish(depth(ref, price(round, i)));
      }
    };

    slow.socket.pause();
    let round = 0;
    let largestBuffered = 0;
    // Publish until the slow socket has been passed over many times: its kernel buffers are full, and ours too.
    while (gateway.stats().backpressureSkips < 30) {
      expect(round, 'the slow socket never backed up').toBeLessThan(1000);
      publishRound(++round);
      await wait(10);
      largestBuffered = Math.max(largestBuffered, gateway.stats().largestBufferedBytes);
    }
    // The others are current while the slow one is still stuck.
    const marker = ++round;
    publishRound(marker);
    for (const client of fast)
      await client.until((c) => c.ofType('level1').some((t) => t.key === 'NSE|SLOW0' && t.ltp === ltpOf(marker)));
    largestBuffered = Math.max(largestBuffered, gateway.stats().largestBufferedBytes);
    expect(slow.ofType('level1').some((t) => t.ltp === ltpOf(marker))).toBe(false);

    // Bounded: a socket is sent a frame only while it holds less than the bound, so at most one frame more.
    expect(largestBuffered).toBeGreaterThan(0);
    expect(largestBuffered).toBeLessThanOrEqual(MAX_BUFFERED_BYTES + largestFrame);
    // The bound mattered: the others were sent many times what the slow one was allowed to hold.
    expect(fastBytes / fast.length).toBeGreaterThan(4 * (MAX_BUFFERED_BYTES + largestFrame));

    slow.socket.resume();
    await slow.until((c) => c.ofType('level1').some((t) => t.key === 'NSE|SLOW0' && t.ltp === ltpOf(marker)), 15_000);
    // Conflated, not queued: it skipped stale rounds instead of receiving each one late.
    const slowRounds = slow.ofType('level1').filter((t) => t.key === 'NSE|SLOW0').length;
    const fastRounds = fast[0]?.ofType('level1').filter((t) => t.key === 'NSE|SLOW0').length ?? 0;
    expect(slowRounds).toBeLessThan(round);
    expect(slowRounds).toBeLessThan(fastRounds);
  }, 60_000);
});
