// Soak (issue 5, battery 10; a bench, not CI): orders at a fixed rate for a long time (default 500/s for 30 minutes)
// against the real server on a scratch database, with the server's memory sampled after a warm-up. Reports the rate
// reached, refusals, latency and memory growth (target: under 10%, no errors). The load runs in its own process.
// Needs DATABASE_URL (an admin URL). BENCH_SOAK_RATE, BENCH_SOAK_SECONDS, BENCH_SOAK_WARMUP_SECONDS change it.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareOrderBench } from './order-entry.ts';
import type { SoakFigures, SoakPlan } from './soak-load.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SAMPLE_MS = 10_000;

export async function benchSoak(): Promise<Record<string, unknown>[]> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return [{ bench: 'soak', skipped: 'DATABASE_URL is not set' }];
  const ratePerSecond = Number(process.env.BENCH_SOAK_RATE ?? 500);
  const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 1800);
  const warmUpSeconds = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? Math.min(120, seconds / 5));
  const bench = await prepareOrderBench(adminUrl);
  try {
    const samples: { atSeconds: number; rssMB: number; heapMB: number }[] = [];
    const started = performance.now();
    const sampler = setInterval(() => {
      const atSeconds = (performance.now() - started) / 1000;
      if (atSeconds < warmUpSeconds) return;
      const memory = process.memoryUsage();
      samples.push({
        atSeconds: Math.round(atSeconds),
        rssMB: Number((memory.rss / 2 ** 20).toFixed(1)),
        heapMB: Number((memory.heapUsed / 2 ** 20).toFixed(1)),
      });
    }, SAMPLE_MS);
    const loader = fork(path.join(here, 'soak-load.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    const figures = await new Promise<SoakFigures | { error: string }>((resolve) => {
      loader.once('message', (message) => resolve(message as SoakFigures));
      const plan: SoakPlan = {
        orderUrl: `${bench.base}/api/Trade/AddOrder`,
        clients: bench.clients,
        payloads: bench.payloads,
        ratePerSecond,
        seconds,
        maxInFlight: 2_000,
      };
      loader.send(plan);
    });
    clearInterval(sampler);
    if ('error' in figures) throw new Error(figures.error);
    await bench.app.oms.settled();
    const first = samples[0];
    const last = samples.at(-1);
    const growth = (pick: (s: (typeof samples)[number]) => number) =>
      first && last ? Number((pick(last) / pick(first) - 1).toFixed(3)) : null;
    const rssGrowth = growth((s) => s.rssMB);
    return [
      {
        bench: 'soak',
        ratePerSecond,
        seconds,
        warmUpSeconds,
        ...figures,
        rssFirstMB: first?.rssMB ?? null,
        rssLastMB: last?.rssMB ?? null,
        rssMaxMB: Math.max(...samples.map((s) => s.rssMB)),
        heapFirstMB: first?.heapMB ?? null,
        heapLastMB: last?.heapMB ?? null,
        rssGrowth,
        heapGrowth: growth((s) => s.heapMB),
        withinLimits: rssGrowth !== null && rssGrowth < 0.1 && figures.refused === 0 && figures.skipped === 0,
      },
    ];
  } finally {
    await bench.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await benchSoak()) console.log(JSON.stringify(line));
}
