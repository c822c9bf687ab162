import { formatQuantity, marketStatsText, type Breadth } from '@kite/domain';
import { useId } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useFnoAdvanceDecline } from './api/market-stats.ts';
import { BreadthBar } from './BreadthBar.tsx';
import styles from './market-stats.module.css';
import { adRatio } from './stats-format.ts';

const text = marketStatsText;
const fno = text.fnoBreadth;

type SegmentRow = Breadth & { exc: 'NFO' | 'BFO'; segment: keyof typeof fno.segmentNames };
interface UnderlyingRow {
  symbol: string;
  exc: 'NFO' | 'BFO';
  futures: Breadth;
  calls: Breadth;
  puts: Breadth;
}

const total = (b: Breadth) => b.advances + b.declines + b.unchanged;
const count = (id: 'advances' | 'declines' | 'unchanged', header: string): DataColumn<SegmentRow> => ({
  id,
  header,
  cell: (row) => formatQuantity(row[id]),
  sortValue: (row) => row[id],
  align: 'end',
});

const segmentColumns: DataColumn<SegmentRow>[] = [
  { id: 'exc', header: fno.columns.exchange, cell: (row) => row.exc, sortValue: (row) => row.exc },
  {
    id: 'segment',
    header: fno.columns.segment,
    cell: (row) => <strong>{fno.segmentNames[row.segment]}</strong>,
    sortValue: (row) => fno.segmentNames[row.segment],
  },
  {
    id: 'contracts',
    header: fno.columns.contracts,
    cell: (row) => formatQuantity(total(row)),
    sortValue: total,
    align: 'end',
  },
  count('advances', text.breadth.advances),
  count('declines', text.breadth.declines),
  count('unchanged', text.breadth.unchanged),
  {
    id: 'ratio',
    header: text.topMovers.ratio,
    cell: (row) => <span className="num">{adRatio(row.advances, row.declines)}</span>,
    sortValue: (row) => (row.declines === 0 ? null : (row.advances * 10_000) / row.declines),
    align: 'end',
  },
  {
    id: 'bar',
    header: text.topMovers.breadth,
    cell: (row) => <BreadthBar breadth={row} label={`${row.exc} ${fno.segmentNames[row.segment]}`} compact />,
    width: '260px',
  },
];

const bar = (id: 'futures' | 'calls' | 'puts'): DataColumn<UnderlyingRow> => ({
  id,
  header: fno.columns[id],
  cell: (row) =>
    total(row[id]) > 0 ? <BreadthBar breadth={row[id]} label={`${row.symbol} ${fno.columns[id]}`} compact /> : '—',
  width: '26%',
});

const underlyingColumns: DataColumn<UnderlyingRow>[] = [
  {
    id: 'symbol',
    header: fno.columns.underlying,
    cell: (row) => (
      <span>
        <strong>{row.symbol}</strong> <span className={styles.flat}>{row.exc}</span>
      </span>
    ),
    sortValue: (row) => row.symbol,
  },
  bar('futures'),
  bar('calls'),
  bar('puts'),
];

/** /home/ms/fno/mkt/advancedecline: advancing and declining F&O contracts by segment and by index. */
export function FnoAdvanceDeclinePage() {
  const titleId = useId();
  const answer = useFnoAdvanceDecline();
  const loading = answer.isFetching && !answer.data;
  const error = answer.isError ? text.error : undefined;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {fno.title}
        </h1>
      </header>
      <p className={styles.note}>{fno.note}</p>
      <h2 className={styles.subtitle}>{fno.segments}</h2>
      <div className={styles.panel}>
        <DataTable
          caption={fno.segmentsCaption}
          columns={segmentColumns}
          rows={answer.data?.segments}
          rowKey={(row) => `${row.exc} ${row.segment}`}
          loading={loading}
          loadingText={text.loading}
          error={error}
          empty={fno.empty}
          stickyHeader={false}
        />
      </div>
      <h2 className={styles.subtitle}>{fno.underlyings}</h2>
      <div className={styles.panel}>
        <DataTable
          caption={fno.underlyingsCaption}
          columns={underlyingColumns}
          rows={answer.data?.underlyings}
          rowKey={(row) => `${row.exc} ${row.symbol}`}
          loading={loading}
          loadingText={text.loading}
          error={error}
          empty={fno.empty}
          stickyHeader={false}
        />
      </div>
    </section>
  );
}
