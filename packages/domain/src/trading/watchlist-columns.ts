import { tradingText } from '../messages/trading.ts';

/**
 * Watchlist column definitions (trading.md 2.6, 3 "Column definition", 9). The spec gives the keys, some labels and
 * the default id lists (4,5,6,7,58,9,10,11,12,13 and expanded 4,5,6,7,9,13,12,17,18,58) but not which id is which
 * key: the numbering below is chosen so that both default lists make sensible panes. Symbol and LTP are fixed on.
 */
export type WatchlistAssetClass = 'EQUITY' | 'FUTURE' | 'OPTIONS';
export type ColumnActiveFor = 'eq' | 'fut' | 'opt';

export interface WatchlistColumn {
  id: number;
  name: string;
  apikey: keyof typeof tradingText.watchlist.columns;
  type: 'num' | 'string';
  default: boolean;
  editable: boolean;
  activefor: readonly ColumnActiveFor[];
}

const labels = tradingText.watchlist.columns;
const all: readonly ColumnActiveFor[] = ['eq', 'fut', 'opt'];
const column = (
  id: number,
  apikey: WatchlistColumn['apikey'],
  type: 'num' | 'string',
  options: Partial<WatchlistColumn> = {},
): WatchlistColumn => ({
  id,
  name: labels[apikey],
  apikey,
  type,
  default: DEFAULT_COLUMN_IDS.includes(id),
  editable: true,
  activefor: all,
  ...options,
});

export const DEFAULT_COLUMN_IDS: readonly number[] = [4, 5, 6, 7, 58, 9, 10, 11, 12, 13];
export const EXPANDED_DEFAULT_COLUMN_IDS: readonly number[] = [4, 5, 6, 7, 9, 13, 12, 17, 18, 58];
export const MAX_WATCHLIST_COLUMNS = 16;
/** "at most about 10 selections can be added" (trading.md 5.3). */
export const MAX_CUSTOM_COLUMN_SELECTIONS = 10;
export const WATCHLIST_COLUMN_WIDTH_PX = 120;
export const WATCHLIST_ASSET_CLASSES: readonly WatchlistAssetClass[] = ['EQUITY', 'FUTURE', 'OPTIONS'];

export const WATCHLIST_COLUMNS: readonly WatchlistColumn[] = [
  column(4, 'companyName', 'string', { editable: false }),
  column(5, 'ltp', 'num', { editable: false }),
  column(6, 'chng', 'num'),
  column(7, 'chngPer', 'num'),
  column(9, 'bidPrice', 'num'),
  column(10, 'bidQty', 'num'),
  column(11, 'askQty', 'num'),
  column(12, 'askPrice', 'num'),
  column(13, 'vol', 'num'),
  column(14, 'exc', 'string'),
  column(15, 'ltq', 'num'),
  column(16, 'lUpdatedTime', 'string'),
  column(17, 'avgTradedPrice', 'num'),
  column(18, 'lTradedTime', 'string'),
  column(19, 'openInterest', 'num', { activefor: ['fut', 'opt'] }),
  column(58, 'chart', 'string'),
];

const ASSET_TO_ACTIVE: Record<WatchlistAssetClass, ColumnActiveFor> = { EQUITY: 'eq', FUTURE: 'fut', OPTIONS: 'opt' };

export function columnById(id: number): WatchlistColumn | undefined {
  return WATCHLIST_COLUMNS.find((c) => c.id === id);
}

/** Columns offered on an asset tab (custom columns are enabled only for the active tab). */
export function columnsFor(assetClass: WatchlistAssetClass): readonly WatchlistColumn[] {
  const active = ASSET_TO_ACTIVE[assetClass];
  return WATCHLIST_COLUMNS.filter((c) => c.activefor.includes(active));
}

/**
 * A column choice as saved: known ids active for the tab, non-editable columns always on, no duplicates, at most 16.
 * Order is kept; fixed columns missing from the choice go first.
 */
export function normaliseColumnChoice(ids: readonly number[], assetClass: WatchlistAssetClass): number[] {
  const offered = columnsFor(assetClass);
  const allowed = new Set(offered.map((c) => c.id));
  const fixed = offered.filter((c) => !c.editable).map((c) => c.id);
  const chosen: number[] = [...fixed.filter((id) => !ids.includes(id))];
  for (const id of ids) {
    if (allowed.has(id) && !chosen.includes(id)) chosen.push(id);
  }
  return chosen.slice(0, MAX_WATCHLIST_COLUMNS);
}
