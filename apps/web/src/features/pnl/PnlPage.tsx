import { formatAmount, formatPercent, formatPrice, formatQuantity, investingText, type PnlFilter, type PnlRow, type PnlSector, type PnlSegment } from '@kite/domain';
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { MenuButton, type MenuEntry } from '../../components/menu/index.ts';
import { useStreamRegistration } from '../../lib/stream/stream.ts';
import { openScripDetails, type ScripRef } from '../market-data/selected-scrip.ts';
import { RefreshIcon } from '../../components/icons/icons.tsx';
import { MoreIcon } from '../positions/page-icons.tsx';
import { openAddToWatchlistDialog } from '../shell-dialogs/index.ts';
import { usePortfolio, type PnlVariant } from './api/get-portfolio.ts';
import {
  figureOf,
  FILTER_CHOICES,
  hasZeroAverage,
  PNL_TABS,
  PNL_VIEWS,
  pnlColumns,
  rowFigures,
  segmentOf,
  signClass,
  sortValueOf,
  totalsOf,
  ZERO_TOTALS,
  type ColumnKey,
  type ColumnSpec,
  type PnlTab,
  type PnlView,
  type RowFigures,
  type TotalFigures,
} from './pnl-view.ts';
import { openTradeHistory } from './TradeHistoryDialog.tsx';
import { keyOf, liveLtpNow, useAnyTick, useLiveLtp } from './use-live-ltps.ts';
import styles from './pnl.module.css';

const text = investingText.pnl;

/** How a figure of a column is written: money and percentages with 2 decimals, prices 2 (currency 4). */
function shown(f: RowFigures | TotalFigures, key: Exclude<ColumnKey, 'name'>): ReactNode {
  const value = figureOf(f, key);
  if (value === null) return '';
  switch (key) {
    case 'qty':
      return formatQuantity(value);
    case 'avgPrice':
    case 'ltp':
      return formatPrice(value, 'decimals' in f ? f.decimals : 2);
    case 'purchaseValue':
    case 'currentValue':
      return formatAmount(value);
    case 'todayPerc':
    case 'notionalPerc':
      return <span className={signClass(value)}>{formatPercent(value)}</span>;
    case 'today':
    case 'notional':
    case 'realised':
      return <span className={signClass(value)}>{formatAmount(value)}</span>;
  }
}

/** One live figure of a row: subscribes to the row's own symbol, so a tick re-renders this cell only. */
function LiveFigure({ row, column }: { row: PnlRow; column: Exclude<ColumnKey, 'name'> }) {
  const live = useLiveLtp(row);
  return <span data-column={column}>{shown(rowFigures(row, live), column)}</span>;
}

function scripOf(row: PnlRow): ScripRef {
  return { sym: row.sym, displaySym: row.contractDescWeb, companyName: row.contractDesc, streamSym: row.streamSym, tradable: true };
}

/** investing.md 2 row menu: SCRIP INFORMATION and ADD TO WATCHLIST only for holdings-type rows (flag 0). */
function RowMenu({ row, segment }: { row: PnlRow; segment: PnlSegment }) {
  const navigate = useNavigate();
  const m = text.rowMenu;
  const entries: MenuEntry[] = [];
  if (row.flag === 0) entries.push({ kind: 'item', id: 'scrip', label: m.scripInformation, onSelect: () => openScripDetails(scripOf(row), navigate) });
  entries.push({ kind: 'item', id: 'history', label: m.tradeHistory, onSelect: () => void openTradeHistory(row, segment) });
  if (row.flag === 0) entries.push({ kind: 'item', id: 'watchlist', label: m.addToWatchlist, onSelect: () => void openAddToWatchlistDialog(row.sym) });
  return <MenuButton trigger={<MoreIcon />} label={m.label(row.contractDescWeb)} entries={entries} align="end" showChevron={false} triggerClassName={styles.menuTrigger} />;
}

