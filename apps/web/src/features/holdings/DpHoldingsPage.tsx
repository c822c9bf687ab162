import { formatAmount, formatPrice, formatQuantity, parsePrice, parseRupees, tradingText } from '@kite/domain';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { CollapseIcon } from '../../components/icons/icons.tsx';
import { useLoginState } from '../../lib/session/session-store.ts';
import { streamKeyFor, useStreamRegistration } from '../../lib/stream/stream.ts';
import { useLevel1 } from '../../lib/stream/tick-store.ts';
import { openScripDetails } from '../market-data/selected-scrip.ts';
import { rupees, amountSign } from '../margin/margin-format.ts';
import { RefreshIcon } from '../../components/icons/icons.tsx';
import { useHoldingsSummary, type HoldingsFilter } from './api/holdings-summary.ts';
import { holdingFigures, type HoldingRow } from './holding-figures.ts';
import styles from './holdings.module.css';

const SCREEN = 'dpholdings';
const text = tradingText.holdings;
const FILTERS: readonly HoldingsFilter[] = ['H', 'N', 'Z', 'A'];

function keyOf(row: HoldingRow) {
  return streamKeyFor({ exc: row.sym.exc, streamSym: row.streamSym, exc_seg: row.sym.exc_seg, xSym: row.sym.xSym });
}

function signed(value: number | null): string {
  if (value === null || value === 0) return '';
  return value > 0 ? 'up' : 'down';
}

function money(value: number | null): string {
  return value === null ? '--' : formatAmount(value);
}

function useLive(row: HoldingRow) {
  const tick = useLevel1(keyOf(row));
  return { tick, figures: holdingFigures(row, tick?.ltp) };
}

/** Live cells subscribe to their own stream key: a tick re-renders the cell, not the table. */
function LiveLtp({ row }: { row: HoldingRow }) {
  const { tick, figures } = useLive(row);
  return (
    <span key={tick?.seq ?? 0} data-column="ltp" className={tick ? styles[`tick-${tick.direction}`] : undefined}>
      {figures.ltp === null ? '--' : formatPrice(figures.ltp, 2)}
    </span>
  );
}

function LiveMoney({ row, which }: { row: HoldingRow; which: 'currentValue' | 'pnl' | 'dayChange' }) {
  const value = useLive(row).figures[which];
  return (
    <span data-column={which} className={which === 'currentValue' ? undefined : signed(value)}>
      {money(value)}
    </span>
  );
}

function SymbolCell({ row }: { row: HoldingRow }) {
  const navigate = useNavigate();
  const open = () =>
    openScripDetails({ sym: row.sym, displaySym: row.displaySym, companyName: row.companyName, streamSym: row.streamSym, tradable: true }, navigate);
  return (
    <>
      <button type="button" className={styles.symbol} onClick={open}>
        {row.displaySym}
      </button>
      <span className={styles.company}>{row.companyName}</span>
    </>
  );
}

function EdisCell({ row }: { row: HoldingRow }) {
  if (row.poa) return <span className={styles.muted}>{text.poa}</span>;
  if (row.edisApprovedQty > 0) return <span className={styles.approved}>{text.edisApproved(formatQuantity(row.edisApprovedQty))}</span>;
  return <span className={styles.pending}>{text.edisNone}</span>;
}

const c = text.columns;
const price2 = (value: string) => parsePrice(value, 2);
const columns: DataColumn<HoldingRow>[] = [
  { id: 'symbol', header: c.symbol, cell: (row) => <SymbolCell row={row} />, sortValue: (row) => row.displaySym },
  { id: 'qty', header: c.qty, cell: (row) => <span className={row.qty < 0 ? 'down' : undefined}>{formatQuantity(row.qty)}</span>, sortValue: (row) => row.qty, align: 'end' },
  { id: 'freeQty', header: c.freeQty, cell: (row) => formatQuantity(row.freeQty), sortValue: (row) => row.freeQty, align: 'end' },
  { id: 't1Qty', header: c.t1Qty, cell: (row) => formatQuantity(row.t1Qty), sortValue: (row) => row.t1Qty, align: 'end' },
  { id: 'pledgedQty', header: c.pledgedQty, cell: (row) => formatQuantity(row.pledgedQty), sortValue: (row) => row.pledgedQty, align: 'end' },
  { id: 'avgPrice', header: c.avgPrice, cell: (row) => rupees(row.avgPrice), sortValue: (row) => price2(row.avgPrice), align: 'end' },
  { id: 'ltp', header: c.ltp, cell: (row) => <LiveLtp row={row} />, sortValue: (row) => price2(row.ltp), align: 'end' },
  { id: 'currentValue', header: c.currentValue, cell: (row) => <LiveMoney row={row} which="currentValue" />, sortValue: (row) => parseRupees(row.currentValue), align: 'end' },
  { id: 'pnl', header: c.pnl, cell: (row) => <LiveMoney row={row} which="pnl" />, sortValue: (row) => parseRupees(row.pnl), align: 'end' },
  { id: 'dayChange', header: c.dayChange, cell: (row) => <LiveMoney row={row} which="dayChange" />, sortValue: (row) => parseRupees(row.dayChange), align: 'end' },
  { id: 'edis', header: c.edis, cell: (row) => <EdisCell row={row} />, sortValue: (row) => (row.poa ? -1 : row.edisApprovedQty) },
];

function Total({ label, value, sign = false }: { label: string; value: string; sign?: boolean }) {
  return (
    <div className={styles.total}>
      <dt>{label}</dt>
      <dd className={`num ${sign ? amountSign(value) : ''}`}>{rupees(value)}</dd>
    </div>
  );
}

function Holdings() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<HoldingsFilter>('H');
  const query = useHoldingsSummary(filter);
  const rows = query.data?.holdings ?? [];
  useStreamRegistration(SCREEN, rows.map(keyOf), 'level1');
  const titleId = useId();

  const totals = query.data?.totals;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <div role="radiogroup" aria-label={text.filter} className={styles.switch}>
          {FILTERS.map((each) => (
            <button key={each} type="button" role="radio" aria-checked={filter === each} className={styles.switchButton} onClick={() => setFilter(each)}>
              {text.filters[each]}
            </button>
          ))}
        </div>
        <div className={styles.tools}>
          <IconButton label={tradingText.positionsScreen.refresh} icon={<RefreshIcon />} onClick={() => void query.refetch()} />
          <IconButton label={tradingText.positionsScreen.collapse} icon={<CollapseIcon />} onClick={() => navigate('/home/dashboard')} />
        </div>
      </header>
      {totals && (
        <dl className={styles.totals} aria-label={text.totals}>
          <Total label={text.investedValue} value={totals.investedValue} />
          <Total label={text.currentValue} value={totals.currentValue} />
          <Total label={text.pnl} value={totals.pnl} sign />
          <Total label={text.dayChange} value={totals.dayChange} sign />
        </dl>
      )}
      <div className={styles.panel}>
        <DataTable
          caption={text.title}
          columns={columns}
          rows={query.data?.holdings}
          rowKey={(row) => `${row.sym.exc}|${row.sym.id}`}
          loading={query.isFetching}
          loadingText={text.loading}
          error={query.isError ? query.error.message : undefined}
          empty={text.empty}
        />
      </div>
    </section>
  );
}

/** /home/dpholdings (platform.md 2.3): demat holdings with live prices, filters and the e-DIS state of non-POA stock. */
export function DpHoldingsPage() {
  const login = useLoginState();
  if (!login) return null;
  return <Holdings />;
}
