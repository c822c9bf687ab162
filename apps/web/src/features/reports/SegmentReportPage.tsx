import { reportsText, type RegisterTrade, type SegmentReport, type SegmentSecurity } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { amountText, signClass } from './amounts.ts';
import { tradeLineKey } from './trade-lines.ts';
import { useSegmentReport } from './api/report-calls.ts';
import { openingPeriod, PeriodForm } from './PeriodForm.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { downloadTable, fileDate, type ReportFormat } from './report-csv.ts';
import styles from './reports.module.css';

const text = reportsText.segment;
const c = text.columns;
const t = reportsText.contractNote.columns;
type Segment = SegmentReport['segment'];
type TradeRow = RegisterTrade & { key: string };

const signed = (value: string) => <span className={signClass(value, styles.up, styles.down)}>{amountText(value)}</span>;

const securityColumns: DataColumn<SegmentSecurity>[] = [
  { id: 'symbol', header: c.symbol, cell: (r) => r.symbol, sortValue: (r) => r.symbol },
  { id: 'buyQty', header: c.buyQty, cell: (r) => r.buyQty, align: 'end' },
  { id: 'buyValue', header: c.buyValue, cell: (r) => amountText(r.buyValue), align: 'end' },
  { id: 'sellQty', header: c.sellQty, cell: (r) => r.sellQty, align: 'end' },
  { id: 'sellValue', header: c.sellValue, cell: (r) => amountText(r.sellValue), align: 'end' },
  { id: 'charges', header: c.charges, cell: (r) => amountText(r.charges), align: 'end' },
  { id: 'realisedPnl', header: c.realisedPnl, cell: (r) => signed(r.realisedPnl), align: 'end' },
];

const tradeColumns: DataColumn<TradeRow>[] = [
  { id: 'tradeDate', header: reportsText.register.date, cell: (r) => `${r.tradeDate} ${r.time}` },
  { id: 'orderNo', header: t.orderNo, cell: (r) => r.orderNo },
  { id: 'symbol', header: t.symbol, cell: (r) => `${r.symbol} (${r.exchange})` },
  { id: 'product', header: c.product, cell: (r) => r.product },
  {
    id: 'side',
    header: t.side,
    cell: (r) => <span className={r.side === 'BUY' ? styles.up : styles.down}>{r.side}</span>,
  },
  { id: 'quantity', header: t.quantity, cell: (r) => r.quantity, align: 'end' },
  { id: 'price', header: t.price, cell: (r) => amountText(r.price), align: 'end' },
  { id: 'value', header: t.value, cell: (r) => amountText(r.value), align: 'end' },
  { id: 'netAmount', header: t.net, cell: (r) => signed(r.netAmount), align: 'end' },
];

const SUMMARY = ['turnover', 'charges', 'realisedPnl', 'netPnl'] as const;

function exportTable(data: SegmentReport, format: ReportFormat) {
  const header = [c.symbol, c.buyQty, c.buyValue, c.sellQty, c.sellValue, c.charges, c.realisedPnl];
  const rows: (string | number)[][] = data.securities.map((s) => [
    s.symbol,
    s.buyQty,
    s.buyValue,
    s.sellQty,
    s.sellValue,
    s.charges,
    s.realisedPnl,
  ]);
  rows.push([text.totals, '', '', '', '', data.totals.charges, data.totals.realisedPnl]);
  rows.push([]);
  rows.push([
    reportsText.register.date,
    t.orderNo,
    t.exchange,
    t.symbol,
    c.product,
    t.side,
    t.quantity,
    t.price,
    t.value,
    t.net,
  ]);
  for (const r of data.trades) {
    rows.push([
      `${r.tradeDate} ${r.time}`,
      r.orderNo,
      r.exchange,
      r.symbol,
      r.product,
      r.side,
      r.quantity,
      r.price,
      r.value,
      r.netAmount,
    ]);
  }
  downloadTable(format, `${data.segment}-${fileDate(data.fromDate)}-${fileDate(data.toDate)}`, header, rows);
}

/** /home/equity and /home/fno: the segment's trades of a period and the realised P&L of each security. */
export function SegmentReportPage({ segment }: { segment: Segment }) {
  const titleId = useId();
  const [period, setPeriod] = useState(openingPeriod);
  const report = useSegmentReport(segment, period);
  const data = report.data;
  const error = report.isError ? report.error.message : undefined;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.titles[segment]}
        </h1>
        <PeriodForm shown={period} onShow={setPeriod} onShowAgain={() => void report.refetch()} />
        <div className={styles.tools}>
          {data && data.trades.length > 0 && <ExportButtons onExport={(format) => exportTable(data, format)} />}
        </div>
      </header>
      {data && data.trades.length > 0 && (
        <dl className={styles.summary}>
          {SUMMARY.map((key) => (
            <div key={key}>
              <dt>{text.summary[key]}</dt>
              <dd className="num" data-testid={`total-${key}`}>
                {key === 'turnover' || key === 'charges' ? amountText(data.totals[key]) : signed(data.totals[key])}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className={styles.panelFit}>
        <DataTable
          caption={text.securitiesCaption}
          showCaption
          columns={securityColumns}
          rows={data?.securities}
          rowKey={(r) => r.symbol}
          loading={report.isFetching}
          loadingText={reportsText.loading}
          error={error}
          empty={text.empty}
          totalRow={{
            cells: data
              ? {
                  symbol: text.totals,
                  charges: amountText(data.totals.charges),
                  realisedPnl: signed(data.totals.realisedPnl),
                }
              : {},
          }}
        />
      </div>
      {data && data.trades.length > 0 && (
        <div className={styles.panel}>
          <DataTable
            caption={text.tradesCaption}
            showCaption
            columns={tradeColumns}
            rows={data.trades.map((r) => ({ ...r, key: tradeLineKey(r) }))}
            rowKey={(r) => r.key}
          />
        </div>
      )}
    </section>
  );
}

export const EquityReportPage = () => <SegmentReportPage segment="equity" />;
export const FnoReportPage = () => <SegmentReportPage segment="fno" />;
