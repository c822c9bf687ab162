import type { Quote } from '@kite/domain';
import type { Exchange, Instrument, Market } from '@kite/exchange';
import { buildQuote } from './quote.ts';

export type MoversDirection = 'gainers' | 'losers';

/**
 * The equities of an exchange (or of one index's constituents there) that moved most today against their previous
 * close, as quotes: only those up (gainers) or down (losers), the largest move first. Ranked on the market's
 * snapshots, which start no simulation; only the rows answered get a full quote (and so a live book).
 */
export function topMovers(
  market: Market,
  exc: Exchange,
  index: Instrument | null,
  direction: MoversDirection,
  count: number,
): Quote[] {
  const members = index ? new Set(market.indexConstituents(index.id)) : null;
  const sign = direction === 'gainers' ? 1 : -1;
  const moved = market.registry
    .all()
    .filter((i) => i.exc === exc && i.instr === 'STK' && i.tradable && (!members || members.has(i.symbol)))
    .flatMap((instrument) => {
      const snap = market.snapshot(instrument.id);
      if (!snap || snap.close <= 0) return [];
      const change = (snap.lastPrice - snap.close) * sign;
      return change > 0 ? [{ instrument, change, close: snap.close }] : [];
    });
  // Largest relative move first, compared exactly: a.change / a.close against b.change / b.close, cross-multiplied.
  moved.sort((a, b) => b.change * a.close - a.change * b.close || a.instrument.symbol.localeCompare(b.instrument.symbol));
  return moved.slice(0, count).flatMap(({ instrument }) => buildQuote(market, instrument)?.quote ?? []);
}
