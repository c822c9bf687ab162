import {
  deriveAbilities,
  displayDate,
  groupIndian,
  type IdeaCategory,
  ideaFilters,
  type IdeaTab,
  ideaTabs,
  newsText,
  type ResearchIdea,
  type SortDirection,
  stopLossShown,
  tradingText,
} from '@kite/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { ChartIcon } from '../../../components/icons/icons.tsx';
import { TabList } from '../../../components/tabs/index.ts';
import { useLoginState } from '../../../lib/session/session-store.ts';
import { selectedScrip, type ScripRef } from '../../market-data/selected-scrip.ts';
import { mayTrade } from '../../market-data/trade-permission.ts';
import { openAddToWatchlistDialog, openChartPopup, orderDialog } from '../../shell-dialogs/index.ts';
import { IdeaDescription } from './IdeaDescription.tsx';
import {
  DEFAULT_SUBCATEGORY,
  IDEAS_COMPACT,
  IDEAS_FULL,
  shownIdeas,
  useResearchCalls,
  type IdeasSortKey,
} from './research-ideas.ts';
import styles from './ideas.module.css';

const text = newsText.ideas;

/** The stop-loss as shown: NA for none (investing.md 5), else the price with lakh grouping. */
function shownStopLoss(stopLoss: string): string {
  const shown = stopLossShown(stopLoss);
  return shown === 'NA' ? shown : groupIndian(shown);
}

function scripOf(idea: ResearchIdea): ScripRef {
  return {
    sym: idea.sym,
    displaySym: idea.displaySym,
    companyName: idea.companyName,
    streamSym: idea.streamSym,
    tradable: true,
  };
}

const STATUS_CLASS: Record<ResearchIdea['callstatus'], string | undefined> = {
  Open: styles.open,
  'Target Hit': styles.hit,
  'Stop Loss Hit': styles.stopped,
  Expired: styles.open,
};

interface Filters {
  tab: IdeaTab;
  category: IdeaCategory;
  subcategory: string;
  keyword: string;
  sort: IdeasSortKey;
  direction: SortDirection;
}

/** Switching tabs resets category and filter (investing.md 4 "Research"). */
const filtersFor = (tab: IdeaTab, keep?: Filters): Filters => ({
  tab,
  category: tab.category,
  subcategory: DEFAULT_SUBCATEGORY,
  keyword: keep?.keyword ?? '',
  sort: keep?.sort ?? 'callsenttime',
  direction: keep?.direction ?? 'DSC',
});

