import {
  checkAddScrip,
  checkDeleteScrips,
  checkExport,
  toggleFavourite,
  tradingText,
  type Abilities,
  type WatchlistGroup,
  type WatchlistSymbolRow,
} from '@kite/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { confirmDialog, showMessage } from '../../components/dialog/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { CollapseIcon, ExpandIcon } from '../../components/icons/icons.tsx';
import { MenuButton } from '../../components/menu/index.ts';
import { useStreamRegistration } from '../../lib/stream/stream.ts';
import { tickStore } from '../../lib/stream/tick-store.ts';
import * as api from './watchlist-api.ts';
import { addWatchlistFlow, chooseScrip, deleteWatchlistsFlow, editWatchlistFlow } from './watchlist-dialogs.tsx';
import { exportCsv, exportExcel } from '../../lib/export/table-export.ts';
import { AddListIcon, EditIcon, FilterIcon, MinusIcon, PlusIcon, StarIcon, TrashIcon } from './watchlist-icons.tsx';
import { columnsShown, exportTable, filterRows, rowStreamKey } from './watchlist-view.ts';
import { ChartCell, LiveCell, SymbolCell, TradeCell } from './WatchlistCells.tsx';
import styles from './watchlist.module.css';

const text = tradingText.watchlist;
const COLUMN_WIDTH = '120px';

export type GroupsChange = { kind: 'added'; id: string } | { kind: 'deleted' } | { kind: 'changed' };

export interface WatchlistPaneProps {
  index: number;
  group: WatchlistGroup;
  groups: readonly WatchlistGroup[];
  /** The other pane's group: disabled in this pane's dropdown (trading.md 4.5). */
  otherGroupId: string | null;
  expanded: boolean;
  abilities: Abilities;
  onSelect: (id: string) => void;
  onToggleExpand: () => void;
  onGroupsChange: (change: GroupsChange) => Promise<void>;
}

