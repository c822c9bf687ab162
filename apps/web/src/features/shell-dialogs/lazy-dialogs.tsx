import type { SymbolObject } from '@kite/domain';

/** Loaded on first use so the first screen stays light (the watchlist feature owns the dialog). */
export async function openAddToWatchlistDialog(sym: SymbolObject): Promise<void> {
  const { openAddToWatchlist } = await import('../watchlist/AddToWatchlistDialog.tsx');
  await openAddToWatchlist(sym);
}
/** The chart popup (platform.md 2.8) for a symbol, loaded on first use: the charts and their library stay out of the first screen. */
export async function openChartPopup(sym: SymbolObject): Promise<void> {
  const { openChartDialog } = await import('../charts/ChartDialog.tsx');
  await openChartDialog(sym);
}
