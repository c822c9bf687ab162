// Order entry end to end: logged-in clients place orders over HTTP (ENCRYPTION off) through validation, the RMS
// (PostgreSQL transaction locking the client's funds row), the order row, matching in the simulated exchange,
// execution reports (trades, positions, funds) and the order update pushed through the stream gateway; beside a bare
// Fastify JSON endpoint measured in the same run. The load generator runs in its own process (order-entry-load.ts).
// Runs against an embedded PostgreSQL (started here in a temporary data folder, as `npm start` does) and, when
// DATABASE_URL is set (an admin URL), against that server too: in each a scratch database is created and dropped.
import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import type {} from '../../apps/server/src/types/fastify.d.ts';
import type { createPool } from '../../apps/server/src/db/pool.ts';
import { GroupCommit, type Combinable } from '../../apps/server/src/services/oms/group-commit.ts';
import { childModule } from './child-module.ts';
import { startCpuProfile, type CpuProfiler } from './cpu-profile.ts';
import { CLIENTS, prepareOrderBench } from './order-bench.ts';
import type { LoadPlan, LoadResult } from './order-entry-load.ts';
import { withScratchPostgres } from './scratch-postgres.ts';
import { walByRelation } from './wal-by-relation.ts';

const progress = (text: string) => process.stderr.write(`order-entry: ${text}\n`);
// BENCH_ORDER_STATEMENTS=1: the embedded PostgreSQL loads pg_stat_statements and the figures name the statements that
// took the database's time during the orders side (nested ones too: foreign-key checks, a CTE's parts).
const STATEMENTS = process.env.BENCH_ORDER_STATEMENTS === '1';
// BENCH_ORDER_WAL=1: the figures split the measured seconds' write-ahead log by relation and record (wal-by-relation.ts).
const WAL_SHARES = process.env.BENCH_ORDER_WAL === '1';
// Open-loop runs after the closed-loop ones: BENCH_ORDER_RATES=1000,2000 (orders a second), else these shares of the
// closed-loop rate; BENCH_ORDER_RATES=none skips them.
const RATES = (process.env.BENCH_ORDER_RATES ?? '')
  .split(',')
  .filter((rate) => rate !== '' && rate !== 'none')
  .map(Number);
const RATE_SHARES = process.env.BENCH_ORDER_RATES === 'none' ? [] : [0.5, 0.8];
const RATE_SECONDS = Number(process.env.BENCH_ORDER_RATE_SECONDS ?? 5);
// Closed-loop orders before the measured seconds: V8 compiles the server's hot code over its first seconds.
const WARM_UP_SECONDS = Number(process.env.BENCH_ORDER_WARMUP_SECONDS ?? 3);
// BENCH_ORDER_CPU_PROFILE=<file>: the server's CPU profile over the closed loop's measured seconds (cpu-profile.ts).
const CPU_PROFILE = process.env.BENCH_ORDER_CPU_PROFILE;

/** Order entry against the embedded PostgreSQL and, with DATABASE_URL, the PostgreSQL service. */
export async function benchOrderEntry(
  options: { seconds?: number; concurrency?: number } = {},
): Promise<Record<string, unknown>[]> {
  const results: Record<string, unknown>[] = [];
  // BENCH_ORDER_DATABASES=service (or embedded) measures one of the two only.
  const only = process.env.BENCH_ORDER_DATABASES;
  if (only === 'service') return benchOrderEntryOn('service', process.env.DATABASE_URL ?? '', options);
  progress('starting an embedded PostgreSQL');
  const settings: Record<string, string> = STATEMENTS
    ? {
        shared_preload_libraries: 'pg_stat_statements',
        'pg_stat_statements.track': 'all',
        'pg_stat_statements.track_planning': 'on',
      }
    : {};
  results.push(...(await withScratchPostgres(settings, (url) => benchOrderEntryOn('embedded', url, options))));
  if (process.env.DATABASE_URL && only !== 'embedded')
    results.push(...(await benchOrderEntryOn('service', process.env.DATABASE_URL, options)));
  return results;
}

