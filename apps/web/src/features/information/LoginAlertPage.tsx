import { informationText, type LoginAlert, displayDate } from '@kite/domain';
import { useId } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { RefreshIcon } from '../../components/icons/icons.tsx';
import { useLoginAlerts } from './api/info-calls.ts';
import styles from './information.module.css';

const text = informationText.loginAlert;

const columns: DataColumn<LoginAlert>[] = [
  {
    id: 'loginTime',
    header: text.columns.loginTime,
    cell: (row) => <span className="num">{displayDate(row.loginTime)}</span>,
    width: '170px',
  },
  { id: 'ip', header: text.columns.ip, cell: (row) => <span className="num">{row.ip}</span>, width: '170px' },
  { id: 'device', header: text.columns.device, cell: (row) => row.device },
  { id: 'method', header: text.columns.method, cell: (row) => text.methods[row.method], width: '140px' },
  {
    id: 'current',
    header: text.columns.current,
    label: text.current,
    cell: (row) => (row.current ? <span className={styles.current}>{text.current}</span> : null),
    width: '110px',
  },
];

/** /home/loginalert: the client's own recent logins (audit rows), times in IST. */
export function LoginAlertPage() {
  const titleId = useId();
  const logins = useLoginAlerts();
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <div className={styles.tools}>
          <span className={styles.note}>{informationText.common.istNote}</span>
          <IconButton
            label={informationText.common.refresh}
            icon={<RefreshIcon />}
            onClick={() => void logins.refetch()}
          />
        </div>
      </header>
      <p className={styles.note}>{text.intro}</p>
      <div className={styles.panel}>
        <DataTable
          caption={text.caption}
          columns={columns}
          rows={logins.data}
          rowKey={(row) => row.id}
          loading={logins.isFetching}
          loadingText={informationText.common.loading}
          error={logins.isError ? logins.error.message : undefined}
          empty={text.empty}
        />
      </div>
    </section>
  );
}
