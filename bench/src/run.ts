// `npm run bench`: every benchmark, one JSON line each. Benchmarks are added per area (bench/src/<name>.ts).
import { benchMatching } from './matching.ts';
import { runFanout } from './fanout.ts';
import { benchMarketRuntime } from './market-runtime.ts';
import { benchOrderEntry } from './order-entry.ts';
import { benchOrderLogFloor } from './order-log-floor.ts';

const results: Record<string, unknown>[] = [];
results.push(...benchMatching());
results.push(benchMarketRuntime());
results.push(...(await runFanout()));
results.push(...(await benchOrderEntry()));
results.push(...(await benchOrderLogFloor()));
results.push(...(await (await import('./web-watchlist.ts')).benchWebWatchlist()));
for (const result of results) console.log(JSON.stringify(result));
console.log(JSON.stringify({ bench: 'summary', count: results.length }));
