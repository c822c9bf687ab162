import { marketStatsText, parsePrice, type FiiDiiDay, displayDate } from '@kite/domain';
import { useId } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useFiiDii } from './api/market-stats.ts';
import { Change } from './Change.tsx';
import styles from './market-stats.module.css';
import { grouped } from './stats-format.ts';

const text = marketStatsText.fiiDii;
const DAYS = 20;

function flowColumns(who: 'fii' | 'dii'): DataColumn<FiiDiiDay>[] {
  const names = who === 'fii' ? (['fiiBuy', 'fiiSell', 'fiiNet'] as const) : (['diiBuy', 'diiSell', 'diiNet'] as const);
  return [
    {
      id: names[0],
      header: text.columns[names[0]],
      cell: (row) => grouped(row[who].buy),
      sortValue: (row) => parsePrice(row[who].buy, 2),
      align: 'end',
    },
    {
      id: names[1],
      header: text.columns[names[1]],
      cell: (row) => grouped(row[who].sell),
      sortValue: (row) => parsePrice(row[who].sell, 2),
      align: 'end',
    },
    {
      id: names[2],
      header: text.columns[names[2]],
      cell: (row) => <Change value={row[who].net} />,
      sortValue: (row) => parsePrice(row[who].net, 2),
      align: 'end',
    },
  ];
}

const columns: DataColumn<FiiDiiDay>[] = [
  { id: 'date', header: text.columns.date, cell: (row) => displayDate(row.date), sortValue: (row) => row.date },
  ...flowColumns('fii'),
  ...flowColumns('dii'),
];

/** /home/ms/eq/mkt/fiidiiactivity: FII and DII cash-market flows per trading day, clearly marked as simulated. */
export function FiiDiiPage() {
  const titleId = useId();
  const series = useFiiDii(DAYS);
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
      </header>
      <p className={styles.note} data-testid="simulated-note">
        {text.simulated}
      </p>
      <div className={styles.panel}>
        <DataTable
          caption={text.caption}
          showCaption
          columns={columns}
          rows={series.data}
          rowKey={(row) => row.date}
          loading={series.isFetching && !series.data}
          loadingText={marketStatsText.loading}
          error={series.isError ? marketStatsText.error : undefined}
          empty={text.empty}
          stickyHeader={false}
        />
      </div>
    </section>
  );
}
