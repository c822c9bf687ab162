import {
  deriveAbilities,
  formatAmount,
  formatPrice,
  formatQuantity,
  isTransferOffered,
  parseRupees,
  POSITION_ASSET_FILTERS,
  tradingText,
  type Abilities,
  type PositionAssetFilter,
  type PositionRow,
} from '@kite/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { CollapseIcon } from '../../components/icons/icons.tsx';
import { MenuButton, type MenuEntry } from '../../components/menu/index.ts';
import { useLoginState } from '../../lib/session/session-store.ts';
import { streamKeyFor, useStreamRegistration } from '../../lib/stream/stream.ts';
import { useLevel1 } from '../../lib/stream/tick-store.ts';
import { useOrderUpdates } from '../../lib/stream/order-updates.ts';
import { displayPrice, priceDecimalsOf } from '../market-data/price-format.ts';
import { openScripDetails } from '../market-data/selected-scrip.ts';
import { opensDetails } from '../market-data/trade-permission.ts';
import { netPositionsKey, useNetPositions } from './api/net-positions.ts';
import { positionFigures } from './live-figures.ts';
import { RefreshIcon } from '../../components/icons/icons.tsx';
import { MoreIcon } from './page-icons.tsx';
import { cellValue, sortValueOf } from './position-sort.ts';
import {
  positionColumns,
  positionTabs,
  productChoices,
  rowAction,
  showsAllPositionButton,
  squareOffSide,
  TAB_LABELS,
  todayFilters,
  type ColumnKey,
  type PositionDay,
  type PositionFilters,
  type PositionTab,
} from './positions-view.ts';
import { addToWatchlist, openOrderFor, openSquareOff, scripOf } from './row-actions.ts';
import { openTransferDialog } from './TransferPositionDialog.tsx';
import styles from './positions.module.css';
import { TabList } from '../../components/tabs/index.ts';

const SCREEN = 'netpositions';
const text = tradingText.positions;
const screenText = tradingText.positionsScreen;

function signClass(value: number | null): string {
  if (value === null || value === 0) return '';
  return value > 0 ? 'up' : 'down';
}

function amount(value: number | null): string {
  return value === null ? '--' : formatAmount(value);
}

function price(value: number | null, decimals: 2 | 4): string {
  return value === null ? '--' : formatPrice(value, decimals);
}

function useFigures(row: PositionRow) {
  const key = streamKeyFor({ exc: row.sym.exc, streamSym: row.streamSym, exc_seg: row.sym.exc_seg, xSym: row.sym.xSym });
  const tick = useLevel1(key);
  return { tick, figures: positionFigures(row, tick?.ltp) };
}

/** Live cells: each subscribes to its own stream key, so a tick re-renders the cell, not the table. */
function LtpCell({ row }: { row: PositionRow }) {
  const { tick, figures } = useFigures(row);
  return (
    <span key={tick?.seq ?? 0} data-column="ltp" className={tick ? styles[`tick-${tick.direction}`] : undefined}>
      {price(figures.ltp, figures.decimals)}
    </span>
  );
}

function PnlCell({ row, which }: { row: PositionRow; which: 'netPnl' | 'unrealisedPnl' }) {
  const { figures } = useFigures(row);
  const value = figures[which];
  return (
    <span data-column={which} className={signClass(value)}>
      {amount(value)}
    </span>
  );
}

