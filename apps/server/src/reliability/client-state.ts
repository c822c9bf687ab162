import type { Db } from '../db/pool.ts';

/** The client's own row, and rows reached through a parent table rather than a client_id column. */
const CHILD_TABLES: Record<string, string> = {
  clients: 'SELECT * FROM clients WHERE id = $1',
  watchlist_symbols:
    'SELECT s.* FROM watchlist_symbols s JOIN watchlist_groups g ON g.id = s.group_id WHERE g.client_id = $1',
  ipo_bids: 'SELECT b.* FROM ipo_bids b JOIN ipo_applications a ON a.id = b.application_id WHERE a.client_id = $1',
  pledge_request_items:
    'SELECT i.* FROM pledge_request_items i JOIN pledge_requests r ON r.id = i.request_id WHERE r.client_id = $1',
};

/** What a client owns that trading calls change: a refused call must leave all of it as it was. */
export const TRADING_TABLES = [
  'orders',
  'trades',
  'positions',
  'client_funds',
  'ledger_entries',
  'holdings',
  'edis_approvals',
  'position_transfers',
  'watchlist_groups',
  'watchlist_symbols',
  'watchlist_group_prefs',
  'baskets',
  'basket_lines',
  'basket_executions',
  'basket_execution_lines',
  'chart_preferences',
  'ipo_applications',
  'ipo_bids',
  'client_plans',
  'client_plan_history',
  'pledge_requests',
  'pledge_request_items',
  'exchange_pledges',
] as const;

async function tablesWithClientId(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'client_id' ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name);
}

/**
 * Every row a client owns, table by table, each row as JSON text, sorted: equal snapshots mean nothing of the
 * client changed. Without a table list: every table with a client_id column (so new tables are covered) and the
 * child tables above.
 */
export async function clientState(
  db: Db,
  userId: string,
  tables?: readonly string[],
): Promise<Record<string, string[]>> {
  const { rows: clients } = await db.query<{ id: string }>('SELECT id FROM clients WHERE user_id = $1', [userId]);
  const clientId = clients[0]?.id;
  if (clientId === undefined) throw new Error(`no client ${userId}`);
  const names = tables ?? [...(await tablesWithClientId(db)), ...Object.keys(CHILD_TABLES)];
  const state: Record<string, string[]> = {};
  for (const table of names) {
    const sql = CHILD_TABLES[table] ?? `SELECT * FROM "${table}" WHERE client_id = $1`;
    const { rows } = await db.query<Record<string, unknown>>(sql, [clientId]);
    state[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return state;
}

/**
 * One round trip: a digest per table of the client's rows in `tables` (TRADING_TABLES by default). Cheap enough to take
 * around every fuzzed call; equal digests mean equal rows.
 */
export async function clientDigest(
  db: Db,
  userId: string,
  tables: readonly string[] = TRADING_TABLES,
): Promise<Record<string, string>> {
  const parts = tables.map((table) => {
    const rows =
      table in CHILD_TABLES
        ? `(${CHILD_TABLES[table]!.replace('$1', 'c.id')})`
        : `(SELECT * FROM "${table}" WHERE client_id = c.id)`;
    return `'${table}', (SELECT count(*) || ':' || md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) FROM ${rows} r)`;
  });
  const { rows } = await db.query<{ digest: Record<string, string> }>(
    `SELECT json_build_object(${parts.join(', ')}) AS digest FROM clients c WHERE c.user_id = $1`,
    [userId],
  );
  const digest = rows[0]?.digest;
  if (!digest) throw new Error(`no client ${userId}`);
  return digest;
}
