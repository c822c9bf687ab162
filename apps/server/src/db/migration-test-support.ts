import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from '../test/template.ts';
import { migrate } from './migrate.ts';
import { createPool, type Db } from './pool.ts';
import { seedDemoData } from './seed.ts';

/** The migration applied just before `migration` (its file name). */
function migrationBefore(migration: string): string {
  return readdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'))
    .filter((name) => name.endsWith('.sql') && name < migration)
    .sort()
    .at(-1)!;
}

/**
 * A scratch database as it stood before `migration`, with the demo data, for a migration's test to fill with the rows
 * the migration must carry over; `drop` removes it.
 */
export async function databaseBefore(
  adminUrl: string,
  migration: string,
): Promise<{ db: Db; drop: () => Promise<void> }> {
  const name = await createDatabaseFromTemplate(adminUrl, 'template0');
  const db = createPool(databaseUrl(adminUrl, name), 2);
  await migrate(db, migrationBefore(migration));
  await seedDemoData(db);
  return {
    db,
    drop: async () => {
      await db.end();
      await dropDatabase(adminUrl, name);
    },
  };
}