function rowColumns(specs: readonly ColumnSpec[], segment: PnlSegment): DataColumn<PnlRow>[] {
  const columns: DataColumn<PnlRow>[] = specs.map((spec) => ({
    id: spec.key,
    header: spec.label,
    align: spec.numeric ? 'end' : 'start',
    cell:
      spec.key === 'name'
        ? (row: PnlRow) => (
            <span className={styles.symbolCell}>
              <span>{row.contractDescWeb}</span>
              <span className={styles.exchange}>{row.exchange}</span>
            </span>
          )
        : (row: PnlRow) => <LiveFigure row={row} column={spec.key as Exclude<ColumnKey, 'name'>} />,
    // Sorting reads the prices of the moment of the click (live figures), exactly.
    sortValue: (row: PnlRow) => sortValueOf(row.contractDescWeb, rowFigures(row, liveLtpNow(row)), spec.key),
  }));
  columns.push({ id: 'actions', header: '', label: text.rowMenu.column, cell: (row) => <RowMenu row={row} segment={segment} />, align: 'end', pinEnd: true });
  return columns;
}

function totalCells(specs: readonly ColumnSpec[], totals: TotalFigures): Record<string, ReactNode> {
  const cells: Record<string, ReactNode> = { name: text.total };
  for (const spec of specs) if (spec.totalled && spec.key !== 'name') cells[spec.key] = <span data-total={spec.key}>{shown(totals, spec.key)}</span>;
  return cells;
}

function liveTotals(rows: readonly PnlRow[]): TotalFigures {
  return totalsOf(rows.map((row) => rowFigures(row, liveLtpNow(row))));
}

/** The scrip list with its TOTAL row; the totals listen to every row's symbol. */
function ScripTable({ rows, segment, caption, loading, error }: { rows: readonly PnlRow[] | undefined; segment: PnlSegment; caption: string; loading?: boolean; error?: ReactNode }) {
  useAnyTick(rows ?? []);
  const specs = pnlColumns('SCRIP');
  return (
    <DataTable
      caption={caption}
      columns={rowColumns(specs, segment)}
      rows={rows}
      rowKey={(row) => row.securitycode}
      loading={loading}
      loadingText={text.loading}
      error={error}
      empty={text.empty}
      className={styles.fit}
      totalRow={{ cells: totalCells(specs, liveTotals(rows ?? [])) }}
    />
  );
}

/** SECTOR view: a row per sector with its totals, opening to its scrips and their TOTAL row; the list's TOTAL under. */
function SectorTable({ sectors, segment, loading, error }: { sectors: readonly PnlSector[] | undefined; segment: PnlSegment; loading?: boolean; error?: ReactNode }) {
  const allRows = (sectors ?? []).flatMap((s) => s.sectorList);
  useAnyTick(allRows);
  const specs = pnlColumns('SECTOR');
  const columns: DataColumn<PnlSector>[] = specs.map((spec) => ({
    id: spec.key,
    header: spec.label,
    align: spec.numeric ? 'end' : 'start',
    cell: (sector: PnlSector) => (spec.key === 'name' ? sector.sectorName : spec.totalled ? shown(liveTotals(sector.sectorList), spec.key) : ''),
    sortValue: (sector: PnlSector) => sortValueOf(sector.sectorName, liveTotals(sector.sectorList), spec.key),
  }));
  return (
    <DataTable
      caption={text.columns.sector}
      columns={columns}
      rows={sectors}
      rowKey={(sector) => sector.sectorName}
      loading={loading}
      loadingText={text.loading}
      error={error}
      empty={text.empty}
      className={styles.fit}
      expandLabel={(sector) => sector.sectorName}
      renderExpanded={(sector) => (
        <div className={styles.sectorList}>
          <ScripTable rows={sector.sectorList} segment={segment} caption={sector.sectorName} />
        </div>
      )}
      totalRow={{ cells: totalCells(specs, liveTotals(allRows)) }}
    />
  );
}

function Card({ label, value, percent, testId }: { label: string; value: number; percent?: number; testId: string }) {
  const tone = percent === undefined && testId !== 'realised' ? undefined : signClass(value);
  return (
    <div className={styles.card} data-testid={`card-${testId}`}>
      <span className={styles.cardLabel}>{label}</span>
      <span className={[styles.cardValue, tone].filter(Boolean).join(' ')}>
        {formatAmount(value)}
        {percent !== undefined && <span className={styles.cardPercent}>({formatPercent(percent)}%)</span>}
      </span>
    </div>
  );
}

