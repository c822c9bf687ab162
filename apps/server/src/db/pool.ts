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
  // Statements that join arrays to tables growing all day (the OMS's batch statements) are sent unnamed, so each
  // execution is planned for its own arrays and the table as it is now. A named (prepared) one switches to a cached
  // generic plan after five runs, and one made while `orders` was small hashes a sequential scan of it until the
  // table is next analyzed (never, where autovacuum is off: in a soak every fill then scanned the day's orders).
  // Planning every execution of every statement instead (plan_cache_mode = force_custom_plan on the connection, as
  // before) also re-planned each foreign-key check PostgreSQL runs inside them: eight per order, a third of the
  // database's CPU on the order path (services/oms/README.md "Group commit").
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
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
