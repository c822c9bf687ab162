import { marketStatsText, type OiRow, type OverviewSegment } from '@kite/domain';
import { useId } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useSegmentOverview } from './api/market-stats.ts';
import styles from './market-stats.module.css';
import { tableStateOf } from './table-state.ts';
import { oiColumn } from './oi-columns.tsx';

const text = marketStatsText;
const overview = text.segmentOverview;

const { contract, ltp, chngPer, oi, oiChange, oiChangePer } = oiColumn;
const columns: readonly DataColumn<OiRow>[] = [
  contract,
  { id: 'exchange', header: overview.columns.exchange, cell: (row) => row.sym.exc, sortValue: (row) => row.sym.exc },
  ltp,
  chngPer,
  oi,
  oiChange,
  oiChangePer,
];

/** /home/cur/overview and /home/com/overview: each currency or commodity underlying by its nearest future. */
export function SegmentOverviewPage({ segment }: { segment: OverviewSegment }) {
  const titleId = useId();
  const rows = useSegmentOverview(segment);
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {overview.title[segment]}
        </h1>
      </header>
      <p className={styles.note}>{overview.note}</p>
      <div className={styles.panel}>
        <DataTable
          caption={overview.caption[segment]}
          columns={columns}
          {...tableStateOf(rows)}
          rowKey={(row) => row.sym.id}
          empty={overview.empty}
          stickyHeader={false}
        />
      </div>
    </section>
  );
}

export const CurrencyOverviewPage = () => <SegmentOverviewPage segment="currency" />;
export const CommodityOverviewPage = () => <SegmentOverviewPage segment="commodity" />;
