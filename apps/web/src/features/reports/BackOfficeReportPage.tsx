import { reportsText, type BackOfficeReport } from '@kite/domain';
import { useId } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { amountText, signClass } from './amounts.ts';
import { useBackOffice } from './api/report-calls.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { downloadTable, type ReportFormat } from './report-csv.ts';
import styles from './reports.module.css';

const text = reportsText.backOffice;
const c = text.columns;
type Row = BackOfficeReport['segments'][number];
type Money = Exclude<keyof BackOfficeReport['totals'], 'trades'>;

const MONEY: Money[] = [
  'turnover',
  'brokerage',
  'stt',
  'transactionCharge',
  'gst',
  'sebiFee',
  'stampDuty',
  'totalCharges',
  'realisedPnl',
  'netPnl',
];
const LEDGER = ['openingBalance', 'payIn', 'payOut', 'otherEntries', 'closingBalance'] as const;
/** P&L figures are coloured by sign; the charges and turnover are plain. */
const SIGNED: Money[] = ['realisedPnl', 'netPnl'];

const moneyCell = (key: Money, value: string) =>
  SIGNED.includes(key) ? (
    <span className={signClass(value, styles.up, styles.down)}>{amountText(value)}</span>
  ) : (
    amountText(value)
  );

const columns: DataColumn<Row>[] = [
  { id: 'segment', header: c.segment, cell: (r) => text.segments[r.segment] },
  { id: 'trades', header: c.trades, cell: (r) => r.trades, align: 'end' },
  ...MONEY.map((key): DataColumn<Row> => ({
    id: key,
    header: c[key],
    cell: (r) => moneyCell(key, r[key]),
    align: 'end',
  })),
];

function exportTable(data: BackOfficeReport, format: ReportFormat) {
  const header = [c.segment, c.trades, ...MONEY.map((k) => c[k])];
  const rows: (string | number)[][] = data.segments.map((r) => [
    text.segments[r.segment],
    r.trades,
    ...MONEY.map((k) => r[k]),
  ]);
  rows.push([text.totals, data.totals.trades, ...MONEY.map((k) => data.totals[k])]);
  rows.push([]);
  for (const key of LEDGER) rows.push([text.ledger[key], '', data.ledger[key]]);
  downloadTable(format, `back-office-${data.financialYear}`, header, rows);
}

/**
 * /home/backofficereportcurrent and /home/backofficereportprevfinancialyear: the financial year's statement as a
 * broker's back office gives it: per segment the turnover, each charge and the realised P&L; the ledger's movement.
 */
export function BackOfficeReportPage({ year }: { year: 'current' | 'previous' }) {
  const titleId = useId();
  const report = useBackOffice(year);
  const data = report.data;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.titles[year]}
        </h1>
        {data && (
          <p className={styles.note} data-testid="financial-year">
            {text.period(data.fromDate, data.toDate)}
          </p>
        )}
        <div className={styles.tools}>{data && <ExportButtons onExport={(format) => exportTable(data, format)} />}</div>
      </header>
      {data && (
        <dl className={styles.summary} aria-label={text.ledgerCaption}>
          {LEDGER.map((key) => (
            <div key={key}>
              <dt>{text.ledger[key]}</dt>
              <dd className="num" data-testid={`ledger-${key}`}>
                {amountText(data.ledger[key])}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className={styles.panel}>
        <DataTable
          caption={text.segmentsCaption}
          columns={columns}
          rows={data?.segments}
          rowKey={(r) => r.segment}
          loading={report.isFetching}
          loadingText={reportsText.loading}
          error={report.isError ? report.error.message : undefined}
          totalRow={{
            cells: data
              ? {
                  segment: text.totals,
                  trades: data.totals.trades,
                  ...Object.fromEntries(MONEY.map((k) => [k, moneyCell(k, data.totals[k])])),
                }
              : {},
          }}
        />
      </div>
      {data && <p className={styles.note}>{text.note}</p>}
    </section>
  );
}

export const BackOfficeCurrentPage = () => <BackOfficeReportPage year="current" />;
export const BackOfficePreviousPage = () => <BackOfficeReportPage year="previous" />;
