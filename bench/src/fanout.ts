// Stream fan-out: 1,000 websocket clients on loopback, each subscribed to 50 symbols at level 1 and 5 at level 2, fed
// by a publisher of at least 2,000 ticks a second; then a bare `ws` broadcast of frames of the same size in the same
// run, as the ceiling to compare with. The clients live in a forked process (fanout-clients.ts).
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { WebSocketServer } from 'ws';
import { InProcessMarketDataBus, type InstrumentRef } from '../../apps/server/src/stream/market-data-bus.ts';
import type { StreamAuthenticator } from '../../apps/server/src/stream/stream-authenticator.ts';
import { streamPlugin } from '../../apps/server/src/stream/stream-plugin.ts';
import { encodeFrame, level1Item } from '../../apps/server/src/stream/wire.ts';
import type { ClientPlan, ClientReport, ParentMessage } from './fanout-clients.ts';

export interface FanoutOptions {
  clients: number;
  symbols: number;
  level1PerClient: number;
  level2PerClient: number;
  /** How many of the symbols carry depth (the popular ones). */
  depthSymbols: number;
  level1PerSecond: number;
  level2PerSecond: number;
  seconds: number;
  flushIntervalMs: number;
}

export const defaultFanoutOptions: FanoutOptions = {
  clients: 1000,
  symbols: 500,
  level1PerClient: 50,
  level2PerClient: 5,
  depthSymbols: 100,
  level1PerSecond: 2000,
  level2PerSecond: 500,
  seconds: Number(process.env.BENCH_FANOUT_SECONDS ?? 15),
  flushIntervalMs: 50,
};

const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Progress goes to stderr; stdout carries only the JSON lines. */
const progress = (text: string) => process.stderr.write(`fanout: ${text}\n`);

/** A seeded generator, so every run subscribes the same sets. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick(rng: () => number, count: number, of: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, of)) chosen.add(Math.floor(rng() * of));
  return [...chosen];
}

class Loader {
  private readonly child: ChildProcess;
  private waiting: ((message: Record<string, unknown>) => void)[] = [];

  constructor() {
    this.child = fork(path.join(here, 'fanout-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    this.child.on('message', (message) => this.waiting.shift()?.(message as Record<string, unknown>));
  }

  async ask(message: ParentMessage): Promise<Record<string, unknown>> {
    const answer = new Promise<Record<string, unknown>>((resolve) => this.waiting.push(resolve));
    this.child.send(message);
    const reply = await answer;
    if (reply.error) throw new Error(String(reply.error));
    return reply;
  }

  kill(): void {
    this.child.kill();
  }
}

function refFor(i: number): InstrumentRef {
  return { exc: 'NSE', excSeg: 'nse_cm', streamSym: `SYM${i}`, xSym: `SYM${i}-EQ`, decimals: 2 };
}

/** Publishes at the asked rates, catching up on timer drift so the rate holds. */
function startPublisher(
  bus: InProcessMarketDataBus,
  options: FanoutOptions,
): { stop: () => { ticks: number; seconds: number } } {
  const rng = random(7);
  const prices = Array.from({ length: options.symbols }, () => 100_000 + Math.floor(rng() * 400_000));
  const refs = Array.from({ length: options.symbols }, (_, i) => refFor(i));
  const began = Date.now();
  let level1 = 0;
  let level2 = 0;
  const timer = setInterval(() => {
    const elapsed = (Date.now() - began) / 1000;
    const now = Date.now();
    for (; level1 < elapsed * options.level1PerSecond; level1++) {
      const i = level1 % options.symbols;
      const ref = refs[i] as InstrumentRef;
      const ltp = (prices[i] = (prices[i] ?? 100_000) + (rng() < 0.5 ? -5 : 5));
      bus.publish({
        feed: 'level1',
        instrument: ref,
        ts: now,
        lastTradedAt: now,
        ltp,
        ltq: 1 + Math.floor(rng() * 500),
        bidPrice: ltp - 5,
        bidQty: 100,
        askPrice: ltp + 5,
        askQty: 120,
        avgTradedPrice: ltp,
        vol: level1 * 10,
        openInterest: 0,
        totBuyQty: 50_000,
        totSellQty: 60_000,
        open: ltp,
        high: ltp + 500,
        low: ltp - 500,
        close: ltp - 100,
        yearlyHigh: ltp + 9000,
        yearlyLow: ltp - 9000,
        dprLow: ltp - 10_000,
        dprHigh: ltp + 10_000,
        marketCap: ltp * 1_000_000,
      });
    }
    for (; level2 < elapsed * options.level2PerSecond; level2++) {
      const i = level2 % options.depthSymbols;
      const best = prices[i] ?? 100_000;
      const side = (sign: number) =>
        Array.from({ length: 5 }, (_, l) => ({
          price: best + sign * 5 * (l + 1),
          qty: 1 + Math.floor(rng() * 5000),
          orders: 1 + l,
        }));
      bus.publish({
        feed: 'level2',
        instrument: refs[i] as InstrumentRef,
        ts: now,
        bids: side(-1),
        asks: side(1),
        totBuyQty: 80_000,
        totSellQty: 70_000,
      });
    }
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return { ticks: level1 + level2, seconds: (Date.now() - began) / 1000 };
    },
  };
}

