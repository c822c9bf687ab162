import { marketStatsText } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable } from '../../components/data-table/index.ts';
import { TabList } from '../../components/tabs/index.ts';
import { useOpenInterest, usePutCallRatios, type FnoKind, type OiRank } from './api/market-stats.ts';
import styles from './market-stats.module.css';
import { tableStateOf } from './table-state.ts';
import { FnoKindSwitch } from './FnoKindSwitch.tsx';
import { oiColumns } from './oi-columns.tsx';
import { PcrCards } from './PcrCards.tsx';

const text = marketStatsText;
const fno = text.fno;
const ranks: readonly OiRank[] = ['oi', 'gainers', 'losers'];

/** /home/ms/fno/overview: each index's put-call ratio, and futures or options ranked by open interest. */
export function FnoOverviewPage() {
  const titleId = useId();
  const panelId = useId();
  const [kind, setKind] = useState<FnoKind>('futures');
  const [rank, setRank] = useState<OiRank>('oi');
  const ratios = usePutCallRatios();
  const rows = useOpenInterest(kind, rank);
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {fno.title}
        </h1>
      </header>
      <PcrCards ratios={ratios.data} error={ratios.isError} />
      <div className={styles.listBar}>
        <TabList
          tabs={ranks.map((id) => ({ id, label: fno.tabs[id] }))}
          selected={rank}
          onSelect={setRank}
          label={fno.lists}
          panelId={panelId}
          className={styles.tabs}
          tabClassName={styles.tab}
        />
        <FnoKindSwitch value={kind} onChange={setKind} />
      </div>
      <div className={styles.panel} id={panelId} role="tabpanel">
        <DataTable
          caption={`${fno.tabs[rank]}: ${fno.kinds[kind]}`}
          columns={oiColumns}
          {...tableStateOf(rows)}
          rowKey={(row) => row.sym.id}
          empty={fno.empty[rank]}
        />
      </div>
    </section>
  );
}
