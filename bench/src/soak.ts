// Soak (issue 5, battery 10; a bench, not CI): orders at a fixed rate for a long time (default 500/s for 30 minutes)
// against the real server on a scratch database, with the server's memory sampled after a warm-up. Reports the rate
// reached, refusals, latency and memory growth (target: under 10%, no errors), and the time one more client waits for
// each modify and cancel of a resting order meanwhile (`modifies`, `cancels`). The load runs in its own process.
// Needs DATABASE_URL (an admin URL). BENCH_SOAK_RATE, BENCH_SOAK_SECONDS, BENCH_SOAK_WARMUP_SECONDS change it;
// BENCH_SOAK_HEAP_SNAPSHOTS=<folder> writes a heap snapshot at the end of the warm-up and one at the end, to diff.
// The orders keep the server in a steady state, so memory that grows is a leak, not the day's book: each client in
// turn buys at market, sells at market and sends an IOC limit under the market (accepted, then cancelled unfilled).
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import { formatScaled, percentOfPrice } from '@kite/domain';
import type { Market } from '@kite/exchange';
import { symbolObjectOf } from '../../apps/server/src/services/market-runtime/symbol-object.ts';
import { childModule } from './child-module.ts';
import { prepareOrderBench } from './order-bench.ts';
import { median } from './percentile.ts';
import type { SoakFigures, SoakPlan } from './soak-load.ts';

const SAMPLE_MS = 10_000;
/** Between the canceller's rounds (soak-load.ts): about four rounds a second. */
const CANCELLER_PAUSE_MS = 200;
const SYMBOLS = ['RELIANCE-EQ', 'INFY-EQ', 'TCS-EQ', 'HDFCBANK-EQ', 'SBIN-EQ', 'ITC-EQ'];

/** The price `percent`% under `last` (price units) on the instrument's tick, rounded up or down, as the wire's text. */
function priceUnder(last: number, tick: number, percent: number, rounding: 'up' | 'down'): string {
  return formatScaled(percentOfPrice(last, 100 - percent, tick, rounding), 2);
}

/** Per symbol: a market buy, a market sell and an IOC limit buy 3% under the last price; one share, INTRADAY. */
function steadyPayloads(market: Market): Record<string, unknown>[] {
  return SYMBOLS.flatMap((symbol) => {
    const instrument = market.registry.bySymbol('NSE', symbol);
    const last = instrument ? market.priceBand(instrument.id)?.lastPrice : undefined;
    if (!instrument || last === undefined) throw new Error(`no NSE ${symbol}`);
    const common = { sym: symbolObjectOf(instrument), qty: '1', ordDuration: 'DAY', prdType: 'INTRADAY' };
    return [
      { ...common, ordAction: 'buy', ordType: 'market' },
      { ...common, ordAction: 'sell', ordType: 'market' },
      {
        ...common,
        ordAction: 'buy',
        ordType: 'limit',
        ordDuration: 'IOC',
        limitPrice: priceUnder(last, instrument.tickSize, 3, 'up'),
      },
    ];
  });
}

/**
 * The canceller's order: one share of TCS bought 5% under the last price, which rests until it is cancelled; its modify
 * asks for two shares 6% under (a larger block: the funds are checked again), and the order still rests.
 */
function restingOrder(market: Market): Pick<SoakPlan['canceller'], 'payload' | 'modification'> {
  const instrument = market.registry.bySymbol('NSE', 'TCS-EQ');
  const last = instrument ? market.priceBand(instrument.id)?.lastPrice : undefined;
  if (!instrument || last === undefined) throw new Error('no NSE TCS-EQ');
  return {
    payload: {
      sym: symbolObjectOf(instrument),
      qty: '1',
      ordDuration: 'DAY',
      prdType: 'INTRADAY',
      ordAction: 'buy',
      ordType: 'limit',
      limitPrice: priceUnder(last, instrument.tickSize, 5, 'down'),
    },
    modification: { qty: '2', limitPrice: priceUnder(last, instrument.tickSize, 6, 'down') },
  };
}