function Controls({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const categoryName = useId();
  return (
    <div className={styles.controls}>
      {filters.tab.showsCategory && (
        <div role="radiogroup" aria-label={text.category} className={styles.radios}>
          {(['technical', 'fundamental'] as const).map((category) => (
            <label key={category} className={styles.radio}>
              <input
                type="radio"
                name={categoryName}
                checked={filters.category === category}
                onChange={() => onChange({ ...filters, category, subcategory: DEFAULT_SUBCATEGORY })}
              />
              {text.categories[category]}
            </label>
          ))}
        </div>
      )}
      <label className={styles.filter}>
        {text.callType}
        <select
          className={styles.select}
          value={filters.subcategory}
          onChange={(event) => onChange({ ...filters, subcategory: event.target.value })}
        >
          {ideaFilters[filters.category].map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <span className={styles.filter}>
        <span aria-hidden="true">{text.sort}</span>
        <select
          className={styles.select}
          aria-label={text.sort}
          value={filters.sort}
          onChange={(event) => onChange({ ...filters, sort: event.target.value as IdeasSortKey })}
        >
          {(Object.keys(text.sortOptions) as IdeasSortKey[]).map((key) => (
            <option key={key} value={key}>
              {text.sortOptions[key]}
            </option>
          ))}
        </select>
        <select
          className={styles.select}
          aria-label={text.sortDirectionLabel}
          value={filters.direction}
          onChange={(event) => onChange({ ...filters, direction: event.target.value as SortDirection })}
        >
          <option value="ASC">{text.sortDirection.ASC}</option>
          <option value="DSC">{text.sortDirection.DSC}</option>
        </select>
      </span>
      <input
        type="search"
        className={styles.search}
        aria-label={text.search}
        placeholder={text.searchPlaceholder}
        value={filters.keyword}
        onChange={(event) => onChange({ ...filters, keyword: event.target.value })}
      />
    </div>
  );
}

export interface ResearchIdeasWidgetProps {
  /** Full size: 30 calls with the filters; otherwise three per tab (investing.md 2, 9). */
  expanded: boolean;
}

/**
 * Research ideas (investing.md 2 "Research ideas", 4 "Research"): tabs Equity, FNO, Currency and Commodity, the
 * category radio (not for FNO), sort, keyword search and the call-type filter; each call with chart, watchlist and
 * trade buttons (the shell's chart popup, add-to-watchlist and order dialog) and its description popover.
 */
export function ResearchIdeasWidget({ expanded }: ResearchIdeasWidgetProps) {
  const [filters, setFilters] = useState<Filters>(() => filtersFor(ideaTabs[0]!));
  const login = useLoginState();
  const abilities = login ? deriveAbilities(login.accountDetails, login.flags) : null;
  const panelId = useId();
  const choice = { segment: filters.tab.segment, category: filters.category, subcategory: filters.subcategory };
  const query = useResearchCalls(
    expanded ? choice : { ...choice, subcategory: DEFAULT_SUBCATEGORY },
    expanded ? IDEAS_FULL : IDEAS_COMPACT,
  );
  const rows =
    query.data && (expanded ? shownIdeas(query.data, filters.keyword, filters.sort, filters.direction) : query.data);
  const c = text.columns;
  const columns: DataColumn<ResearchIdea>[] = [
    {
      id: 'symbol',
      header: c.symbol,
      cell: (idea) => (
        <span className={styles.symbol} title={idea.companyName}>
          {idea.displaySym}
          <span className={styles.exchange}>{idea.exchange}</span>
        </span>
      ),
    },
    {
      id: 'call',
      header: c.call,
      cell: (idea) => <span className={idea.calltype === 'BUY' ? 'up' : 'down'}>{idea.calltype}</span>,
    },
    {
      id: 'entry',
      header: c.entry,
      align: 'end',
      cell: (idea) => <span className="num">{groupIndian(idea.entryprice1)}</span>,
    },
    {
      id: 'target',
      header: c.target,
      align: 'end',
      cell: (idea) => (
        <span className="num">
          {groupIndian(idea.targetprice1)}
          {idea.targetprice2 && ` / ${groupIndian(idea.targetprice2)}`}
        </span>
      ),
    },
    {
      id: 'stopLoss',
      header: c.stopLoss,
      align: 'end',
      cell: (idea) => <span className="num">{shownStopLoss(idea.stoplossprice1)}</span>,
    },
    {
      id: 'status',
      header: c.status,
      cell: (idea) => (
        <span className={`${styles.status} ${STATUS_CLASS[idea.callstatus] ?? ''}`}>
          {idea.callstatus}
          {idea.statusdate && <span className={styles.statusDate}>{displayDate(idea.statusdate)}</span>}
        </span>
      ),
    },
    ...(expanded
      ? [
          {
            id: 'sent',
            header: c.sent,
            cell: (idea: ResearchIdea) => <span className="num">{displayDate(idea.callsenttime)}</span>,
          },
        ]
      : []),
    {
      id: 'actions',
      header: c.actions,
      align: 'end',
      pinEnd: true,
      cell: (idea) => {
        const permitted = abilities !== null && mayTrade(idea.sym, abilities);
        return (
          <span className={styles.actions}>
            <Button
              size="small"
              variant="ghost"
              aria-label={text.openChart(idea.displaySym)}
              title={text.openChart(idea.displaySym)}
              onClick={() => {
                selectedScrip.set(scripOf(idea));
                void openChartPopup(idea.sym);
              }}
            >
              <ChartIcon />
            </Button>
            <Button
              size="small"
              variant="ghost"
              aria-label={text.addToWatchlist(idea.displaySym)}
              title={text.addToWatchlist(idea.displaySym)}
              onClick={() => void openAddToWatchlistDialog(idea.sym)}
            >
              +
            </Button>
            <Button
              size="small"
              variant={idea.calltype === 'BUY' ? 'buy' : 'sell'}
              aria-label={`${idea.calltype} ${idea.displaySym}`}
              disabled={!permitted}
              title={permitted ? undefined : tradingText.segmentNotSubscribed}
              onClick={() => {
                selectedScrip.set(scripOf(idea));
                orderDialog().open(idea.calltype);
              }}
            >
              {idea.calltype === 'BUY' ? tradingText.buy : tradingText.sell}
            </Button>
            <IdeaDescription idea={idea} />
          </span>
        );
      },
    },
  ];
  return (
    <div className={styles.widget}>
      <TabList
        tabs={ideaTabs.map((tab) => ({ id: tab.id, label: text.tabs[tab.id] }))}
        selected={filters.tab.id}
        onSelect={(id) =>
          setFilters(
            filtersFor(
              ideaTabs.find((tab) => tab.id === id)!,
              filters,
            ),
          )
        }
        label={newsText.widgets.researchIdeas.title}
        panelId={panelId}
        className={styles.tabs}
        tabClassName={styles.tab}
      />
      {expanded && <Controls filters={filters} onChange={setFilters} />}
      <div id={panelId} role="tabpanel" className={styles.panel}>
        <DataTable
          caption={text.caption(text.tabs[filters.tab.id])}
          columns={columns}
          rows={rows}
          rowKey={(idea) => String(idea.callid)}
          loading={query.isFetching}
          loadingText={text.loading}
          error={query.error ? query.error.message : undefined}
          empty={query.data && query.data.length > 0 ? text.noMatch : text.empty}
        />
      </div>
    </div>
  );
}
