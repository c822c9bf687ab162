/** Header tickers (platform.md 2.4, 9): two slots; with three indices chosen they rotate every 5000 ms after 1000 ms. */
export const TICKER_SLOTS = 2;
export const TICKER_FIRST_ROTATION_MS = 1000;
export const TICKER_ROTATION_MS = 5000;

export function visibleTickers<T>(selection: readonly T[], step: number): T[] {
  if (selection.length <= TICKER_SLOTS) return [...selection];
  const shown: T[] = [];
  for (let slot = 0; slot < TICKER_SLOTS; slot += 1) {
    const item = selection[(step + slot) % selection.length];
    if (item !== undefined) shown.push(item);
  }
  return shown;
}
