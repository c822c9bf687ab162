/**
 * Shares outstanding (approximate, late 2025) of the largest listed companies, so level 1 can carry a market cap
 * (trading.md 3 "Stream ticks"). The simulated market knows no share counts; other equities send null.
 */
const SHARES_OUTSTANDING: Readonly<Record<string, number>> = {
  RELIANCE: 13_532_000_000,
  HDFCBANK: 15_350_000_000,
  BHARTIARTL: 6_090_000_000,
  TCS: 3_618_000_000,
  ICICIBANK: 7_140_000_000,
  SBIN: 9_231_000_000,
  INFY: 4_150_000_000,
  HINDUNILVR: 2_350_000_000,
  ITC: 12_520_000_000,
  LT: 1_375_000_000,
};

/** Market cap in paise for an equity at `price` paise, or null when the share count is not known. */
export function marketCapPaise(symbol: string, price: number): number | null {
  const shares = SHARES_OUTSTANDING[symbol];
  if (shares === undefined) return null;
  const cap = shares * price;
  return Number.isSafeInteger(cap) ? cap : null;
}
