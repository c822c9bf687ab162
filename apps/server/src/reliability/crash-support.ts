import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { APP_VERSION } from '@kite/domain';
import { functionClock, Market } from '@kite/exchange';
import { createPool, type Db } from '../db/pool.ts';
import { seedDemoData } from '../db/seed.ts';
import { cashCommitmentsSql } from '../services/rms/funds.ts';
import { orderLoadPayloads } from './crash-load.ts';
import { spawnServer, type ServerProcess } from '../test/server-process.ts';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from '../test/template.ts';

export type { ServerProcess };

/**
 * The crash and database-fault batteries (crash.slow.test.ts, db-fault.slow.test.ts): the real server as a child
 * process on its own database, logged-in clients placing orders at a steady rate with Idempotency-Keys, and the
 * checks that the rows still add up afterwards.
 */

export const BENCH_FUNDS_PAISE = 1_000_000_000;

export interface CrashDatabase {
  url: string;
  name: string;
  adminUrl: string;
  db: Db;
  clientIds: number[];
  drop(): Promise<void>;
}

/** A migrated copy of the template with the demo data and `clients` copies of DEMO1 holding ₹1 crore each. */
export async function createCrashDatabase(clients: number): Promise<CrashDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = await createDatabaseFromTemplate(adminUrl, inject('templateDatabase'));
  const url = databaseUrl(adminUrl, name);
  const db = createPool(url, 4);
  await seedDemoData(db);
  const clientIds: number[] = [];
  for (let n = 1; n <= clients; n++) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO clients (user_id, name, pan, birth_year, mobile, email, password_hash, tpin_hash, equity_flag, bse_permission, fno_permission)
       SELECT $1, name, $2, birth_year, mobile, $3, password_hash, tpin_hash, 'Y', 'Y', 'Y' FROM clients WHERE user_id = 'DEMO1'
       RETURNING id`,
      [`CRASH${n}`, `CRASH${String(n).padStart(4, '0')}Z`, `crash${n}@kite-india.example`],
    );
    const id = Number(rows[0]!.id);
    await db.query('INSERT INTO client_funds (client_id, ledger_balance_paise) VALUES ($1, $2)', [
      id,
      BENCH_FUNDS_PAISE,
    ]);
    clientIds.push(id);
  }
  return {
    url,
    name,
    adminUrl,
    db,
    clientIds,
    drop: async () => {
      await db.end();
      await dropDatabase(adminUrl, name);
    },
  };
}

/** Starts the server on the database (market simulated, payload encryption off, no demo seed) and waits for /readyz. */
export function startServerProcess(dbUrl: string, port?: number): Promise<ServerProcess> {
  return spawnServer({ DATABASE_URL: dbUrl, ENCRYPTION: 'off', MARKET_SIM: 'on', SEED_DEMO: 'off' }, port);
}

export interface Answer {
  status: number;
  infoID: string;
  infoMsg: string;
  data: unknown;
}

export async function callApi(
  url: string,
  route: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${url}/api${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ request: { data, appVersion: APP_VERSION } }),
  });
  const body = (await response.json()) as { response: { infoID: string; infoMsg: string; data: unknown } };
  return { status: response.status, ...body.response };
}

export async function logIn(url: string, userIds: string[]): Promise<string[]> {
  const cookies: string[] = [];
  for (const userId of userIds) {
    const response = await fetch(`${url}/api/Account/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ request: { data: { userId, password: 'Demo@1234' }, appVersion: APP_VERSION } }),
    });
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))
      ?.split(';')[0];
    if (!cookie) throw new Error(`${userId} could not log in: ${await response.text()}`);
    cookies.push(cookie);
  }
  return cookies;
}

/** One placement as the load saw it: answered (acknowledged with an order number, or refused) or not answered. */
export interface Placement {
  key: string;
  client: number;
  payload: Record<string, unknown>;
  outcome: 'acknowledged' | 'refused' | 'unanswered';
  orderNo?: string;
  /** Learnt from a retry with the same key after the first attempt went unanswered. */
  onRetry?: boolean;
  infoID?: string;
  status?: number;
}

