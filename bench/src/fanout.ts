// Stream fan-out (issue 5): 1,000 websocket clients on loopback, each subscribed to 50 symbols at level 1 and 5 at
// level 2, fed by a publisher of 2,500 ticks a second through the real bus and gateway; then, in the same run, a bare
// `ws` broadcast of frames of the same size: once at the gateway's frame rate (the transport's own latency at that
// load) and once back to back (the machine's ceiling in messages a second). The clients live in forked processes
// (fanout-clients.ts; two by default, BENCH_FANOUT_CLIENT_PROCESSES) that decode a sample of them in full and count the
// rest, the same way for every variant.
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { WebSocketServer } from 'ws';
import { boundHeapGrowth } from '../../apps/server/src/config/heap-growth.ts';
import { InProcessMarketDataBus, type InstrumentRef } from '../../apps/server/src/stream/market-data-bus.ts';
import type { StreamAuthenticator } from '../../apps/server/src/stream/stream-authenticator.ts';
import { defaultGatewayOptions } from '../../apps/server/src/stream/stream-gateway.ts';
import { streamPlugin } from '../../apps/server/src/stream/stream-plugin.ts';
import { encodeFrame, level1Item } from '../../apps/server/src/stream/wire.ts';
import { childModule } from './child-module.ts';
import type { ClientPlan, ClientReport, ParentMessage } from './fanout-clients.ts';
import { LatencyHistogram } from './latency-histogram.ts';

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
  /** Phases of the interval the gateway spreads its connections over. */
  passPhases: number;
  /** Every n-th client inflates and reads every frame; the others count frames and bytes. */
  decodeEvery: number;
  /** Forked processes the clients are spread over. */
  clientProcesses: number;
}

export const defaultFanoutOptions: FanoutOptions = {
  clients: Number(process.env.BENCH_FANOUT_CLIENTS ?? 1000),
  symbols: 500,
  level1PerClient: 50,
  level2PerClient: 5,
  depthSymbols: 100,
  level1PerSecond: 2000,
  level2PerSecond: 500,
  seconds: Number(process.env.BENCH_FANOUT_SECONDS ?? 10),
  flushIntervalMs: Number(process.env.BENCH_FANOUT_FLUSH_MS ?? defaultGatewayOptions.flushIntervalMs),
  passPhases: Number(process.env.BENCH_FANOUT_PHASES ?? defaultGatewayOptions.passPhases),
  decodeEvery: Number(process.env.BENCH_FANOUT_DECODE_EVERY ?? 10),
  clientProcesses: Number(process.env.BENCH_FANOUT_CLIENT_PROCESSES ?? 2),
};

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

/** One forked process of clients. */
class LoaderProcess {
  private readonly child: ChildProcess;
  private waiting: ((message: Record<string, unknown>) => void)[] = [];

