import { formatQuantity, marketStatsText, parsePrice, type UnusualRow } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useUnusualActivity, type FnoKind } from './api/market-stats.ts';
import { FnoKindSwitch } from './FnoKindSwitch.tsx';
import styles from './market-stats.module.css';
import { tableStateOf } from './table-state.ts';
import { oiColumn } from './oi-columns.tsx';

const text = marketStatsText;
const unusual = text.unusual;

const ratio = (id: 'volumeOiPer' | 'volumeVsMedian' | 'oiChangeVsMedian', header: string): DataColumn<UnusualRow> => ({
  id,
  header,
  cell: (row) => <span className="num">{row[id]}</span>,
  sortValue: (row) => parsePrice(row[id], 2),
  align: 'end',
});

const { contract, ltp, chngPer, oi, oiChange, oiChangePer } = oiColumn;
const columns: readonly DataColumn<UnusualRow>[] = [
  contract,
  ltp,
  chngPer,
  {
    id: 'vol',
    header: unusual.columns.volume,
    cell: (row) => formatQuantity(row.vol),
    sortValue: (row) => row.vol,
    align: 'end',
  },
  ratio('volumeOiPer', unusual.columns.volumeOi),
  ratio('volumeVsMedian', unusual.columns.volumeVsMedian),
  oi,
  oiChange,
  oiChangePer,
  ratio('oiChangeVsMedian', unusual.columns.oiVsMedian),
];

/** /home/ms/fno/mkt/unusual: futures or options whose volume or open-interest change stands out today. */
export function UnusualActivityPage() {
  const titleId = useId();
  const [kind, setKind] = useState<FnoKind>('options');
  const rows = useUnusualActivity(kind);
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {unusual.title}
        </h1>
        <div className={styles.tools}>
          <FnoKindSwitch value={kind} onChange={setKind} />
        </div>
      </header>
      <p className={styles.note}>{unusual.rule}</p>
      <div className={styles.panel}>
        <DataTable
          caption={unusual.caption(text.fno.kinds[kind])}
          columns={columns}
          {...tableStateOf(rows)}
          rowKey={(row) => row.sym.id}
          empty={unusual.empty}
          stickyHeader={false}
        />
      </div>
    </section>
  );
}
