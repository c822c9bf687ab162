import {
  equityScreens,
  formatQuantity,
  marketStatsText,
  parsePrice,
  type EquityScreen,
  type ScreenerRow,
} from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { TabList } from '../../components/tabs/index.ts';
import { useScreener, type StatsExchange } from './api/market-stats.ts';
import { ExchangeSwitch } from './ExchangeSwitch.tsx';
import { IndexSelect } from './IndexSelect.tsx';
import styles from './market-stats.module.css';
import { statsColumns } from './stats-columns.tsx';
import { grouped } from './stats-format.ts';

const text = marketStatsText;
const screeners = text.screeners;
const hundredths = (decimal: string) => parsePrice(decimal, 2);

const price = (id: 'highPrice' | 'lowPrice', header: string): DataColumn<ScreenerRow> => ({
  id,
  header,
  cell: (row) => grouped(row[id]),
  sortValue: (row) => hundredths(row[id]),
  align: 'end',
});
const dayHigh = price('highPrice', screeners.columns.dayHigh);
const dayLow = price('lowPrice', screeners.columns.dayLow);
const multiple: DataColumn<ScreenerRow> = {
  id: 'volumeMultiple',
  header: screeners.columns.multiple,
  cell: (row) => <span className="num">{row.volumeMultiple}</span>,
  sortValue: (row) => hundredths(row.volumeMultiple),
  align: 'end',
};
// The ranked lists' columns serve the screener's rows, which extend the ranked lists' rows.
const {
  symbol,
  ltp,
  chng,
  change: changePer,
  volume,
  yearHigh,
  fromHigh,
  yearLow,
  fromLow,
  open,
  close,
  gap,
} = statsColumns;
const base = [symbol, ltp, chng, changePer];

const columnsOf: Readonly<Record<EquityScreen, readonly DataColumn<ScreenerRow>[]>> = {
  gainers: [...base, dayHigh, dayLow, volume],
  losers: [...base, dayHigh, dayLow, volume],
  'new-high': [...base, dayHigh, yearHigh, fromHigh],
  'new-low': [...base, dayLow, yearLow, fromLow],
  'gap-up': [...base, open, close, gap],
  'gap-down': [...base, open, close, gap],
  'price-breakout': [...base, open, dayHigh, volume],
  'price-breakdown': [...base, open, dayLow, volume],
  'volume-surge': [...base, volume, multiple],
};

/** /home/ms/eq/mkt/screeners: equity screens of an exchange or one of its indices. */
export function ScreenersPage() {
  const titleId = useId();
  const panelId = useId();
  const [exc, setExc] = useState<StatsExchange>('NSE');
  const [index, setIndex] = useState('');
  const [screen, setScreen] = useState<EquityScreen>('gainers');
  const answer = useScreener(screen, exc, index);
  const chooseExchange = (next: StatsExchange) => {
    setExc(next);
    setIndex('');
  };
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {screeners.title}
        </h1>
        <div className={styles.tools}>
          <IndexSelect label={screeners.index} none={screeners.ranked} exc={exc} value={index} onChange={setIndex} />
          <ExchangeSwitch value={exc} onChange={chooseExchange} />
        </div>
      </header>
      <TabList
        tabs={equityScreens.map((id) => ({ id, label: screeners.tabs[id] }))}
        selected={screen}
        onSelect={setScreen}
        label={screeners.screens}
        panelId={panelId}
        className={styles.tabs}
        tabClassName={styles.tab}
      />
      <p className={styles.note} data-testid="screen-rule">
        {screeners.rules[screen]} {answer.data && screeners.screened(formatQuantity(answer.data.screened))}
      </p>
      <div className={styles.panel} id={panelId} role="tabpanel">
        <DataTable
          caption={`${screeners.tabs[screen]}: ${index || exc}`}
          columns={columnsOf[screen]}
          rows={answer.data?.rows}
          rowKey={(row) => row.sym.id}
          loading={answer.isFetching && !answer.data}
          loadingText={text.loading}
          error={answer.isError ? text.error : undefined}
          empty={screeners.empty}
          stickyHeader={false}
        />
      </div>
      {!index && <p className={styles.note}>{screeners.rankedNote}</p>}
    </section>
  );
}