async function benchOrderEntryOn(
  database: 'embedded' | 'service',
  adminUrl: string,
  options: { seconds?: number; concurrency?: number },
): Promise<Record<string, unknown>[]> {
  const seconds = options.seconds ?? Number(process.env.BENCH_ORDER_SECONDS ?? 10);
  const concurrency = options.concurrency ?? Number(process.env.BENCH_ORDER_CONCURRENCY ?? CLIENTS);
  const { app, db, admin, scratch, base, clients, payloads, close } = await prepareOrderBench(adminUrl);
  const bare = Fastify({ logger: false });
  try {
    bare.post('/api/Echo', async () => ({ response: { infoID: '0', infoMsg: 'Success', data: { ok: true } } }));
    const committedFloor = await committedFloorRoute(db);
    bare.post('/api/CommittedEcho', committedFloor);
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareOrigin = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
    const bareUrl = `${bareOrigin}/api/Echo`;

    // Work per order, free of the machine's noise: statements sent and transactions committed by the server.
    let statements = 0;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const commitsOf = async () =>
      Number(
        (
          await admin.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = $1', [
            scratch,
          ])
        ).rows[0]?.n ?? 0,
      );
    const statementsTracked = STATEMENTS && (await trackStatements(admin));
    const commitsBefore = await commitsOf();
    progress(`${CLIENTS} clients, ${concurrency} in flight, ${WARM_UP_SECONDS} s warm-up, ${seconds} s per side`);
    let cpuAtWarm = process.cpuUsage();
    // The database's marks at the warm-up's end and at the orders side's: what the measured seconds used.
    const marks: { warm: Promise<DatabaseMark> | null; done: Promise<DatabaseMark> | null } = {
      warm: null,
      done: null,
    };
    const load = childModule(import.meta.url, 'order-entry-load');
    const loader = fork(load.modulePath, [], {
      execArgv: load.execArgv,
      stdio: 'inherit',
    });
    const orderCpu: { used: NodeJS.CpuUsage | null; generatorMs: number | null } = { used: null, generatorMs: null };
    // The closed-loop side's work, read when it ends (the open-loop runs place more orders after it).
    let statementsAtDone = 0;
    const closedLoop: { counts: Promise<ClosedLoopCounts> | null } = { counts: null };
    const profile: { running: Promise<CpuProfiler> | null; written: Promise<void> | null } = {
      running: null,
      written: null,
    };
    const figures = await new Promise<LoadResult | { error: string }>((resolve) => {
      loader.on('message', (message: { phase?: string; cpuMs?: number }) => {
        if (message.phase === 'orders-warm') {
          cpuAtWarm = process.cpuUsage();
          marks.warm = databaseMark(admin, scratch);
          if (CPU_PROFILE) profile.running = startCpuProfile(CPU_PROFILE);
        } else if (message.phase === 'orders-done') {
          orderCpu.used = process.cpuUsage(cpuAtWarm);
          orderCpu.generatorMs = message.cpuMs ?? null;
          statementsAtDone = statements;
          marks.done = databaseMark(admin, scratch);
          closedLoop.counts = closedLoopCounts(db, admin, statementsTracked, commitsOf);
          profile.written = profile.running?.then((profiler) => profiler.stop()) ?? null;
        } else resolve(message as LoadResult | { error: string });
      });
      const plan: LoadPlan = {
        orderUrl: `${base}/api/Trade/AddOrder`,
        streamUrl: `${base.replace('http', 'ws')}/stream`,
        bareUrl,
        committedUrl: `${bareOrigin}/api/CommittedEcho`,
        clients,
        payloads,
        concurrency,
        warmUpSeconds: WARM_UP_SECONDS,
        seconds,
        rates: RATES,
        rateShares: RATE_SHARES,
        rateSeconds: RATE_SECONDS,
      };
      loader.send(plan);
    });
    if ('error' in figures) throw new Error(figures.error);
    await profile.written;
    await app.oms.settled();
    pg.Client.prototype.query = query;
    if (closedLoop.counts === null || marks.warm === null || marks.done === null)
      throw new Error('the load generator never reported the end of the warm-up or of the orders side');
    const { orderCount, statuses, trades, commits: commitsAfter, topStatements } = await closedLoop.counts;
    const commits = commitsAfter - commitsBefore;
    const [warm, done] = await Promise.all([marks.warm, marks.done]);
    const databaseCpu = subtract(done.cpu, warm.cpu);
    const walBytes = (
      await admin.query<{ bytes: string }>('SELECT pg_wal_lsn_diff($1, $2)::bigint::text AS bytes', [
        done.wal,
        warm.wal,
      ])
    ).rows[0]!.bytes;
    const walShares = WAL_SHARES ? await walByRelation(admin, db, warm.wal, done.wal, figures.orders.requests) : null;
    const serverCpuMs = orderCpu.used === null ? null : (orderCpu.used.user + orderCpu.used.system) / 1000;
    // CPU over the measured seconds (after the warm-up) per order answered in them.
    const perOrder = (ms: number | null) => (ms === null ? null : Number((ms / figures.orders.requests).toFixed(3)));
    return [
      {
        bench: 'order-entry',
        database,
        path: 'HTTP AddOrder -> validate -> RMS block (funds row lock) -> order row -> exchange -> trades/positions/funds -> push',
        clients: CLIENTS,
        concurrency,
        seconds,
        ...figures.orders,
        orderStatuses: statuses,
        trades,
        statementsPerOrder: Number((statementsAtDone / orderCount).toFixed(1)),
        // This process is the server (the load is generated in another): its CPU over the measured seconds per order
        // answered in them. Less noisy than rates on a shared machine.
        serverCpuMsPerOrder: perOrder(serverCpuMs),
        commitsPerOrder: Number((commits / orderCount).toFixed(2)),
        // The database's own processes serving this scratch database (same machine): their CPU, counted likewise.
        databaseCpuMsPerOrder: perOrder(databaseCpu),
        walBytesPerOrder: Math.round(Number(walBytes) / figures.orders.requests),
        loadGeneratorCpuMsPerOrder: perOrder(orderCpu.generatorMs),
        // The three processes share the machine's cores: 8,000 orders a second on two cores leaves 0.25 ms for all.
        cpuMsPerOrder:
          serverCpuMs === null || databaseCpu === null || orderCpu.generatorMs === null
            ? null
            : perOrder(serverCpuMs + databaseCpu + orderCpu.generatorMs),
        ...(walShares && { walShares }),
        ...(topStatements && {
          topStatements: topStatements.map((s) => ({ ...s, msPerOrder: Number((s.ms / orderCount).toFixed(3)) })),
        }),
      },
      { bench: 'order-entry-bare-fastify', database, concurrency, seconds, ...figures.bare },
      {
        bench: 'order-entry-committed-floor',
        database,
        path: 'HTTP -> one row appended through the OMS group commit (2 lanes) -> answer after the commit',
        concurrency,
        seconds,
        ...figures.committed,
      },
      ...figures.ordersAtRate.map((atRate, i) => ({
        bench: 'order-entry-at-rate',
        database,
        path: 'the order path, open loop: orders offered at a fixed rate, each timed from when it was due',
        clients: CLIENTS,
        seconds: RATE_SECONDS,
        ...atRate,
        bareAtSameRate: figures.bareAtRate[i],
      })),
    ];
  } finally {
    await bare.close().catch(() => undefined);
    await close();
  }
}

