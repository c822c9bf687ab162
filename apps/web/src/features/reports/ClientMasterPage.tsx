import { reportsText, type ClientMaster } from '@kite/domain';
import { useId } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useClientMaster } from './api/report-calls.ts';
import styles from './reports.module.css';

const text = reportsText.clientMaster;
type Demat = ClientMaster['demats'][number];

const columns: DataColumn<Demat>[] = [
  { id: 'depository', header: text.columns.depository, cell: (d) => d.depository },
  { id: 'dpId', header: text.columns.dpId, cell: (d) => d.dpId },
  { id: 'account', header: text.columns.account, cell: (d) => d.account },
  { id: 'poa', header: text.columns.poa, cell: (d) => (d.poa ? text.yes : text.no) },
  { id: 'bank', header: text.columns.bank, cell: (d) => d.bank },
  { id: 'bankAccount', header: text.columns.bankAccount, cell: (d) => d.bankAccount },
];

/** /home/clientmaster: the client's own details, segments and accounts, sensitive fields masked. */
export function ClientMasterPage() {
  const titleId = useId();
  const master = useClientMaster();
  const data = master.data;
  const f = text.fields;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
      </header>
      {master.isPending && <p role="status">{reportsText.loading}</p>}
      {master.isError && <p role="alert">{master.error.message}</p>}
      {data && (
        <>
          <dl className={styles.summary}>
            {(
              [
                [f.userId, data.userId],
                [f.name, data.name],
                [f.pan, data.pan],
                [f.mobile, data.mobile],
                [f.email, data.email],
                [f.segments, data.segments.join(', ')],
                [f.since, data.since],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div className={styles.panel}>
            <DataTable
              caption={text.demats}
              showCaption
              columns={columns}
              rows={data.demats}
              rowKey={(d) => `${d.dpId}/${d.account}`}
              stickyHeader={false}
            />
          </div>
          <p className={styles.note}>{text.masked}</p>
        </>
      )}
    </section>
  );
}
