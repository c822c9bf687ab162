import {
  investingText,
  liveFigures,
  parsePrice,
  parseRupees,
  parseScaled,
  sumPnl,
  totalPercents,
  type PnlFigures,
  type PnlFilter,
  type PnlRow,
  type PnlSegment,
  type PriceDecimals,
} from '@kite/domain';
import { priceDecimalsOf } from '../market-data/price-format.ts';

const text = investingText.pnl;

export type PnlTab = 'HOLDINGS' | 'FNO' | 'CURRENCY';
export type PnlView = 'SCRIP' | 'SECTOR';
export const PNL_TABS: readonly PnlTab[] = ['HOLDINGS', 'FNO', 'CURRENCY'];
export const PNL_VIEWS: readonly PnlView[] = ['SCRIP', 'SECTOR'];
export const FILTER_CHOICES: readonly { value: PnlFilter; label: string }[] = (['ALL', 'GAIN', 'LOSS'] as const).map(
  (value) => ({ value, label: text.filterChoices[value] }),
);

/** investing.md 9 segment mapping: Script -> Equity, Sector -> EquitySector, Fno -> Derivatives, Currency. */
export function segmentOf(tab: PnlTab, view: PnlView): PnlSegment {
  switch (tab) {
    case 'HOLDINGS':
      return view === 'SECTOR' ? 'EquitySector' : 'Equity';
    case 'FNO':
      return 'Derivatives';
    case 'CURRENCY':
      return 'Currency';
    default: {
      const never: never = tab;
      throw new Error(`unknown tab ${String(never)}`);
    }
  }
}

/** A row's figures as integers: prices in the instrument's units, money in paise, percentages in hundredths. */
export interface RowFigures extends PnlFigures {
  decimals: PriceDecimals;
  ltp: number;
}

const amount = (value: string): number => parseRupees(value) ?? 0;

/**
 * The row at the live last price when there is one (investing.md 4: live ticks update ltp, current value, today's
 * gain and the percentages), else as the server sent it. Exact: the domain's liveFigures, as the server computes.
 */
export function rowFigures(row: PnlRow, liveLtp?: string): RowFigures {
  const decimals = priceDecimalsOf(row.sym.exc);
  const base: RowFigures = {
    decimals,
    qty: row.qty,
    avgBuyPrice: parsePrice(row.avgBuyPrice, decimals) ?? 0,
    purchaseValue: amount(row.purchaseValue),
    ltp: parsePrice(row.ltp, decimals) ?? 0,
    currentValue: amount(row.currentValue),
    todayGainLoss: amount(row.todayGainLoss),
    todayGainLossPerc: parseScaled(row.todayGainLossPerc, 2) ?? 0,
    plValue: amount(row.plValue),
    plPerc: parseScaled(row.plPerc, 2) ?? 0,
    realised: amount(row.realised),
  };
  const live = liveLtp === undefined ? null : parsePrice(liveLtp, decimals);
  if (live === null || live === base.ltp) return base;
  const prevClose = parsePrice(row.prevClose, decimals) ?? 0;
  return {
    ...base,
    ltp: live,
    ...liveFigures({ qty: row.qty, purchaseValue: base.purchaseValue, prevClose, multiplier: row.multiplier, priceDecimals: decimals }, live),
  };
}

/** A TOTAL row's figures: the sums, and percentages over them. */
export type TotalFigures = Pick<PnlFigures, 'purchaseValue' | 'currentValue' | 'todayGainLoss' | 'todayGainLossPerc' | 'plValue' | 'plPerc' | 'realised'>;

/** investing.md 4: the totals of the error and loading states. */
export const ZERO_TOTALS: TotalFigures = {
  purchaseValue: 0,
  currentValue: 0,
  todayGainLoss: 0,
  todayGainLossPerc: 0,
  plValue: 0,
  plPerc: 0,
  realised: 0,
};