function summary(variant: string, report: ClientReport, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    bench: 'fanout',
    variant,
    clients: report.clients,
    seconds: report.seconds,
    deliveredTicksPerSec: Math.round(report.items / report.seconds),
    framesPerSec: Math.round(report.frames / report.seconds),
    avgFrameBytes: report.frames ? Math.round(report.bytes / report.frames) : 0,
    avgItemsPerFrame: report.frames ? Number((report.items / report.frames).toFixed(1)) : 0,
    p50Ms: report.p50Ms,
    p99Ms: report.p99Ms,
    maxMs: report.maxMs,
    slowestClientP99Ms: report.slowestClientP99Ms,
    slowestClientMaxMs: report.slowestClientMaxMs,
    ...extra,
  };
}

function cpuPercent(before: NodeJS.CpuUsage, ms: number): number {
  const used = process.cpuUsage(before);
  return Math.round(((used.user + used.system) / 1000 / ms) * 100);
}

/**
 * random: every client its own 50 + 5 symbols (the worst case: no two pending sets alike, one encode per client).
 * watchlists: clients share 20 watchlists of 50 symbols (with 5 depth symbols each), as clients of one broker do
 * with its predefined lists; equal pending sets then share one encoded frame.
 */
export type SubscriptionMode = 'random' | 'watchlists';

function subscriptionsFor(mode: SubscriptionMode, options: FanoutOptions): ClientPlan['subscriptions'] {
  const rng = random(42);
  const lists = Array.from({ length: 20 }, () => ({
    level1: pick(rng, options.level1PerClient, options.symbols),
    level2: pick(rng, options.level2PerClient, options.depthSymbols),
  }));
  return Array.from({ length: options.clients }, (_, c) => {
    const chosen =
      mode === 'watchlists'
        ? (lists[c % lists.length] as (typeof lists)[number])
        : {
            level1: pick(rng, options.level1PerClient, options.symbols),
            level2: pick(rng, options.level2PerClient, options.depthSymbols),
          };
    return { level1: chosen.level1.map((i) => `NSE|SYM${i}`), level2: chosen.level2.map((i) => `nse_cm|SYM${i}-EQ`) };
  });
}

