import pg from 'pg';
import { freePort } from '../../apps/server/src/test/free-port.ts';
import { spawnServer, stopGracefully } from '../../apps/server/src/test/server-process.ts';

export { repoRoot } from '../../apps/server/src/config/server-root.ts';

export interface RunningServer {
  url: string;
  port: number;
  databaseUrl: string;
  stop(): Promise<void>;
  /** Everything the server printed, for diagnosing a failure. */
  output(): string;
}

async function createDatabase(adminUrl: string): Promise<string> {
  const name = `kite_e2e_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts the real server (its bundle, as `npm start` runs it; real PostgreSQL, built web app) on a free port with its
 * own fresh database.
 */
export async function startServer(
  adminUrl: string,
  env: Record<string, string> = {},
  /** A restart: the same port and database as a server stopped before. */
  again?: Pick<RunningServer, 'port' | 'databaseUrl'>,
): Promise<RunningServer> {
  const port = again?.port ?? (await freePort());
  const databaseUrl = again?.databaseUrl ?? (await createDatabase(adminUrl));
  const server = await spawnServer({ DATABASE_URL: databaseUrl, ...env }, port);
  return {
    url: server.url,
    port,
    databaseUrl,
    output: server.output,
    stop: () => stopGracefully(server),
  };
}
