import { EventEmitter } from 'node:events';
import { WebSocket } from 'ws';
import { streamFrameSchema, type StreamItem } from '@kite/domain';
import type { DepthUpdate, IndexUpdate, InstrumentRef, Level1Update } from './market-data-bus.ts';
import type { StreamAuthenticator } from './stream-authenticator.ts';
import { decodeFrame } from './wire.ts';

/** A real websocket client for the gateway's tests: decodes every frame and checks it against the wire schemas. */
export class StreamTestClient {
  readonly items: StreamItem[] = [];
  frames = 0;
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames++;
      const decoded = streamFrameSchema.parse(decodeFrame(String(data)));
      this.items.push(...decoded);
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  static async open(url: string, options: { autoPong?: boolean } = {}): Promise<StreamTestClient> {
    const socket = new WebSocket(url, { autoPong: options.autoPong ?? true });
    const client = new StreamTestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Resolves once `check` holds over what has arrived; rejects after `timeoutMs`. */
  async until(check: (client: StreamTestClient) => boolean, timeoutMs = 3000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; received ${JSON.stringify(this.items.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  ofType<T extends StreamItem['type']>(type: T): Extract<StreamItem, { type: T }>[] {
    return this.items.filter((item): item is Extract<StreamItem, { type: T }> => item.type === type);
  }

  close(): void {
    this.socket.close();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

export function instrument(streamSym: string, overrides: Partial<InstrumentRef> = {}): InstrumentRef {
  return { exc: 'NSE', excSeg: 'nse_cm', streamSym, xSym: `${streamSym}-EQ`, decimals: 2, ...overrides };
}

/** A level 1 update with plausible values; prices in paise. */
export function level1(ref: InstrumentRef, ltp: number, ts = Date.now()): Level1Update {
  return {
    feed: 'level1',
    instrument: ref,
    ts,
    lastTradedAt: ts,
    ltp,
    ltq: 10,
    bidPrice: ltp - 5,
    bidQty: 120,
    askPrice: ltp + 5,
    askQty: 75,
    avgTradedPrice: ltp,
    vol: 1_234_567,
    openInterest: 0,
    totBuyQty: 45_000,
    totSellQty: 52_000,
    open: 245_000,
    high: 247_500,
    low: 243_000,
    close: 244_000,
    yearlyHigh: 320_000,
    yearlyLow: 200_000,
    dprLow: 219_600,
    dprHigh: 268_400,
    marketCap: 1_660_000_000_000_00,
  };
}

export function depth(ref: InstrumentRef, best: number, levels = 5, ts = Date.now()): DepthUpdate {
  const side = (sign: number) =>
    Array.from({ length: levels }, (_, i) => ({ price: best + sign * (i * 5 + 5), qty: 100 * (i + 1), orders: i + 1 }));
  return { feed: 'level2', instrument: ref, ts, bids: side(-1), asks: side(1), totBuyQty: 150_000, totSellQty: 98_000 };
}

export function indexValue(ref: InstrumentRef, value: number, ts = Date.now()): IndexUpdate {
  return { feed: 'level3', index: ref, ts, value, high: value + 10_000, low: value - 10_000, close: 2_590_000 };
}

/** Signs in any user (all as client 7), for gateway tests without a database. */
export const allowAll: StreamAuthenticator = {
  authenticate: async ({ user }) => ({ sessionId: `s-${user}`, clientId: 7, userId: user, otpPending: false }),
};

/**
 * A socket for the gateway's flow-control tests whose unsent byte count the test sets: a loopback socket's kernel
 * buffers hold megabytes, so a real one would need seconds of traffic to back up (stream-gateway.test.ts covers the
 * real-socket path). Records each frame and when it was sent.
 */
export class StubSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  /** How long each send holds the event loop, as a real socket write does under load. */
  sendMs = 0;
  frames: StreamItem[][] = [];
  /** performance.now() of each frame. */
  sentAt: number[] = [];
  pings = 0;
  terminated = false;
  closedWith: number | null = null;

  send(frame: string | Buffer): void {
    this.sentAt.push(performance.now());
    const until = performance.now() + this.sendMs;
    while (performance.now() < until);
    this.frames.push(streamFrameSchema.parse(decodeFrame(String(frame))));
  }
  ping(): void {
    this.pings++;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
  close(code: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  say(message: unknown): void {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
  items(): StreamItem[] {
    return this.frames.flat();
  }
}
