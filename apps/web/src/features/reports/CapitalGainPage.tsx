import { financialYears, reportToday, reportsText, type GainLotRow, type GainTotalRow } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { TabList } from '../../components/tabs/index.ts';
import { amountText, signClass } from './amounts.ts';
import { useCapitalGain, useGainSummary } from './api/report-calls.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { downloadTable, type ReportFormat } from './report-csv.ts';
import styles from './reports.module.css';

const text = reportsText.capitalGain;
const c = text.columns;
type View = 'summary' | 'datewise';
type SummaryRow = GainTotalRow & { symbol: string };

const gain = (value: string) => <span className={signClass(value, styles.up, styles.down)}>{amountText(value)}</span>;
const money = <T extends { buyValue: string; sellValue: string; gain: string }>(): DataColumn<T>[] => [
  { id: 'buyValue', header: c.buyValue, cell: (r) => amountText(r.buyValue), align: 'end' },
  { id: 'sellValue', header: c.sellValue, cell: (r) => amountText(r.sellValue), align: 'end' },
  { id: 'gain', header: c.gain, cell: (r) => gain(r.gain), align: 'end' },
];

const lotColumns: DataColumn<GainLotRow & { key: string }>[] = [
  { id: 'symbol', header: c.symbol, cell: (r) => r.symbol, sortValue: (r) => r.symbol },
  { id: 'term', header: c.term, cell: (r) => text.terms[r.term] },
  { id: 'buyDate', header: c.buyDate, cell: (r) => r.buyDate || text.opening },
  { id: 'sellDate', header: c.sellDate, cell: (r) => r.sellDate },
  { id: 'quantity', header: c.quantity, cell: (r) => r.quantity, align: 'end' },
  ...money<GainLotRow & { key: string }>(),
];

const summaryColumns: DataColumn<SummaryRow>[] = [
  { id: 'symbol', header: c.symbol, cell: (r) => r.symbol },
  { id: 'term', header: c.term, cell: (r) => text.terms[r.term] },
  ...money<SummaryRow>(),
];

/**
 * /home/report/capitalgain (datewise first) and /home/report/gainsummary (summary first): a financial year's gains,
 * matched FIFO, by holding period (investing.md 2, 9: summary and datewise views, 2018-2019 on).
 */
export function CapitalGainPage({ initialView = 'datewise' }: { initialView?: View }) {
  const titleId = useId();
  const years = financialYears(reportToday(Date.now()));
  const [year, setYear] = useState(years[0]!);
  const [view, setView] = useState<View>(initialView);
  const lots = useCapitalGain(year, view === 'datewise');
  const summary = useGainSummary(year, view === 'summary');
  const active = view === 'datewise' ? lots : summary;
  const exportTable = (format: ReportFormat) => {
    if (view === 'datewise' && lots.data) {
      const rows = lots.data.lots.map((r) => [
        r.symbol,
        text.terms[r.term],
        r.buyDate || text.opening,
        r.sellDate,
        r.quantity,
        r.buyValue,
        r.sellValue,
        r.gain,
      ]);
      downloadTable(format, `capital-gain-${year}`, Object.values(c), rows);
    } else if (summary.data) {
      const rows = [
        ...summary.data.bySymbol.map((r) => [r.symbol, text.terms[r.term], r.buyValue, r.sellValue, r.gain]),
        ...summary.data.totals.map((r) => [text.total, text.terms[r.term], r.buyValue, r.sellValue, r.gain]),
      ];
      downloadTable(format, `gain-summary-${year}`, [c.symbol, c.term, c.buyValue, c.sellValue, c.gain], rows);
    }
  };
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {initialView === 'summary' ? text.summaryTitle : text.title}
        </h1>
        <label className={styles.filter}>
          {reportsText.financialYear.label}
          <select className={styles.select} value={year} onChange={(e) => setYear(e.target.value)}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <TabList
          tabs={[
            { id: 'summary', label: text.views.summary },
            { id: 'datewise', label: text.views.datewise },
          ]}
          selected={view}
          onSelect={setView}
          label={text.title}
          className={styles.tabs}
          tabClassName={styles.tab}
        />
        <div className={styles.tools}>{active.data && <ExportButtons onExport={exportTable} />}</div>
      </header>
      {view === 'summary' && summary.data && (
        <dl className={styles.summary}>
          {summary.data.totals.map((t) => (
            <div key={t.term}>
              <dt>{text.terms[t.term]}</dt>
              <dd className="num" data-testid={`total-${t.term}`}>
                {gain(t.gain)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className={styles.panel}>
        {view === 'datewise' ? (
          <DataTable
            caption={text.views.datewise}
            columns={lotColumns}
            rows={lots.data?.lots.map((l, i) => ({ ...l, key: String(i) }))}
            rowKey={(r) => r.key}
            loading={lots.isFetching}
            loadingText={reportsText.loading}
            error={lots.isError ? lots.error.message : undefined}
            empty={text.empty}
          />
        ) : (
          <DataTable
            caption={text.views.summary}
            columns={summaryColumns}
            rows={summary.data?.bySymbol}
            rowKey={(r) => `${r.symbol}/${r.term}`}
            loading={summary.isFetching}
            loadingText={reportsText.loading}
            error={summary.isError ? summary.error.message : undefined}
            empty={text.empty}
          />
        )}
      </div>
      <p className={styles.note}>{text.note}</p>
    </section>
  );
}

export function GainSummaryPage() {
  return <CapitalGainPage initialView="summary" />;
}
