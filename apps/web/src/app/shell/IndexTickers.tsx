import { formatPercent, formatPrice } from '@kite/domain';
import { useEffect, useState } from 'react';
import { openIndexSelectionDialog } from '../../features/settings/index-tickers/IndexSelection.tsx';
import type { TickerIndex } from '../../features/settings/index-tickers/index-list.ts';
import { useIndexQuotes, type IndexQuote } from '../../features/settings/index-tickers/index-quote-source.ts';
import {
  TICKER_FIRST_ROTATION_MS,
  TICKER_ROTATION_MS,
  TICKER_SLOTS,
  visibleTickers,
} from '../../features/settings/index-tickers/rotation.ts';
import { useTickerSelection } from '../../features/settings/index-tickers/ticker-selection.ts';
import styles from './shell.module.css';

const DASH = '—';

function Ticker({ symbol, quote }: { symbol: TickerIndex; quote: IndexQuote | undefined }) {
  const direction = quote === undefined || quote.changePaise === 0 ? '' : quote.changePaise > 0 ? 'up' : 'down';
  return (
    <span className={styles.ticker} data-testid="index-ticker">
      <span className={styles.tickerName}>{symbol}</span>
      <span className={`num ${styles.tickerValue}`}>{quote ? formatPrice(quote.valuePaise, 2) : DASH}</span>
      <span className={`num ${styles.tickerChange} ${direction}`}>
        {quote ? `${formatPrice(quote.changePaise, 2)} (${formatPercent(quote.changeBasisPoints)}%)` : ''}
      </span>
    </span>
  );
}

/** Two index tickers of the header; clicking them opens the choice of indices (platform.md 2.4). */
export function IndexTickers() {
  const selection = useTickerSelection();
  const quotes = useIndexQuotes(selection);
  const [step, setStep] = useState(0);
  const rotates = selection.length > TICKER_SLOTS;
  useEffect(() => {
    setStep(0);
    if (!rotates) return;
    let every: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      setStep((value) => value + 1);
      every = setInterval(() => setStep((value) => value + 1), TICKER_ROTATION_MS);
    }, TICKER_FIRST_ROTATION_MS);
    return () => {
      clearTimeout(first);
      if (every !== undefined) clearInterval(every);
    };
  }, [rotates, selection]);
  return (
    <button
      type="button"
      className={styles.tickers}
      aria-label="Index tickers: choose indices"
      onClick={() => void openIndexSelectionDialog()}
    >
      <span className={styles.tickerSlots}>
        {visibleTickers(selection, step).map((symbol) => (
          <Ticker key={symbol} symbol={symbol} quote={quotes.get(symbol)} />
        ))}
      </span>
    </button>
  );
}
