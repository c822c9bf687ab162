import { reportsText, type RegisterTrade } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { amountText, signClass } from './amounts.ts';
import { tradeLineKey } from './trade-lines.ts';
import { useTradeRegister } from './api/report-calls.ts';
import { openingPeriod, PeriodForm } from './PeriodForm.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { downloadTable, fileDate, type ReportFormat } from './report-csv.ts';
import styles from './reports.module.css';

const text = reportsText.register;
const c = reportsText.contractNote.columns;
type Kind = 'transaction' | 'stt' | 'brokerage';
type Money = 'value' | 'brokerage' | 'stt' | 'transactionCharge' | 'gst' | 'sebiFee' | 'stampDuty' | 'netAmount';

const HEADERS: Record<Money, string> = {
  value: c.value,
  brokerage: c.brokerage,
  stt: c.stt,
  transactionCharge: c.transactionCharge,
  gst: c.gst,
  sebiFee: c.sebiFee,
  stampDuty: c.stampDuty,
  netAmount: c.net,
};
/** The money columns each screen shows: every charge for transactions, the one tax or fee for the others. */
const MONEY_OF: Record<Kind, Money[]> = {
  transaction: ['value', 'brokerage', 'stt', 'transactionCharge', 'gst', 'sebiFee', 'stampDuty', 'netAmount'],
  stt: ['value', 'stt'],
  brokerage: ['value', 'brokerage', 'gst'],
};

type Row = RegisterTrade & { key: string };

function columnsOf(kind: Kind): DataColumn<Row>[] {
  return [
    { id: 'tradeDate', header: text.date, cell: (r) => `${r.tradeDate} ${r.time}` },
    { id: 'orderNo', header: c.orderNo, cell: (r) => r.orderNo },
    { id: 'symbol', header: c.symbol, cell: (r) => `${r.symbol} (${r.exchange})`, sortValue: (r) => r.symbol },
    {
      id: 'side',
      header: c.side,
      cell: (r) => <span className={r.side === 'BUY' ? styles.up : styles.down}>{r.side}</span>,
    },
    { id: 'quantity', header: c.quantity, cell: (r) => r.quantity, align: 'end' },
    { id: 'price', header: c.price, cell: (r) => amountText(r.price), align: 'end' },
    ...MONEY_OF[kind].map((key): DataColumn<Row> => ({
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
}

/** /home/transaction, /home/stt and /home/brokerage: the trades of a period with all charges, STT, or brokerage and GST. */
export function TradeRegisterPage({ kind }: { kind: Kind }) {
  const titleId = useId();
  const [period, setPeriod] = useState(openingPeriod);
  const register = useTradeRegister(period);
  const data = register.data;
  const money = MONEY_OF[kind];
  const exportTable = (format: ReportFormat) => {
    if (!data) return;
    const header = [
      text.date,
      c.orderNo,
      c.exchange,
      c.symbol,
      c.side,
      c.quantity,
      c.price,
      ...money.map((k) => HEADERS[k]),
    ];
    const rows = data.trades.map((r) => [
      `${r.tradeDate} ${r.time}`,
      r.orderNo,
      r.exchange,
      r.symbol,
      r.side,
      r.quantity,
      r.price,
      ...money.map((k) => r[k]),
    ]);
    rows.push([text.totals, '', '', '', '', '', '', ...money.map((k) => data.totals[k])]);
    downloadTable(format, `${kind}-${fileDate(data.fromDate)}-${fileDate(data.toDate)}`, header, rows);
  };
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.titles[kind]}
        </h1>
        <PeriodForm shown={period} onShow={setPeriod} onShowAgain={() => void register.refetch()} />
        <div className={styles.tools}>{data && data.trades.length > 0 && <ExportButtons onExport={exportTable} />}</div>
      </header>
      <div className={styles.panel}>
        <DataTable
          caption={text.titles[kind]}
          columns={columnsOf(kind)}
          rows={data?.trades.map((t) => ({ ...t, key: tradeLineKey(t) }))}
          rowKey={(r) => r.key}
          loading={register.isFetching}
          loadingText={reportsText.loading}
          error={register.isError ? register.error.message : undefined}
          empty={text.empty}
          totalRow={{
            cells: data
              ? { tradeDate: text.totals, ...Object.fromEntries(money.map((k) => [k, amountText(data.totals[k])])) }
              : {},
          }}
        />
      </div>
    </section>
  );
}

export const TransactionPage = () => <TradeRegisterPage kind="transaction" />;
export const SttPage = () => <TradeRegisterPage kind="stt" />;
export const BrokeragePage = () => <TradeRegisterPage kind="brokerage" />;
