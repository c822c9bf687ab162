import { tradingText } from '../messages/trading.ts';
import { checkTextInput } from '../validators/credentials.ts';

const text = tradingText.watchlist;

/** trading.md 9 */
export const MAX_CUSTOM_WATCHLISTS = 5;
export const WATCHLIST_NAME_MAX = 10;
export const FAVOURITE_SLOTS = ['1', '2'] as const;

export interface WatchlistGroupFacts {
  id: string;
  name: string;
  isEditable: boolean;
  isMobile?: boolean;
  /** '0' none, '1' or '2' favourite slots. */
  favid: string;
}

/** Whether the add-watchlist dialog may open: at most 5 editable named watchlists (trading.md 5.3). */
export function checkCanAddWatchlist(groups: readonly WatchlistGroupFacts[]): string | null {
  return groups.filter((g) => g.isEditable).length >= MAX_CUSTOM_WATCHLISTS ? text.tooMany : null;
}

/**
 * A new watchlist's name (trading.md 5.3): the shared name validator (blank, over 10 characters or '#' refused), then
 * different from every existing name ignoring case, then the limit of 5.
 */
export function checkNewWatchlistName(name: string, groups: readonly WatchlistGroupFacts[]): string | null {
  const invalid = checkTextInput(name);
  if (invalid !== null) return invalid;
  const wanted = name.trim().toLowerCase();
  if (groups.some((g) => g.name.trim().toLowerCase() === wanted)) return text.nameExists;
  return checkCanAddWatchlist(groups);
}

/** Renaming: the same validator, and a changed name must not collide with another watchlist's. */
export function checkWatchlistRename(
  name: string,
  groupId: string,
  groups: readonly WatchlistGroupFacts[],
): string | null {
  const invalid = checkTextInput(name);
  if (invalid !== null) return invalid;
  const wanted = name.trim().toLowerCase();
  return groups.some((g) => g.id !== groupId && g.name.trim().toLowerCase() === wanted) ? text.nameExists : null;
}

export function checkDeleteWatchlists(selectedIds: readonly string[]): string | null {
  return selectedIds.length === 0 ? text.selectOneToDelete : null;
}

/** The last scrip cannot be deleted: a selection must leave at least one (trading.md 5.3). */
export function checkDeleteScrips(selectedCount: number, totalCount: number): string | null {
  return selectedCount > 0 && selectedCount >= totalCount ? text.cannotDeleteLast : null;
}

export interface ScripIdentity {
  id: string;
  exc: string;
  assetClass?: string | null;
  trSymbol?: string | null;
}

/** Same id, exchange, asset class and trading symbol (trading.md 5.3). */
export function isSameScrip(a: ScripIdentity, b: ScripIdentity): boolean {
  return (
    a.id === b.id &&
    a.exc === b.exc &&
    (a.assetClass ?? '') === (b.assetClass ?? '') &&
    (a.trSymbol ?? '') === (b.trSymbol ?? '')
  );
}

export function checkAddScrip(scrip: ScripIdentity, existing: readonly ScripIdentity[]): string | null {
  return existing.some((s) => isSameScrip(s, scrip)) ? text.symbolExists : null;
}

export function checkExport(rowCount: number): string | null {
  return rowCount === 0 ? text.exportEmpty : null;
}

/** Adding scrips from elsewhere (trading.md 5.3): an editable watchlist must exist and one must be selected. */
export function checkAddToWatchlistTarget(
  groups: readonly WatchlistGroupFacts[],
  selectedId: string | null,
): string | null {
  if (!groups.some((g) => g.isEditable)) return text.addWatchlistFirst;
  if (selectedId === null || !groups.some((g) => g.id === selectedId && g.isEditable)) return text.selectWatchlist;
  return null;
}

/**
 * Toggling a watchlist's favourite star (trading.md 4.5): a favourite goes back to '0'; otherwise it takes slot 1 if
 * free, else slot 2; with both taken the answer is the error.
 */
export function toggleFavourite(
  groups: readonly WatchlistGroupFacts[],
  groupId: string,
): { ok: true; favid: string } | { ok: false; message: string } {
  const group = groups.find((g) => g.id === groupId);
  if (group && group.favid !== '0' && group.favid !== '') return { ok: true, favid: '0' };
  const taken = new Set(groups.filter((g) => g.id !== groupId).map((g) => g.favid));
  const free = FAVOURITE_SLOTS.find((slot) => !taken.has(slot));
  return free ? { ok: true, favid: free } : { ok: false, message: text.favouritesFull };
}

/** After a delete the dropdown selects the first editable group, else a mobile group, else the first other group. */
export function selectionAfterDelete<T extends WatchlistGroupFacts>(remaining: readonly T[]): T | null {
  return remaining.find((g) => g.isEditable) ?? remaining.find((g) => g.isMobile) ?? remaining[0] ?? null;
}
