import { formatQuantity, marketStatsText, parsePrice, type StatsRow } from '@kite/domain';
import type { DataColumn } from '../../components/data-table/index.ts';
import type { StatsList } from './api/market-stats.ts';
import { Change } from './Change.tsx';
import { lakhText, grouped } from './stats-format.ts';

const text = marketStatsText.columns;
/** Sorting compares integer hundredths, read from the decimal texts. */
const num = (decimal: string) => parsePrice(decimal, 2);

/** The quote-like rows these columns read (ranked lists, screens, the movers' quotes); each column asks only its fields. */
const symbol: DataColumn<Pick<StatsRow, 'displaySym' | 'companyName'>> = {
  id: 'symbol',
  header: text.symbol,
  cell: (row) => (
    <span title={row.companyName}>
      <strong>{row.displaySym}</strong>
    </span>
  ),
  sortValue: (row) => row.displaySym,
};
const ltp: DataColumn<Pick<StatsRow, 'ltp'>> = {
  id: 'ltp',
  header: text.ltp,
  cell: (row) => grouped(row.ltp),
  sortValue: (row) => num(row.ltp),
  align: 'end',
};
const chng: DataColumn<Pick<StatsRow, 'chng'>> = {
  id: 'chng',
  header: text.change,
  cell: (row) => <Change value={row.chng} />,
  sortValue: (row) => num(row.chng),
  align: 'end',
};
const change: DataColumn<Pick<StatsRow, 'chngPer'>> = {
  id: 'chngPer',
  header: text.changePer,
  cell: (row) => <Change value={row.chngPer} percent />,
  sortValue: (row) => num(row.chngPer),
  align: 'end',
};
const column = (
  id: keyof StatsRow & string,
  header: string,
  show: (row: StatsRow) => string,
): DataColumn<StatsRow> => ({
  id,
  header,
  cell: show,
  sortValue: (row) => num(String(row[id])),
  align: 'end',
});
const volume: DataColumn<Pick<StatsRow, 'vol'>> = {
  id: 'vol',
  header: text.volume,
  cell: (row) => formatQuantity(row.vol),
  sortValue: (row) => row.vol,
  align: 'end',
};
const value = column('tradedValue', text.value, (row) => lakhText(row.tradedValue));
const open = column('openPrice', text.open, (row) => grouped(row.openPrice));
const close = column('closePrice', text.prevClose, (row) => grouped(row.closePrice));
const yearHigh = column('yearHigh', text.yearHigh, (row) => grouped(row.yearHigh));
const yearLow = column('yearLow', text.yearLow, (row) => grouped(row.yearLow));
const fromHigh = column('fromYearHighPer', text.fromHigh, (row) => row.fromYearHighPer);
const fromLow = column('fromYearLowPer', text.fromLow, (row) => row.fromYearLowPer);
const gap: DataColumn<StatsRow> = {
  id: 'gapPer',
  header: text.gap,
  cell: (row) => <Change value={row.gapPer} percent />,
  sortValue: (row) => num(row.gapPer),
  align: 'end',
};

/** Each column on its own, for screens that compose their own sets. */
export const statsColumns = {
  symbol,
  ltp,
  chng,
  change,
  volume,
  value,
  open,
  close,
  yearHigh,
  yearLow,
  fromHigh,
  fromLow,
  gap,
};

/** The columns of each ranked list: what it ranks by, next to the quote's own figures. */
export const listColumns: Readonly<Record<StatsList, readonly DataColumn<StatsRow>[]>> = {
  volume: [symbol, ltp, change, volume, value],
  value: [symbol, ltp, change, value, volume],
  high: [symbol, ltp, change, yearHigh, fromHigh, yearLow],
  low: [symbol, ltp, change, yearLow, fromLow, yearHigh],
  up: [symbol, ltp, change, open, close, gap],
  down: [symbol, ltp, change, open, close, gap],
};
