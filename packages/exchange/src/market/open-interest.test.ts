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
    expect(monday).toEqual({ value: atClose.value, dayStart: atClose.value, volume: 0 });
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

describe('day volume', () => {
  // Friday 20 Nov 2026 00:00 IST; NFO's session runs 09:15-15:40.
  const friday = start - 12 * HOUR;
  const realMarket = (time: number, seed = 9) =>
    new Market({ clock: new VirtualClock(time), seed, tickIntervalMs: 1000, mode: 'real' });
  const sample = (market: Market) =>
    market.registry
      .all()
      .filter((i) => i.tradable && i.exc === 'NFO' && (i.assetClass === 'FUTURE' || i.assetClass === 'OPTION'))
      .filter((_, n) => n % 25 === 0);

  it('is none before the open, grows through the session by whole lots, never short of the open interest moved', () => {
    const clock = new VirtualClock(friday + 9 * HOUR);
    const market = new Market({ clock, seed: 9, tickIntervalMs: 1000, mode: 'real' });
    const contracts = sample(market);
    expect(contracts.length).toBeGreaterThan(100);
    const before = contracts.map((i) => market.openInterest(i.id)!);
    expect(before.every((oi) => oi.volume === 0)).toBe(true);
    let last = before.map((oi) => oi.volume);
    for (let minute = 9 * 60 + 15; minute <= 15 * 60 + 50; minute += 5) {
      clock.set(friday + minute * MINUTE);
      const now = contracts.map((i) => market.openInterest(i.id)!);
      now.forEach((oi, n) => {
        const { trSymbol, lot } = contracts[n]!;
        expect(oi.volume, trSymbol).toBeGreaterThanOrEqual(last[n]!);
        expect(oi.volume, trSymbol).toBeGreaterThanOrEqual(Math.abs(oi.value - oi.dayStart));
        expect(oi.volume % lot, trSymbol).toBe(0);
      });
      last = now.map((oi) => oi.volume);
    }
    expect(last.every((volume) => volume > 0)).toBe(true);
    expect(market.isSimulated(contracts[0]!.id)).toBe(false);
  });

  it("stands still from the close, over the weekend, the same in another market of the seed; Monday's starts at none", () => {
    const volumes = (time: number) => {
      const market = realMarket(time);
      return sample(market).map((i) => market.openInterest(i.id)!.volume);
    };
    const atClose = volumes(friday + 15 * HOUR + 40 * MINUTE);
    expect(volumes(friday + 15 * HOUR + 40 * MINUTE)).toEqual(atClose);
    expect(volumes(friday + 20 * HOUR)).toEqual(atClose);
    expect(volumes(friday + 36 * HOUR)).toEqual(atClose); // Saturday noon
    expect(volumes(friday + 3 * DAY + 9 * HOUR).every((volume) => volume === 0)).toBe(true);
    expect(volumes(friday + 3 * DAY + 15 * HOUR + 40 * MINUTE)).not.toEqual(atClose);
    const otherSeed = realMarket(friday + 15 * HOUR + 40 * MINUTE, 10);
    expect(sample(otherSeed).map((i) => otherSeed.openInterest(i.id)!.volume)).not.toEqual(atClose);
  });

  it('trades a seeded share of the open interest, a few contracts several times the median share', () => {
    const market = realMarket(friday + 15 * HOUR + 40 * MINUTE);
    const shares = market.registry
      .all()
      .filter((i) => i.tradable && i.instr === 'OPTIDX')
      .map((i) => market.openInterest(i.id)!)
      .map((oi) => oi.volume / oi.dayStart)
      .sort((a, b) => a - b);
    const median = shares[shares.length >> 1]!;
    const outstanding = shares.filter((share) => share >= 2 * median).length;
    expect(outstanding).toBeGreaterThan(0);
    expect(outstanding).toBeLessThan(shares.length / 10);
  });

  it("starts a contract's book from the volume drawn for it, so its quote and the statistics agree", () => {
    const clock = new VirtualClock(friday + 12 * HOUR);
    const market = new Market({ clock, seed: 9, tickIntervalMs: 1000, mode: 'real' });
    const option = sample(market).find((i) => i.assetClass === 'OPTION')!;
    const drawn = market.openInterest(option.id)!.volume;
    expect(drawn).toBeGreaterThan(0);
    const quote = market.quote(option.id)!;
    expect(quote.volume).toBe(drawn);
    expect(quote.averagePrice).toBe(quote.lastPrice);
    for (let i = 0; i < 120; i++) {
      clock.advance(1000);
      market.advance();
    }
    const traded = market.quote(option.id)!.volume;
    expect(traded).toBeGreaterThanOrEqual(drawn);
    expect(market.openInterest(option.id)!.volume).toBe(traded);
  });
});
