import { informationText, type OrderAlert } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { RefreshIcon } from '../../components/icons/icons.tsx';
import { TabList } from '../../components/tabs/index.ts';
import { openAlertDialog } from './AlertDialog.tsx';
import { useOrderAlerts } from './api/order-alerts.ts';
import styles from './notifications.module.css';

const text = informationText.notifications;
type Tab = keyof typeof text.tabs;
const TABS = (Object.keys(text.tabs) as Tab[]).map((id) => ({ id, label: text.tabs[id] }));
const PLACEHOLDERS: Record<Exclude<Tab, 'order'>, string> = {
  alerts: text.alertsPlaceholder,
  news: text.newsPlaceholder,
  ideas: text.ideasPlaceholder,
};

const columns: DataColumn<OrderAlert>[] = [
  {
    id: 'time',
    header: text.columns.time,
    cell: (row) => <span className="num">{row.alertTime.slice(11)}</span>,
    width: '96px',
  },
  {
    id: 'kind',
    header: '',
    label: text.columns.message,
    cell: (row) => <span className={row.kind === 'TRADE' ? styles.trade : styles.kind}>{text.kinds[row.kind]}</span>,
    width: '72px',
  },
  { id: 'message', header: text.columns.message, cell: (row) => row.alertMessage },
];

/**
 * /home/notifications (investing.md 2 "Alerts and Notifications"): only the Order tab is active, with the day's order
 * and trade events and a refresh icon; Alerts, News and Ideas show placeholders; SET AN ALERT only on the Alerts tab.
 */
export function NotificationsPage() {
  const titleId = useId();
  const panelId = useId();
  const [tab, setTab] = useState<Tab>('order');
  const alerts = useOrderAlerts(tab === 'order');
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        {tab === 'order' && (
          <div className={styles.tools}>
            <IconButton label={text.refresh} icon={<RefreshIcon />} onClick={() => void alerts.refetch()} />
          </div>
        )}
      </header>
      <div className={styles.tabRow}>
        <TabList
          tabs={TABS}
          selected={tab}
          onSelect={setTab}
          labelledBy={titleId}
          panelId={panelId}
          className={styles.tabs}
          tabClassName={styles.tab}
        />
        {tab === 'alerts' && (
          <button type="button" className={styles.linkButton} onClick={() => void openAlertDialog()}>
            {text.setAlert}
          </button>
        )}
      </div>
      <div id={panelId} role="tabpanel" aria-label={text.tabs[tab]} className={styles.panel}>
        {tab === 'order' ? (
          <DataTable
            caption={text.caption}
            columns={columns}
            rows={alerts.data}
            rowKey={(row) => row.id}
            loading={alerts.isFetching}
            loadingText={informationText.common.loading}
            error={alerts.isError ? alerts.error.message : undefined}
            empty={text.empty}
          />
        ) : (
          <p className={styles.message}>{PLACEHOLDERS[tab]}</p>
        )}
      </div>
    </section>
  );
}
