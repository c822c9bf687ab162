import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../config/server-root.ts';
import type { Db } from './pool.ts';

/** The migrations, applied in file-name order. */
export const migrationsDir = path.join(serverRoot, 'src/db/migrations');
const LOCK_KEY = 4_242_001;

/**
 * Applies the plain SQL files of db/migrations in name order, each once, recorded in schema_migrations; with `through`,
 * only those up to that file (a migration's test builds the database it starts from).
 */
export async function migrate(db: Db, through?: string): Promise<string[]> {
  const client = await db.connect();
  const applied: string[] = [];
  try {
    // Several processes (tests, a restarted server) may start at once: one migrates, the others wait.
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const files = readdirSync(migrationsDir)
      .filter((name) => name.endsWith('.sql') && (through === undefined || name <= through))
      .sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(migrationsDir, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
        applied.push(file);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    client.release();
  }
  return applied;
}
