import { marketStatsText, oiBuildups, type OiBuildup } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable } from '../../components/data-table/index.ts';
import { TabList } from '../../components/tabs/index.ts';
import { useOiBuildup, type FnoKind } from './api/market-stats.ts';
import { FnoKindSwitch } from './FnoKindSwitch.tsx';
import styles from './market-stats.module.css';
import { tableStateOf } from './table-state.ts';
import { oiColumns } from './oi-columns.tsx';

const text = marketStatsText;
const buildup = text.buildup;

/** /home/ms/fno/mkt/screeners: futures or options by open-interest build-up (price change against OI change). */
export function OiBuildupPage() {
  const titleId = useId();
  const panelId = useId();
  const [kind, setKind] = useState<FnoKind>('futures');
  const [chosen, setChosen] = useState<OiBuildup>('long-buildup');
  const rows = useOiBuildup(kind, chosen);
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {buildup.title}
        </h1>
      </header>
      <div className={styles.listBar}>
        <TabList
          tabs={oiBuildups.map((id) => ({ id, label: buildup.tabs[id] }))}
          selected={chosen}
          onSelect={setChosen}
          label={buildup.lists}
          panelId={panelId}
          className={styles.tabs}
          tabClassName={styles.tab}
        />
        <FnoKindSwitch value={kind} onChange={setKind} />
      </div>
      <p className={styles.note} data-testid="buildup-rule">
        {buildup.rules[chosen]}
      </p>
      <div className={styles.panel} id={panelId} role="tabpanel">
        <DataTable
          caption={`${buildup.tabs[chosen]}: ${text.fno.kinds[kind]}`}
          columns={oiColumns}
          {...tableStateOf(rows)}
          rowKey={(row) => row.sym.id}
          empty={buildup.empty}
          stickyHeader={false}
        />
      </div>
      <p className={styles.note}>{buildup.note}</p>
    </section>
  );
}
