import type { Queryable } from '../../db/pool.ts';
import type { WatchlistSettings } from '@kite/domain';

/** SQL of watchlists; every query is scoped by the session's client id. */

export interface GroupRow {
  id: number;
  name: string;
  channel: 'WEB' | 'MOB';
}

export interface StoredSymbol {
  id: number;
  instrumentId: string;
  exc: string;
  assetClass: string;
  trSymbol: string;
}

export interface GroupPrefs {
  favid: '0' | '1' | '2';
  settings: WatchlistSettings | null;
}

/** Serialises a client's watchlist changes (the 5-group limit, unique names, favourite slots). */
export async function lockClient(q: Queryable, clientId: number): Promise<void> {
  await q.query('SELECT id FROM clients WHERE id = $1 FOR UPDATE', [clientId]);
}

export async function listGroups(q: Queryable, clientId: number): Promise<GroupRow[]> {
  const { rows } = await q.query<GroupRow>(
    'SELECT id, name, channel FROM watchlist_groups WHERE client_id = $1 ORDER BY id',
    [clientId],
  );
  return rows;
}

export async function findGroup(q: Queryable, clientId: number, groupId: number): Promise<GroupRow | undefined> {
  const { rows } = await q.query<GroupRow>(
    'SELECT id, name, channel FROM watchlist_groups WHERE client_id = $1 AND id = $2',
    [clientId, groupId],
  );
  return rows[0];
}

export async function insertGroup(
  q: Queryable,
  clientId: number,
  name: string,
  channel: 'WEB' | 'MOB' = 'WEB',
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    'INSERT INTO watchlist_groups (client_id, name, channel) VALUES ($1, $2, $3) RETURNING id',
    [clientId, name, channel],
  );
  return rows[0]!.id;
}

export async function renameGroup(q: Queryable, clientId: number, groupId: number, name: string): Promise<void> {
  await q.query('UPDATE watchlist_groups SET name = $3 WHERE client_id = $1 AND id = $2', [clientId, groupId, name]);
}

export async function deleteGroups(q: Queryable, clientId: number, groupIds: readonly number[]): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM watchlist_groups WHERE client_id = $1 AND id = ANY($2::bigint[])', [
    clientId,
    groupIds,
  ]);
  await q.query('DELETE FROM watchlist_group_prefs WHERE client_id = $1 AND watch_id = ANY($2::text[])', [
    clientId,
    groupIds.map(String),
  ]);
  return rowCount ?? 0;
}

export async function listSymbols(q: Queryable, groupId: number): Promise<StoredSymbol[]> {
  const { rows } = await q.query<StoredSymbol>(
    `SELECT id, instrument_id AS "instrumentId", exc, asset_class AS "assetClass", tr_symbol AS "trSymbol"
       FROM watchlist_symbols WHERE group_id = $1 ORDER BY position, id`,
    [groupId],
  );
  return rows;
}

export async function insertSymbol(q: Queryable, groupId: number, s: Omit<StoredSymbol, 'id'>): Promise<void> {
  await q.query(
    `INSERT INTO watchlist_symbols (group_id, instrument_id, exc, asset_class, tr_symbol, position)
     VALUES ($1, $2, $3, $4, $5, (SELECT COALESCE(MAX(position), 0) + 1 FROM watchlist_symbols WHERE group_id = $1))`,
    [groupId, s.instrumentId, s.exc, s.assetClass, s.trSymbol],
  );
}

export async function deleteSymbols(q: Queryable, groupId: number, ids: readonly number[]): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM watchlist_symbols WHERE group_id = $1 AND id = ANY($2::bigint[])', [
    groupId,
    ids,
  ]);
  return rowCount ?? 0;
}

export async function listPrefs(q: Queryable, clientId: number): Promise<Map<string, GroupPrefs>> {
  const { rows } = await q.query<{ watch_id: string; favid: GroupPrefs['favid']; settings: WatchlistSettings | null }>(
    'SELECT watch_id, favid, settings FROM watchlist_group_prefs WHERE client_id = $1',
    [clientId],
  );
  return new Map(rows.map((r) => [r.watch_id, { favid: r.favid, settings: r.settings }]));
}

export async function saveFavourite(
  q: Queryable,
  clientId: number,
  watchId: string,
  favid: GroupPrefs['favid'],
): Promise<void> {
  await q.query(
    `INSERT INTO watchlist_group_prefs (client_id, watch_id, favid) VALUES ($1, $2, $3)
     ON CONFLICT (client_id, watch_id) DO UPDATE SET favid = EXCLUDED.favid`,
    [clientId, watchId, favid],
  );
}

export async function saveSettings(
  q: Queryable,
  clientId: number,
  watchId: string,
  settings: WatchlistSettings,
): Promise<void> {
  await q.query(
    `INSERT INTO watchlist_group_prefs (client_id, watch_id, settings) VALUES ($1, $2, $3)
     ON CONFLICT (client_id, watch_id) DO UPDATE SET settings = EXCLUDED.settings`,
    [clientId, watchId, JSON.stringify(settings)],
  );
}

/** True only the first time for a client: the starter watchlist is made once. */
export async function claimStarter(q: Queryable, clientId: number): Promise<boolean> {
  const { rowCount } = await q.query(
    'INSERT INTO watchlist_starters (client_id) VALUES ($1) ON CONFLICT (client_id) DO NOTHING',
    [clientId],
  );
  return rowCount === 1;
}
