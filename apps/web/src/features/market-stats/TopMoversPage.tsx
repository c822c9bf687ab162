import { formatQuantity, marketStatsText, moverIndices, parsePrice, type Quote, type StatsIndex } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import {
  useAdvanceDecline,
  useMovers,
  useStatsIndices,
  type MoversKind,
  type StatsExchange,
} from './api/market-stats.ts';
import { BreadthBar } from './BreadthBar.tsx';
import { Change } from './Change.tsx';
import { ExchangeSwitch } from './ExchangeSwitch.tsx';
import styles from './market-stats.module.css';
import { adRatio, grouped } from './stats-format.ts';

const text = marketStatsText;
const movers = text.topMovers;
const hundredths = (decimal: string) => parsePrice(decimal, 2);

const count = (id: 'advances' | 'declines' | 'unchanged', header: string): DataColumn<StatsIndex> => ({
  id,
  header,
  cell: (row) => formatQuantity(row[id]),
  sortValue: (row) => row[id],
  align: 'end',
});

const indexColumns: DataColumn<StatsIndex>[] = [
  { id: 'index', header: movers.index, cell: (row) => <strong>{row.index}</strong>, sortValue: (row) => row.index },
  { id: 'exc', header: text.fnoBreadth.columns.exchange, cell: (row) => row.exc, sortValue: (row) => row.exc },
  count('advances', text.breadth.advances),
  count('declines', text.breadth.declines),
  count('unchanged', text.breadth.unchanged),
  {
    id: 'ratio',
    header: movers.ratio,
    cell: (row) => <span className="num">{adRatio(row.advances, row.declines)}</span>,
    sortValue: (row) => (row.declines === 0 ? null : (row.advances * 10_000) / row.declines),
    align: 'end',
  },
  {
    id: 'bar',
    header: movers.breadth,
    cell: (row) => <BreadthBar breadth={row} label={row.index} compact />,
    width: '260px',
  },
];

const moverColumns: DataColumn<Quote>[] = [
  {
    id: 'symbol',
    header: text.columns.symbol,
    cell: (row) => (
      <span title={row.companyName}>
        <strong>{row.displaySym}</strong>
      </span>
    ),
    sortValue: (row) => row.displaySym,
  },
  {
    id: 'ltp',
    header: text.columns.ltp,
    cell: (row) => grouped(row.ltp),
    sortValue: (row) => hundredths(row.ltp),
    align: 'end',
  },
  {
    id: 'chng',
    header: text.columns.change,
    cell: (row) => <Change value={row.chng} />,
    sortValue: (row) => hundredths(row.chng),
    align: 'end',
  },
  {
    id: 'chngPer',
    header: text.columns.changePer,
    cell: (row) => <Change value={row.chngPer} percent />,
    sortValue: (row) => hundredths(row.chngPer),
    align: 'end',
  },
  {
    id: 'vol',
    header: text.columns.volume,
    cell: (row) => formatQuantity(row.vol),
    sortValue: (row) => row.vol,
    align: 'end',
  },
];

function MoversTable({ kind, exc, index }: { kind: MoversKind; exc: StatsExchange; index: string }) {
  const rows = useMovers(kind, exc, index);
  return (
    <section className={styles.half} aria-label={movers[kind]}>
      <h2 className={styles.subtitle}>{movers[kind]}</h2>
      <div className={styles.panel}>
        <DataTable
          caption={`${movers[kind]}: ${index || exc}`}
          columns={moverColumns}
          rows={rows.data}
          rowKey={(row) => row.sym.id}
          loading={rows.isFetching && !rows.data}
          loadingText={text.loading}
          error={rows.isError ? text.error : undefined}
          empty={movers.empty[kind]}
          stickyHeader={false}
        />
      </div>
    </section>
  );
}

/**
 * /home/ms/eq/mkt/advancedecline ("Top Movers" in the menu, platform.md 2.4): each exchange's advances and declines,
 * each index's, and the top gainers and losers of the chosen exchange or index.
 */
export function TopMoversPage() {
  const titleId = useId();
  const selectId = useId();
  const [exc, setExc] = useState<StatsExchange>('NSE');
  const [index, setIndex] = useState('');
  const breadth = useAdvanceDecline();
  const indices = useStatsIndices();
  const chooseExchange = (next: StatsExchange) => {
    setExc(next);
    setIndex('');
  };
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {movers.title}
        </h1>
      </header>
      <section className={styles.breadthRow} aria-label={movers.breadth}>
        {breadth.isError && (
          <p role="alert" className={styles.state}>
            {text.error}
          </p>
        )}
        {!breadth.data && !breadth.isError && (
          <p role="status" className={styles.state}>
            {text.loading}
          </p>
        )}
        {breadth.data?.map((row) => (
          <div key={row.exc} className={styles.breadthWithRatio}>
            <BreadthBar breadth={row} label={row.exc} />
            <span className={styles.note}>
              {movers.ratio} <span className="num">{adRatio(row.advances, row.declines)}</span>
            </span>
          </div>
        ))}
      </section>
      <div className={styles.listBar}>
        <label className={styles.filter} htmlFor={selectId}>
          {movers.index}
          <select id={selectId} className={styles.select} value={index} onChange={(e) => setIndex(e.target.value)}>
            <option value="">{movers.allStocks}</option>
            {moverIndices[exc].map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <ExchangeSwitch value={exc} onChange={chooseExchange} />
      </div>
      <div className={styles.halves}>
        <MoversTable kind="gainers" exc={exc} index={index} />
        <MoversTable kind="losers" exc={exc} index={index} />
      </div>
      <h2 className={styles.subtitle}>{movers.byIndex}</h2>
      <div className={styles.panel}>
        <DataTable
          caption={movers.byIndexCaption}
          columns={indexColumns}
          rows={indices.data?.filter((row) => row.advances + row.declines + row.unchanged > 0)}
          rowKey={(row) => row.index}
          loading={indices.isFetching && !indices.data}
          loadingText={text.loading}
          error={indices.isError ? text.error : undefined}
          empty={text.indices.empty}
          stickyHeader={false}
        />
      </div>
    </section>
  );
}
