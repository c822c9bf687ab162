import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { freePort } from '../../apps/server/src/test/free-port.ts';

/**
 * Runs `work` against an embedded PostgreSQL started for it in a temporary data folder (as `npm start` does), then
 * stops it and removes the folder. `settings` are server settings (e.g. preloading pg_stat_statements).
 */
export async function withScratchPostgres<T>(
  settings: Record<string, string>,
  work: (adminUrl: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kite-bench-pg-'));
  // As root, PostgreSQL runs as the 'postgres' user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  try {
    const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), await freePort(), 'postgres', settings);
    try {
      return await work(embedded.url);
    } finally {
      await embedded.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
