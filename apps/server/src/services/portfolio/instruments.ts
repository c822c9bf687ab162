import { istDay, isoDate, type Instrument, type Market } from '@kite/exchange';
import { equityIdsOfIsin } from './holdings-check.ts';

/** The IST trading day (yyyy-mm-dd) of an instant: e-DIS approvals and today's movements are per day. */
export function tradingDayOf(epochMs: number): string {
  return isoDate(istDay(epochMs));
}

/** Last traded price (price units) without starting the instrument's simulation; 0 when unknown. */
export function lastPriceOf(market: Market, instrument: Instrument): number {
  return market.snapshot(instrument.id)?.lastPrice ?? 0;
}

/** Last price and previous close of an instrument. */
export function priceSnapshotOf(market: Market, instrument: Instrument): { ltp: number; close: number } {
  const snap = market.snapshot(instrument.id);
  return { ltp: snap?.lastPrice ?? 0, close: snap?.close ?? 0 };
}

/** The cash equity of a holding: its ISIN on the holding's exchange (else the other one). */
export function equityOfHolding(market: Market, exchange: string, isin: string): Instrument | undefined {
  const found = equityIdsOfIsin(market, isin).flatMap((id) => market.registry.byId(id) ?? []);
  return found.find((i) => i.exc === exchange) ?? found[0];
}