const tickOf = (row: WatchlistSymbolRow) => tickStore.level1.get(rowStreamKey(row));
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One watchlist pane (trading.md 2.6, 4.5): toolbar, live rows, filters, delete-scrips mode, export when expanded. */
export function WatchlistPane(props: WatchlistPaneProps) {
  const { index, group, groups, otherGroupId, expanded, abilities, onSelect, onToggleExpand, onGroupsChange } = props;
  const [rows, setRows] = useState<WatchlistSymbolRow[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [filterOn, setFilterOn] = useState(false);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [deleteMode, setDeleteMode] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  // A group's identity is its id: a renamed or re-starred group keeps its rows; another group loads its own.
  const groupRef = useRef(group);
  groupRef.current = group;
  const groupId = group.id;
  const load = useCallback(async () => {
    setError(null);
    try {
      const symbols = await api.fetchSymbols({ ...groupRef.current, id: groupId });
      setRows(symbols);
    } catch (e) {
      setRows([]);
      setError(errorText(e));
    }
  }, [groupId]);

  useEffect(() => {
    setRows(undefined);
    setDeleteMode(false);
    setSelected(new Set());
    setFilters({});
    void load();
  }, [load]);

  const keys = useMemo(() => (rows ?? []).map(rowStreamKey), [rows]);
  useStreamRegistration(`watchlist-${index}`, keys, 'level1');

  const columns = useMemo(() => columnsShown(group, expanded), [group, expanded]);
  const shownRows = useMemo(
    () => (rows ? filterRows(rows, filterOn ? filters : {}, tickOf) : undefined),
    [rows, filters, filterOn],
  );

  const toggleSelected = (id: string) =>
    setSelected((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // B and S sit next to the symbol so a narrow pane shows them without scrolling.
  const tradeColumn: DataColumn<WatchlistSymbolRow> = {
    id: 'trade',
    header: text.tradeColumn,
    width: '64px',
    align: 'center',
    cell: (row) => <TradeCell row={row} abilities={abilities} />,
  };
  const tableColumns: DataColumn<WatchlistSymbolRow>[] = [
    ...(deleteMode
      ? [
          {
            id: 'select',
            header: '',
            label: text.deleteScripsMode,
            width: '36px',
            cell: (row: WatchlistSymbolRow) => (
              <input
                type="checkbox"
                aria-label={text.selectScrip(row.displaySym)}
                checked={selected.has(row.uniqueId)}
                onChange={() => toggleSelected(row.uniqueId)}
              />
            ),
          },
        ]
      : []),
    ...columns.flatMap((c): DataColumn<WatchlistSymbolRow>[] => [
      {
        id: c.apikey,
        label: c.name,
        width: c.apikey === 'chart' ? '56px' : COLUMN_WIDTH,
        align: c.type === 'num' ? 'end' : c.apikey === 'chart' ? 'center' : 'start',
        header:
          filterOn && c.apikey !== 'chart' ? (
            <span className={styles.filterHeader}>
              <span>{c.name}</span>
              <input
                className={styles.filterInput}
                aria-label={text.filterOf(c.name)}
                placeholder={c.type === 'num' ? '>=0' : ''}
                value={filters[c.apikey] ?? ''}
                onChange={(e) => setFilters((f) => ({ ...f, [c.apikey]: e.target.value }))}
              />
            </span>
          ) : (
            c.name
          ),
        cell: (row) =>
          c.apikey === 'companyName' ? (
            <SymbolCell row={row} />
          ) : c.apikey === 'chart' ? (
            <ChartCell row={row} />
          ) : (
            <LiveCell row={row} apikey={c.apikey} />
          ),
      },
      ...(c.apikey === 'companyName' ? [tradeColumn] : []),
    ]),
  ];

  const toggleStar = async () => {
    const answer = toggleFavourite(groups, group.id);
    if (!answer.ok) {
      await showMessage({ header: text.favouriteHeader, message: answer.message });
      return;
    }
    try {
      await api.updateFavourite(group.id, answer.favid as '0' | '1' | '2');
      await onGroupsChange({ kind: 'changed' });
    } catch (e) {
      await showMessage({ header: text.favouriteHeader, message: errorText(e) });
    }
  };

  const addWatchlist = async () => {
    const id = await addWatchlistFlow(groups);
    if (id) await onGroupsChange({ kind: 'added', id });
  };

  const deleteWatchlists = async () => {
    if (await deleteWatchlistsFlow(groups)) await onGroupsChange({ kind: 'deleted' });
  };

  const editWatchlist = async () => {
    if (await editWatchlistFlow(group, groups)) await onGroupsChange({ kind: 'changed' });
  };

  const addScrip = async () => {
    const scrip = await chooseScrip(abilities);
    if (!scrip) return;
    const duplicate = checkAddScrip(
      scrip.sym,
      (rows ?? []).map((r) => r.sym),
    );
    if (duplicate) {
      await showMessage({ header: text.addScripsHeader, message: duplicate });
      return;
    }
    try {
      await api.addSymbol(group.id, scrip.sym);
      await showMessage({ header: text.addScripsHeader, message: text.scripAdded });
      await load();
    } catch (e) {
      await showMessage({ header: text.addScripsHeader, message: errorText(e) });
    }
  };

  // trading.md 4.5: the first press enters select mode; the second leaves it (nothing chosen) or asks to delete.
  const deleteScrips = async () => {
    if (!deleteMode) {
      setDeleteMode(true);
      return;
    }
    if (selected.size === 0) {
      setDeleteMode(false);
      return;
    }
    const last = checkDeleteScrips(selected.size, rows?.length ?? 0);
    if (last) {
      await showMessage({ header: text.header, message: last });
      return;
    }
    if (!(await confirmDialog({ header: text.header, message: text.deleteConfirm }))) return;
    try {
      await api.deleteSymbols(
        group.id,
        (rows ?? []).filter((r) => selected.has(r.uniqueId)).map((r) => r.sym),
      );
      setDeleteMode(false);
      setSelected(new Set());
      await load();
    } catch (e) {
      await showMessage({ header: text.header, message: errorText(e) });
    }
  };

  const runExport = async (kind: 'excel' | 'csv') => {
    const empty = checkExport(shownRows?.length ?? 0);
    if (empty) {
      await showMessage({ header: text.header, message: empty });
      return;
    }
    const table = exportTable(columns, shownRows ?? [], tickOf);
    if (kind === 'csv') exportCsv(group.name, table);
    else await exportExcel(group.name, table, 'Watchlist');
  };

  const own = groups.filter((g) => g.type === 'user');
  const mobile = groups.filter((g) => g.type === 'mobile');
  const predef = groups.filter((g) => g.type === 'predef');
  const option = (g: WatchlistGroup) => (
    <option key={g.id} value={g.id} disabled={g.id === otherGroupId}>
      {g.name}
    </option>
  );
  const favourite = group.favid !== '0';

  return (
    <section className={styles.pane} aria-label={text.paneLabel(index + 1)} data-pane={index}>
      <div className={styles.toolbar}>
        <select
          className={styles.groupSelect}
          aria-label={text.groupLabel}
          value={group.id}
          onChange={(e) => onSelect(e.target.value)}
        >
          {own.length > 0 && <optgroup label={text.ownGroups}>{own.map(option)}</optgroup>}
          {mobile.length > 0 && <optgroup label={text.mobileGroups}>{mobile.map(option)}</optgroup>}
          <optgroup label={text.predefGroups}>{predef.map(option)}</optgroup>
        </select>
        <IconButton
          label={text.favourite}
          aria-pressed={favourite}
          className={favourite ? styles.starOn : undefined}
          icon={<StarIcon filled={favourite} />}
          onClick={() => void toggleStar()}
        />
        <IconButton label={text.addWatchlist} icon={<AddListIcon />} onClick={() => void addWatchlist()} />
        <IconButton label={text.deleteWatchlist} icon={<TrashIcon />} onClick={() => void deleteWatchlists()} />
        <IconButton label={text.editWatchlist} icon={<EditIcon />} onClick={() => void editWatchlist()} />
        <IconButton
          label={text.filter}
          aria-pressed={filterOn}
          className={filterOn ? styles.toolOn : undefined}
          icon={<FilterIcon />}
          onClick={() => {
            setFilterOn((on) => !on);
            setFilters({});
          }}
        />
        <span className={styles.spacer} />
        {expanded && (
          <MenuButton
            label={text.exportMenu}
            trigger={text.exportMenu}
            triggerClassName={styles.exportTrigger}
            align="end"
            entries={[
              { kind: 'item', id: 'xlsx', label: text.exportExcel, onSelect: () => void runExport('excel') },
              { kind: 'item', id: 'csv', label: text.exportCsv, onSelect: () => void runExport('csv') },
            ]}
          />
        )}
        <button
          type="button"
          className={`${styles.scripButton} ${deleteMode ? styles.scripDeleting : ''}`}
          disabled={!group.isEditable}
          aria-pressed={deleteMode}
          onClick={() => void deleteScrips()}
        >
          <MinusIcon />
          {deleteMode ? text.deleteScripsMode : text.scripButton}
        </button>
        <button
          type="button"
          className={styles.scripButton}
          aria-label={text.addScrip}
          disabled={!group.isEditable}
          onClick={() => void addScrip()}
        >
          <PlusIcon />
          {text.scripButton}
        </button>
        <IconButton
          label={expanded ? text.collapse : text.expand}
          icon={expanded ? <CollapseIcon /> : <ExpandIcon />}
          onClick={onToggleExpand}
        />
      </div>
      <div className={styles.tableArea}>
        <DataTable
          caption={group.name}
          columns={tableColumns}
          rows={shownRows}
          rowKey={(r) => r.uniqueId}
          loadingText={text.loading}
          error={error ?? undefined}
          empty={text.noScrips}
          density="compact"
          className={styles.table}
        />
      </div>
    </section>
  );
}
