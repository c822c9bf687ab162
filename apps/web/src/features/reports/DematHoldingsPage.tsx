import {
  formatAmount,
  holdingsSummary,
  parseRupees,
  reportsText,
  rupeesString,
  type Paise,
  type ResponseData,
} from '@kite/domain';
import { useId } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { amountText } from './amounts.ts';
import { useDematStatement } from './api/report-calls.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { downloadTable, type ReportFormat } from './report-csv.ts';
import styles from './reports.module.css';

const text = reportsText.dematHoldings;
const c = text.columns;
type Holding = ResponseData<typeof holdingsSummary>['holdings'][number];

/** Value at the closing price, in paise: quantity x close, exact. */
const closingValue = (h: Holding) => (h.qty * (parseRupees(h.closePrice) ?? 0)) as Paise;

const columns: DataColumn<Holding>[] = [
  { id: 'symbol', header: c.symbol, cell: (h) => h.displaySym, sortValue: (h) => h.displaySym },
  { id: 'isin', header: c.isin, cell: (h) => h.isin },
  { id: 'quantity', header: c.quantity, cell: (h) => h.qty, align: 'end' },
  { id: 'pledged', header: c.pledged, cell: (h) => h.pledgedQty, align: 'end' },
  { id: 'free', header: c.free, cell: (h) => h.freeQty, align: 'end' },
  { id: 't1', header: c.t1, cell: (h) => h.t1Qty, align: 'end' },
  { id: 'avgPrice', header: c.avgPrice, cell: (h) => amountText(h.avgPrice), align: 'end' },
  { id: 'closePrice', header: c.closePrice, cell: (h) => amountText(h.closePrice), align: 'end' },
  { id: 'value', header: c.value, cell: (h) => formatAmount(closingValue(h)), align: 'end' },
];

/** /home/dematholdings: the securities in the client's demat account, valued at the closing price (a statement). */
export function DematHoldingsPage() {
  const titleId = useId();
  const holdings = useDematStatement();
  const rows = holdings.data;
  const total = (rows ?? []).reduce((sum, h) => sum + closingValue(h), 0);
  const exportTable = (format: ReportFormat) => {
    if (!rows) return;
    const lines = rows.map((h) => [
      h.displaySym,
      h.isin,
      h.qty,
      h.pledgedQty,
      h.freeQty,
      h.t1Qty,
      h.avgPrice,
      h.closePrice,
      rupeesString(closingValue(h)),
    ]);
    downloadTable(format, 'demat-holdings', Object.values(c), lines);
  };
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <div className={styles.tools}>{rows && rows.length > 0 && <ExportButtons onExport={exportTable} />}</div>
      </header>
      <div className={styles.panel}>
        <DataTable
          caption={text.caption}
          columns={columns}
          rows={rows}
          rowKey={(h) => h.isin}
          loading={holdings.isFetching}
          loadingText={reportsText.loading}
          error={holdings.isError ? holdings.error.message : undefined}
          empty={text.empty}
          totalRow={{ cells: { symbol: text.totals, value: formatAmount(total) } }}
        />
      </div>
      <p className={styles.note}>{text.note}</p>
    </section>
  );
}