/**
 * The floor of any order path that commits before it acknowledges (issue 5, order entry): the same requests, each
 * appending its body as one row to a table with only a primary key through the OMS's own GroupCommit (2 lanes, one
 * multi-row statement and one commit per batch), answered after the commit. No validation, matching or push: what
 * HTTP plus one durable row costs on this machine, beside the order path and the bare endpoint.
 */
async function committedFloorRoute(db: ReturnType<typeof createPool>) {
  await db.query(
    'CREATE TABLE bench_request_log (id bigserial PRIMARY KEY, client_id bigint NOT NULL, body jsonb NOT NULL)',
  );
  const APPEND: Combinable<{ clientId: number; body: string }, void> = {
    kind: 'bench-append',
    rank: 0,
    singleStatement: true,
    many: async (tx, items) => {
      await tx.query({
        name: 'bench-append',
        text: 'INSERT INTO bench_request_log (client_id, body) SELECT * FROM unnest($1::bigint[], $2::jsonb[])',
        values: [items.map((item) => item.clientId), items.map((item) => item.body)],
      });
      return items.map(() => undefined);
    },
  };
  const commits = new GroupCommit(db);
  return async (request: { headers: Record<string, unknown>; body: unknown }) => {
    const clientId = Number(request.headers['x-bench-client'] ?? 0);
    const data = (request.body as { request?: { data?: unknown } }).request?.data ?? null;
    await commits.writeCombined(clientId, APPEND, { clientId, body: JSON.stringify(data) });
    return { response: { infoID: '0', infoMsg: 'Success', data: { ok: true } } };
  };
}

