import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from '../test/template.ts';
import { migrate, migrationsDir } from './migrate.ts';
import { createPool, type Db } from './pool.ts';
import { seedDemoData } from './seed.ts';

/** The migration applied just before `migration` (its file name). */
function migrationBefore(migration: string): string {
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql') && name < migration)
    .sort()
    .at(-1)!;
}

/**
 * For a migration's test file: a scratch database as it stood before `migration` (its file name), with the demo data,
 * for the tests to fill with the rows the migration must carry over. Made before the file's tests, dropped after them;
 * the returned function gives it.
 */
export function databaseBefore(migration: string): () => Db {
  let db: Db | undefined;
  let name = '';
  const adminUrl = inject('adminDatabaseUrl');
  beforeAll(async () => {
    name = await createDatabaseFromTemplate(adminUrl, 'template0');
    db = createPool(databaseUrl(adminUrl, name), 2);
    await migrate(db, migrationBefore(migration));
    await seedDemoData(db);
  });
  afterAll(async () => {
    await db?.end();
    if (name) await dropDatabase(adminUrl, name);
  });
  return () => db!;
}
