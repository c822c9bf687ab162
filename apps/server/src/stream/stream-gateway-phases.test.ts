import type { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InProcessMarketDataBus } from './market-data-bus.ts';
import { StreamGateway, type GatewayOptions } from './stream-gateway.ts';
import { allowAll, instrument, level1, StubSocket } from './stream-test-kit.ts';

// The gateway's passes run on timers and performance.now(), both faked here: the test reads the passes' sizes and
// times as the design makes them, not as a loaded machine delays them.
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Sends closer together than this belong to one pass (a pass writes its connections in one synchronous stretch). */
const SAME_PASS_MS = 2;

/** The number of sockets written in each pass, from every socket's send times. */
function passSizes(sockets: readonly StubSocket[], from: number): number[] {
  const times = sockets.flatMap((socket) => socket.sentAt.filter((at) => at >= from)).sort((a, b) => a - b);
  const sizes: number[] = [];
  let last = Number.NEGATIVE_INFINITY;
  for (const at of times) {
    if (at - last > SAME_PASS_MS) sizes.push(0);
    sizes[sizes.length - 1]! += 1;
    last = at;
  }
  return sizes;
}

describe('stream gateway passes spread over the interval', () => {
  let gateway: StreamGateway;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => {
    gateway.close();
    vi.useRealTimers();
  });

  /** Sockets each subscribed to a symbol of its own, so their subscriptions (and phases) differ. */
  async function subscribed(count: number, options: Partial<GatewayOptions>) {
    const bus = new InProcessMarketDataBus();
    gateway = new StreamGateway({ bus, authenticator: allowAll, options });
    const sockets = Array.from({ length: count }, () => new StubSocket());
    for (const [i, socket] of sockets.entries()) {
      gateway.handleConnection(socket as unknown as WebSocket);
      socket.say({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token: 't' });
      await wait(1);
      socket.say({ task: 'sub', channel: `NSE|SYM${i}`, type: 'level1' });
    }
    const refs = sockets.map((_, i) => instrument(`SYM${i}`));
    let ltp = 100_000;
    const publishAll = () => {
      ltp += 5;
      for (const ref of refs) bus.publish(level1(ref, ltp));
    };
    return { sockets, publishAll };
  }

  it('writes a steady stream to a share of the connections in each pass, each once per interval', async () => {
    const { sockets, publishAll } = await subscribed(40, { flushIntervalMs: 40, passPhases: 4 });
    const publisher = setInterval(publishAll, 2);
    await wait(100);
    const from = performance.now();
    await wait(600);
    clearInterval(publisher);

    const sizes = passSizes(sockets, from);
    // One pass for all 40 (passPhases 1) would write every socket in every pass.
    expect(Math.max(...sizes)).toBeLessThanOrEqual(24);
    for (const socket of sockets) {
      const sent = socket.sentAt.filter((at) => at >= from);
      const gaps = sent.slice(1).map((at, i) => at - (sent[i] as number));
      gaps.sort((a, b) => a - b);
      // Ticks every 2 ms, but a frame per interval (40 ms): the passes of other phases leave this socket alone.
      expect(sent.length).toBeGreaterThanOrEqual(8);
      expect(sent.length).toBeLessThanOrEqual(20);
      expect(gaps[Math.floor(gaps.length / 2)]).toBeGreaterThanOrEqual(30);
    }
  });

  it('sends a burst after a quiet spell to every connection in the next pass, whatever its phase', async () => {
    const { sockets, publishAll } = await subscribed(12, { flushIntervalMs: 200, passPhases: 4 });
    publishAll();
    await wait(300);
    const before = sockets.map((socket) => socket.frames.length);
    expect(sockets.map((socket) => socket.items().filter((item) => item.type === 'level1').length)).toEqual(
      sockets.map(() => 1),
    );

    const publishedAt = performance.now();
    publishAll();
    await wait(120);
    for (const [i, socket] of sockets.entries()) {
      const sent = before[i] as number;
      expect(socket.frames).toHaveLength(sent + 1);
      // Its phase's pass could be up to 150 ms away; a connection idle for an interval does not wait for it.
      expect((socket.sentAt[sent] as number) - publishedAt).toBeLessThan(75);
    }
  });
});
