import { parsePrice, parseRupees, type holdingsSummary, type ResponseData } from '@kite/domain';

export type HoldingRow = ResponseData<typeof holdingsSummary>['holdings'][number];

/** A holding's money figures in paise at a last price (live when ticking): value, P&L and the day's change. */
export interface HoldingFigures {
  ltp: number | null;
  currentValue: number | null;
  pnl: number | null;
  dayChange: number | null;
}

/** Equity prices have 2 decimals, so price units are paise and value = ltp x quantity stays an exact integer. */
export function holdingFigures(row: HoldingRow, liveLtp: string | undefined): HoldingFigures {
  const live = liveLtp === undefined ? null : parsePrice(liveLtp, 2);
  if (live === null) {
    return { ltp: parsePrice(row.ltp, 2), currentValue: parseRupees(row.currentValue), pnl: parseRupees(row.pnl), dayChange: parseRupees(row.dayChange) };
  }
  const invested = parseRupees(row.investedValue);
  const close = parsePrice(row.closePrice, 2);
  const currentValue = live * row.qty;
  return {
    ltp: live,
    currentValue,
    pnl: invested === null ? null : currentValue - invested,
    dayChange: close === null || close === 0 ? parseRupees(row.dayChange) : (live - close) * row.qty,
  };
}
