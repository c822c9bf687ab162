// The benchmarks as `npm start` runs the server: bundled by esbuild into plain JavaScript (bench/dist/<name>.mjs)
// with the server's own bundle options, our sources and the workspace packages in one file each, every other package
// left to node_modules. Run through tsx instead, every closure the server creates is wrapped in a name-setting call
// (esbuild's keepNames): the order-entry bench's server spent 14% more CPU an order (median of seven alternated
// pairs, bench/README.md "Benchmarks from bundles").
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions } from '../../apps/server/scripts/build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BENCH_DIST = path.join(here, '..', 'dist');

/** The benchmark files that run bundled, and the files they fork (load generators, client processes). */
export const BUNDLED = [
  'matching',
  'market-runtime',
  'fanout',
  'fanout-clients',
  'order-entry',
  'order-entry-load',
  'order-log-floor',
  'soak',
  'soak-load',
];

/** Builds <outdir>/<name>.mjs for every bundled benchmark file. */
export async function bundleBenches(outdir = BENCH_DIST): Promise<void> {
  await build({
    ...bundleOptions,
    absWorkingDir: path.join(here, '..'),
    entryPoints: BUNDLED.map((name) => ({ in: `src/${name}.ts`, out: name })),
    outdir,
    outExtension: { '.js': '.mjs' },
  });
}
