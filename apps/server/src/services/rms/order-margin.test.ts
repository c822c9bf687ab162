import { describe, expect, it } from 'vitest';
import { daysFromCivil, isoDate, istInstant, Market, VirtualClock, type Instrument } from '@kite/exchange';
import { orderMargin } from './order-margin.ts';

/**
 * The expiry-day ELM (market-facts 5: +2% on short index options expiring that day, since 20-Nov-2024): the RMS prices
 * an order with the market's own IST day, so a NIFTY weekly option sold on its expiry Tuesday carries 2% + 2% of the
 * underlying's notional as exposure, and the same option a week earlier only 2%.
 */
describe('orderMargin: expiry-day ELM of short index options', () => {
  const tuesday = daysFromCivil(2026, 12, 8);
  const clock = new VirtualClock(istInstant(tuesday, 10, 0));
  const market = new Market({ seed: 7, clock, mode: 'always', tickIntervalMs: 1000 });
  market.advance();

  const niftyOption = (expiry: string): Instrument => {
    const found = market.registry
      .all()
      .find((i) => i.instr === 'OPTIDX' && i.symbol === 'NIFTY' && i.optType === 'CE' && i.expiry === expiry);
    if (!found) throw new Error(`no NIFTY call expiring ${expiry}`);
    return found;
  };
  const sell = { side: 'sell', product: 'INTRADAY', quantity: 65, price: 0, triggerPrice: 0 } as const;
  /** `percent`% of 65 x the underlying's last price, in paise, half up (prices are in paise: 2 decimals). */
  const ofUnderlying = (option: Instrument, bp: number): number => {
    const underlying = market.priceBand(option.underlying!)!.lastPrice;
    return Math.round((underlying * 65 * bp) / 10_000);
  };

  it('a short NIFTY option expiring today: exposure 4% of the underlying notional', () => {
    const today = niftyOption(isoDate(tuesday));
    expect(orderMargin(market, today, sell).exposure).toBe(ofUnderlying(today, 400));
  });
  it('a short NIFTY option expiring later, and a long one expiring today: no extra ELM', () => {
    const later = niftyOption(isoDate(tuesday + 7));
    expect(orderMargin(market, later, sell).exposure).toBe(ofUnderlying(later, 200));
    const today = niftyOption(isoDate(tuesday));
    expect(orderMargin(market, today, { ...sell, side: 'buy' }).exposure).toBe(0);
  });
});