/** investing.md 2 header cards, live with the rows; 0.00 while loading and in the error state (investing.md 4). */
function HeaderCards({ rows }: { rows: readonly PnlRow[] }) {
  useAnyTick(rows);
  const t = rows.length === 0 ? ZERO_TOTALS : liveTotals(rows);
  const c = text.cards;
  return (
    <div className={styles.cards}>
      <Card label={c.totalValue} value={t.purchaseValue} testId="total" />
      <Card label={c.currentValue} value={t.currentValue} testId="current" />
      <Card label={c.overall} value={t.plValue} percent={t.plPerc} testId="overall" />
      <Card label={c.today} value={t.todayGainLoss} percent={t.todayGainLossPerc} testId="today" />
      <Card label={c.realised} value={t.realised} testId="realised" />
    </div>
  );
}

function Switch<T extends string>({ label, value, choices, names, onChange }: { label: string; value: T; choices: readonly T[]; names: Record<T, string>; onChange: (next: T) => void }) {
  return (
    <div role="radiogroup" aria-label={label} className={styles.switch}>
      {choices.map((choice) => (
        <button key={choice} type="button" role="radio" aria-checked={choice === value} className={styles.switchButton} onClick={() => onChange(choice)}>
          {names[choice]}
        </button>
      ))}
    </div>
  );
}

function FilterSelect({ value, onChange }: { value: PnlFilter; onChange: (next: PnlFilter) => void }) {
  const id = useId();
  return (
    <span className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        {text.filter}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChange(event.currentTarget.value as PnlFilter)}>
        {FILTER_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * /home/portfolioTracker and /home/portfolioTrackerDion (investing.md 2 "Profit and loss viewers", 4): the P&L of
 * holdings (by scrip or sector), F&O and currency, live with the stream.
 */
export function PnlScreen({ variant }: { variant: PnlVariant }) {
  const [tab, setTab] = useState<PnlTab>('HOLDINGS');
  const [view, setView] = useState<PnlView>('SCRIP');
  const [filter, setFilter] = useState<PnlFilter>('ALL');
  const segment = segmentOf(tab, view);
  // The new view's holdings have no filter ('Holdings' in its place): a choice made on F&O or Currency must not
  // carry over and hide holdings with no filter on screen.
  const holdingsOnly = variant === 'new' && tab === 'HOLDINGS';
  const query = usePortfolio(variant, segment, holdingsOnly ? 'ALL' : filter);
  const titleId = useId();
  const summary = query.isError ? undefined : query.data;
  const rows = summary?.plDetailsList ?? [];
  useStreamRegistration(`pnl-${variant}`, [...new Set(rows.map(keyOf))], 'level1');

  const error = query.isError ? <span className={styles.error}>{query.error.message}</span> : undefined;
  // The new view shows the label 'Holdings' instead of the filter dropdown, except in F&O and Currency.
  const filterControl = holdingsOnly ? <span className={styles.holdingsLabel}>{text.holdingsLabel}</span> : <FilterSelect value={filter} onChange={setFilter} />;

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        {filterControl}
        {tab === 'HOLDINGS' && <Switch label={text.viewToggleLabel} value={view} choices={PNL_VIEWS} names={text.viewToggle} onChange={setView} />}
        <Switch label={text.segmentToggleLabel} value={tab} choices={PNL_TABS} names={text.segmentToggle} onChange={setTab} />
        <div className={styles.tools}>
          <IconButton label={text.refresh} icon={<RefreshIcon />} onClick={() => void query.refetch()} />
        </div>
      </header>
      <HeaderCards rows={rows} />
      {variant === 'new' && hasZeroAverage(rows) && (
        <p className={styles.warning} role="alert">
          {text.zeroAvgWarning}
        </p>
      )}
      <div className={styles.panel}>
        {segment === 'EquitySector' ? (
          <SectorTable sectors={query.isError ? [] : summary?.sectorData} segment={segment} loading={query.isFetching} error={error} />
        ) : (
          <ScripTable rows={query.isError ? [] : summary?.plDetailsList} segment={segment} caption={text.title} loading={query.isFetching} error={error} />
        )}
      </div>
      <ul className={styles.notes}>
        <li>{text.buyRateNote}</li>
        <li>{text.sellRateNote}</li>
      </ul>
    </section>
  );
}

export function PortfolioTrackerPage() {
  return <PnlScreen variant="classic" />;
}

export function PortfolioTrackerDionPage() {
  return <PnlScreen variant="new" />;
}