interface ClosedLoopCounts {
  orderCount: number;
  statuses: Record<string, number>;
  trades: number;
  commits: number;
  topStatements: Awaited<ReturnType<typeof statementsByTime>> | undefined;
}

/** What the closed-loop orders side did, read as it ends: the open-loop runs that follow add orders of their own. */
async function closedLoopCounts(
  db: ReturnType<typeof createPool>,
  admin: pg.Client,
  statementsTracked: boolean,
  commitsOf: () => Promise<number>,
): Promise<ClosedLoopCounts> {
  // pg_stat_database counts with a delay of up to its flush interval; the bare run that follows (at least 9 s)
  // touches nothing of this database, so everything below is the closed-loop side's.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const commits = await commitsOf();
  const topStatements = statementsTracked ? await statementsByTime(admin) : undefined;
  const statuses = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM orders GROUP BY status ORDER BY status',
  );
  const trades = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM trades');
  return {
    orderCount: statuses.rows.reduce((sum, row) => sum + row.n, 0) || 1,
    statuses: Object.fromEntries(statuses.rows.map((r) => [r.status, r.n])),
    trades: trades.rows[0]?.n ?? 0,
    commits,
    topStatements,
  };
}

/** Starts counting statements afresh; false where the server has not loaded pg_stat_statements. */
async function trackStatements(admin: pg.Client): Promise<boolean> {
  try {
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await admin.query('SELECT pg_stat_statements_reset()');
    return true;
  } catch {
    progress('pg_stat_statements is not loaded on this server: no statement figures');
    return false;
  }
}

/** The ten statements that took the most execution time since trackStatements, with the start of their text. */
async function statementsByTime(admin: pg.Client) {
  const { rows } = await admin.query<{ calls: string; rows: string; ms: number; planMs: number; statement: string }>(
    `SELECT calls, rows, total_exec_time + total_plan_time AS ms, total_plan_time AS "planMs",
            left(regexp_replace(query, '\\s+', ' ', 'g'), 120) AS statement
       FROM pg_stat_statements ORDER BY total_exec_time + total_plan_time DESC LIMIT 10`,
  );
  return rows.map((r) => ({
    calls: Number(r.calls),
    rows: Number(r.rows),
    ms: Math.round(r.ms),
    planMs: Math.round(r.planMs),
    statement: r.statement,
  }));
}

/** The CPU the database's processes serving `database` have used, and the write-ahead log's position (the server's). */
interface DatabaseMark {
  cpu: Map<number, number> | null;
  wal: string;
}

async function databaseMark(admin: pg.Client, database: string): Promise<DatabaseMark> {
  const cpu = await databaseCpuMs(admin, database);
  const { rows } = await admin.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
  return { cpu, wal: rows[0]!.lsn };
}

/**
 * CPU time (ms) used so far by the PostgreSQL backends connected to `database`, by pid, from /proc (the database runs
 * on this machine in both variants). Null where there is no /proc; a backend that ended between the list and its
 * read is left out.
 */
async function databaseCpuMs(admin: pg.Client, database: string): Promise<Map<number, number> | null> {
  if (!existsSync('/proc/self/stat')) return null;
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    database,
  ]);
  const msPerTick = 1000 / 100; // USER_HZ
  const used = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      // utime and stime are fields 14 and 15; the ones after the command name start at field 3.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * msPerTick);
    } catch {
      continue;
    }
  }
  return used;
}

function subtract(after: Map<number, number> | null, before: Map<number, number> | null): number | null {
  if (!after || !before) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await benchOrderEntry()) console.log(JSON.stringify(line));
}
