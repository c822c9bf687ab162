import type { Quote } from '@kite/domain';
import type { Exchange, Instrument, Market } from '@kite/exchange';
import { buildQuote } from './quote.ts';

export type MoversDirection = 'gainers' | 'losers';

interface Move {
  instrument: Instrument;
  /** lastPrice - close, times -1 for losers: positive when the stock moved the asked way. */
  change: number;
  close: number;
}

/** Largest relative move first, compared exactly: a.change / a.close against b.change / b.close, cross-multiplied. */
const byMove = (a: Move, b: Move) =>
  b.change * a.close - a.change * b.close || a.instrument.symbol.localeCompare(b.instrument.symbol);

/**
 * The equities of an exchange (or of one index's constituents there) that moved most today against their previous
 * close, as quotes: only those up (gainers) or down (losers), the largest move first. Ranked on the market's
 * snapshots, which start no simulation; only the rows answered get a full quote (and so a live book). A book resumed
 * after a restart starts with its last trade of before, which the snapshot (the fair value) had moved past, so the
 * rows are ranked again on their quotes: the list is in the order of the changes it shows.
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
  const moveOf = (instrument: Instrument): Move | undefined => {
    const snap = market.snapshot(instrument.id);
    if (!snap || snap.close <= 0) return undefined;
    const change = (snap.lastPrice - snap.close) * sign;
    return change > 0 ? { instrument, change, close: snap.close } : undefined;
  };
  const moved = market.registry
    .all()
    .filter((i) => i.exc === exc && i.instr === 'STK' && i.tradable && (!members || members.has(i.symbol)))
    .flatMap((instrument) => moveOf(instrument) ?? []);
  const quoted = moved
    .sort(byMove)
    .slice(0, count)
    .flatMap(({ instrument }) => {
      const quote = buildQuote(market, instrument)?.quote;
      const move = quote && moveOf(instrument);
      return move ? [{ ...move, quote }] : [];
    });
  return quoted.sort(byMove).map((row) => row.quote);
}
