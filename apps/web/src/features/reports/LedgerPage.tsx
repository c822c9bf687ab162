import { reportsText, type LedgerEntry } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { amountText } from './amounts.ts';
import { useLedger } from './api/report-calls.ts';
import { openingPeriod, PeriodForm } from './PeriodForm.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { downloadTable, fileDate, type ReportFormat } from './report-csv.ts';
import styles from './reports.module.css';

const text = reportsText.ledger;
const c = text.columns;

const columns: DataColumn<LedgerEntry & { key: number }>[] = [
  { id: 'date', header: c.date, cell: (e) => e.date, width: '140px' },
  { id: 'narration', header: c.narration, cell: (e) => e.narration },
  { id: 'voucher', header: c.voucher, cell: (e) => <span className={styles.muted}>{e.voucher}</span> },
  { id: 'debit', header: c.debit, cell: (e) => amountText(e.debit, true), align: 'end' },
  { id: 'credit', header: c.credit, cell: (e) => amountText(e.credit, true), align: 'end' },
  { id: 'balance', header: c.balance, cell: (e) => amountText(e.balance), align: 'end' },
];

/** /home/ledger: the client's ledger for a period, opening balance to closing balance (investing.md 2 "Reports"). */
export function LedgerPage() {
  const titleId = useId();
  const [period, setPeriod] = useState(openingPeriod);
  const ledger = useLedger(period);
  const data = ledger.data;
  const exportTable = (format: ReportFormat) => {
    if (!data) return;
    const rows = [
      ['', text.opening, '', '', '', data.openingBalance],
      ...data.entries.map((e) => [e.date, e.narration, e.voucher, e.debit, e.credit, e.balance]),
      ['', text.closing, '', data.totalDebit, data.totalCredit, data.closingBalance],
    ];
    downloadTable(format, `ledger-${fileDate(data.fromDate)}-${fileDate(data.toDate)}`, Object.values(c), rows);
  };
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <PeriodForm shown={period} onShow={setPeriod} onShowAgain={() => void ledger.refetch()} />
        <div className={styles.tools}>{data && <ExportButtons onExport={exportTable} />}</div>
      </header>
      {data && (
        <dl className={styles.summary}>
          <div>
            <dt>{text.opening}</dt>
            <dd className="num" data-testid="opening-balance">
              {amountText(data.openingBalance)}
            </dd>
          </div>
          <div>
            <dt>{text.closing}</dt>
            <dd className="num" data-testid="closing-balance">
              {amountText(data.closingBalance)}
            </dd>
          </div>
        </dl>
      )}
      <div className={styles.panel}>
        <DataTable
          caption={text.title}
          columns={columns}
          rows={data?.entries.map((e, key) => ({ ...e, key }))}
          rowKey={(e) => String(e.key)}
          loading={ledger.isFetching}
          loadingText={reportsText.loading}
          error={ledger.isError ? ledger.error.message : undefined}
          empty={text.empty}
          totalRow={{
            cells: data
              ? {
                  date: text.totals,
                  debit: amountText(data.totalDebit),
                  credit: amountText(data.totalCredit),
                  balance: amountText(data.closingBalance),
                }
              : {},
          }}
        />
      </div>
    </section>
  );
}
