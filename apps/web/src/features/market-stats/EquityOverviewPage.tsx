import { marketStatsText } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable } from '../../components/data-table/index.ts';
import { TabList } from '../../components/tabs/index.ts';
import {
  statsLists,
  useStatsIndices,
  useStatsList,
  type StatsExchange,
  type StatsList,
} from './api/market-stats.ts';
import { ExchangeBreadth } from './ExchangeBreadth.tsx';
import { ExchangeSwitch } from './ExchangeSwitch.tsx';
import { IndexCards } from './IndexCards.tsx';
import { listColumns } from './stats-columns.tsx';
import styles from './market-stats.module.css';
import { tableStateOf } from './table-state.ts';

const text = marketStatsText;

/**
 * /home/ms/eq/overview: the indices, each exchange's advances and declines, and the ranked lists (most active by
 * volume and value, nearest the 52-week high and low, gap up and down) of one exchange.
 */
export function EquityOverviewPage() {
  const titleId = useId();
  const panelId = useId();
  const [exc, setExc] = useState<StatsExchange>('NSE');
  const [list, setList] = useState<StatsList>('volume');
  const indices = useStatsIndices();
  const rows = useStatsList(list, exc);
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.overview.title}
        </h1>
      </header>
      <IndexCards indices={indices.data} error={indices.isError} />
      <ExchangeBreadth />
      <div className={styles.listBar}>
        <TabList
          tabs={statsLists.map((id) => ({ id, label: text.overview.tabs[id] }))}
          selected={list}
          onSelect={setList}
          label={text.overview.lists}
          panelId={panelId}
          className={styles.tabs}
          tabClassName={styles.tab}
        />
        <ExchangeSwitch value={exc} onChange={setExc} />
      </div>
      <div className={styles.panel} id={panelId} role="tabpanel">
        <DataTable
          caption={text.overview.tabs[list]}
          columns={listColumns[list]}
          {...tableStateOf(rows)}
          rowKey={(row) => row.sym.id}
          empty={text.overview.empty[list]}
        />
      </div>
      <p className={styles.note}>{text.overview.listNote}</p>
    </section>
  );
}