function RowActions({ row, onTransferred }: { row: PositionRow; onTransferred: () => void }) {
  const navigate = useNavigate();
  const scrip = scripOf(row);
  const action = rowAction(row);
  const menu: MenuEntry[] = [
    { kind: 'item', id: 'watchlist', label: text.addToWatchlist, onSelect: () => addToWatchlist(scrip) },
    { kind: 'item', id: 'quote', label: text.quote, disabled: !opensDetails(row.sym), onSelect: () => openScripDetails(scrip, navigate) },
  ];
  if (isTransferOffered({ prdType: row.prdType, netQty: row.netQty, isTransfer: row.isTransfer, instr: row.sym.instr })) {
    menu.push({
      kind: 'item',
      id: 'transfer',
      label: text.transfer,
      onSelect: () => {
        void openTransferDialog(row).then((done) => done && onTransferred());
      },
    });
  }
  return (
    <div className={styles.actions}>
      {action === 'buySell' && (
        <>
          <Button size="small" variant="buy" onClick={() => openOrderFor(scrip, 'BUY')}>
            {text.buy}
          </Button>
          <Button size="small" variant="sell" onClick={() => openOrderFor(scrip, 'SELL')}>
            {text.sell}
          </Button>
        </>
      )}
      {action === 'squareOff' && (
        <Button
          size="small"
          onClick={() => openSquareOff({ scrip, side: squareOffSide(row.netQty), product: row.prdType, quantity: Math.abs(row.netQty) })}
        >
          {text.squareOff}
        </Button>
      )}
      <MenuButton
        trigger={<MoreIcon />}
        label={screenText.rowMenu(row.displaySym)}
        entries={menu}
        align="end"
        showChevron={false}
        triggerClassName={styles.menuTrigger}
      />
    </div>
  );
}

function cellFor(key: ColumnKey, day: PositionDay): (row: PositionRow) => ReactNode {
  const decimals = (row: PositionRow) => priceDecimalsOf(row.sym.exc);
  switch (key) {
    case 'symbol':
      return (row) => (
        <span className={styles.symbolCell}>
          {row.displaySym}
          <span className={styles.exchange}>{row.sym.exc}</span>
        </span>
      );
    case 'product':
      return (row) => row.prdType;
    case 'ltp':
      return (row) => <LtpCell row={row} />;
    case 'netPnl':
    case 'unrealisedPnl':
      return (row) => <PnlCell row={row} which={key} />;
    case 'netQty':
      return (row) => <span className={signClass(row.netQty)}>{formatQuantity(row.netQty)}</span>;
    case 'realisedPnl':
      return (row) => {
        const value = parseRupees(row.bookedPnl);
        return <span className={signClass(value)}>{amount(value)}</span>;
      };
    case 'buyQty':
    case 'sellQty':
      return (row) => formatQuantity(Number(cellValue(row, key, day)));
    case 'avgPrice':
    case 'buyAvg':
    case 'sellAvg':
      return (row) => displayPrice(String(cellValue(row, key, day)), decimals(row));
  }
}

/** The DataTable columns of trading.md 2.5 for the day shown, plus the row actions. */
function tableColumns(day: PositionDay, onTransferred: () => void): DataColumn<PositionRow>[] {
  const columns: DataColumn<PositionRow>[] = positionColumns(day).map((column) => ({
    id: column.key,
    header: column.label,
    cell: cellFor(column.key, day),
    sortValue: (row: PositionRow) => sortValueOf(row, column.key, day),
    align: column.numeric ? 'end' : 'start',
  }));
  columns.push({ id: 'actions', header: '', label: screenText.actions, cell: (row) => <RowActions row={row} onTransferred={onTransferred} />, align: 'end', pinEnd: true });
  return columns;
}

function FilterSelect<T extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: T;
  choices: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <span className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        {label}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChange(event.currentTarget.value as T)}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </span>
  );
}

function FilterControls({ tab, filters, onChange }: { tab: PositionTab; filters: PositionFilters; onChange: (next: PositionFilters) => void }) {
  // trading.md 2.5: the commodity tab holds an MCX/NCDEX choice but renders no filter controls.
  if (tab === 'commodity') return null;
  const products = productChoices(tab) as readonly { value: string; label: string }[];
  const product = <FilterSelect label={screenText.product} value={filters.product} choices={products} onChange={(value) => onChange({ ...filters, product: value })} />;
  if (tab === 'equity') {
    return (
      <div className={styles.filters}>
        <div role="radiogroup" aria-label={screenText.exchange} className={styles.switch}>
          {(['NSE', 'BSE'] as const).map((exchange) => (
            <button
              key={exchange}
              type="button"
              role="radio"
              aria-checked={filters.exchange === exchange}
              className={styles.switchButton}
              onClick={() => onChange({ ...filters, exchange })}
            >
              {exchange}
            </button>
          ))}
        </div>
        {product}
      </div>
    );
  }
  const assets = POSITION_ASSET_FILTERS.map((value) => ({ value, label: screenText.assetChoices[value] }));
  return (
    <div className={styles.filters}>
      <FilterSelect<PositionAssetFilter> label={screenText.assetClass} value={filters.asset} choices={assets} onChange={(asset) => onChange({ ...filters, asset })} />
      {product}
    </div>
  );
}

