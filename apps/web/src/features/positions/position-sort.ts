import { parseScaled, type PositionRow } from '@kite/domain';
import type { ColumnKey, PositionDay } from './positions-view.ts';

/**
 * The wire value of a cell: a text for symbol and product, a decimal string or integer otherwise. In the ALL
 * POSITION view the buy and sell columns hold the current and previous figures (trading.md 2.5).
 */
export function cellValue(row: PositionRow, key: ColumnKey, day: PositionDay): string | number {
  const all = day === 'all';
  switch (key) {
    case 'symbol':
      return row.displaySym;
    case 'product':
      return row.prdType;
    case 'ltp':
      return row.ltp;
    case 'netQty':
      return row.netQty;
    case 'netPnl':
      return row.netPnL;
    case 'avgPrice':
      return row.avgPrice;
    case 'realisedPnl':
      return row.bookedPnl;
    case 'unrealisedPnl':
      return row.unRealPnl;
    case 'buyQty':
      return all ? row.currPos : row.buyQty;
    case 'buyAvg':
      return all ? row.currAvgPrice : row.buyAvgPrice;
    case 'sellQty':
      return all ? row.prevPos : row.sellQty;
    case 'sellAvg':
      return all ? row.prevAvgPrice : row.sellAvgPrice;
  }
}

/**
 * What a column sorts by: text for symbol and product; quantities as they are; decimal strings as exact integers in
 * ten-thousandths (2- and 4-decimal figures on one scale), never through floats. Unreadable values sort last (null).
 */
export function sortValueOf(row: PositionRow, key: ColumnKey, day: PositionDay): string | number | null {
  const value = cellValue(row, key, day);
  if (key === 'symbol' || key === 'product' || typeof value === 'number') return value;
  return parseScaled(value, 4);
}
