import { tradingText, type Abilities, type SearchResult } from '@kite/domain';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { SearchIcon } from '../../components/icons/icons.tsx';
import { useSymbolSearch, type AssetClassButton, type SearchTab } from '../market-data/search-symbols.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { mayTrade } from '../market-data/trade-permission.ts';
import { OptionChainPicker } from './OptionChainPicker.tsx';
import { SearchResultRow, type RowView } from './SearchResultRow.tsx';
import {
  buttonsFor,
  canChoose,
  initialButton,
  filterResults,
  moveActive,
  searchRuns,
  searchTabsFor,
  type SearchContext,
  type SymbolRow,
} from './search-model.ts';
import { useDebounced } from './use-debounced.ts';
import styles from './search.module.css';
import { TabList } from '../../components/tabs/index.ts';

export interface SymbolSearchProps {
  /** Header opens scrip details; watchlist, order entry, basket and chart take the choice (trading.md 2.7). */
  context: SearchContext;
  abilities: Abilities;
  onChoose: (scrip: ScripRef) => void;
  /** BUY and SELL buttons on each tradable row (the header's quick trade). */
  onTrade?: (scrip: ScripRef, side: 'BUY' | 'SELL') => void;
  /** 'popover': results drop down under the field (header); 'inline': always shown (inside a dialog). */
  layout?: 'popover' | 'inline';
  autoFocus?: boolean;
  /** Tab to start on, e.g. the order dialog's segment. */
  initialTab?: SearchTab;
}

const DEBOUNCE_MS = 250;

function toScrip(row: RowView & { streamSym: string }): ScripRef {
  return { sym: row.sym, displaySym: row.displaySym, companyName: row.companyName, streamSym: row.streamSym, tradable: row.tradable };
}

const hasChain = (result: SearchResult): boolean => Object.keys(result.expiries ?? {}).length > 0;