function Positions({ abilities }: { abilities: Abilities }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tabs = positionTabs(abilities);
  const [tab, setTab] = useState<PositionTab | null>(tabs[0] ?? null);
  const [filters, setFilters] = useState<PositionFilters>(() => todayFilters(tabs[0] ?? 'equity', abilities));
  const query = useNetPositions(tab, filters);
  const panelId = useId();
  const rows = query.data ?? [];
  const keys = rows.map((row) => streamKeyFor({ exc: row.sym.exc, streamSym: row.streamSym, exc_seg: row.sym.exc_seg, xSym: row.sym.xSym }));
  useStreamRegistration(SCREEN, keys, 'level1');

  const chooseTab = (next: PositionTab) => {
    setTab(next);
    // trading.md 4.4: each tab change resets the day to today's positions.
    setFilters(todayFilters(next, abilities));
  };
  const reload = () => {
    if (tab) void queryClient.invalidateQueries({ queryKey: netPositionsKey(tab, filters) });
  };
  // trading.md 4.4: a successful order reloads the active tab.
  useOrderUpdates(reload);

  const dayButton = (day: PositionDay, label: string) => (
    <button type="button" aria-pressed={filters.day === day} className={styles.dayButton} onClick={() => setFilters({ ...filters, day })}>
      {label}
    </button>
  );

  let body;
  if (tab === null) body = <p className={styles.message}>{screenText.noSegments}</p>;
  else if (query.isError)
    body = (
      <p className={styles.message} role="alert">
        {query.error.message}
      </p>
    );
  else
    body = (
      <DataTable
        key={`${tab}|${filters.day}`}
        caption={`${screenText.title} - ${TAB_LABELS[tab]}`}
        columns={tableColumns(filters.day, reload)}
        rows={query.data}
        rowKey={(row) => `${row.uniqueId}|${row.prdType}`}
        loading={query.isFetching}
        loadingText={screenText.loading}
        empty={screenText.empty}
      />
    );

  return (
    <section className={styles.page} aria-labelledby={`${panelId}-title`}>
      <header className={styles.toolbar}>
        <h1 id={`${panelId}-title`} className={styles.title}>
          {screenText.title}
        </h1>
        <TabList
          tabs={tabs.map((each) => ({ id: each, label: TAB_LABELS[each] }))}
          selected={tab}
          onSelect={chooseTab}
          label={screenText.segmentTabs}
          panelId={panelId}
          className={styles.tabs}
          tabClassName={styles.tab}
        />
        {tab && (
          <div className={styles.days}>
            {dayButton('today', text.todaysPositions)}
            {showsAllPositionButton(tab) && dayButton('all', text.allPosition)}
          </div>
        )}
        {tab && <FilterControls tab={tab} filters={filters} onChange={setFilters} />}
        <div className={styles.tools}>
          <IconButton label={screenText.refresh} icon={<RefreshIcon />} onClick={() => void query.refetch()} disabled={tab === null} />
          <IconButton label={screenText.collapse} icon={<CollapseIcon />} onClick={() => navigate('/home/dashboard')} />
        </div>
      </header>
      <div id={panelId} role="tabpanel" aria-label={tab ? TAB_LABELS[tab] : screenText.title} className={styles.panel}>
        {body}
      </div>
    </section>
  );
}

/** /home/netpositions (trading.md 2.5, 4.4): positions by segment with live prices, square off and transfer. */
export function NetPositionsPage() {
  const login = useLoginState();
  if (!login) return null;
  return <Positions abilities={deriveAbilities(login.accountDetails, login.flags)} />;
}
