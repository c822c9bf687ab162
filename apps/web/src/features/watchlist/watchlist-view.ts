import {
  EXPANDED_DEFAULT_COLUMN_IDS,
  WATCHLIST_COLUMNS,
  columnById,
  formatQuantity,
  matchesColumnFilter,
  matchesSymbolFilter,
  type StreamKey,
  type WatchlistColumn,
  type WatchlistGroup,
  type WatchlistSymbolRow,
} from '@kite/domain';
import { streamKeyFor } from '../../lib/stream/stream.ts';
import type { Level1State } from '../../lib/stream/tick-store.ts';
import { displayPercent, displayPrice, priceDecimalsOf } from '../market-data/price-format.ts';

/** The columns a pane shows (trading.md 2.6, 9): the group's choice for its asset tab; expanded adds the extra ones. */
export function columnsShown(group: WatchlistGroup, expanded: boolean): WatchlistColumn[] {
  const s = group.settings;
  const chosen =
    s.assetClass === 'FUTURE' ? s.futureColumns : s.assetClass === 'OPTIONS' ? s.optionsColumns : s.equityColumns;
  const ids = expanded ? [...chosen, ...EXPANDED_DEFAULT_COLUMN_IDS.filter((id) => !chosen.includes(id))] : chosen;
  // The chart column goes last so figures stay together.
  const columns = ids.flatMap((id) => columnById(id) ?? []);
  return [...columns.filter((c) => c.apikey !== 'chart'), ...columns.filter((c) => c.apikey === 'chart')];
}

export function rowStreamKey(row: WatchlistSymbolRow): StreamKey {
  return streamKeyFor({ exc: row.sym.exc, streamSym: row.streamSym, exc_seg: row.sym.exc_seg, xSym: row.sym.xSym });
}

type Key = WatchlistColumn['apikey'];

/** A column's value for a row: the latest tick where the stream has one, else the list call's value. */
export function rawValue(row: WatchlistSymbolRow, tick: Level1State | undefined, key: Key): string | number | null {
  switch (key) {
    case 'companyName':
      return row.displaySym;
    case 'exc':
      return row.exc;
    case 'chart':
      return null;
    case 'openInterest':
      return row.openInterest === null ? null : (tick?.openInterest ?? row.openInterest);
    case 'bidPrice':
      return tick ? (tick.bidPrice ?? '0') : row.bidPrice;
    case 'askPrice':
      return tick ? (tick.askPrice ?? '0') : row.askPrice;
    default:
      return tick ? tick[key] : row[key];
  }
}

const PRICE_KEYS = new Set<Key>(['ltp', 'chng', 'bidPrice', 'askPrice', 'avgTradedPrice']);
const QUANTITY_KEYS = new Set<Key>(['bidQty', 'askQty', 'vol', 'ltq', 'openInterest']);

/** What a cell shows: prices with the instrument's decimals and lakh grouping, quantities as integers with Indian
 * grouping (trading.md 9, as the market depth and the dashboard lists show them). */
export function displayValue(row: WatchlistSymbolRow, tick: Level1State | undefined, key: Key): string {
  const value = rawValue(row, tick, key);
  if (value === null) return '--';
  if (PRICE_KEYS.has(key)) return displayPrice(String(value), priceDecimalsOf(row.exc));
  if (key === 'chngPer') return displayPercent(String(value));
  if (QUANTITY_KEYS.has(key) && Number.isSafeInteger(Number(value))) return formatQuantity(Number(value));
  return String(value);
}

/** Column filters (trading.md 5.3): every filled filter must match; the symbol column matches id or company name. */
export function filterRows(
  rows: readonly WatchlistSymbolRow[],
  filters: Readonly<Record<string, string>>,
  tickOf: (row: WatchlistSymbolRow) => Level1State | undefined,
): WatchlistSymbolRow[] {
  const active = Object.entries(filters).filter(([, f]) => f.trim() !== '');
  if (active.length === 0) return [...rows];
  return rows.filter((row) =>
    active.every(([apikey, filter]) => {
      if (apikey === 'companyName') {
        return (
          matchesSymbolFilter({ id: row.displaySym, companyName: row.companyName }, filter) ||
          matchesSymbolFilter({ id: row.sym.id, companyName: '' }, filter)
        );
      }
      const column = WATCHLIST_COLUMNS.find((c) => c.apikey === apikey);
      if (!column) return true;
      return matchesColumnFilter(rawValue(row, tickOf(row), column.apikey), column.type, filter);
    }),
  );
}

/** Rows for export: a header line of the shown columns' labels (chart left out), then each row's shown values. */
export function exportTable(
  columns: readonly WatchlistColumn[],
  rows: readonly WatchlistSymbolRow[],
  tickOf: (row: WatchlistSymbolRow) => Level1State | undefined,
): string[][] {
  const shown = columns.filter((c) => c.apikey !== 'chart');
  return [
    shown.map((c) => c.name),
    ...rows.map((row) =>
      shown.map((c) => {
        const value = rawValue(row, tickOf(row), c.apikey);
        return value === null ? '' : String(value);
      }),
    ),
  ];
}
