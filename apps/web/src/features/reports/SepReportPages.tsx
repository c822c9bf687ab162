import { reportsText } from '@kite/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import styles from './reports.module.css';

const text = reportsText.sep;
type Kind = 'registration' | 'execution';
const COLUMNS: Record<Kind, readonly string[]> = {
  registration: text.registrationColumns,
  execution: text.executionColumns,
};
const NO_ROWS: readonly never[] = [];

/**
 * /home/sepregistrationreport and /home/sepexecutionreport. SEP is a mock-up that stores nothing (investing.md 2 "SEP
 * and OFS mock-ups": no call is made), so there is nothing to report: the table's empty state says so, and why,
 * instead of inventing registrations.
 */
function SepReportPage({ kind }: { kind: Kind }) {
  const titleId = useId();
  const columns: DataColumn<never>[] = COLUMNS[kind].map((header, i) => ({
    id: String(i),
    header,
    cell: () => null,
  }));
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.titles[kind]}
        </h1>
      </header>
      <div className={styles.panel}>
        <DataTable
          caption={text.titles[kind]}
          columns={columns}
          rows={NO_ROWS}
          rowKey={() => ''}
          empty={
            <div className={styles.emptyExplained}>
              <strong>{text.empty[kind]}</strong>
              <p className={styles.note}>{text.why}</p>
              <Link to="/home/sep">{text.startSep}</Link>
            </div>
          }
        />
      </div>
    </section>
  );
}

export const SepRegistrationReportPage = () => <SepReportPage kind="registration" />;
export const SepExecutionReportPage = () => <SepReportPage kind="execution" />;
