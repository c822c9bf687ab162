// The watchlist in Chromium under the fastest tick rate (issue 5): the real server (MARKET_TICK_MS at its minimum,
// the market simulating), the production web build, DEMO1 signed in through the login screen, a watchlist of 50
// symbols (NIFTY 50) with every column, expanded. Measures frames per second (requestAnimationFrame count) and the
// share of time in long tasks (PerformanceObserver 'longtask') over BENCH_WEB_SECONDS (30), beside the same figures
// for an empty page in the same browser and run (what this machine can do at all); then the JS heap after forced
// garbage collection (CDP) sampled over BENCH_WEB_MEMORY_SECONDS (60; 600 for the 10-minute check) after warm-up.
// Needs DATABASE_URL (an admin URL of a PostgreSQL server): a scratch database is created by the server helper.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { WATCHLIST_COLUMNS } from '@kite/domain';
import { signIn } from '../../e2e/support/auth.ts';
import { repoRoot, startServer, type RunningServer } from '../../e2e/support/server.ts';
import { ensureChromium } from '../../scripts/ensure-chromium.mjs';

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

async function measureFrames(page: Page, seconds: number): Promise<FrameFigures> {
  const raw = (await page.evaluate(`(${MEASURE_IN_PAGE})(${seconds * 1000})`)) as InPageFigures;
  return {
    seconds: round(raw.seconds, 2),
    frames: raw.frames,
    fps: round(raw.frames / raw.seconds, 1),
    longTasks: raw.longTasks,
    longTaskMs: Math.round(raw.longTaskMs),
    longTaskShare: round(raw.longTaskMs / (raw.seconds * 1000), 4),
    cellUpdatesPerSecond: Math.round(raw.cellUpdates / raw.seconds),
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

async function measureMemory(page: Page, seconds: number): Promise<Record<string, unknown>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const interval = Math.max(5, Math.round(seconds / 12));
  const samples: number[] = [];
  for (let elapsed = 0; elapsed <= seconds; elapsed += interval) {
    if (elapsed > 0) await page.waitForTimeout(interval * 1000);
    samples.push(await heapAfterGc(cdp));
  }
  const first = samples[0] ?? 0;
  const last = samples.at(-1) ?? 0;
  const max = Math.max(...samples);
  return {
    bench: 'web-watchlist-memory',
    seconds,
    afterWarmUpSeconds: WARM_UP_MS / 1000,
    sampleEverySeconds: interval,
    heapFirstMB: round(first / 2 ** 20, 2),
    heapLastMB: round(last / 2 ** 20, 2),
    heapMaxMB: round(max / 2 ** 20, 2),
    growth: round((last - first) / first, 4),
    maxGrowth: round((max - first) / first, 4),
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

async function dropDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}

export async function benchWebWatchlist(): Promise<Record<string, unknown>[]> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return [{ bench: 'web-watchlist', skipped: 'DATABASE_URL is not set' }];
  const seconds = Number(process.env.BENCH_WEB_SECONDS ?? 30);
  const memorySeconds = Number(process.env.BENCH_WEB_MEMORY_SECONDS ?? 60);
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
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1920, height: 1080 } });

    const blank = await context.newPage();
    await blank.setContent('<!doctype html><title>blank</title><table><tr><td>-</td></tr></table>');
    progress(`empty page, ${Math.min(seconds, 10)} s`);
    const baseline = await measureFrames(blank, Math.min(seconds, 10));
    await blank.close();

    const page = await context.newPage();
    await signIn(page, 'DEMO1');
    // DEMO1 trades F&O, so the derivatives risk disclosure comes first (platform.md 2.9).
    await page.getByRole('dialog', { name: 'RISK DISCLOSURES ON DERIVATIVES' }).getByRole('button', { name: 'CONTINUE' }).click();
    const columns = await openWatchlist(page);
    await page.waitForTimeout(WARM_UP_MS);
    progress(`watchlist streaming, ${seconds} s`);
    const profile = process.env.BENCH_WEB_PROFILE ? await startProfile(page) : undefined;
    const trace = process.env.BENCH_WEB_TRACE;
    if (trace) await browser.startTracing(page, { path: trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const watchlist = await measureFrames(page, seconds);
    if (trace) await browser.stopTracing();
    if (profile) await profile.save(process.env.BENCH_WEB_PROFILE!);
    progress(`memory, ${memorySeconds} s`);
    const memory = await measureMemory(page, memorySeconds);
    return [
      {
        bench: 'web-watchlist-frames',
        rows: 50,
        columns,
        tickMs: Number(FASTEST_TICK_MS),
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
