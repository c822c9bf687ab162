import {
  addWatchlistGroup,
  addWatchlistSymbol,
  deleteWatchlistGroup,
  deleteWatchlistSymbols,
  listWatchlistGroups,
  listWatchlistSymbols,
  updateWatchlistFavourite,
  updateWatchlistGroup,
  type SymbolObject,
  type WatchlistGroup,
  type WatchlistSettings,
  type WatchlistSymbolRow,
} from '@kite/domain';
import { callApi } from '../../lib/api/client.ts';

/** The /Watchlist calls of trading.md 7, one function each; errors arrive as ApiError with the server's message. */

export interface WatchlistGroups {
  predef: WatchlistGroup[];
  groups: WatchlistGroup[];
  mpib: WatchlistGroup[];
}

export async function fetchGroups(): Promise<WatchlistGroups> {
  return (await callApi(listWatchlistGroups, {})).data;
}

export async function fetchSymbols(group: WatchlistGroup): Promise<WatchlistSymbolRow[]> {
  const { data } = await callApi(listWatchlistSymbols, {
    id: group.id,
    name: group.name,
    channel: group.channel,
    isEditable: group.isEditable,
    type: group.type,
  });
  return data.symbols;
}

export async function addGroup(name: string): Promise<string> {
  return (await callApi(addWatchlistGroup, { name })).data.id;
}

export async function updateGroup(
  group: WatchlistGroup,
  name: string,
  settings?: WatchlistSettings,
): Promise<WatchlistGroup> {
  const { data } = await callApi(updateWatchlistGroup, {
    watchId: group.id,
    name,
    channel: group.channel,
    ...(settings ? { settings } : {}),
  });
  return data;
}

export async function deleteGroups(groups: readonly WatchlistGroup[]): Promise<void> {
  await callApi(deleteWatchlistGroup, { watchGroup: groups.map((g) => ({ name: g.name, watchId: g.id })) });
}

export async function addSymbol(watchId: string, sym: SymbolObject): Promise<void> {
  await callApi(addWatchlistSymbol, { watchId, sym });
}

export async function deleteSymbols(watchId: string, symGroup: readonly SymbolObject[]): Promise<void> {
  await callApi(deleteWatchlistSymbols, { watchId, symGroup: [...symGroup] });
}

export async function updateFavourite(watchId: string, favId: '0' | '1' | '2'): Promise<void> {
  await callApi(updateWatchlistFavourite, { watchId, favId });
}

/** All groups in the dropdown's order: the client's own, then mobile, then predefined. */
export function allGroups(g: WatchlistGroups): WatchlistGroup[] {
  return [...g.groups, ...g.mpib, ...g.predef];
}