  constructor() {
    // BENCH_FANOUT_CLIENT_NODE_ARGS (e.g. "--cpu-prof") profiles the clients' processes too.
    const extra = process.env.BENCH_FANOUT_CLIENT_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const clients = childModule(import.meta.url, 'fanout-clients');
    this.child = fork(clients.modulePath, [], {
      execArgv: [...clients.execArgv, ...extra],
      stdio: 'inherit',
    });
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

/**
 * The clients, split over `processes` forked processes (each a share of them, in order): one process of a thousand
 * sockets queues whole passes of frames behind its own event loop, which a real client's own machine would not.
 */
class Loader {
  private readonly parts: LoaderProcess[];

  constructor(processes: number) {
    this.parts = Array.from({ length: Math.max(1, processes) }, () => new LoaderProcess());
  }

  get processes(): number {
    return this.parts.length;
  }

  async start(plan: Omit<ClientPlan, 'firstClient'>): Promise<void> {
    const share = Math.ceil(plan.subscriptions.length / this.parts.length);
    await Promise.all(
      this.parts.map((part, p) => {
        const firstClient = p * share;
        const subscriptions = plan.subscriptions.slice(firstClient, firstClient + share);
        return part.ask({ cmd: 'start', plan: { ...plan, firstClient, subscriptions } });
      }),
    );
  }

  async measure(): Promise<void> {
    await Promise.all(this.parts.map((part) => part.ask({ cmd: 'measure' })));
  }

  async stop(): Promise<void> {
    await Promise.all(this.parts.map((part) => part.ask({ cmd: 'stop' })));
  }

  /** The processes' reports as one: counts added, latencies merged, the slowest client of all, CPU summed. */
  async report(): Promise<ClientReport> {
    const reports = await Promise.all(
      this.parts.map(async (part) => ((await part.ask({ cmd: 'report' })) as { report: ClientReport }).report),
    );
    const latencies = new LatencyHistogram();
    for (const report of reports) latencies.merge(report.latencyCounts);
    const sum = (field: 'clients' | 'frames' | 'bytes' | 'decodedClients' | 'decodedFrames' | 'decodedItems') =>
      reports.reduce((total, report) => total + report[field], 0);
    return {
      clients: sum('clients'),
      seconds: Math.max(...reports.map((report) => report.seconds)),
      frames: sum('frames'),
      bytes: sum('bytes'),
      decodedClients: sum('decodedClients'),
      decodedFrames: sum('decodedFrames'),
      decodedItems: sum('decodedItems'),
      p50Ms: latencies.quantile(0.5),
      p99Ms: latencies.quantile(0.99),
      maxMs: latencies.max,
      latencyCounts: latencies.used(),
      slowestClientP99Ms: Math.max(...reports.map((report) => report.slowestClientP99Ms)),
      slowestClientMaxMs: Math.max(...reports.map((report) => report.slowestClientMaxMs)),
      fewestFramesPerClientPerSec: Math.min(...reports.map((report) => report.fewestFramesPerClientPerSec)),
      clientCpuPct: reports.reduce((total, report) => total + report.clientCpuPct, 0),
    };
  }

  kill(): void {
    for (const part of this.parts) part.kill();
  }
}

function refFor(i: number): InstrumentRef {
  return { exc: 'NSE', excSeg: 'nse_cm', streamSym: `SYM${i}`, xSym: `SYM${i}-EQ`, decimals: 2 };
}

/**
 * How ticks arrive: 'steady' publishes every 5 ms (a continuous feed, the hard case: every tick waits for the next
 * pass); 'slices' publishes what is due every 25 ms, as the server's market runtime sends a 250 ms step's ticks a
 * tenth at a time (MARKET_TICK_MS, tickSlicesFor); 'steps' publishes everything due every 250 ms at once, as the
 * runtime did until its steps were sliced (session 17), kept to show what a whole step at once costs.
 */
export type PublishCadence = 'steady' | 'slices' | 'steps';
const publishEveryMs: Record<PublishCadence, number> = { steady: 5, slices: 25, steps: 250 };

/** Publishes at the asked rates, catching up on timer drift so the rate holds. */
function startPublisher(
  bus: InProcessMarketDataBus,
  options: FanoutOptions,
  cadence: PublishCadence,
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
  }, publishEveryMs[cadence]);
  return {
    stop() {
      clearInterval(timer);
      return { ticks: level1 + level2, seconds: (Date.now() - began) / 1000 };
    },
  };
}

function perFrameUs(cpuPct: number, framesPerSec: number): number {
  return framesPerSec > 0 ? Math.round((cpuPct / 100 / framesPerSec) * 1e6) : 0;
}

