// The watchlist in Chromium under the fastest tick rate (issue 5): the real server (MARKET_TICK_MS at its minimum,
// the market simulating), the production web build, DEMO1 signed in through the login screen, a watchlist of 50
// symbols (NIFTY 50) with every column, expanded. Measures frames per second (requestAnimationFrame count) and the
// share of time in long tasks (PerformanceObserver 'longtask') over BENCH_WEB_SECONDS (30), beside the same figures
// for an empty page in the same browser and run (what this machine can do at all); then the JS heap after forced
// garbage collection (CDP) sampled over BENCH_WEB_MEMORY_SECONDS (60) after warm-up, or once a minute over
// BENCH_WEB_MEMORY_MINUTES (10 for the 10-minute check). The renderer's CPU per frame is reported beside the
// frame rate; BENCH_WEB_FEED_MS feeds level 1 at a fixed rate instead of the server's (fixedRateFeed), so that two
// builds compared on a busy machine see the same work.
// Needs DATABASE_URL (an admin URL of a PostgreSQL server): a scratch database is created by the server helper.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { constants as zlibConstants, deflateSync, inflateSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { WATCHLIST_COLUMNS } from '@kite/domain';
import { signIn } from '../../e2e/support/auth.ts';
import { repoRoot, startServer, type RunningServer } from '../../e2e/support/server.ts';
import { acknowledgeRisk } from '../../e2e/support/risk-disclosure.ts';
import { ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { median } from './percentile.ts';
import { withScratchPostgres } from './scratch-postgres.ts';

const progress = (text: string) => process.stderr.write(`web-watchlist: ${text}\n`);
/** The smallest MARKET_TICK_MS the server accepts (apps/server/src/config/env.ts). */
const FASTEST_TICK_MS = '20';
const GROUP = 'P-NIFTY50';
const WARM_UP_MS = 10_000;

interface FrameFigures {
  seconds: number;
  frames: number;
  fps: number;
  longTasks: number;
  longTaskMs: number;
  longTaskShare: number;
  /** Table cells whose text changed: shows the stream really was moving the page. */
  cellUpdatesPerSecond: number;
  /**
   * CPU time of the renderer processes (all their threads: main, compositor, raster) per frame drawn and per second:
   * what the page costs, less swayed than frames per second by other work on a shared machine.
   */
  rendererCpuMsPerFrame: number;
  rendererCpuShare: number;
}

interface InPageFigures {
  seconds: number;
  frames: number;
  longTasks: number;
  longTaskMs: number;
  cellUpdates: number;
}

/**
 * Runs in the page: counts animation frames, long tasks and changed table text for ms milliseconds. Kept as plain
 * text: tsx's transform would add helpers to a function that do not exist in the page.
 */
const MEASURE_IN_PAGE = `(ms) => new Promise((resolve) => {
  let frames = 0, longTasks = 0, longTaskMs = 0, cellUpdates = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) { longTasks += 1; longTaskMs += entry.duration; }
  });
  observer.observe({ type: 'longtask' });
  const mutations = new MutationObserver((records) => { cellUpdates += records.length; });
  const table = document.querySelector('table');
  if (table) mutations.observe(table, { subtree: true, characterData: true, childList: true });
  const start = performance.now();
  const frame = (now) => {
    frames += 1;
    if (now - start < ms) { requestAnimationFrame(frame); return; }
    observer.disconnect();
    mutations.disconnect();
    resolve({ seconds: (now - start) / 1000, frames, longTasks, longTaskMs, cellUpdates });
  };
  requestAnimationFrame(frame);
})`;

/** Cumulative CPU seconds of the browser's renderer processes (CDP SystemInfo.getProcessInfo). */
async function rendererCpuSeconds(browserCdp: CDPSession): Promise<number> {
  const { processInfo } = await browserCdp.send('SystemInfo.getProcessInfo');
  return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
}

async function measureFrames(page: Page, browserCdp: CDPSession, seconds: number): Promise<FrameFigures> {
  const cpuBefore = await rendererCpuSeconds(browserCdp);
  const raw = (await page.evaluate(`(${MEASURE_IN_PAGE})(${seconds * 1000})`)) as InPageFigures;
  const cpu = (await rendererCpuSeconds(browserCdp)) - cpuBefore;
  return {
    seconds: round(raw.seconds, 2),
    frames: raw.frames,
    fps: round(raw.frames / raw.seconds, 1),
    longTasks: raw.longTasks,
    longTaskMs: Math.round(raw.longTaskMs),
    longTaskShare: round(raw.longTaskMs / (raw.seconds * 1000), 4),
    cellUpdatesPerSecond: Math.round(raw.cellUpdates / raw.seconds),
    rendererCpuMsPerFrame: round((cpu * 1000) / raw.frames, 2),
    rendererCpuShare: round(cpu / raw.seconds, 3),
  };
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

async function post(page: Page, call: string, data: unknown): Promise<unknown> {
  const response = await page.request.post(`/api${call}`, { data: { request: { data, appVersion: '1.0.0' } } });
  const body = (await response.json()) as { response: { infoID: string; infoMsg: string; data: unknown } };
  if (body.response.infoID !== '0') throw new Error(`${call}: ${body.response.infoMsg}`);
  return body.response.data;
}

/** NIFTY 50 as pane 1 (favourite slot 1) with every equity column, then the watchlist expanded to full size. */
async function openWatchlist(page: Page): Promise<number> {
  const every = WATCHLIST_COLUMNS.filter((c) => c.activefor.includes('eq')).map((c) => c.id);
  await post(page, '/Watchlist/UpdateGroup', {
    watchId: GROUP,
    name: 'NIFTY 50',
    settings: { assetClass: 'EQUITY', equityColumns: every, futureColumns: every, optionsColumns: every },
  });
  await post(page, '/Watchlist/UpdateFavourite', { watchId: GROUP, favId: '1' });
  await page.goto('/home/watchlist');
  const pane = page.getByRole('region', { name: 'Watchlist pane 1' });
  await pane.getByRole('button', { name: 'Expand' }).click();
  await pane.getByRole('row').nth(50).waitFor();
  const rows = (await pane.getByRole('row').count()) - 1;
  const columns = await pane.getByRole('columnheader').count();
  if (rows < 50) throw new Error(`the watchlist shows ${rows} rows, not 50`);
  progress(`watchlist open: ${rows} rows, ${columns} columns`);
  return columns;
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
}

async function domNodes(cdp: CDPSession): Promise<number> {
  return (await cdp.send('Memory.getDOMCounters')).nodes;
}

/**
 * The JS heap after forced garbage collection, sampled every `interval` seconds over `seconds` of streaming, from after
 * the warm-up and the frame measurement. A ~7 MB heap moves by up to 0.8 MB between samples (one read 8.22 MB and the
 * twelve after it 7.29-7.63), so growth compares the medians of the first and the last quarter of the samples, as the
 * soak compares its first and last minutes. DOM nodes are counted beside it: a live cell that leaked its element would
 * show there first.
 */
async function measureMemory(page: Page, seconds: number, interval: number): Promise<Record<string, unknown>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const samples: number[] = [];
  const nodes: number[] = [];
  for (let elapsed = 0; elapsed <= seconds; elapsed += interval) {
    if (elapsed > 0) await page.waitForTimeout(interval * 1000);
    samples.push(await heapAfterGc(cdp));
    nodes.push(await domNodes(cdp));
    if (seconds >= 120) progress(`memory at ${elapsed} s: ${round((samples.at(-1) ?? 0) / 2 ** 20, 2)} MB`);
  }
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  const first = median(samples.slice(0, quarter));
  const last = median(samples.slice(-quarter));
  const max = Math.max(...samples);
  return {
    bench: 'web-watchlist-memory',
    seconds,
    afterWarmUpSeconds: WARM_UP_MS / 1000,
    sampleEverySeconds: interval,
    heapSamplesMB: samples.map((b) => round(b / 2 ** 20, 2)),
    samplesEachEnd: quarter,
    heapFirstMB: round(first / 2 ** 20, 2),
    heapLastMB: round(last / 2 ** 20, 2),
    heapMaxMB: round(max / 2 ** 20, 2),
    growth: round((last - first) / first, 4),
    maxGrowth: round((max - first) / first, 4),
    domNodesFirst: nodes[0],
    domNodesLast: nodes.at(-1),
    limit: 0.1,
    withinLimit: Math.abs(last - first) / first <= 0.1,
  };
}

/**
 * A CPU profile of the measured window (BENCH_WEB_PROFILE=<file.cpuprofile>), to see where frames go; BENCH_WEB_TRACE=<file.json>
 * records a Chromium timeline trace of it (style, layout, paint).
 */
async function startProfile(page: Page): Promise<{ save(file: string): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return {
    save: async (file) => {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      progress(`CPU profile written to ${file}`);
    },
  };
}

type WireItem = Record<string, unknown> & { type?: string; key?: string };

// The server may compose a frame of deflated pieces without a final block (apps/server/src/stream): inflate to a flush.
const decodeWire = (frame: string) =>
  JSON.parse(
    inflateSync(Buffer.from(frame, 'base64'), { finishFlush: zlibConstants.Z_SYNC_FLUSH }).toString(),
  ) as WireItem[];
const encodeWire = (items: WireItem[]) => deflateSync(JSON.stringify(items)).toString('base64');

/** A wire price from integer units of its last decimal ("-12.30" from -1230 with 2 decimals): no floats. */
function wirePrice(units: bigint, decimals: number): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(decimals + 1, '0');
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

function priceUnits(price: string): { units: bigint; decimals: number } {
  const [whole = '0', fraction = ''] = price.split('.');
  return { units: BigInt(whole + fraction), decimals: fraction.length };
}

const wireNow = () => {
  const d = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};

/**
 * BENCH_WEB_FEED_MS=<ms>: level 1 at a fixed rate, whatever the load on the server. On this shared machine the server's
 * own tick output swings several-fold with the other work running, which moves frames per second more than any change
 * to the page; with a fixed feed two builds see the same work. The real stream is kept (connect, acknowledgement,
 * index and depth ticks, each symbol's first quote, which gives its instrument fields); after that each symbol's level
 * 1 comes from here: every `everyMs` one frame with a quarter of the symbols, each a seeded random walk of the last
 * price by up to two ticks with the figures that follow from it, so every symbol ticks every 4 x everyMs.
 */
async function fixedRateFeed(page: Page, everyMs: number): Promise<{ itemsPerSecond(): number; stop(): void }> {
  const templates = new Map<string, WireItem>();
  let random = 0x2545f491;
  const next = () => {
    random ^= random << 13;
    random ^= random >>> 17;
    random ^= random << 5;
    return random >>> 0;
  };
  const timers = new Set<ReturnType<typeof setInterval>>();
  let sent = 0;
  let started = 0;
  let turn = 0;
  await page.routeWebSocket(/\/stream$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      const items = decodeWire(String(message)).filter((item) => {
        if (item.type !== 'level1' || !item.key) return true;
        if (templates.has(item.key)) return false;
        templates.set(item.key, item);
        return true;
      });
      if (items.length > 0) ws.send(encodeWire(items));
    });
    // One timer per socket: the app may open a second socket (a restart at sign-in) and close the first.
    const timer = setInterval(() => {
      const keys = [...templates.keys()];
      if (keys.length === 0) return;
      started ||= Date.now();
      const items: WireItem[] = [];
      for (let i = turn % 4; i < keys.length; i += 4) {
        const last = templates.get(keys[i]!)!;
        const { units: ltp0, decimals } = priceUnits(String(last.ltp));
        const close = priceUnits(String(last.closePrice)).units;
        const ltp = ltp0 + BigInt((next() % 5) - 2) * 5n;
        const ltq = 1 + (next() % 50);
        const chng = ltp - close;
        const high = priceUnits(String(last.highPrice)).units;
        const low = priceUnits(String(last.lowPrice)).units;
        const item: WireItem = {
          ...last,
          ts: Date.now(),
          ltp: wirePrice(ltp, decimals),
          ltq,
          chng: wirePrice(chng, decimals),
          chngPer: close === 0n ? '0.00' : wirePrice((chng * 10_000n) / close, 2),
          bidPrice: wirePrice(ltp - 5n, decimals),
          bidQty: 1 + (next() % 400),
          askPrice: wirePrice(ltp + 5n, decimals),
          askQty: 1 + (next() % 400),
          vol: Number(last.vol) + ltq,
          highPrice: wirePrice(ltp > high ? ltp : high, decimals),
          lowPrice: wirePrice(ltp < low ? ltp : low, decimals),
          lUpdatedTime: wireNow(),
          lTradedTime: wireNow(),
        };
        templates.set(keys[i]!, item);
        items.push(item);
      }
      turn += 1;
      sent += items.length;
      ws.send(encodeWire(items));
    }, everyMs);
    timers.add(timer);
    ws.onClose(() => {
      clearInterval(timer);
      timers.delete(timer);
    });
  });
  return {
    itemsPerSecond: () => (started ? Math.round((sent * 1000) / (Date.now() - started)) : 0),
    stop: () => {
      for (const timer of timers) clearInterval(timer);
    },
  };
}

