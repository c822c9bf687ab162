import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      // Building a whole market takes 2 s on a quiet machine and past the default 5 s on a loaded one.
      { test: { name: 'exchange', root: 'packages/exchange', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { name: 'bench', root: 'bench', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.slow.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The slow reliability battery (long fuzz runs, crashes, database faults): `npm run test:reliability`,
        // left out of `npm test` by scripts/test.mjs.
        test: {
          name: 'reliability',
          root: 'apps/server',
          include: ['src/reliability/**/*.slow.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          // After the other projects: the browser tests need the machine's two cores to themselves.
          sequence: { groupOrder: 1 },
          // One retry for timing on a shared 2-core machine; a test that fails twice fails the run.
          retry: 1,
          // A page's reaction (a lazy area's chunk, a figure after a call) waits on a busy server and renderer: 1 s,
          // the default, failed a chunk fetch twice while the machine compiled beside the run.
          expect: { poll: { timeout: 5_000 } },
          include: ['tests/**/*.test.ts'],
          globalSetup: ['support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
