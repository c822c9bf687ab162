import pg from 'pg';

// int8 (BIGINT) columns hold paise, price units and quantities: read them as numbers, refusing unsafe ones.
pg.types.setTypeParser(pg.types.builtins.INT8, (text: string) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`BIGINT ${text} exceeds the safe integer range`);
  return value;
});

export type Db = pg.Pool;
export type DbClient = pg.PoolClient;
export type Queryable = pg.Pool | pg.PoolClient;

export function createPool(connectionString: string, max = 20): Db {
  // Statements that join arrays to tables growing all day are sent unnamed on these connections, so each execution
  // is planned for its own arrays and the table as it is now: a named (prepared) one switches to a cached generic plan
  // after five runs, and one made while `orders` was small scans and hashes it until the table is next analyzed (never,
  // where autovacuum is off). The OMS's batch statements are named, on connections of their own (below). Planning
  // every statement (plan_cache_mode = force_custom_plan, until session 8) also re-planned the foreign-key checks
  // PostgreSQL runs inside them: a third of the database's CPU on the order path (services/oms/README.md).
  return withFaultListeners(new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 }));
}

/**
 * Planner settings of the order path's connections: every plan a nested loop over index lookups, the one shape that
 * fits the OMS's batch statements (1 to 128 rows joined by key to tables of any size) and stays right as the tables
 * grow. A cached generic plan made while `orders` was small can then no longer scan and hash it (db/pool.test.ts).
 */
const ORDER_PATH_PLANNER = '-c enable_seqscan=off -c enable_hashjoin=off -c enable_mergejoin=off';

/**
 * Connections of the OMS's group-commit lanes (services/oms/group-commit.ts), to the same database as `db`: the
 * lanes' batch statements are named, so each connection plans them once instead of on every batch (half the time of
 * a small placement statement was its planning), which the planner settings above make safe. One connection a lane
 * at a time; the rest is headroom for a placement's follow-up transaction.
 */
export function createOrderPathPool(db: Db, max = 4): Db {
  return withFaultListeners(
    new pg.Pool({
      ...db.options,
      max,
      options: ORDER_PATH_PLANNER,
      // An app left unclosed (a test's, a bench's) must not be kept alive by idle lane connections.
      allowExitOnIdle: true,
    }),
  );
}

function withFaultListeners(pool: Db): Db {
  // A dropped idle connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  // Nor one dropped while checked out between two queries of a transaction (pg-pool removes its idle listener then):
  // the next query on it fails and inTransaction rolls back.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

/**
 * True when an error says the database could not be reached or the connection was lost (terminated, refused,
 * not accepting connections), as opposed to a fault of the statement: the work may be retried once it returns.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return /Connection terminated|not queryable|connection error|timeout exceeded when trying to connect|not currently accepting connections|the database system is (starting up|shutting down)/i.test(
    error.message,
  );
}

/** Runs `work` in one transaction, committing on success and rolling back on any throw. */
export async function inTransaction<T>(db: Db, work: (client: DbClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A lost connection goes out of the pool rather than back into it.
    if (isDatabaseUnavailable(error)) broken = error as Error;
    else await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release(broken);
  }
}
