// `npm run bench`: every benchmark, one JSON line each; `tsx src/run.ts <name>...` runs the ones named (`soak` is not
// in the default set: `npm run bench:soak`). Benchmarks are added per area (bench/src/<name>.ts), each runnable alone
// (`npx tsx bench/src/<name>.ts`).
//
// Each runs in a process of its own, one after the other: a benchmark's leftovers must not weigh on the next one's
// figures. Run in one process, the fan-out gateway shared its heap with the matching bench's half a million resting
// orders and its p99 went from 55 to 155 ms (full garbage collections of a large heap in the middle of passes).
//
// Those that run the server's code in their own process run from their bundle (bundle.ts), as `npm start` runs the
// server; the web bench drives Chromium against the server's own bundle (apps/server/scripts/build.mjs) and runs
// from its source.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BENCH_DIST, BUNDLED, bundleBenches } from './bundle.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_BENCHES = ['matching', 'market-runtime', 'fanout', 'order-entry', 'order-log-floor', 'web-watchlist'];

/** Runs one benchmark file in a new Node process; resolves with its JSON lines (its other output goes to stderr). */
function runAlone(name: string): Promise<string[]> {
  const args = BUNDLED.includes(name)
    ? ['--enable-source-maps', path.join(BENCH_DIST, `${name}.mjs`)]
    : ['--import', 'tsx', path.join(here, `${name}.ts`)];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: string[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('{')) lines.push(line);
      else process.stderr.write(`${line}\n`);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(lines) : reject(new Error(`bench ${name} exited with code ${String(code)}`)),
    );
  });
}

const named = process.argv.slice(2);
await bundleBenches();
let count = 0;
for (const name of named.length > 0 ? named : DEFAULT_BENCHES) {
  for (const line of await runAlone(name)) {
    console.log(line);
    count++;
  }
}
console.log(JSON.stringify({ bench: 'summary', count }));