export async function place(
  url: string,
  cookie: string,
  payload: Record<string, unknown>,
  key: string,
): Promise<Answer> {
  return callApi(url, '/Trade/AddOrder', payload, { cookie, 'idempotency-key': key });
}

/**
 * A call of each client, which waits for the execution reports queued for it (plugins/calls.ts): an order answered
 * just before is accepted or rejected in the rows read after this, as in the client's next read.
 */
export async function awaitReportsOf(url: string, cookies: string[]): Promise<void> {
  for (const cookie of cookies) await callApi(url, '/Trade/OpenOrders', {}, { cookie });
}

/**
 * Places orders at `perSecond` (open loop: a new order every 1/perSecond s whatever the answers, at most `maxInFlight`
 * waiting) until stopped; each with a fresh Idempotency-Key, recorded with what came back.
 */
export function startLoad(options: {
  url: () => string;
  cookies: string[];
  payloads: Record<string, unknown>[];
  perSecond: number;
  maxInFlight?: number;
  record: Placement[];
}): { stop(): Promise<void> } {
  const inFlight = new Set<Promise<void>>();
  const maxInFlight = options.maxInFlight ?? 256;
  let n = 0;
  const started = performance.now();
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * options.perSecond);
    while (n < due && inFlight.size < maxInFlight) {
      const i = n++;
      const client = i % options.cookies.length;
      const payload = options.payloads[i % options.payloads.length]!;
      const placement: Placement = { key: randomUUID(), client, payload, outcome: 'unanswered' };
      options.record.push(placement);
      const request = place(options.url(), options.cookies[client]!, payload, placement.key).then(
        (answer) => {
          placement.status = answer.status;
          placement.infoID = answer.infoID;
          if (answer.infoID === '0') {
            placement.outcome = 'acknowledged';
            placement.orderNo = (answer.data as { orderId: string }).orderId;
          } else if (answer.infoID !== 'EGN012') placement.outcome = 'refused';
        },
        () => {
          // No answer (connection reset by the kill): the client does not know what happened.
        },
      );
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
    if (n < due) n = due; // over the in-flight cap: those orders are not sent (the load stays open loop)
  }, 5);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all([...inFlight]);
    },
  };
}

/**
 * Funds, positions and orders recomputed from the rows, in one snapshot (REPEATABLE READ): every execution report
 * is one transaction, so a snapshot sees whole reports. Returns the differences (empty when everything adds up).
 */
