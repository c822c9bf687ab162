import { marketStatsText, type OiRow, type Quote, type StatsRow } from '@kite/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import {
  useMovers,
  useOiBuildup,
  useOpenInterest,
  usePutCallRatios,
  useStatsIndices,
  useStatsList,
} from './api/market-stats.ts';
import { ExchangeBreadth } from './ExchangeBreadth.tsx';
import { IndexCards } from './IndexCards.tsx';
import styles from './market-stats.module.css';
import { oiColumn } from './oi-columns.tsx';
import { PcrCards } from './PcrCards.tsx';
import { statsColumns } from './stats-columns.tsx';
import { tableStateOf } from './table-state.ts';

const text = marketStatsText;
const summary = text.marketSummary;
/** Rows of each list on a summary; the list's own page has the rest. */
const DIGEST_ROWS = 5;

interface DigestProps<T> {
  title: string;
  /** The page with the whole list. */
  to: string;
  query: UseQueryResult<T[]>;
  columns: readonly DataColumn<T>[];
  empty: string;
}

/** The head of one list, titled, with a link to the list in full. */
function Digest<T extends { sym: { id: string } }>({ title, to, query, columns, empty }: DigestProps<T>) {
  const state = tableStateOf(query);
  return (
    <section className={styles.half} aria-label={title}>
      <h2 className={styles.subtitle}>
        {title} <Link to={to}>{summary.viewAll}</Link>
      </h2>
      <div className={styles.panel}>
        <DataTable
          caption={title}
          columns={columns}
          {...state}
          rows={state.rows?.slice(0, DIGEST_ROWS)}
          rowKey={(row) => row.sym.id}
          empty={empty}
          stickyHeader={false}
        />
      </div>
    </section>
  );
}

function SummaryPage({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
      </header>
      <p className={styles.note}>{note}</p>
      {children}
    </section>
  );
}

const { symbol, ltp, change, value, yearHigh, fromHigh } = statsColumns;
const moverColumns: readonly DataColumn<Quote>[] = [symbol, ltp, change];
const valueColumns: readonly DataColumn<StatsRow>[] = [symbol, ltp, change, value];
const highColumns: readonly DataColumn<StatsRow>[] = [symbol, ltp, yearHigh, fromHigh];
const { contract, chngPer, oi, oiChangePer } = oiColumn;
const futureColumns: readonly DataColumn<OiRow>[] = [contract, oiColumn.ltp, chngPer, oi, oiChangePer];

/** /home/ms/eq/mkt/summary: indices, breadth, and the head of the movers and ranked lists of NSE. */
export function EquityMarketSummaryPage() {
  const indices = useStatsIndices();
  const gainers = useMovers('gainers', 'NSE', '');
  const losers = useMovers('losers', 'NSE', '');
  const byValue = useStatsList('value', 'NSE');
  const nearHigh = useStatsList('high', 'NSE');
  return (
    <SummaryPage title={summary.title.equity} note={summary.note.equity}>
      <IndexCards indices={indices.data} error={indices.isError} />
      <ExchangeBreadth withRatio />
      <div className={styles.digests}>
        <Digest
          title={summary.digests.gainers}
          to="/home/ms/eq/mkt/advancedecline"
          query={gainers}
          columns={moverColumns}
          empty={text.topMovers.empty.gainers}
        />
        <Digest
          title={summary.digests.losers}
          to="/home/ms/eq/mkt/advancedecline"
          query={losers}
          columns={moverColumns}
          empty={text.topMovers.empty.losers}
        />
        <Digest
          title={summary.digests.value}
          to="/home/ms/eq/overview"
          query={byValue}
          columns={valueColumns}
          empty={text.overview.empty.value}
        />
        <Digest
          title={summary.digests.high}
          to="/home/ms/eq/overview"
          query={nearHigh}
          columns={highColumns}
          empty={text.overview.empty.high}
        />
      </div>
    </SummaryPage>
  );
}

/** /home/ms/fno/mkt/summary: each index's put-call ratio, and the head of the futures' open-interest lists. */
export function FnoMarketSummaryPage() {
  const ratios = usePutCallRatios();
  const highestOi = useOpenInterest('futures', 'oi');
  const oiGainers = useOpenInterest('futures', 'gainers');
  const longBuildup = useOiBuildup('futures', 'long-buildup');
  const shortBuildup = useOiBuildup('futures', 'short-buildup');
  return (
    <SummaryPage title={summary.title.fno} note={summary.note.fno}>
      <PcrCards ratios={ratios.data} error={ratios.isError} />
      <div className={styles.digests}>
        <Digest
          title={summary.digests.oi}
          to="/home/ms/fno/overview"
          query={highestOi}
          columns={futureColumns}
          empty={text.fno.empty.oi}
        />
        <Digest
          title={summary.digests.oiGainers}
          to="/home/ms/fno/overview"
          query={oiGainers}
          columns={futureColumns}
          empty={text.fno.empty.gainers}
        />
        <Digest
          title={summary.digests.longBuildup}
          to="/home/ms/fno/mkt/screeners"
          query={longBuildup}
          columns={futureColumns}
          empty={text.buildup.empty}
        />
        <Digest
          title={summary.digests.shortBuildup}
          to="/home/ms/fno/mkt/screeners"
          query={shortBuildup}
          columns={futureColumns}
          empty={text.buildup.empty}
        />
      </div>
    </SummaryPage>
  );
}
