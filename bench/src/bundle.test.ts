import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLED, bundleBenches } from './bundle.ts';
import { childModule } from './child-module.ts';

describe('benchmark bundles', () => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'bench-bundles-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('holds each benchmark as plain JavaScript: no name-setting calls, and no other file run as the main one', async () => {
    await bundleBenches(outdir);
    for (const name of BUNDLED) {
      const code = readFileSync(path.join(outdir, `${name}.mjs`), 'utf8');
      expect(code, name).not.toContain('__name(');
      // Every module in a bundle shares its import.meta.url, so a second "run me when I am the main file" check (one
      // imported from another benchmark) would run that benchmark too.
      const mainChecks = code.match(/process\.argv\[1\]/g)?.length ?? 0;
      expect(mainChecks, name).toBeLessThanOrEqual(1);
    }
  }, 60_000);

  it('forks a child from its bundle beside a bundled parent, and from its source through tsx beside a source', () => {
    const bundled = childModule(pathToFileURL('/repo/bench/dist/order-entry.mjs').href, 'order-entry-load');
    expect(bundled).toEqual({ modulePath: '/repo/bench/dist/order-entry-load.mjs', execArgv: [] });
    const source = childModule(pathToFileURL('/repo/bench/src/order-entry.ts').href, 'order-entry-load');
    expect(source).toEqual({ modulePath: '/repo/bench/src/order-entry-load.ts', execArgv: ['--import', 'tsx'] });
  });
});
