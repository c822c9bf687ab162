import {
  COMMODITY_POSITION_PRODUCT_FILTERS,
  NET_POSITION_PRODUCT_FILTERS,
  tradingText,
  type Abilities,
  type PositionAssetFilter,
  type PositionRow,
} from '@kite/domain';

export type PositionTab = 'equity' | 'fno' | 'currency' | 'commodity';
export type PositionDay = 'today' | 'all';

export const TAB_LABELS: Record<PositionTab, string> = {
  equity: 'Equity',
  fno: 'F&O',
  currency: 'Currency',
  commodity: 'Commodity',
};

/** trading.md 2.5, 6: one tab per permitted segment, in this order; the Spread tab is removed. */
export function positionTabs(abilities: Abilities): PositionTab[] {
  const tabs: PositionTab[] = [];
  if (abilities.equity) tabs.push('equity');
  if (abilities.fno) tabs.push('fno');
  if (abilities.currency) tabs.push('currency');
  if (abilities.commodity) tabs.push('commodity');
  return tabs;
}

/** The filter state of one tab (trading.md 2.5); a tab change starts again from todayFilters. */
export interface PositionFilters {
  day: PositionDay;
  /** NSE/BSE on equity, MCX/NCDEX held on commodity; unused elsewhere. */
  exchange: string;
  product: string;
  asset: PositionAssetFilter;
}

/** trading.md 4.4: each tab change resets the day to today; the commodity tab holds the first enabled exchange. */
export function todayFilters(tab: PositionTab, abilities: Abilities): PositionFilters {
  const exchange = tab === 'commodity' ? (abilities.mcx ? 'MCX' : 'NCDEX') : 'NSE';
  return { day: 'today', exchange, product: 'ALL', asset: 'all' };
}

/** ALL POSITION is hidden on the equity tab: the day there is today only (2.5, 4.4). */
export function showsAllPositionButton(tab: PositionTab): boolean {
  return tab !== 'equity';
}

export function productChoices(tab: PositionTab): readonly { value: string; label: string }[] {
  return tab === 'commodity' ? COMMODITY_POSITION_PRODUCT_FILTERS : NET_POSITION_PRODUCT_FILTERS;
}

/**
 * The NetPositions request filters (trading.md 7): prdType always; exc for equity and commodity; assetClass and
 * positionDay for fno, currency and commodity.
 */
export function requestFilters(tab: PositionTab, filters: PositionFilters): { key: string; value: string }[] {
  const list = [{ key: 'prdType', value: filters.product }];
  if (tab === 'equity' || tab === 'commodity') list.push({ key: 'exc', value: filters.exchange });
  if (tab !== 'equity') {
    list.push({ key: 'assetClass', value: filters.asset });
    list.push({ key: 'positionDay', value: filters.day });
  }
  return list;
}

export type ColumnKey =
  | 'symbol'
  | 'product'
  | 'ltp'
  | 'netQty'
  | 'netPnl'
  | 'avgPrice'
  | 'realisedPnl'
  | 'unrealisedPnl'
  | 'buyQty'
  | 'buyAvg'
  | 'sellQty'
  | 'sellAvg';

export interface PositionColumn {
  key: ColumnKey;
  label: string;
  numeric: boolean;
}

const text = tradingText.positions;

/** trading.md 2.5 columns; in the ALL POSITION view the buy and sell columns carry the current and previous figures. */
export function positionColumns(day: PositionDay): PositionColumn[] {
  const all = day === 'all';
  return [
    { key: 'symbol', label: 'SYMBOL', numeric: false },
    { key: 'product', label: 'PRODUCT', numeric: false },
    { key: 'ltp', label: 'LTP', numeric: true },
    { key: 'netQty', label: 'NET QTY', numeric: true },
    { key: 'netPnl', label: 'NET P&L', numeric: true },
    { key: 'avgPrice', label: 'AVG PRICE', numeric: true },
    { key: 'realisedPnl', label: 'REALISED P&L', numeric: true },
    { key: 'unrealisedPnl', label: 'UNREALISED P&L', numeric: true },
    { key: 'buyQty', label: all ? text.currentNetQty : 'BUY QTY', numeric: true },
    { key: 'buyAvg', label: all ? text.currentAvgPrice : 'BUY AVG', numeric: true },
    { key: 'sellQty', label: all ? text.previousQty : 'SELL QTY', numeric: true },
    { key: 'sellAvg', label: all ? text.previousAvgPrice : 'SELL AVG', numeric: true },
  ];
}

export type RowAction = 'buySell' | 'squareOff' | 'none';

/** trading.md 2.5: BUY and SELL for BO and CO; otherwise SQUARE OFF, hidden at net qty 0 (or not a number) and for SHORTSELL. */
export function rowAction(position: Pick<PositionRow, 'prdType'> & { netQty: number | string }): RowAction {
  if (position.prdType === 'BO' || position.prdType === 'CO') return 'buySell';
  if (position.prdType === 'SHORTSELL') return 'none';
  const net = typeof position.netQty === 'number' ? position.netQty : Number.parseInt(position.netQty, 10);
  if (!Number.isSafeInteger(net) || net === 0 || String(position.netQty).trim() === '') return 'none';
  return 'squareOff';
}

/** The side of the square-off order: it closes the net position. */
export function squareOffSide(netQty: number): 'BUY' | 'SELL' {
  return netQty < 0 ? 'BUY' : 'SELL';
}