/** Symbol search (trading.md 2.7, 4.6, 5.2): tabs, asset-class buttons, results, the option flow, arrow keys. */
export function SymbolSearch({
  context,
  abilities,
  onChoose,
  onTrade,
  layout = 'popover',
  autoFocus = false,
  initialTab = 'equity',
}: SymbolSearchProps) {
  const ids = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  // trading.md 6: only the tabs of the client's segments; a start tab the client lacks gives way to the first one.
  const tabs = searchTabsFor(abilities);
  const startTab = tabs.includes(initialTab) ? initialTab : (tabs[0] ?? 'index');
  const [tab, setTab] = useState<SearchTab>(startTab);
  const buttons = buttonsFor(tab, abilities);
  const [button, setButton] = useState<AssetClassButton | null>(() => initialButton(startTab, abilities));
  const [open, setOpen] = useState(layout === 'inline');
  const [active, setActive] = useState(-1);
  const [chain, setChain] = useState<SearchResult | null>(null);

  const settled = useDebounced(text, DEBOUNCE_MS);
  const runs = searchRuns(settled, tab);
  const search = useSymbolSearch({ text: settled.trim(), tab, assetClass: button }, runs);
  const rows = useMemo(
    () => (runs && search.status === 'done' ? filterResults(search.results, settled) : []),
    [runs, search, settled],
  );

  useEffect(() => setActive(-1), [rows]);

  // A click outside closes the drop-down; clicks on its tabs and buttons keep it.
  useEffect(() => {
    if (layout !== 'popover' || !open) return;
    const onDown = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [layout, open]);

  // trading.md 4.6: changing tab or button resets the results.
  function chooseTab(next: SearchTab) {
    setTab(next);
    setButton(initialButton(next, abilities));
    setChain(null);
    setActive(-1);
    inputRef.current?.focus();
  }
  function chooseButton(next: AssetClassButton) {
    // On the Index tab a second press returns to the indices themselves.
    setButton(tab === 'index' && button === next ? null : next);
    setChain(null);
    setActive(-1);
    inputRef.current?.focus();
  }

  function finish(scrip: ScripRef) {
    onChoose(scrip);
    if (layout === 'popover') {
      setOpen(false);
      setText('');
      setChain(null);
      inputRef.current?.blur();
    }
  }

  function pick(result: SearchResult) {
    if (hasChain(result)) {
      setChain(result);
      return;
    }
    if (canChoose(result, context)) finish(toScrip(result));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      // Handled here so the shell does not also treat it as "go to the dashboard".
      event.preventDefault();
      if (chain) setChain(null);
      else if (layout === 'popover') {
        setOpen(false);
        inputRef.current?.blur();
      }
      return;
    }
    if (event.target !== inputRef.current || chain) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => moveActive(current, event.key === 'ArrowDown' ? 1 : -1, rows.length));
    } else if (event.key === 'Enter') {
      const row = rows[active];
      if (row) {
        event.preventDefault();
        pick(row);
      }
    }
  }

  const trade = (row: RowView & { streamSym: string }) =>
    onTrade ? { permitted: mayTrade(row.sym, abilities), onTrade: (side: 'BUY' | 'SELL') => onTrade(toScrip(row), side) } : undefined;

  const listId = `${ids}-list`;
  const optionId = (index: number) => `${ids}-option-${index}`;
  const showNote =
    onTrade !== undefined &&
    (chain ? !mayTrade(chain.sym, abilities) : rows.some((row) => row.tradable && !mayTrade(row.sym, abilities)));

  function resultArea() {
    if (chain) {
      return (
        <OptionChainPicker
          key={`${chain.sym.exc}|${chain.sym.id}`}
          company={chain}
          onBack={() => setChain(null)}
          renderResult={(contract: SymbolRow) => (
            <ul id={listId} role="listbox" aria-label="Search results" className={styles.list}>
              <SearchResultRow
                id={optionId(0)}
                row={contract}
                active
                choosable={canChoose(contract, context)}
                onChoose={() => finish(toScrip(contract))}
                onHover={() => undefined}
                {...(trade(contract) ? { trade: trade(contract) } : {})}
              />
            </ul>
          )}
        />
      );
    }
    if (!searchRuns(text, tab)) return <p className={styles.message}>{tradingText.searchTooShort}</p>;
    if (search.status === 'error') {
      return (
        <p className={styles.message} role="alert">
          {search.message}
        </p>
      );
    }
    if (search.status !== 'done') return <p className={styles.message} role="status">{tradingText.searchLoading}</p>;
    if (rows.length === 0) return <p className={styles.message}>{tradingText.searchNoResults}</p>;
    return (
      <ul id={listId} role="listbox" aria-label="Search results" className={styles.list}>
        {rows.map((row, index) => {
          const chainRow = hasChain(row);
          const rowTrade = chainRow ? undefined : trade(row);
          return (
            <SearchResultRow
              key={`${row.sym.exc}|${row.sym.id}|${row.sym.xSym}`}
              id={optionId(index)}
              row={row}
              active={index === active}
              choosable={chainRow || canChoose(row, context)}
              opensChain={chainRow}
              onChoose={() => pick(row)}
              onHover={() => setActive(index)}
              {...(rowTrade ? { trade: rowTrade } : {})}
            />
          );
        })}
      </ul>
    );
  }

  const panelOpen = layout === 'inline' || open;
  const placement = layout === 'popover' ? styles.popoverLayout : styles.inlineLayout;
  return (
    <div
      ref={containerRef}
      className={`${styles.search} ${placement} ${context === 'header' ? styles.opensLeftward : ''}`}
      onKeyDown={onKeyDown}
    >
      <div className={styles.field} role="search">
        <SearchIcon />
        <input
          ref={inputRef}
          type="search"
          aria-label={tradingText.searchLabel}
          aria-controls={listId}
          aria-activedescendant={!chain && active >= 0 ? optionId(active) : undefined}
          placeholder={tradingText.searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          value={text}
          onFocus={() => setOpen(true)}
          onChange={(event) => {
            setText(event.target.value);
            setChain(null);
            setOpen(true);
          }}
        />
      </div>
      {panelOpen && (
        <div className={styles.panel}>
          <TabList
            tabs={tabs.map((value) => ({ id: value, label: tradingText.searchTabs[value] }))}
            selected={tab}
            onSelect={chooseTab}
            label="Segments"
            panelId={`${ids}-panel`}
            className={styles.tabs}
            tabClassName={styles.tab}
            keepFocus
          />
          <div id={`${ids}-panel`} role="tabpanel" aria-label={tradingText.searchTabs[tab]} className={styles.tabPanel}>
            {buttons.length > 0 && (
              <div className={styles.assetButtons} role="group" aria-label="Instrument type">
                {buttons.map((value) => (
                  <button
                    key={value}
                    type="button"
                    aria-pressed={button === value}
                    className={styles.assetButton}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => chooseButton(value)}
                  >
                    {tradingText.searchButtons[value]}
                  </button>
                ))}
              </div>
            )}
            <div className={styles.results}>{resultArea()}</div>
            {showNote && (
              <p className={styles.note} role="note">
                {tradingText.segmentNotSubscribed}
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
