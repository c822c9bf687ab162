import type { Instrument, Market } from '@kite/exchange';

/**
 * An underlying's listed contracts of one kind, nearest expiry first. Tests name derivatives through this, never by a
 * dated trading symbol: the market lists contracts from today's date, so 'NIFTY26NOVFUT' is gone once November's expiry
 * has passed.
 */
export function contractsOf(market: Market, exchange: string, symbol: string, instr: string): Instrument[] {
  return market.registry
    .all()
    .filter((i) => i.exc === exchange && i.symbol === symbol && i.instr === instr)
    .sort((a, b) => (a.expiryDay ?? 0) - (b.expiryDay ?? 0) || (a.strike ?? 0) - (b.strike ?? 0));
}

/** The nearest contract of that kind (a future, or the near-far calendar spread). */
export function nearestContract(market: Market, exchange: string, symbol: string, instr: string): Instrument {
  const found = contractsOf(market, exchange, symbol, instr)[0];
  if (!found) throw new Error(`no ${exchange} ${symbol} ${instr} listed`);
  return found;
}
