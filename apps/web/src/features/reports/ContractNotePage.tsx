import { reportsText, type ContractTrade } from '@kite/domain';
import { useId, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { amountText, signClass } from './amounts.ts';
import { tradeLineKey } from './trade-lines.ts';
import { useContractNote, useDownloadContractPdf } from './api/report-calls.ts';
import { DayForm, todayText } from './PeriodForm.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { downloadBase64, downloadTable, fileDate, type ReportFormat } from './report-csv.ts';
import styles from './reports.module.css';

const text = reportsText.contractNote;
const c = text.columns;
const MONEY = ['value', 'brokerage', 'stt', 'transactionCharge', 'gst', 'sebiFee', 'stampDuty', 'netAmount'] as const;
const HEADERS: Record<(typeof MONEY)[number], string> = {
  value: c.value,
  brokerage: c.brokerage,
  stt: c.stt,
  transactionCharge: c.transactionCharge,
  gst: c.gst,
  sebiFee: c.sebiFee,
  stampDuty: c.stampDuty,
  netAmount: c.net,
};

const columns: DataColumn<ContractTrade>[] = [
  { id: 'orderNo', header: c.orderNo, cell: (r) => r.orderNo },
  { id: 'tradeNo', header: c.tradeNo, cell: (r) => r.tradeNo },
  { id: 'time', header: c.time, cell: (r) => r.time },
  { id: 'symbol', header: c.symbol, cell: (r) => `${r.symbol} (${r.exchange})` },
  // The product the trade's quantity ended the day in, as it was charged: a partly moved trade is two lines.
  { id: 'product', header: c.product, cell: (r) => r.product },
  {
    id: 'side',
    header: c.side,
    cell: (r) => <span className={r.side === 'BUY' ? styles.up : styles.down}>{r.side}</span>,
  },
  { id: 'quantity', header: c.quantity, cell: (r) => r.quantity, align: 'end' },
  { id: 'price', header: c.price, cell: (r) => amountText(r.price), align: 'end' },
  ...MONEY.map((key): DataColumn<ContractTrade> => ({
    id: key,
    header: HEADERS[key],
    cell: (r) =>
      key === 'netAmount' ? (
        <span className={signClass(r[key], styles.up, styles.down)}>{amountText(r[key])}</span>
      ) : (
        amountText(r[key])
      ),
    align: 'end',
  })),
];

/** /home/digitalcontractnote: the contract note of a trading day, printable (investing.md 2 "Reports"). */
export function ContractNotePage() {
  const titleId = useId();
  const [day, setDay] = useState(todayText);
  const note = useContractNote(day);
  const pdf = useDownloadContractPdf();
  const data = note.data;
  const net = data?.totals.netAmount ?? '0.00';
  const exportTable = (format: ReportFormat) => {
    if (!data) return;
    const header = [
      c.orderNo,
      c.tradeNo,
      c.time,
      c.exchange,
      c.symbol,
      c.product,
      c.side,
      c.quantity,
      c.price,
      ...MONEY.map((k) => HEADERS[k]),
    ];
    const rows = data.trades.map((r) => [
      r.orderNo,
      r.tradeNo,
      r.time,
      r.exchange,
      r.symbol,
      r.product,
      r.side,
      r.quantity,
      r.price,
      ...MONEY.map((k) => r[k]),
    ]);
    rows.push([text.totals, '', '', '', '', '', '', '', '', ...MONEY.map((k) => data.totals[k])]);
    downloadTable(format, `contract-note-${fileDate(data.tradeDate)}`, header, rows);
  };
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={`${styles.toolbar} ${styles.noPrint}`}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <DayForm label={text.tradeDate} shown={day} onShow={setDay} onShowAgain={() => void note.refetch()} />
        <div className={styles.tools}>
          {data && data.trades.length > 0 && (
            <>
              <ExportButtons onExport={exportTable} />
              <Button
                size="small"
                disabled={pdf.isPending}
                onClick={() => pdf.mutate(data.tradeDate, { onSuccess: downloadBase64 })}
              >
                {text.downloadPdf}
              </Button>
              <Button size="small" onClick={() => window.print()}>
                {text.print}
              </Button>
            </>
          )}
        </div>
        {pdf.isError && (
          <p role="alert" className={styles.problem}>
            {pdf.error.message || text.pdfFailed}
          </p>
        )}
      </header>
      {data && data.trades.length > 0 && (
        <dl className={styles.summary}>
          <div>
            <dt>{text.number}</dt>
            <dd>{data.contractNoteNo}</dd>
          </div>
          <div>
            <dt>{text.tradeDate}</dt>
            <dd>{data.tradeDate}</dd>
          </div>
          <div>
            <dt>{text.client}</dt>
            <dd>
              {data.clientName} ({data.userId})
            </dd>
          </div>
          <div>
            <dt>{text.pan}</dt>
            <dd>{data.pan}</dd>
          </div>
          <div>
            <dt>{net.startsWith('-') ? text.netPayable : text.netReceivable}</dt>
            <dd className="num" data-testid="net-amount">
              {amountText(net.replace('-', ''))}
            </dd>
          </div>
        </dl>
      )}
      <div className={styles.panel}>
        <DataTable
          caption={text.title}
          columns={columns}
          rows={data?.trades}
          rowKey={tradeLineKey}
          loading={note.isFetching}
          loadingText={reportsText.loading}
          error={note.isError ? note.error.message : undefined}
          empty={text.empty}
          totalRow={{
            cells: data
              ? { orderNo: text.totals, ...Object.fromEntries(MONEY.map((k) => [k, amountText(data.totals[k])])) }
              : {},
          }}
        />
      </div>
      {data && data.trades.length > 0 && <p className={styles.note}>{text.note}</p>}
    </section>
  );
}
