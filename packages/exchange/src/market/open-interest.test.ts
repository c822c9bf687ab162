import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/clock.ts';
import { Market } from './market.ts';
import { OrderType, Side, Validity } from '../book/order-types.ts';

// 20 Nov 2026 12:00 IST.
const start = 1_795_156_200_000;

function marketAt(seed: number) {
  return new Market({ clock: new VirtualClock(start), seed, tickIntervalMs: 1000 });
}

describe('open interest', () => {
  it('futures and options carry a seeded open interest in whole lots; equities and spreads carry none', () => {
    const market = marketAt(7);
    const future = market.registry.bySymbol('NFO', 'NIFTY26NOVFUT')!;
    const oi = market.quote(future.id)!.openInterest!;
    expect(oi).toBeGreaterThan(0);
    expect(oi % future.lot).toBe(0);
    expect(marketAt(7).quote(future.id)!.openInterest).toBe(oi);
    expect(market.quote(market.registry.bySymbol('NSE', 'INFY-EQ')!.id)!.openInterest).toBeNull();
    expect(market.quote(market.registry.bySymbol('NFO', 'NIFTY26NOVDECFUT')!.id)!.openInterest).toBeNull();
  });

  it('moves with trades by whole trade quantities, never below zero, the same on a replay', () => {
    const run = () => {
      const clock = new VirtualClock(start);
      const market = new Market({ clock, seed: 3, tickIntervalMs: 1000 });
      const future = market.registry.bySymbol('NFO', 'NIFTY26NOVFUT')!;
      const seen = [market.quote(future.id)!.openInterest!];
      for (let i = 0; i < 40; i++) {
        market.submit(future.id, {
          side: i % 2 === 0 ? Side.Buy : Side.Sell,
          type: OrderType.Market,
          validity: Validity.Ioc,
          price: 0,
          quantity: future.lot,
          triggerPrice: 0,
          disclosedQuantity: 0,
          vtdDay: 0,
          amo: false,
          account: 1,
          ref: 0,
        });
        clock.advance(1000);
        market.advance();
        seen.push(market.quote(future.id)!.openInterest!);
      }
      return { seen, lot: future.lot };
    };
    const { seen, lot } = run();
    expect(new Set(seen).size).toBeGreaterThan(1);
    for (const value of seen) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value % lot).toBe(0);
    }
    expect(run().seen).toEqual(seen);
  });

  it('answers open interest and its start of day without starting the contract, as the quote then has it', () => {
    const clock = new VirtualClock(start);
    const market = new Market({ clock, seed: 5, tickIntervalMs: 1000 });
    const future = market.registry.bySymbol('NFO', 'NIFTY26NOVFUT')!;
    const before = market.openInterest(future.id)!;
    expect(before.value).toBe(before.dayStart);
    expect(market.isSimulated(future.id)).toBe(false);
    expect(market.quote(future.id)!.openInterest).toBe(before.value);
    for (let i = 0; i < 120; i++) {
      clock.advance(1000);
      market.advance();
    }
    const after = market.openInterest(future.id)!;
    expect(after.dayStart).toBe(before.dayStart);
    expect(market.quote(future.id)!.openInterest).toBe(after.value);
    expect(market.openInterest(market.registry.bySymbol('NSE', 'INFY-EQ')!.id)).toBeUndefined();
  });
});