async function measureGateway(
  loader: Loader,
  options: FanoutOptions,
  mode: SubscriptionMode,
): Promise<Record<string, unknown>> {
  const bus = new InProcessMarketDataBus();
  const allowBenchClients: StreamAuthenticator = {
    authenticate: async ({ user, token }) => {
      const n = Number(user.slice(5));
      return token === `token-${n}` ? { sessionId: token, clientId: n + 1, userId: user, otpPending: false } : null;
    },
  };
  const app = Fastify({ logger: false });
  await app.register(streamPlugin, {
    bus,
    authenticator: allowBenchClients,
    gateway: { flushIntervalMs: options.flushIntervalMs },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/stream`;
  const plan: ClientPlan = { url, connect: true, subscriptions: subscriptionsFor(mode, options) };
  progress(`gateway (${mode}): opening ${options.clients} clients`);
  await loader.ask({ cmd: 'start', plan });
  progress(`gateway (${mode}): clients subscribed, publishing`);
  await sleep(1500);
  const publisher = startPublisher(bus, options);
  await sleep(1000);
  await loader.ask({ cmd: 'measure' });
  const statsBefore = app.stream.stats();
  const cpuBefore = process.cpuUsage();
  const began = Date.now();
  await sleep(options.seconds * 1000);
  const { report } = (await loader.ask({ cmd: 'report' })) as { report: ClientReport };
  const elapsed = Date.now() - began;
  const serverCpuPct = cpuPercent(cpuBefore, elapsed);
  const published = publisher.stop();
  const stats = app.stream.stats();
  await loader.ask({ cmd: 'stop' });
  await app.close();
  return summary(`gateway-${mode}`, report, {
    publishedTicksPerSecTarget: options.level1PerSecond + options.level2PerSecond,
    publishedTicksPerSec: Math.round(published.ticks / published.seconds),
    serverCpuPct,
    framesEncoded: stats.framesEncoded - statsBefore.framesEncoded,
    framesShared: stats.framesShared - statsBefore.framesShared,
    backpressureSkips: stats.backpressureSkips - statsBefore.backpressureSkips,
  });
}

/** How many level 1 items make a frame of about `bytes` (the gateway's average), so both variants send the same sizes. */
function itemsForFrameBytes(bytes: number, options: FanoutOptions): number {
  let count = 1;
  while (count < 500 && bareFrame(count, 0, Date.now(), options).length < bytes) count++;
  return count;
}

function bareFrame(itemsPerFrame: number, round: number, now: number, options: FanoutOptions): string {
  const jsons: string[] = [];
  for (let k = 0; k < itemsPerFrame; k++) {
    const i = (round * itemsPerFrame + k) % options.symbols;
    const ltp = 100_000 + ((round * 37 + i * 101) % 400_000);
    const update = {
      feed: 'level1' as const,
      instrument: refFor(i),
      ts: now,
      lastTradedAt: now,
      ltp,
      ltq: 1 + (i % 500),
      bidPrice: ltp - 5,
      bidQty: 100,
      askPrice: ltp + 5,
      askQty: 120,
      avgTradedPrice: ltp,
      vol: round * 10,
      openInterest: 0,
      totBuyQty: 50_000,
      totSellQty: 60_000,
      open: ltp,
      high: ltp + 500,
      low: ltp - 500,
      close: ltp - 100,
      yearlyHigh: ltp + 9000,
      yearlyLow: ltp - 9000,
      dprLow: ltp - 10_000,
      dprHigh: ltp + 10_000,
      marketCap: ltp * 1_000_000,
    };
    jsons.push(JSON.stringify(level1Item(update, `NSE|SYM${i}`)));
  }
  return encodeFrame(jsons);
}

/** The ceiling: frames the size of the gateway's average, at the gateway's per-client frame rate, encoded once and sent to every client per flush. */
async function measureBareBroadcast(
  loader: Loader,
  options: FanoutOptions,
  itemsPerFrame: number,
  intervalMs: number,
): Promise<Record<string, unknown>> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  progress(`bare broadcast: opening ${options.clients} clients`);
  await loader.ask({
    cmd: 'start',
    plan: {
      url,
      connect: false,
      subscriptions: Array.from({ length: options.clients }, () => ({ level1: [], level2: [] })),
    },
  });
  let round = 0;
  const timer = setInterval(() => {
    const frame = bareFrame(itemsPerFrame, round, Date.now(), options);
    for (const socket of server.clients) socket.send(frame);
    round++;
  }, intervalMs);
  await sleep(1000);
  await loader.ask({ cmd: 'measure' });
  const cpuBefore = process.cpuUsage();
  const began = Date.now();
  await sleep(options.seconds * 1000);
  const { report } = (await loader.ask({ cmd: 'report' })) as { report: ClientReport };
  const serverCpuPct = cpuPercent(cpuBefore, Date.now() - began);
  clearInterval(timer);
  await loader.ask({ cmd: 'stop' });
  await new Promise((resolve) => server.close(resolve));
  return summary('bare-ws-broadcast', report, { serverCpuPct, broadcastIntervalMs: intervalMs });
}

/** Runs both variants in one run; one JSON object each. */
export async function runFanout(overrides: Partial<FanoutOptions> = {}): Promise<Record<string, unknown>[]> {
  const options = { ...defaultFanoutOptions, ...overrides };
  const loader = new Loader();
  try {
    const gateway = await measureGateway(loader, options, 'random');
    const shared = await measureGateway(loader, options, 'watchlists');
    const itemsPerFrame = itemsForFrameBytes(Number(gateway.avgFrameBytes) || 0, options);
    // The same bytes per frame and frames per client per second as the gateway managed, so only the work differs.
    const framesPerClientPerSec = Number(gateway.framesPerSec) / options.clients || 1000 / options.flushIntervalMs;
    const intervalMs = Math.max(options.flushIntervalMs, Math.round(1000 / framesPerClientPerSec));
    const bare = await measureBareBroadcast(loader, options, itemsPerFrame, intervalMs);
    return [gateway, shared, bare];
  } finally {
    loader.kill();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const result of await runFanout()) console.log(JSON.stringify(result));
}
