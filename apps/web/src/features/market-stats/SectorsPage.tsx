import { formatQuantity, marketStatsText, parsePrice, type SectorRow } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useSectors, type SectorUniverse, type StatsExchange } from './api/market-stats.ts';
import { BreadthBar } from './BreadthBar.tsx';
import { Change } from './Change.tsx';
import { ExchangeSwitch } from './ExchangeSwitch.tsx';
import styles from './market-stats.module.css';
import { tableStateOf } from './table-state.ts';

const text = marketStatsText;
const sectors = text.sectors;

const member = (id: 'best' | 'worst'): DataColumn<SectorRow> => ({
  id,
  header: sectors.columns[id],
  // A sector of one equity has no separate worst: it is the best.
  cell: (row) =>
    id === 'worst' && row.members === 1 ? (
      '—'
    ) : (
      <span className={styles.member}>
        <strong>{row[id].displaySym}</strong> <Change value={row[id].chngPer} percent />
      </span>
    ),
  sortValue: (row) => parsePrice(row[id].chngPer, 2),
});

const columns: DataColumn<SectorRow>[] = [
  {
    id: 'sector',
    header: sectors.columns.sector,
    cell: (row) => <strong>{row.sector}</strong>,
    sortValue: (row) => row.sector,
  },
  {
    id: 'members',
    header: sectors.columns.members,
    cell: (row) => formatQuantity(row.members),
    sortValue: (row) => row.members,
    align: 'end',
  },
  {
    id: 'average',
    header: sectors.columns.average,
    cell: (row) => <Change value={row.avgChngPer} percent />,
    sortValue: (row) => parsePrice(row.avgChngPer, 2),
    align: 'end',
  },
  {
    id: 'breadth',
    header: text.topMovers.breadth,
    cell: (row) => <BreadthBar breadth={row} label={row.sector} compact />,
    width: '260px',
  },
  member('best'),
  member('worst'),
];

/** The equity (`all`) or F&O (`fno`) sectors page: each sector's breadth, average change, best and worst equity. */
function SectorsScreen({ universe }: { universe: SectorUniverse }) {
  const titleId = useId();
  const [exc, setExc] = useState<StatsExchange>('NSE');
  const rows = useSectors(exc, universe);
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {sectors.title[universe]}
        </h1>
        <div className={styles.tools}>
          <ExchangeSwitch value={exc} onChange={setExc} />
        </div>
      </header>
      <p className={styles.note}>{sectors.universeNote[universe]}</p>
      <div className={styles.panel}>
        <DataTable
          caption={sectors.caption(exc)}
          columns={columns}
          {...tableStateOf(rows)}
          rowKey={(row) => row.sector}
          empty={sectors.empty}
          stickyHeader={false}
        />
      </div>
    </section>
  );
}

/** /home/ms/eq/mkt/sectors: every equity of the exchange by sector. */
export function SectorsPage() {
  return <SectorsScreen universe="all" />;
}

/** /home/ms/fno/mkt/sectors: the equities with stock futures by sector. */
export function FnoSectorsPage() {
  return <SectorsScreen universe="fno" />;
}
