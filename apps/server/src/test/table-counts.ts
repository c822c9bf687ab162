import type { DbClient } from '../db/pool.ts';

/** Counters of a table in pg_stat_xact_user_tables that a test can ask for. */
export type TableCounter = 'seq_scan' | 'seq_tup_read' | 'idx_scan' | 'idx_tup_fetch' | 'n_tup_upd' | 'n_tup_hot_upd';

/**
 * What one run of `run` added to the named counters of `table`. The backend's not yet reported counts
 * (pg_stat_xact_user_tables) are read before and after it inside one transaction, where they are not reported away
 * in between; the transaction is rolled back.
 */
export async function tableCountsOf<C extends TableCounter>(
  client: DbClient,
  table: string,
  counters: readonly C[],
  run: () => Promise<unknown>,
): Promise<Record<C, number>> {
  const read = async () =>
    (
      await client.query<Record<C, string>>(
        `SELECT ${counters.join(', ')} FROM pg_stat_xact_user_tables WHERE relname = $1`,
        [table],
      )
    ).rows[0]!;
  await client.query('BEGIN');
  try {
    const before = await read();
    await run();
    const after = await read();
    return Object.fromEntries(counters.map((c) => [c, Number(after[c]) - Number(before[c])])) as Record<C, number>;
  } finally {
    await client.query('ROLLBACK');
  }
}
