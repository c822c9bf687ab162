import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/pool.ts';

/**
 * How long a placement's Idempotency-Key is remembered. A retry comes within seconds of its attempt (a lost answer, a
 * reconnect); a day is far beyond that, and bounds the table to about a day of orders where it grew by one row an order
 * for ever.
 */
export const KEY_RETENTION_HOURS = 24;
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Forgets the keys older than KEY_RETENTION_HOURS; how many. No index serves the condition on purpose: one would add
 * an entry to every placement, where this reads a day's keys once an hour.
 */
export async function forgetOldKeys(q: Queryable): Promise<number> {
  const { rowCount } = await q.query(
    'DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)',
    [KEY_RETENTION_HOURS],
  );
  return rowCount ?? 0;
}

/** Sweeps the old keys once an hour, the first time an hour after start. */
export function startKeyRetention(app: FastifyInstance): NodeJS.Timeout {
  const timer = setInterval(() => {
    forgetOldKeys(app.db).then(
      (forgotten) => {
        if (forgotten > 0) app.log.info({ forgotten }, 'old Idempotency-Keys forgotten');
      },
      (error: unknown) => app.log.error({ err: error }, 'Idempotency-Key retention'),
    );
  }, SWEEP_EVERY_MS);
  timer.unref();
  return timer;
}
