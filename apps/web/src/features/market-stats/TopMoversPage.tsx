import { formatQuantity, marketStatsText, type Quote, type StatsIndex } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useMovers, useStatsIndices, type MoversKind, type StatsExchange } from './api/market-stats.ts';
import { BreadthBar } from './BreadthBar.tsx';
import { ExchangeBreadth } from './ExchangeBreadth.tsx';
import { ExchangeSwitch } from './ExchangeSwitch.tsx';
import { IndexSelect } from './IndexSelect.tsx';
import styles from './market-stats.module.css';
import { tableStateOf } from './table-state.ts';
import { statsColumns } from './stats-columns.tsx';
import { adRatio } from './stats-format.ts';

const text = marketStatsText;
const movers = text.topMovers;

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

const { symbol, ltp, chng, change, volume } = statsColumns;
const moverColumns: readonly DataColumn<Quote>[] = [symbol, ltp, chng, change, volume];

function MoversTable({ kind, exc, index }: { kind: MoversKind; exc: StatsExchange; index: string }) {
  const rows = useMovers(kind, exc, index);
  return (
    <section className={styles.half} aria-label={movers[kind]}>
      <h2 className={styles.subtitle}>{movers[kind]}</h2>
      <div className={styles.panel}>
        <DataTable
          caption={`${movers[kind]}: ${index || exc}`}
          columns={moverColumns}
          {...tableStateOf(rows)}
          rowKey={(row) => row.sym.id}
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
  const [exc, setExc] = useState<StatsExchange>('NSE');
  const [index, setIndex] = useState('');
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
      <ExchangeBreadth label={movers.breadth} withRatio />
      <div className={styles.listBar}>
        <IndexSelect label={movers.index} none={movers.allStocks} exc={exc} value={index} onChange={setIndex} />
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
