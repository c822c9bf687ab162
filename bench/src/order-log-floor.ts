// What the database would spend per order if the order path wrote only an append-only log (issue 5, order entry): rows
// of an order event's size (~300 bytes of JSON) inserted N to a statement, each statement its own commit, from two
// lanes as the OMS's group commit has, into a table with nothing but its primary key. The order path today writes
// ~12 rows to six indexed tables per order (apps/server/src/services/oms/README.md); this is the floor a log-based
// design would start from, measured on the same embedded PostgreSQL as the order-entry bench.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { freePort } from '../../apps/server/src/test/free-port.ts';

const SECONDS = Number(process.env.BENCH_LOG_SECONDS ?? 5);
const LANES = 2;

const eventBody = JSON.stringify({
  orderNo: '26112200012345',
  instrument: 'NSE:2885',
  side: 'BUY',
  product: 'INTRADAY',
  type: 'LIMIT',
  validity: 'DAY',
  quantity: 10,
  price: 123455,
  trigger: 0,
  status: 'OUTSTANDING',
  exchangeOrderId: '1234567',
  blockedMarginPaise: 12345,
  at: 1_795_000_000_000,
});

/** CPU (ms) the backend `pid` has used so far, from /proc (the database runs on this machine). */
function backendCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function lane(url: string, rowsPerStatement: number): Promise<{ rows: number; cpuMs: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const clients = Array.from({ length: rowsPerStatement }, (_, i) => i + 1);
    const kinds = clients.map(() => 'PLACED');
    const bodies = clients.map(() => eventBody);
    const before = backendCpuMs(pid);
    const until = Date.now() + SECONDS * 1000;
    let rows = 0;
    while (Date.now() < until) {
      await client.query({
        name: 'log',
        text: 'INSERT INTO order_log (client_id, kind, body) SELECT * FROM unnest($1::bigint[], $2::text[], $3::jsonb[])',
        values: [clients, kinds, bodies],
      });
      rows += rowsPerStatement;
    }
    return { rows, cpuMs: backendCpuMs(pid) - before };
  } finally {
    await client.end();
  }
}

export async function benchOrderLogFloor(): Promise<Record<string, unknown>[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kite-bench-log-'));
  // As root, PostgreSQL runs as the 'postgres' user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), await freePort(), 'postgres');
  try {
    const setup = new pg.Client({ connectionString: embedded.url });
    await setup.connect();
    await setup.query(
      `CREATE TABLE order_log (id bigserial PRIMARY KEY, client_id bigint NOT NULL, kind text NOT NULL,
                               body jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
    );
    await setup.end();
    const results: Record<string, unknown>[] = [];
    for (const rowsPerStatement of [30, 100]) {
      const lanes = await Promise.all(Array.from({ length: LANES }, () => lane(embedded.url, rowsPerStatement)));
      const rows = lanes.reduce((sum, l) => sum + l.rows, 0);
      const cpuMs = lanes.reduce((sum, l) => sum + l.cpuMs, 0);
      results.push({
        bench: 'order-log-floor',
        database: 'embedded',
        lanes: LANES,
        rowsPerStatement,
        seconds: SECONDS,
        rowsPerSec: Math.round(rows / SECONDS),
        databaseCpuUsPerRow: Number(((cpuMs * 1000) / rows).toFixed(1)),
      });
    }
    return results;
  } finally {
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await benchOrderLogFloor()) console.log(JSON.stringify(line));
}