async function dropDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}

/** The watchlist in Chromium against a server on DATABASE_URL, or on an embedded PostgreSQL started for it. */
export async function benchWebWatchlist(): Promise<Record<string, unknown>[]> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) return benchWebWatchlistOn(adminUrl);
  progress('starting an embedded PostgreSQL');
  return withScratchPostgres({}, benchWebWatchlistOn);
}

async function benchWebWatchlistOn(adminUrl: string): Promise<Record<string, unknown>[]> {
  const seconds = Number(process.env.BENCH_WEB_SECONDS ?? 30);
  // BENCH_WEB_MEMORY_MINUTES=10: the 10-minute memory check, one sample a minute; else a short look.
  const memoryMinutes = process.env.BENCH_WEB_MEMORY_MINUTES ? Number(process.env.BENCH_WEB_MEMORY_MINUTES) : undefined;
  const memorySeconds = memoryMinutes ? memoryMinutes * 60 : Number(process.env.BENCH_WEB_MEMORY_SECONDS ?? 60);
  const memoryInterval = memoryMinutes ? 60 : Math.max(5, Math.round(memorySeconds / 12));
  const chromiumPath = ensureChromium();
  // BENCH_WEB_DIST: a production build made beforehand (kept, e.g. to read a CPU profile against its source maps).
  const prebuilt = process.env.BENCH_WEB_DIST;
  const webDist = prebuilt ?? mkdtempSync(path.join(tmpdir(), 'kite-bench-web-'));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    if (!prebuilt) {
      progress('building the web app');
      execSync(`npx vite build --logLevel error --outDir ${webDist} --emptyOutDir`, {
        cwd: path.join(repoRoot, 'apps/web'),
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    }
    server = await startServer(adminUrl, { WEB_DIST: webDist, ENCRYPTION: 'off', MARKET_TICK_MS: FASTEST_TICK_MS, MARKET_SIM: 'on' });
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const browserCdp = await browser.newBrowserCDPSession();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1920, height: 1080 } });

    const blank = await context.newPage();
    await blank.setContent('<!doctype html><title>blank</title><table><tr><td>-</td></tr></table>');
    progress(`empty page, ${Math.min(seconds, 10)} s`);
    const baseline = await measureFrames(blank, browserCdp, Math.min(seconds, 10));
    await blank.close();

    const page = await context.newPage();
    const feedMs = process.env.BENCH_WEB_FEED_MS ? Number(process.env.BENCH_WEB_FEED_MS) : undefined;
    const feed = feedMs ? await fixedRateFeed(page, feedMs) : undefined;
    await signIn(page, 'DEMO1');
    // DEMO1 trades F&O, so the derivatives risk disclosure comes first (platform.md 2.9). Gone from the page once its
    // acknowledgement is stored: a navigation before that (openWatchlist's) would show it again over the watchlist.
    await acknowledgeRisk(page);
    const columns = await openWatchlist(page);
    await page.waitForTimeout(WARM_UP_MS);
    // BENCH_WEB_SCREENSHOT=<file.png>: the page as it streams, to look at before and after a change.
    if (process.env.BENCH_WEB_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_WEB_SCREENSHOT });
    progress(`watchlist streaming, ${seconds} s`);
    const profile = process.env.BENCH_WEB_PROFILE ? await startProfile(page) : undefined;
    const trace = process.env.BENCH_WEB_TRACE;
    if (trace) await browser.startTracing(page, { path: trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const watchlist = await measureFrames(page, browserCdp, seconds);
    if (trace) await browser.stopTracing();
    if (profile) await profile.save(process.env.BENCH_WEB_PROFILE!);
    progress(`memory, ${memorySeconds} s`);
    const memory = await measureMemory(page, memorySeconds, memoryInterval);
    const fedItemsPerSecond = feed?.itemsPerSecond();
    feed?.stop();
    return [
      {
        bench: 'web-watchlist-frames',
        rows: 50,
        columns,
        tickMs: Number(FASTEST_TICK_MS),
        ...(feedMs ? { feed: { everyMs: feedMs, level1ItemsPerSecond: fedItemsPerSecond } } : {}),
        ...watchlist,
        limits: { fps: 55, longTaskShare: 0.1 },
        withinLimits: watchlist.fps >= 55 && watchlist.longTaskShare < 0.1,
        // No changed cells means the stream was not moving: the figures would say nothing about ticking.
        streamed: watchlist.cellUpdatesPerSecond > 0,
        baselineEmptyPage: baseline,
      },
      memory,
    ];
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    if (server) await dropDatabase(adminUrl, server.databaseUrl);
    if (!prebuilt) rmSync(webDist, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await benchWebWatchlist()) console.log(JSON.stringify(line));
}
