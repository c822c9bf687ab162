import { formatQuantity, groupIndian, investingText, type Quote } from '@kite/domain';
import { useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { streamKeyFor, useStreamRegistration } from '../../../lib/stream/stream.ts';
import { useLevel1 } from '../../../lib/stream/tick-store.ts';
import { openScripDetails } from '../../market-data/selected-scrip.ts';
import { useTopMovers, type MoversKind } from './top-movers.ts';
import styles from './top-movers.module.css';

const text = investingText.topMovers;

function keyOf(q: Quote) {
  return streamKeyFor({ exc: q.sym.exc, streamSym: q.streamSym, exc_seg: q.sym.exc_seg, xSym: q.sym.xSym });
}

function signOf(value: string): string {
  return value.startsWith('-') ? 'down' : /[1-9]/.test(value) ? 'up' : '';
}

/** A row's figure as the stream has it now, else as the list answered it (investing.md: ticks update the figures). */
function Live({ row, figure }: { row: Quote; figure: 'ltp' | 'chng' | 'chngPer' | 'vol' }) {
  const tick = useLevel1(keyOf(row));
  const value = tick?.[figure] ?? row[figure];
  if (figure === 'vol') return <span className="num">{formatQuantity(Number(value))}</span>;
  const shown = groupIndian(String(value));
  if (figure === 'ltp')
    return (
      <span key={tick?.seq ?? 0} className={`num ${tick ? (styles[`tick-${tick.direction}`] ?? '') : ''}`}>
        {shown}
      </span>
    );
  return <span className={`num ${signOf(String(value))}`}>{figure === 'chngPer' ? `${shown}%` : shown}</span>;
}

/** The dashboard's top gainers or top losers (investing.md "Top gainers / losers", compact list). */
export function TopMoversWidget({ kind }: { kind: MoversKind }) {
  const navigate = useNavigate();
  const query = useTopMovers(kind);
  const rows = query.data;
  useStreamRegistration(`dashboard-top-${kind}`, (rows ?? []).map(keyOf), 'level1');
  const columns: DataColumn<Quote>[] = [
    {
      id: 'symbol',
      header: text.columns.symbol,
      cell: (q) => (
        <button
          type="button"
          className={styles.symbol}
          title={q.companyName}
          onClick={() =>
            openScripDetails(
              { sym: q.sym, displaySym: q.displaySym, companyName: q.companyName, streamSym: q.streamSym, tradable: true },
              navigate,
            )
          }
        >
          {q.displaySym}
        </button>
      ),
    },
    { id: 'ltp', header: text.columns.ltp, align: 'end', cell: (q) => <Live row={q} figure="ltp" /> },
    { id: 'chng', header: text.columns.change, align: 'end', cell: (q) => <Live row={q} figure="chng" /> },
    { id: 'chngPer', header: text.columns.changePercent, align: 'end', cell: (q) => <Live row={q} figure="chngPer" /> },
    { id: 'vol', header: text.columns.volume, align: 'end', cell: (q) => <Live row={q} figure="vol" /> },
  ];
  return (
    <DataTable
      caption={kind === 'gainers' ? text.gainersCaption : text.losersCaption}
      columns={columns}
      rows={rows}
      rowKey={(q) => q.sym.id}
      loading={query.isFetching}
      loadingText={text.loading}
      error={query.error ? query.error.message : undefined}
      empty={kind === 'gainers' ? text.noGainers : text.noLosers}
    />
  );
}

export function TopGainersWidget() {
  return <TopMoversWidget kind="gainers" />;
}

export function TopLosersWidget() {
  return <TopMoversWidget kind="losers" />;
}
