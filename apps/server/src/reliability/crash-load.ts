import type { Market } from '@kite/exchange';
import { symbolObjectOf } from '../services/market-runtime/symbol-object.ts';

/**
 * The orders of a load (crash and fault batteries, bench/src/order-entry.ts): per symbol a limit buy 3% under the last
 * price, which rests in the book, and a market buy, which trades at once; one share each, INTRADAY.
 */
export function orderLoadPayloads(market: Market, symbols: readonly string[]): Record<string, unknown>[] {
  const payloads: Record<string, unknown>[] = [];
  for (const symbol of symbols) {
    const instrument = market.registry.bySymbol('NSE', symbol);
    const quote = instrument ? market.quote(instrument.id) : undefined;
    if (!instrument || !quote) throw new Error(`no NSE ${symbol}`);
    const away = Math.ceil((quote.lastPrice * 0.97) / instrument.tickSize) * instrument.tickSize;
    const sym = symbolObjectOf(instrument);
    const common = { ordAction: 'buy', sym, qty: '1', ordDuration: 'DAY', prdType: 'INTRADAY' };
    payloads.push({ ...common, ordType: 'limit', limitPrice: (away / 100).toFixed(2) });
    payloads.push({ ...common, ordType: 'market' });
  }
  return payloads;
}
