import { marketStatsText, parsePrice, type StatsIndex } from '@kite/domain';
import { useId } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useStatsIndices } from './api/market-stats.ts';
import { BreadthBar } from './BreadthBar.tsx';
import styles from './market-stats.module.css';
import { tableStateOf } from './table-state.ts';
import { statsColumns } from './stats-columns.tsx';
import { grouped } from './stats-format.ts';

const text = marketStatsText;
const hundredths = (decimal: string) => parsePrice(decimal, 2);
const price = (id: 'value' | 'high' | 'low' | 'close', header: string): DataColumn<StatsIndex> => ({
  id,
  header,
  cell: (row) => grouped(row[id]),
  sortValue: (row) => hundredths(row[id]),
  align: 'end',
});

const columns: DataColumn<StatsIndex>[] = [
  {
    id: 'index',
    header: text.columns.index,
    cell: (row) => <strong>{row.index}</strong>,
    sortValue: (row) => row.index,
  },
  price('value', text.columns.ltp),
  statsColumns.chng,
  statsColumns.change,
  price('high', text.columns.high),
  price('low', text.columns.low),
  price('close', text.columns.prevClose),
  {
    id: 'breadth',
    header: text.overview.breadth,
    cell: (row) =>
      row.advances + row.declines + row.unchanged > 0 ? <BreadthBar breadth={row} label={row.index} compact /> : '—',
    width: '300px',
  },
];

/** /home/ms/eq/indices: every index with its level, change and the advances and declines of its constituents. */
export function IndicesPage() {
  const titleId = useId();
  const indices = useStatsIndices();
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.indices.title}
        </h1>
      </header>
      <div className={styles.panel}>
        <DataTable
          caption={text.indices.caption}
          columns={columns}
          {...tableStateOf(indices)}
          rowKey={(row) => row.index}
          empty={text.indices.empty}
          stickyHeader={false}
        />
      </div>
    </section>
  );
}
