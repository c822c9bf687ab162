// `npm run bench`: every benchmark, one JSON line each. Benchmarks are added per area (bench/src/<name>.ts).
const results: Record<string, unknown>[] = [];
for (const result of results) console.log(JSON.stringify(result));
console.log(JSON.stringify({ bench: 'summary', count: results.length }));
