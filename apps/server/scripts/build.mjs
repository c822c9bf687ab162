// Bundles the server for `npm start` and for the tests that run it as a process of its own: our sources and the
// workspace packages (@kite/domain, @kite/exchange) in one file, every other package left to node_modules. Run as
// JavaScript, the server skips tsx's compile at each start (about a second of its start-up) and the name-setting call
// tsx wraps around every closure it creates (services/oms/README.md, "Lanes and idle cores"). The benchmarks bundle
// themselves with the same options (bench/src/bundle.ts).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const serverFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The bundle `node dist/main.mjs` runs. */
export const SERVER_BUNDLE = path.join(serverFolder, 'dist', 'main.mjs');

/** What every bundle of ours shares: ESM for this Node, linked source maps, and only our own packages inside. */
export const bundleOptions = {
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
};

/**
 * Writes dist/main.mjs and its source map. Each file is written beside its place and renamed into it, so a process
 * starting the server while another process builds reads a whole bundle, the old one or the new.
 */
export async function buildServer() {
  const result = await build({
    ...bundleOptions,
    absWorkingDir: serverFolder,
    entryPoints: ['src/main.ts'],
    outfile: SERVER_BUNDLE,
    write: false,
  });
  mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
