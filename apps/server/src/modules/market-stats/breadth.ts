import type { Breadth } from '@kite/domain';
import type { Exchange, Instrument, Market } from '@kite/exchange';

/** The exchange's tradable equities, or those among an index's constituent symbols. */
export function equitiesOf(market: Market, exc: Exchange, symbols?: readonly string[]): Instrument[] {
  const all = market.registry.all().filter((i) => i.exc === exc && i.instr === 'STK' && i.tradable);
  if (!symbols) return all;
  const bySymbol = new Map(all.map((i) => [i.symbol, i]));
  return symbols.flatMap((symbol) => bySymbol.get(symbol) ?? []);
}

/**
 * Advances, declines and unchanged, read from the market's snapshots (the quote's own last price and previous close)
 * so that counting 5,000 equities starts no simulation.
 */
export function breadthOf(market: Market, equities: readonly Instrument[]): Breadth {
  const breadth = { advances: 0, declines: 0, unchanged: 0 };
  for (const instrument of equities) {
    const snap = market.snapshot(instrument.id);
    if (!snap) continue;
    if (snap.lastPrice > snap.close) breadth.advances += 1;
    else if (snap.lastPrice < snap.close) breadth.declines += 1;
    else breadth.unchanged += 1;
  }
  return breadth;
}
