// Order entry end to end: logged-in clients place orders over HTTP (ENCRYPTION off) through validation, the RMS
// (PostgreSQL transaction locking the client's funds row), the order row, matching in the simulated exchange,
// execution reports (trades, positions, funds) and the order update pushed through the stream gateway; beside a bare
// Fastify JSON endpoint measured in the same run. The load generator runs in its own process (order-entry-load.ts).
// Needs DATABASE_URL (an admin URL of a PostgreSQL server): a scratch database is created and dropped.
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import type {} from '../../apps/server/src/types/fastify.d.ts';
import { build } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { createPool } from '../../apps/server/src/db/pool.ts';
import { seedDemoData } from '../../apps/server/src/db/seed.ts';
import { symbolObjectOf } from '../../apps/server/src/services/market-runtime/symbol-object.ts';
import type { LoadFigures, LoadPlan } from './order-entry-load.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const progress = (text: string) => process.stderr.write(`order-entry: ${text}\n`);
const CLIENTS = 8;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function benchOrderEntry(
  options: { seconds?: number; concurrency?: number } = {},
): Promise<Record<string, unknown>[]> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return [{ bench: 'order-entry', skipped: 'DATABASE_URL is not set' }];
  const seconds = options.seconds ?? Number(process.env.BENCH_ORDER_SECONDS ?? 10);
  const concurrency = options.concurrency ?? Number(process.env.BENCH_ORDER_CONCURRENCY ?? 32);
  const database = `bench_orders_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const db = createPool(withDatabase(adminUrl, database), 20);
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', ENCRYPTION: 'off', MARKET_SIM: 'on' });
  const app = await build({ config, db });
  const bare = Fastify({ logger: false });
  try {
    await migrate(db);
    await seedDemoData(db);
    // Bench clients: copies of DEMO1 (every permission, POA) with ₹1 crore each.
    for (let n = 1; n <= CLIENTS; n++) {
      await db.query(
        `INSERT INTO clients (user_id, name, pan, birth_year, mobile, email, password_hash, tpin_hash, equity_flag, bse_permission, fno_permission)
         SELECT $1, name, $2, birth_year, mobile, $3, password_hash, tpin_hash, 'Y', 'Y', 'Y' FROM clients WHERE user_id = 'DEMO1'`,
        [`BENCH${n}`, `BENCH${String(n).padStart(4, '0')}Z`, `bench${n}@kite-india.example`],
      );
      await db.query(
        `INSERT INTO client_funds (client_id, ledger_balance_paise) SELECT id, 1000000000 FROM clients WHERE user_id = $1`,
        [`BENCH${n}`],
      );
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    bare.post('/api/Echo', async () => ({ response: { infoID: '0', infoMsg: 'Success', data: { ok: true } } }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/api/Echo`;

    const clients: { cookie: string }[] = [];
    for (let n = 1; n <= CLIENTS; n++) {
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
      if (!cookie) throw new Error(`BENCH${n} could not log in: ${await response.text()}`);
      clients.push({ cookie });
    }

    const market = app.marketRuntime.market;
    const payloads: Record<string, unknown>[] = [];
    for (const symbol of ['RELIANCE-EQ', 'INFY-EQ', 'TCS-EQ', 'HDFCBANK-EQ', 'SBIN-EQ', 'ITC-EQ']) {
      const instrument = market.registry.bySymbol('NSE', symbol);
      if (!instrument) continue;
      const quote = market.quote(instrument.id);
      if (!quote) continue;
      const away = Math.ceil((quote.lastPrice * 0.97) / instrument.tickSize) * instrument.tickSize;
      const sym = symbolObjectOf(instrument);
      // Half rest in the book (limit below the market), half trade at once (market): both paths are measured.
      payloads.push({
        ordAction: 'buy',
        sym,
        ordType: 'limit',
        qty: '1',
        limitPrice: (away / 100).toFixed(2),
        ordDuration: 'DAY',
        prdType: 'INTRADAY',
      });
      payloads.push({ ordAction: 'buy', sym, ordType: 'market', qty: '1', ordDuration: 'DAY', prdType: 'INTRADAY' });
    }

    progress(`${CLIENTS} clients, ${concurrency} in flight, ${seconds} s per side`);
    const loader = fork(path.join(here, 'order-entry-load.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    const figures = await new Promise<{ orders: LoadFigures; bare: LoadFigures } | { error: string }>((resolve) => {
      loader.once('message', (message) => resolve(message as { orders: LoadFigures; bare: LoadFigures }));
      const plan: LoadPlan = {
        orderUrl: `${base}/api/Trade/AddOrder`,
        bareUrl,
        clients,
        payloads,
        concurrency,
        seconds,
      };
      loader.send(plan);
    });
    if ('error' in figures) throw new Error(figures.error);
    await app.oms.settled();
    const { rows } = await db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM orders GROUP BY status ORDER BY status',
    );
    const trades = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM trades');
    return [
      {
        bench: 'order-entry',
        path: 'HTTP AddOrder -> validate -> RMS block (funds row lock) -> order row -> exchange -> trades/positions/funds -> push',
        clients: CLIENTS,
        concurrency,
        seconds,
        ...figures.orders,
        orderStatuses: Object.fromEntries(rows.map((r) => [r.status, r.n])),
        trades: trades.rows[0]?.n ?? 0,
      },
      { bench: 'order-entry-bare-fastify', concurrency, seconds, ...figures.bare },
    ];
  } finally {
    await app.close().catch(() => undefined);
    await bare.close().catch(() => undefined);
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await benchOrderEntry()) console.log(JSON.stringify(line));
}