export async function benchSoak(): Promise<Record<string, unknown>[]> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return [{ bench: 'soak', skipped: 'DATABASE_URL is not set' }];
  const ratePerSecond = Number(process.env.BENCH_SOAK_RATE ?? 500);
  const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 1800);
  const warmUpSeconds = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? Math.min(120, seconds / 5));
  const snapshotFolder = process.env.BENCH_SOAK_HEAP_SNAPSHOTS;
  const snapshot = (name: string) =>
    snapshotFolder && writeHeapSnapshot(path.join(snapshotFolder, `soak-${name}.heapsnapshot`));
  const bench = await prepareOrderBench(adminUrl);
  // heapUsed at a sample counts the garbage of the moment; the heap just after a full collection is what lives. So do
  // arrayBuffers (Buffers and typed arrays): what a full collection leaves of them is what is held.
  let liveHeapBytes = 0;
  let liveArrayBuffersBytes = 0;
  const collections = new PerformanceObserver((list) => {
    const major = list
      .getEntries()
      .some((e) => (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (!major) return;
    liveHeapBytes = getHeapStatistics().used_heap_size;
    liveArrayBuffersBytes = process.memoryUsage().arrayBuffers;
  });
  collections.observe({ entryTypes: ['gc'] });
  try {
    const samples: {
      atSeconds: number;
      rssMB: number;
      heapMB: number;
      liveHeapMB: number;
      heapCommittedMB: number;
      externalMB: number;
      arrayBuffersMB: number;
      liveArrayBuffersMB: number;
      /** The committed heap by V8 space (new_space, old_space, ...): which one holds what RSS gains. */
      committedBySpaceMB: Record<string, number>;
    }[] = [];
    const started = performance.now();
    const sampler = setInterval(() => {
      const atSeconds = (performance.now() - started) / 1000;
      if (atSeconds < warmUpSeconds) return;
      if (samples.length === 0) snapshot('warm');
      const memory = process.memoryUsage();
      samples.push({
        atSeconds: Math.round(atSeconds),
        rssMB: Number((memory.rss / 2 ** 20).toFixed(1)),
        heapMB: Number((memory.heapUsed / 2 ** 20).toFixed(1)),
        liveHeapMB: Number((liveHeapBytes / 2 ** 20).toFixed(1)),
        // What RSS holds besides live objects: the heap V8 has committed, and memory outside it (typed arrays and
        // Buffers, the exchange's books among them, in `external`).
        heapCommittedMB: Number((memory.heapTotal / 2 ** 20).toFixed(1)),
        externalMB: Number((memory.external / 2 ** 20).toFixed(1)),
        arrayBuffersMB: Number((memory.arrayBuffers / 2 ** 20).toFixed(1)),
        liveArrayBuffersMB: Number((liveArrayBuffersBytes / 2 ** 20).toFixed(1)),
        committedBySpaceMB: Object.fromEntries(
          getHeapSpaceStatistics().map((space) => [space.space_name, Number((space.space_size / 2 ** 20).toFixed(1))]),
        ),
      });
    }, SAMPLE_MS);
    // When the database checkpoints or vacuums (either can hold commits back), when the server's event loop was held
    // (a collection or long synchronous work) and what a statement running for over half a second waited on: seconds
    // into the run, to set beside worstWindows.
    const checkpointsAt: number[] = [];
    const vacuumsAt: { second: number; query: string }[] = [];
    const loopHeldAt: { second: number; maxMs: number }[] = [];
    const slowStatementsAt: { second: number; waits: string[] }[] = [];
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    let checkpoints: number | null = null;
    const databaseWatch = setInterval(() => {
      const second = Math.round((performance.now() - started) / 1000);
      const loopMaxMs = Math.round(loopDelay.max / 1e6);
      loopDelay.reset();
      if (loopMaxMs >= 200) loopHeldAt.push({ second, maxMs: loopMaxMs });
      bench.db
        .query<{ n: string; vacuums: string[] | null; waits: string[] | null }>(
          `SELECT (SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter) AS n,
                  (SELECT array_agg(query) FROM pg_stat_activity WHERE backend_type = 'autovacuum worker') AS vacuums,
                  (SELECT array_agg(coalesce(wait_event_type || ':' || wait_event, 'cpu') || ' ' ||
                                    left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 40))
                     FROM pg_stat_activity
                    WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
                      AND now() - query_start > interval '500 ms') AS waits`,
        )
        .then(({ rows }) => {
          const n = Number(rows[0]?.n ?? 0);
          if (checkpoints !== null && n !== checkpoints) checkpointsAt.push(second);
          checkpoints = n;
          for (const query of rows[0]?.vacuums ?? [])
            if (!vacuumsAt.some((v) => v.query === query && second - v.second < 60)) vacuumsAt.push({ second, query });
          if (rows[0]?.waits) slowStatementsAt.push({ second, waits: rows[0].waits });
        })
        .catch(() => clearInterval(databaseWatch));
    }, 1_000);
    const load = childModule(import.meta.url, 'soak-load');
    const loader = fork(load.modulePath, [], { execArgv: load.execArgv, stdio: 'inherit' });
    const figures = await new Promise<SoakFigures | { error: string }>((resolve) => {
      loader.once('message', (message) => resolve(message as SoakFigures));
      const plan: SoakPlan = {
        orderUrl: `${bench.base}/api/Trade/AddOrder`,
        clients: bench.clients.slice(0, -1),
        payloads: steadyPayloads(bench.app.marketRuntime.market),
        canceller: {
          client: bench.clients.at(-1)!,
          ...restingOrder(bench.app.marketRuntime.market),
          pauseMs: CANCELLER_PAUSE_MS,
        },
        ratePerSecond,
        seconds,
        maxInFlight: 2_000,
      };
      loader.send(plan);
    });
    clearInterval(sampler);
    clearInterval(databaseWatch);
    loopDelay.disable();
    if ('error' in figures) throw new Error(figures.error);
    await bench.app.oms.settled();
    snapshot('end');
    const { rows } = await bench.db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM orders GROUP BY status ORDER BY status',
    );
    // RSS swings by a third with the heap V8 keeps committed, so one sample at each end can read either way: each
    // figure's first and last are the medians of the first and the last minute's samples, and its growth is theirs.
    const perMinute = Math.max(1, Math.round(60_000 / SAMPLE_MS));
    const memory = (name: string, pick: (s: (typeof samples)[number]) => number) => {
      if (samples.length === 0) return { [`${name}FirstMB`]: null, [`${name}LastMB`]: null, [`${name}Growth`]: null };
      const first = median(samples.slice(0, perMinute).map(pick));
      const last = median(samples.slice(-perMinute).map(pick));
      return {
        [`${name}FirstMB`]: first,
        [`${name}LastMB`]: last,
        [`${name}Growth`]: Number((last / first - 1).toFixed(3)),
      };
    };
    const rss = memory('rss', (s) => s.rssMB);
    const rssGrowth = rss.rssGrowth ?? null;
    return [
      {
        bench: 'soak',
        ratePerSecond,
        seconds,
        warmUpSeconds,
        ...figures,
        checkpointsAt,
        vacuumsAt,
        loopHeldAt,
        slowStatementsAt,
        orderStatuses: Object.fromEntries(rows.map((r) => [r.status, r.n])),
        // Orders whose owner the OMS still holds at the end: the open ones and the last minute's closed ones.
        ownedOrders: bench.app.oms.ownedOrders,
        ...rss,
        // None in a run shorter than its warm-up, as for the figures above.
        rssMaxMB: samples.length === 0 ? null : Math.max(...samples.map((s) => s.rssMB)),
        ...memory('heap', (s) => s.heapMB),
        ...memory('liveHeap', (s) => s.liveHeapMB),
        ...memory('heapCommitted', (s) => s.heapCommittedMB),
        ...memory('external', (s) => s.externalMB),
        ...memory('arrayBuffers', (s) => s.arrayBuffersMB),
        ...memory('liveArrayBuffers', (s) => s.liveArrayBuffersMB),
        // Only the spaces that held memory: V8 lists several (read-only, shared, ...) that stay empty here.
        heapCommittedBySpace: Object.fromEntries(
          Object.keys(samples[0]?.committedBySpaceMB ?? {})
            .filter((space) => samples.some((s) => (s.committedBySpaceMB[space] ?? 0) > 0))
            .map((space) => [space, memory('committed', (s) => s.committedBySpaceMB[space] ?? 0)]),
        ),
        withinLimits:
          rssGrowth !== null &&
          rssGrowth < 0.1 &&
          figures.refused === 0 &&
          figures.skipped === 0 &&
          figures.modifies.refused === 0 &&
          figures.cancels.refused === 0,
      },
    ];
  } finally {
    collections.disconnect();
    await bench.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await benchSoak()) console.log(JSON.stringify(line));
}
