import { tradingText, type Abilities, type WatchlistColumn, type WatchlistSymbolRow } from '@kite/domain';
import { memo, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { showMessage } from '../../components/dialog/index.ts';
import { tickStore, type TickStore } from '../../lib/stream/tick-store.ts';
import { openScripDetails, selectedScrip, type ScripRef } from '../market-data/selected-scrip.ts';
import { mayTrade, opensDetails } from '../market-data/trade-permission.ts';
import { openChartPopup, orderDialog } from '../shell-dialogs/index.ts';
import { pauseWhile } from './live-pause.ts';
import { bindLiveFigure } from './live-figure.ts';
import { rowStreamKey } from './watchlist-view.ts';
import { ChartIcon } from './watchlist-icons.tsx';
import styles from './watchlist.module.css';

const text = tradingText.watchlist;

export function scripOf(row: WatchlistSymbolRow): ScripRef {
  return {
    sym: row.sym,
    displaySym: row.displaySym,
    companyName: row.companyName,
    streamSym: row.streamSym,
    tradable: row.tradable,
  };
}

/**
 * One live figure in a box of fixed size with layout contained, so a changed figure is laid out alone, not the whole
 * table. The figure itself is written straight to the DOM by its own subscription (live-figure.ts), never by a React
 * render per tick (issue 5: 50 rows of every column at the fastest tick rate); memoised, so a re-render of the table
 * leaves it be.
 */
export const LiveCell = memo(function LiveCell({
  row,
  apikey,
  store = tickStore,
}: {
  row: WatchlistSymbolRow;
  apikey: WatchlistColumn['apikey'];
  store?: TickStore;
}) {
  const box = useRef<HTMLSpanElement>(null);
  const key = rowStreamKey(row);
  useLayoutEffect(() => bindLiveFigure(box.current!, row, apikey, key, store), [row, apikey, key, store]);
  return <span ref={box} className={styles.live} data-live={apikey} />;
});

/** The symbol cell: opens scrip details, except for commodity and currency rows (trading.md 5.3). */
export function SymbolCell({ row }: { row: WatchlistSymbolRow }) {
  const navigate = useNavigate();
  const name = (
    <>
      <span className={styles.symbolName}>{row.displaySym}</span>
      <span className={styles.exchange}>{row.exc}</span>
    </>
  );
  if (!opensDetails(row.sym))
    return (
      <span className={styles.symbol} title={row.companyName}>
        {name}
      </span>
    );
  return (
    <button
      type="button"
      className={styles.symbol}
      title={row.companyName}
      onClick={() => openScripDetails(scripOf(row), navigate)}
    >
      {name}
    </button>
  );
}

/**
 * The row's chart in the shell's chart popup; the popup stops the watchlist's live updates while it is open and
 * resumes them on close (trading.md 4.5).
 */
export function ChartCell({ row }: { row: WatchlistSymbolRow }) {
  const allowed = opensDetails(row.sym);
  return (
    <button
      type="button"
      className={styles.chartButton}
      aria-label={text.openChart(row.displaySym)}
      title={text.openChart(row.displaySym)}
      disabled={!allowed}
      onClick={() => {
        selectedScrip.set(scripOf(row));
        void openChartPopup(row.sym);
      }}
    >
      <ChartIcon />
    </button>
  );
}

/** B and S open the order dialog for the row; without the segment's permission they explain why (trading.md 5.3). */
export function TradeCell({ row, abilities }: { row: WatchlistSymbolRow; abilities: Abilities }) {
  const permitted = row.tradable && mayTrade(row.sym, abilities);
  const trade = (side: 'BUY' | 'SELL') => {
    if (!permitted) {
      void showMessage({ header: text.header, message: text.segmentNotSubscribed });
      return;
    }
    selectedScrip.set(scripOf(row));
    orderDialog().open(side);
    // trading.md 4.5: live updates stop while the order dialog is open and resume on close.
    pauseWhile(() => orderDialog().isOpen());
  };
  const title = permitted ? undefined : text.segmentNotSubscribed;
  return (
    <span className={styles.trade}>
      <button
        type="button"
        className={`${styles.tradeButton} ${styles.buy}`}
        aria-label={`BUY ${row.displaySym}`}
        aria-disabled={!permitted}
        title={title}
        onClick={() => trade('BUY')}
      >
        {text.buyShort}
      </button>
      <button
        type="button"
        className={`${styles.tradeButton} ${styles.sell}`}
        aria-label={`SELL ${row.displaySym}`}
        aria-disabled={!permitted}
        title={title}
        onClick={() => trade('SELL')}
      >
        {text.sellShort}
      </button>
    </span>
  );
}
