// The benchmarks as `npm start` runs the server: bundled by esbuild into plain JavaScript (bench/dist/<name>.mjs), our
// sources and the workspace packages in one file each, every other package left to node_modules. Run through tsx
// instead, every closure the server creates is wrapped in a name-setting call (esbuild's keepNames): the order-entry
// bench's server spent 14% more CPU an order (median of seven alternated pairs, bench/README.md "Benchmarks from
// bundles").
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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

/** Builds <outdir>/<name>.mjs for every bundled benchmark file, with linked source maps for CPU profiles. */
export async function bundleBenches(outdir = BENCH_DIST): Promise<void> {
  await build({
    absWorkingDir: path.join(here, '..'),
    entryPoints: BUNDLED.map((name) => ({ in: `src/${name}.ts`, out: name })),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-stay-external',
        setup(pluginBuild) {
          // A bare specifier is a package: ours (@kite/*) are bundled, every other one loads from node_modules.
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@kite/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

/**
 * A benchmark's child process module beside the running one: its bundle when this process runs from bench/dist (the
 * `.mjs` beside it), else its source through tsx.
 */
export function childModule(parentUrl: string, name: string): { modulePath: string; execArgv: string[] } {
  const parent = fileURLToPath(parentUrl);
  const folder = path.dirname(parent);
  return parent.endsWith('.mjs')
    ? { modulePath: path.join(folder, `${name}.mjs`), execArgv: [] }
    : { modulePath: path.join(folder, `${name}.ts`), execArgv: ['--import', 'tsx'] };
}
