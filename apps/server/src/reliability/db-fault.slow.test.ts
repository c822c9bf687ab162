import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  awaitReportsOf,
  createCrashDatabase,
  loadPayloads,
  logIn,
  place,
  reconcile,
  startLoad,
  startServerProcess,
  type CrashDatabase,
  type Placement,
  type ServerProcess,
} from './crash-support.ts';
import { stopGracefully } from '../test/server-process.ts';

const CLIENTS = 5;
const PER_SECOND = 100;

/**
 * Battery point 7 (README): the PostgreSQL connection dropped under load. Requests fail cleanly (an envelope answer,
 * nothing acknowledged that was not committed), the process stays up, and it recovers by itself when the database
 * returns; funds and positions still recompute from the rows.
 */
describe('database faults under load', () => {
  let database: CrashDatabase;
  let server: ServerProcess | undefined;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await createCrashDatabase(CLIENTS);
    admin = new pg.Client({ connectionString: database.adminUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS true`).catch(() => {});
    await admin?.end();
    if (server) await stopGracefully(server);
    await database?.drop();
  });

  const terminate = () =>
    admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database.name],
    );

  it('dropped connections and a database away for seconds: clean failures, no false acknowledgement, recovery', async () => {
    server = await startServerProcess(database.url);
    const url = server.url;
    const cookies = await logIn(
      url,
      Array.from({ length: CLIENTS }, (_, i) => `CRASH${i + 1}`),
    );
    const payloads = loadPayloads();
    const record: Placement[] = [];
    const load = startLoad({ url: () => url, cookies, payloads, perSecond: PER_SECOND, record });
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // Connections terminated every 100 ms for 3 s, then the database refusing connections for 3 s.
    for (let until = Date.now() + 3_000; Date.now() < until;) {
      await terminate();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin.query(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS false`);
    await terminate();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await admin.query(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS true`);
    const back = performance.now();
    // Recovery by itself: orders are accepted again.
    for (;;) {
      const answer = await place(url, cookies[0]!, payloads[0]!, randomUUID()).catch(() => null);
      if (answer?.infoID === '0') break;
      expect(performance.now() - back, 'no order accepted after the database returned').toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const recoveredMs = performance.now() - back;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await load.stop();
    expect(server.child.exitCode, server.output()).toBeNull();

    // Every request got an envelope answer: success, or a refusal code (5xx only as the envelope's server fault).
    const unanswered = record.filter((p) => p.outcome === 'unanswered' && p.status === undefined);
    expect(unanswered.length, 'requests without an answer while the process stayed up').toBe(0);
    const failed = record.filter((p) => p.outcome === 'refused');
    // A database fault is told as such (503 EGN008, try again), never as an unexplained server fault.
    for (const p of failed.filter((f) => (f.status ?? 0) >= 500)) expect([p.status, p.infoID]).toEqual([503, 'EGN008']);
    // One status for the code, whichever part of the call met the fault.
    for (const p of failed.filter((f) => f.infoID === 'EGN008')) expect(p.status).toBe(503);
    expect(failed.length, 'the faults were felt').toBeGreaterThan(0);

    // Nothing acknowledged that was not committed; once the client's reports are written, each is confirmed.
    await awaitReportsOf(url, cookies);
    const { rows } = await database.db.query<{ key: string; order_no: string; status: string }>(
      `SELECT k.key, o.order_no, o.status FROM idempotency_keys k JOIN orders o ON o.id = k.order_id
        WHERE k.client_id = ANY($1::bigint[])`,
      [database.clientIds],
    );
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const p of record.filter((r) => r.outcome === 'acknowledged')) {
      expect(byKey.get(p.key)?.order_no, `acknowledged ${p.orderNo}`).toBe(p.orderNo);
      expect(byKey.get(p.key)?.status).not.toBe('REQUEST SENT');
    }
    // A refused request whose commit did land (the answer was lost with the connection): the retry with its key
    // finds it and sends it, once; afterwards no order is left unconfirmed.
    for (const p of record.filter((r) => r.outcome !== 'acknowledged')) {
      const answer = await place(url, cookies[p.client]!, p.payload, p.key);
      expect(answer.status).toBe(200);
      const committed = byKey.get(p.key);
      if (committed)
        expect(answer, `retry of ${committed.order_no} (${committed.status})\n${server.output()}`).toMatchObject({
          infoID: '0',
          data: { orderId: committed.order_no },
        });
    }
    await awaitReportsOf(url, cookies);
    const unconfirmed = await database.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE client_id = ANY($1::bigint[]) AND status = 'REQUEST SENT'",
      [database.clientIds],
    );
    expect(unconfirmed.rows[0]!.n).toBe(0);
    expect(await reconcile(database.db, database.clientIds)).toEqual([]);
    process.stdout.write(
      `${JSON.stringify({
        bench: 'db-fault',
        placements: record.length,
        acknowledged: record.filter((p) => p.outcome === 'acknowledged').length,
        refused: failed.length,
        refusedCodes: Object.fromEntries(
          [...new Set(failed.map((f) => `${f.status} ${f.infoID}`))].map((c) => [
            c,
            failed.filter((f) => `${f.status} ${f.infoID}` === c).length,
          ]),
        ),
        recoveredMs: Math.round(recoveredMs),
      })}\n`,
    );
  });
});
