/** Indices the header tickers can show: those the simulated exchange computes live (market-facts.md 6.3). */
export const tickerIndices = [
  { symbol: 'NIFTY 50', exchange: 'NSE' },
  { symbol: 'SENSEX', exchange: 'BSE' },
  { symbol: 'NIFTY BANK', exchange: 'NSE' },
  { symbol: 'NIFTY IT', exchange: 'NSE' },
  { symbol: 'NIFTY FIN SERVICE', exchange: 'NSE' },
  { symbol: 'INDIA VIX', exchange: 'NSE' },
  { symbol: 'BANKEX', exchange: 'BSE' },
] as const;

export type TickerIndex = (typeof tickerIndices)[number]['symbol'];

export const DEFAULT_TICKER_SELECTION: readonly TickerIndex[] = ['NIFTY 50', 'SENSEX'];

export function isTickerIndex(value: unknown): value is TickerIndex {
  return tickerIndices.some((index) => index.symbol === value);
}