/** Ticks a second are every client's frames times the items per frame of the fully decoded sample. */
function summary(variant: string, report: ClientReport, extra: Record<string, unknown>): Record<string, unknown> {
  const itemsPerFrame = report.decodedFrames ? report.decodedItems / report.decodedFrames : 0;
  return {
    bench: 'fanout',
    variant,
    clients: report.clients,
    seconds: report.seconds,
    deliveredFramesPerSec: Math.round(report.frames / report.seconds),
    deliveredTicksPerSec: Math.round((report.frames * itemsPerFrame) / report.seconds),
    avgFrameBytes: report.frames ? Math.round(report.bytes / report.frames) : 0,
    avgItemsPerFrame: Number(itemsPerFrame.toFixed(1)),
    decodedClients: report.decodedClients,
    decodedTicks: report.decodedItems,
    p50Ms: report.p50Ms,
    p99Ms: report.p99Ms,
    maxMs: report.maxMs,
    slowestClientP99Ms: report.slowestClientP99Ms,
    slowestClientMaxMs: report.slowestClientMaxMs,
    fewestFramesPerClientPerSec: report.fewestFramesPerClientPerSec,
    clientCpuPct: report.clientCpuPct,
    ...extra,
    // CPU per delivered frame holds up under a busy machine better than rates and latencies do.
    serverCpuUsPerFrame: perFrameUs(Number(extra.serverCpuPct), report.frames / report.seconds),
    clientCpuUsPerFrame: perFrameUs(report.clientCpuPct, report.frames / report.seconds),
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

/** Clients that stop reading their socket (not in the sample, not in the figures): they must delay nobody else. */
const STALLED_CLIENTS = [1, 2];

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
  cadence: PublishCadence,
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
    gateway: { flushIntervalMs: options.flushIntervalMs, passPhases: options.passPhases },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/stream`;
  const plan = {
    url,
    connect: true,
    subscriptions: subscriptionsFor(mode, options),
    decodeEvery: options.decodeEvery,
    stalled: STALLED_CLIENTS,
  };
  progress(`gateway (${mode}, ${cadence}): opening ${options.clients} clients`);
  await loader.start(plan);
  progress(`gateway (${mode}, ${cadence}): clients subscribed, publishing`);
  await sleep(1500);
  const publisher = startPublisher(bus, options, cadence);
  await sleep(1000);
  await loader.measure();
  const statsBefore = app.stream.stats();
  const cpuBefore = process.cpuUsage();
  const began = Date.now();
  await sleep(options.seconds * 1000);
  const report = await loader.report();
  const elapsed = Date.now() - began;
  const serverCpuPct = cpuPercent(cpuBefore, elapsed);
  const published = publisher.stop();
  const stats = app.stream.stats();
  await loader.stop();
  await app.close();
  return summary(`gateway-${mode}-${cadence}`, report, {
    publishedTicksPerSecTarget: options.level1PerSecond + options.level2PerSecond,
    publishedTicksPerSec: Math.round(published.ticks / published.seconds),
    flushIntervalMs: options.flushIntervalMs,
    passPhases: options.passPhases,
    clientProcesses: loader.processes,
    serverCpuPct,
    framesEncoded: stats.framesEncoded - statsBefore.framesEncoded,
    framesComposed: stats.framesComposed - statsBefore.framesComposed,
    framesShared: stats.framesShared - statsBefore.framesShared,
    backpressureSkips: stats.backpressureSkips - statsBefore.backpressureSkips,
    stalledClients: STALLED_CLIENTS.length,
    largestBufferedBytes: stats.largestBufferedBytes,
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

/** Most unsent bytes a bare socket may hold before a back-to-back broadcast skips it (the gateway's bound). */
const BARE_MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * The bare `ws` broadcast: one frame of `itemsPerFrame` level 1 items (the gateway's frame size), encoded once and
 * sent to every client; every `intervalMs`, or back to back (`intervalMs` 0) skipping sockets that are backed up.
 */
async function measureBareBroadcast(
  loader: Loader,
  options: FanoutOptions,
  itemsPerFrame: number,
  intervalMs: number,
): Promise<Record<string, unknown>> {
  const variant = intervalMs > 0 ? 'bare-ws-same-rate' : 'bare-ws-back-to-back';
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  progress(`${variant}: opening ${options.clients} clients`);
  await loader.start({
    url,
    connect: false,
    subscriptions: Array.from({ length: options.clients }, () => ({ level1: [], level2: [] })),
    decodeEvery: options.decodeEvery,
    stalled: [],
  });
  let round = 0;
  let running = true;
  const broadcast = () => {
    // Encoded once as bytes, so no socket pays for turning text into bytes (the gateway does the same for shared frames).
    const frame = Buffer.from(bareFrame(itemsPerFrame, round++, Date.now(), options), 'latin1');
    for (const socket of server.clients)
      if (socket.bufferedAmount <= BARE_MAX_BUFFERED_BYTES) socket.send(frame, { binary: false });
  };
  const timer = intervalMs > 0 ? setInterval(broadcast, intervalMs) : null;
  if (!timer) {
    const pump = () => {
      if (!running) return;
      broadcast();
      setImmediate(pump);
    };
    pump();
  }
  await sleep(1000);
  await loader.measure();
  const cpuBefore = process.cpuUsage();
  const began = Date.now();
  await sleep(options.seconds * 1000);
  const report = await loader.report();
  const serverCpuPct = cpuPercent(cpuBefore, Date.now() - began);
  running = false;
  if (timer) clearInterval(timer);
  await loader.stop();
  await new Promise((resolve) => server.close(resolve));
  return summary(variant, report, { serverCpuPct, broadcastIntervalMs: intervalMs, clientProcesses: loader.processes });
}

/** The targets, read off this run: p99 at or under 50 ms, and at least half the bare message rate. */
function targets(
  gateways: Record<string, unknown>[],
  bare: Record<string, unknown>[],
  offeredTicksPerSec: number,
): Record<string, unknown> {
  const rate = (result: Record<string, unknown> | undefined) => Number(result?.deliveredFramesPerSec ?? 0);
  const [sameRate, backToBack] = bare;
  return {
    bench: 'fanout-targets',
    ...Object.fromEntries(
      gateways.map((gateway) => [
        gateway.variant,
        {
          p99Ms: gateway.p99Ms,
          p99AtMost50Ms: Number(gateway.p99Ms) <= 50,
          /** Of the ticks the clients' subscriptions asked for, the share delivered (the rest conflated away). */
          ticksDeliveredShare: Number((Number(gateway.deliveredTicksPerSec) / offeredTicksPerSec).toFixed(2)),
          framesVsBareSameRate: Number((rate(gateway) / rate(sameRate)).toFixed(2)),
          framesVsBareBackToBack: Number((rate(gateway) / rate(backToBack)).toFixed(2)),
        },
      ]),
    ),
  };
}

/** Runs every variant in one run; one JSON object each, then the targets. */
export async function runFanout(overrides: Partial<FanoutOptions> = {}): Promise<Record<string, unknown>[]> {
  const options = { ...defaultFanoutOptions, ...overrides };
  // The gateway runs in the server's process, so this one takes the server's heap setting (main.ts); the bare
  // broadcast shares it.
  boundHeapGrowth();
  const loader = new Loader(options.clientProcesses);
  try {
    // One variant alone, for comparing runs: 'random' (steady), 'slices' or 'steps'.
    const only = process.env.BENCH_FANOUT_ONLY;
    if (only === 'slices' || only === 'steps') return [await measureGateway(loader, options, 'random', only)];
    const random = await measureGateway(loader, options, 'random', 'steady');
    if (only === 'random') return [random];
    const shared = await measureGateway(loader, options, 'watchlists', 'steady');
    const sliced = await measureGateway(loader, options, 'random', 'slices');
    const stepped = await measureGateway(loader, options, 'random', 'steps');
    // The random variant's frame as it is when nothing conflates (one flush interval of a client's ticks, at the
    // random variant's bytes per tick), so an overloaded gateway's swollen frames do not set the baseline's size.
    const ticksPerClientPerSec =
      (options.level1PerClient * options.level1PerSecond) / options.symbols +
      (options.level2PerClient * options.level2PerSecond) / options.depthSymbols;
    const bytesPerTick = Number(random.avgFrameBytes) / Number(random.avgItemsPerFrame) || 0;
    const frameBytes = bytesPerTick * Math.max(1, (ticksPerClientPerSec * options.flushIntervalMs) / 1000);
    const itemsPerFrame = itemsForFrameBytes(frameBytes, options);
    const sameRate = await measureBareBroadcast(loader, options, itemsPerFrame, options.flushIntervalMs);
    const backToBack = await measureBareBroadcast(loader, options, itemsPerFrame, 0);
    const gateways = [random, shared, sliced, stepped];
    const offered = ticksPerClientPerSec * options.clients;
    return [...gateways, sameRate, backToBack, targets(gateways, [sameRate, backToBack], offered)];
  } finally {
    loader.kill();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const result of await runFanout()) console.log(JSON.stringify(result));
}