/** A TOTAL row (a list, a sector, the header cards): the rows' sums, percentages over the sums. */
export function totalsOf(figures: readonly RowFigures[]): TotalFigures {
  const t = sumPnl(figures);
  const { todayPerc, plPerc } = totalPercents(t);
  return {
    purchaseValue: t.purchaseValue,
    currentValue: t.currentValue,
    todayGainLoss: t.todayGainLoss,
    todayGainLossPerc: todayPerc,
    plValue: t.plValue,
    plPerc,
    realised: t.realised,
  };
}

export type ColumnKey =
  | 'name'
  | 'qty'
  | 'avgPrice'
  | 'purchaseValue'
  | 'ltp'
  | 'currentValue'
  | 'today'
  | 'todayPerc'
  | 'notional'
  | 'notionalPerc'
  | 'realised';

export interface ColumnSpec {
  key: ColumnKey;
  label: string;
  numeric: boolean;
  /** Shown in a TOTAL row (quantities and prices do not add up). */
  totalled: boolean;
}

/** investing.md 2: the sortable columns, scrip or sector name first. */
export function pnlColumns(view: PnlView): ColumnSpec[] {
  const c = text.columns;
  const sector = view === 'SECTOR';
  return [
    { key: 'name', label: sector ? c.sector : c.scrip, numeric: false, totalled: false },
    { key: 'qty', label: c.qty, numeric: true, totalled: false },
    { key: 'avgPrice', label: c.avgPrice, numeric: true, totalled: false },
    { key: 'purchaseValue', label: c.purchaseValue, numeric: true, totalled: true },
    { key: 'ltp', label: c.ltp, numeric: true, totalled: false },
    { key: 'currentValue', label: c.currentValue, numeric: true, totalled: true },
    { key: 'today', label: c.today, numeric: true, totalled: true },
    { key: 'todayPerc', label: c.todayPerc, numeric: true, totalled: true },
    { key: 'notional', label: c.notional, numeric: true, totalled: true },
    { key: 'notionalPerc', label: c.notionalPerc, numeric: true, totalled: true },
    { key: 'realised', label: c.realised, numeric: true, totalled: true },
  ];
}

/** The figure of a numeric column (money in paise, percentages in hundredths, prices in units). */
export function figureOf(f: RowFigures | TotalFigures, key: Exclude<ColumnKey, 'name'>): number | null {
  switch (key) {
    case 'qty':
      return 'qty' in f ? f.qty : null;
    case 'avgPrice':
      return 'avgBuyPrice' in f ? f.avgBuyPrice : null;
    case 'ltp':
      return 'ltp' in f ? f.ltp : null;
    case 'purchaseValue':
      return f.purchaseValue;
    case 'currentValue':
      return f.currentValue;
    case 'today':
      return f.todayGainLoss;
    case 'todayPerc':
      return f.todayGainLossPerc;
    case 'notional':
      return f.plValue;
    case 'notionalPerc':
      return f.plPerc;
    case 'realised':
      return f.realised;
  }
}

/**
 * What a column sorts by (investing.md 4: ASC/DSC per column, numeric or text): the name as text, figures as exact
 * integers. Prices of 2 and 4 decimals are put on one scale (ten-thousandths) so they compare exactly.
 */
export function sortValueOf(name: string, f: RowFigures | TotalFigures, key: ColumnKey): string | number | null {
  if (key === 'name') return name;
  const value = figureOf(f, key);
  if (value === null) return null;
  if ((key === 'avgPrice' || key === 'ltp') && 'decimals' in f && f.decimals === 2) return value * 100;
  return value;
}

/** investing.md 2 new view: the warning shows when any average buy price is 0.00. */
export function hasZeroAverage(rows: readonly PnlRow[]): boolean {
  return rows.some((row) => (parseScaled(row.avgBuyPrice, 4) ?? 0) === 0);
}

/** Colours (investing.md 9): negative red, otherwise green. */
export function signClass(value: number): 'up' | 'down' {
  return value < 0 ? 'down' : 'up';
}
