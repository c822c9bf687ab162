// The order-entry bench's set-up, shared with the soak: a scratch database, the real server (built in this process)
// on it, and bench clients logged in over HTTP.
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type {} from '../../apps/server/src/types/fastify.d.ts';
import { build } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { boundHeapGrowth } from '../../apps/server/src/config/heap-growth.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { createPool } from '../../apps/server/src/db/pool.ts';
import { seedDemoData } from '../../apps/server/src/db/seed.ts';
import { orderLoadPayloads } from '../../apps/server/src/reliability/crash-load.ts';

export const CLIENTS = Number(process.env.BENCH_ORDER_CLIENTS ?? 200);

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A logged-in bench client: its session cookie, and its login and userSessionId for the stream's connect. */
export interface BenchClient {
  cookie: string;
  userId: string;
  streamToken: string;
}

/** A scratch database with CLIENTS logged-in bench clients on a running server (encryption off, market on). */
export interface OrderBench {
  app: Awaited<ReturnType<typeof build>>;
  db: ReturnType<typeof createPool>;
  admin: pg.Client;
  scratch: string;
  base: string;
  clients: BenchClient[];
  /** Half rest in the book (limit below the market), half trade at once (market): both paths are measured. */
  payloads: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function prepareOrderBench(adminUrl: string): Promise<OrderBench> {
  // This process hosts the server, so it runs with the server's heap setting (main.ts).
  boundHeapGrowth();
  const scratch = `bench_orders_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratch}`);
  const db = createPool(withDatabase(adminUrl, scratch), 20);
  // A load test is not a retail client: the per-client order rate limit is lifted.
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    ENCRYPTION: 'off',
    MARKET_SIM: 'on',
    ORDER_RATE_MAX_PER_CLIENT: '1000000',
  });
  const app = await build({ config, db });
  const close = async () => {
    await app.close().catch(() => undefined);
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };
  try {
    await migrate(db);
    await seedDemoData(db);
    // Bench clients: copies of DEMO1 (every permission, POA) with ₹1 crore each.
    await db.query(
      `INSERT INTO clients (user_id, name, pan, birth_year, mobile, email, password_hash, tpin_hash, equity_flag, bse_permission, fno_permission)
       SELECT 'BENCH' || n, name, 'BENCH' || lpad(n::text, 4, '0') || 'Z', birth_year, mobile, 'bench' || n || '@kite-india.example',
              password_hash, tpin_hash, 'Y', 'Y', 'Y'
         FROM clients, generate_series(1, $1::int) AS n WHERE user_id = 'DEMO1'`,
      [CLIENTS],
    );
    await db.query(
      `INSERT INTO client_funds (client_id, ledger_balance_paise) SELECT id, 1000000000 FROM clients WHERE user_id LIKE 'BENCH%'`,
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const logIn = async (n: number): Promise<BenchClient> => {
      const response = await fetch(`${base}/api/Account/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          request: { data: { userId: `BENCH${n}`, password: 'Demo@1234' }, appVersion: '1.0.0' },
        }),
      });
      const cookie = response.headers
        .getSetCookie()
        .find((c) => c.startsWith('sid='))
        ?.split(';')[0];
      const body = (await response.json()) as { response: { data?: { userSessionId?: string } } };
      const streamToken = body.response.data?.userSessionId;
      if (!cookie || !streamToken) throw new Error(`BENCH${n} could not log in: ${JSON.stringify(body)}`);
      return { cookie, userId: `BENCH${n}`, streamToken };
    };
    const clients: BenchClient[] = [];
    for (let n = 1; n <= CLIENTS; n += 8) {
      const batch = Array.from({ length: Math.min(8, CLIENTS - n + 1) }, (_, i) => logIn(n + i));
      clients.push(...(await Promise.all(batch)));
    }
    const payloads = orderLoadPayloads(app.marketRuntime.market, [
      'RELIANCE-EQ',
      'INFY-EQ',
      'TCS-EQ',
      'HDFCBANK-EQ',
      'SBIN-EQ',
      'ITC-EQ',
    ]);
    return { app, db, admin, scratch, base, clients, payloads, close };
  } catch (error) {
    await close();
    throw error;
  }
}
