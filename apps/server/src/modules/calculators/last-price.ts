import type { Instrument, Market } from '@kite/exchange';

/** The last price without starting a simulation; the reference price before the first print. */
export function lastPrice(market: Market, instrument: Instrument): number {
  const last = market.snapshot(instrument.id)?.lastPrice ?? 0;
  return last > 0 ? last : instrument.referencePrice;
}
