import { pledgeText, type PledgeTab } from '@kite/domain';
import { useId, useState } from 'react';
import { TabList } from '../../components/tabs/index.ts';
import { usePledgeDetail } from './api/pledge-calls.ts';
import { PledgeTabPanel } from './PledgeTabPanel.tsx';
import styles from './pledge.module.css';

const text = pledgeText.depository;

/**
 * /home/PoaPledge (investing.md 2 "Depository pledge", 4 "Pledge (depository)"): tabs PLEDGE and UNPLEDGE; each tab
 * is its own query, so switching tab loads its data afresh.
 */
export function PoaPledgePage() {
  const baseId = useId();
  const [tab, setTab] = useState<PledgeTab>('PLEDGE');
  const detail = usePledgeDetail(tab);
  const tabs = [
    { id: 'PLEDGE' as const, label: text.pledgeTab },
    { id: 'UNPLEDGE' as const, label: text.unpledgeTab },
  ];
  const panelId = `${baseId}-panel`;
  const tabId = (id: PledgeTab) => `${baseId}-tab-${id}`;

  return (
    <section className={styles.page} aria-labelledby={`${baseId}-title`}>
      <header className={styles.toolbar}>
        <h1 id={`${baseId}-title`} className={styles.title}>
          {text.title}
        </h1>
        <TabList
          tabs={tabs}
          selected={tab}
          onSelect={setTab}
          label={text.title}
          panelId={panelId}
          tabId={tabId}
          className={styles.tabs}
          tabClassName={styles.tab}
        />
      </header>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} className={styles.body}>
        {detail.error ? (
          <p role="alert" className={styles.pageError}>
            {detail.error.message}
          </p>
        ) : detail.data ? (
          <PledgeTabPanel key={tab} tab={tab} demats={detail.data} onDone={() => void detail.refetch()} />
        ) : (
          <p role="status" className={styles.message}>
            {text.loading}
          </p>
        )}
      </div>
    </section>
  );
}
