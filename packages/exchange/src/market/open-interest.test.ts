import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/clock.ts';
import { Market } from './market.ts';
import { OrderType, Side, Validity } from '../book/order-types.ts';

// 20 Nov 2026 12:00 IST.
const start = 1_795_156_200_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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
    const market = new Market({ clock, seed: 5, tickIntervalMs: 1000, mode: 'real' });
    const future = market.registry.bySymbol('NFO', 'NIFTY26DECFUT')!;
    const before = market.openInterest(future.id)!;
    expect(market.isSimulated(future.id)).toBe(false);
    expect(market.quote(future.id)!.openInterest).toBe(before.value);
    clock.advance(2 * HOUR);
    const after = market.openInterest(future.id)!;
    expect(after.dayStart).toBe(before.dayStart);
    expect(after.value).not.toBe(before.value);
    expect(after.value % future.lot).toBe(0);
    expect(market.quote(future.id)!.openInterest).toBe(after.value);
    expect(market.openInterest(market.registry.bySymbol('NSE', 'INFY-EQ')!.id)).toBeUndefined();
  });

  it('moves through the session only: the start of day before the open, the close after it and over the weekend', () => {
    // Friday 20 Nov 2026; the next trading day is Monday the 23rd.
    const friday = start - 12 * HOUR;
    const at = (time: number) => {
      const market = new Market({ clock: new VirtualClock(time), seed: 9, tickIntervalMs: 1000, mode: 'real' });
      return market.openInterest(market.registry.bySymbol('NFO', 'BANKNIFTY26DECFUT')!.id)!;
    };
    const beforeOpen = at(friday + 9 * HOUR);
    expect(beforeOpen.value).toBe(beforeOpen.dayStart);
    const atClose = at(friday + 15 * HOUR + 40 * MINUTE);
    expect(atClose.dayStart).toBe(beforeOpen.dayStart);
    expect(atClose.value).not.toBe(atClose.dayStart);
    expect(at(friday + 22 * HOUR)).toEqual(atClose);
    expect(at(friday + 36 * HOUR)).toEqual(atClose); // Saturday noon
    const monday = at(friday + 3 * DAY + 9 * HOUR);
    expect(monday).toEqual({ value: atClose.value, dayStart: atClose.value });
  });

  it('builds in some contracts and unwinds in others; a contract in its last days unwinds as holders roll over', () => {
    const market = new Market({ clock: new VirtualClock(start), seed: 11, tickIntervalMs: 1000, mode: 'real' });
    const changes = market.registry
      .all()
      .filter((i) => i.instr === 'FUTSTK')
      .map((i) => market.openInterest(i.id)!)
      .map((oi) => Math.sign(oi.value - oi.dayStart));
    expect(changes.filter((c) => c > 0).length).toBeGreaterThan(10);
    expect(changes.filter((c) => c < 0).length).toBeGreaterThan(10);
    // NIFTY's November future expires on Tuesday the 24th, two trading days after this Friday.
    const oiOf = (trSymbol: string) => market.openInterest(market.registry.bySymbol('NFO', trSymbol)!.id)!;
    const expiring = oiOf('NIFTY26NOVFUT');
    expect(expiring.value).toBeLessThan(expiring.dayStart);
    // Holders roll into the next month, which holds the most; the far month little.
    expect(oiOf('NIFTY26DECFUT').value).toBeGreaterThan(expiring.value);
    expect(oiOf('NIFTY26DECFUT').value).toBeGreaterThan(oiOf('NIFTY27JANFUT').value);
  });
});