export async function reconcile(db: Db, clientIds: number[]): Promise<string[]> {
  const client = await db.connect();
  const problems: string[] = [];
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const funds = await client.query<{
      client_id: number;
      ledger: number;
      blocked: number;
      cash_blocked: number;
      used: number;
      open_blocked: number;
      open_cash_blocked: number;
      held: number;
      postings: number;
    }>(
      `SELECT f.client_id, f.ledger_balance_paise AS ledger, f.blocked_margin_paise AS blocked,
              f.cash_blocked_paise AS cash_blocked, f.used_margin_paise AS used,
              ((SELECT COALESCE(sum(blocked_margin_paise), 0) FROM orders o WHERE o.client_id = f.client_id AND o.is_open)
                + (SELECT COALESCE(sum(amount_paise), 0) FROM fund_payouts p WHERE p.client_id = f.client_id AND p.status = 'PENDING'))::bigint AS open_blocked,
              ${cashCommitmentsSql('f.client_id')} AS open_cash_blocked,
              (SELECT COALESCE(sum(margin_paise), 0) FROM positions p WHERE p.client_id = f.client_id)::bigint AS held,
              (SELECT COALESCE(sum(amount_paise), 0) FROM ledger_entries l WHERE l.client_id = f.client_id)::bigint AS postings
         FROM client_funds f WHERE f.client_id = ANY($1::bigint[])`,
      [clientIds],
    );
    for (const f of funds.rows) {
      if (f.blocked !== f.open_blocked)
        problems.push(
          `client ${f.client_id}: blocked ${f.blocked} != open orders and pending pay-outs ${f.open_blocked}`,
        );
      if (f.cash_blocked !== f.open_cash_blocked)
        problems.push(
          `client ${f.client_id}: cash-only block ${f.cash_blocked} != open delivery buys and pending pay-outs ${f.open_cash_blocked}`,
        );
      if (f.used !== f.held) problems.push(`client ${f.client_id}: used ${f.used} != positions ${f.held}`);
      if (f.ledger !== BENCH_FUNDS_PAISE + f.postings)
        problems.push(
          `client ${f.client_id}: ledger ${f.ledger} != opening + postings ${BENCH_FUNDS_PAISE + f.postings}`,
        );
    }
    const closedBlocks = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE client_id = ANY($1::bigint[]) AND status NOT IN ('REQUEST SENT', 'OUTSTANDING') AND blocked_margin_paise <> 0`,
      [clientIds],
    );
    if (closedBlocks.rows[0]!.n > 0) problems.push(`${closedBlocks.rows[0]!.n} closed orders still block margin`);
    const fills = await client.query<{ order_no: string; filled_qty: number; traded: number }>(
      `SELECT o.order_no, o.filled_qty, COALESCE(sum(t.quantity), 0)::bigint AS traded FROM orders o
         LEFT JOIN trades t ON t.order_id = o.id
        WHERE o.client_id = ANY($1::bigint[]) GROUP BY o.id HAVING o.filled_qty <> COALESCE(sum(t.quantity), 0)`,
      [clientIds],
    );
    for (const r of fills.rows) problems.push(`order ${r.order_no}: filled ${r.filled_qty} != traded ${r.traded}`);
    const positions = await client.query<{ client_id: number; instrument_id: string; product: string }>(
      `SELECT p.client_id, p.instrument_id, p.product FROM positions p
         LEFT JOIN (SELECT client_id, instrument_id, product,
                           sum(CASE WHEN side = 'BUY' THEN quantity ELSE 0 END) AS bought,
                           sum(CASE WHEN side = 'SELL' THEN quantity ELSE 0 END) AS sold,
                           sum(CASE WHEN side = 'BUY' THEN quantity * price ELSE 0 END) AS bought_value
                      FROM trades GROUP BY client_id, instrument_id, product) t
           ON t.client_id = p.client_id AND t.instrument_id = p.instrument_id AND t.product = p.product
        WHERE p.client_id = ANY($1::bigint[])
          AND (p.buy_qty <> COALESCE(t.bought, 0) OR p.sell_qty <> COALESCE(t.sold, 0) OR p.buy_value <> COALESCE(t.bought_value, 0))`,
      [clientIds],
    );
    for (const p of positions.rows)
      problems.push(`position ${p.client_id} ${p.instrument_id} ${p.product} != its trades`);
    const charges = await client.query<{ client_id: number; charged: number; posted: number }>(
      `SELECT c.id AS client_id,
              (SELECT COALESCE(sum(charges_paise), 0) FROM trades t WHERE t.client_id = c.id)::bigint AS charged,
              (SELECT COALESCE(-sum(amount_paise), 0) FROM ledger_entries l WHERE l.client_id = c.id AND l.narration LIKE 'Charges %')::bigint AS posted
         FROM clients c WHERE c.id = ANY($1::bigint[])`,
      [clientIds],
    );
    for (const c of charges.rows)
      if (c.charged !== c.posted) problems.push(`client ${c.client_id}: charges ${c.charged} != ledger ${c.posted}`);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  return problems;
}

/** The load's orders, priced from a Market built here with the server's seed and clock (it is deterministic for both). */
export function loadPayloads(): Record<string, unknown>[] {
  const market = new Market({
    seed: 1,
    clock: functionClock(() => Date.now()),
    mode: 'always',
    holidays: [],
    tickIntervalMs: 250,
  });
  return orderLoadPayloads(market, ['RELIANCE-EQ', 'INFY-EQ', 'TCS-EQ', 'SBIN-EQ']);
}
