import { describe, expect, it } from 'vitest';
import { OrderType, Side, Validity } from '../book/order-types.ts';
import { VirtualClock } from '../clock/clock.ts';
import { daysFromCivil, istInstant } from '../clock/ist.ts';
import { tokenKey } from '../instruments/build-instruments.ts';
import type { Instrument } from '../instruments/instrument.ts';
import { Market } from './market.ts';

// Tuesday 1 Dec 2026 is a NIFTY weekly expiry; Wednesday 2 Dec lists the next expiry's full strike range.
const TUESDAY = daysFromCivil(2026, 12, 1);
const WEDNESDAY = daysFromCivil(2026, 12, 2);

function marketAtTuesdayClose() {
  const clock = new VirtualClock(istInstant(TUESDAY, 15, 0));
  const market = new Market({ seed: 7, clock, tickIntervalMs: 1000 });
  const crossTo = (day: number, hour: number, minute = 0) => {
    clock.set(istInstant(day, hour, minute));
    market.advance();
  };
  return { clock, market, crossTo };
}

const keyOf = (i: Instrument) => tokenKey(i.exc, i.trSymbol);

describe('the daily listing of a market running across days', () => {
  it('drops the expired contracts at the day roll, lists the new ones and keeps the ids of the others', () => {
    const { clock, market, crossTo } = marketAtTuesdayClose();
    const tuesday = market.registry.all();
    const expiring = tuesday.filter((i) => i.expiryDay === TUESDAY);
    expect(expiring.length).toBeGreaterThan(0);
    const expired = expiring[0]!;
    const expiredTicks: number[] = [];
    market.subscribe(expired.id, (tick) => expiredTicks.push(tick.updatedAt));
    // A resting buy far below the market in a monthly future, listed on both days.
    const future = tuesday.find((i) => i.instr === 'FUTIDX' && i.symbol === 'NIFTY')!;
    const resting = restAtLowerBand(market, future.id, 11);
    expect(resting.rejectReason).toBeNull();
    const book = market.book(future.id)!;

    crossTo(TUESDAY, 15, 30);
    expect(market.listedDay).toBe(TUESDAY);
    crossTo(WEDNESDAY, 9);
    expect(market.currentDay()).toBe(WEDNESDAY);
    expect(market.listedDay).toBe(WEDNESDAY);

    for (const i of expiring) expect(market.registry.byId(i.id)).toBeUndefined();
    expect(market.search(expired.trSymbol).map((i) => i.id)).not.toContain(expired.id);
    expect(market.quote(expired.id)).toBeUndefined();
    expect(market.submit(expired.id, { ...orderOf(expired), account: 1, ref: 12 }).rejectReason).toBe(
      'UNKNOWN_INSTRUMENT',
    );
    const ticksAtRoll = expiredTicks.length;
    clock.advance(5_000);
    market.advance();
    expect(expiredTicks.length).toBe(ticksAtRoll);

    const known = new Map(tuesday.map((i) => [keyOf(i), i.id]));
    const wednesday = market.registry.all();
    const added = wednesday.filter((i) => !known.has(keyOf(i)));
    expect(added.length).toBeGreaterThan(0);
    const highest = Math.max(...tuesday.map((i) => i.token));
    for (const i of added) expect(i.token).toBeGreaterThan(highest);
    for (const i of wednesday) if (known.has(keyOf(i))) expect(i.id).toBe(known.get(keyOf(i)));
    expect(market.tokens.size).toBe(tuesday.length + added.length);
    // A new contract is quoted and tradable.
    expect(market.quote(added[0]!.id)?.trSymbol).toBe(added[0]!.trSymbol);

    // The kept future's book carries on: the resting order is there and is cancelled, a new order trades.
    expect(market.book(future.id)).toBe(book);
    expect(book.order(resting.orderId)).toBeDefined();
    expect(market.cancel(future.id, resting.orderId).rejectReason).toBeNull();
    const bought = market.submit(future.id, { ...orderOf(future), account: 1, ref: 13 });
    expect(bought.events.some((e) => e.kind === 'traded')).toBe(true);
  });

  it("under real hours, ends the kept books' day and opens them on the new listing's day", () => {
    const clock = new VirtualClock(istInstant(TUESDAY, 15, 0));
    const market = new Market({ seed: 7, clock, tickIntervalMs: 1000, mode: 'real' });
    const future = market.registry.all().find((i) => i.instr === 'FUTIDX' && i.symbol === 'NIFTY')!;
    const expired = market.registry.all().find((i) => i.expiryDay === TUESDAY)!;
    const expiredBook = market.book(expired.id)!;
    const expiries: number[] = [];
    market.onOrderEvent((id, event) => {
      if (event.kind === 'expired') expiries.push(event.ref);
    });
    expect(restAtLowerBand(market, future.id, 21).rejectReason).toBeNull();
    expect(restAtLowerBand(market, expired.id, 22).rejectReason).toBeNull();
    clock.set(istInstant(WEDNESDAY, 9, 20));
    market.advance();
    expect(market.listedDay).toBe(WEDNESDAY);
    // Both DAY orders expired with Tuesday; the expired contract's book is gone, the future's trades on Wednesday.
    expect(expiries.sort()).toEqual([21, 22]);
    expect(market.book(expired.id)).toBeUndefined();
    expect(expiredBook.orders()).toEqual([]);
    const bought = market.submit(future.id, { ...orderOf(future), account: 1, ref: 23 });
    expect(bought.events.some((e) => e.kind === 'traded')).toBe(true);
  });

  it('switches to a listing prepared ahead, whose new contracts were answered before the roll', () => {
    const { market, crossTo } = marketAtTuesdayClose();
    const tuesday = market.registry.all();
    expect(market.prepareListing(istInstant(TUESDAY, 23, 0))).toEqual([]);
    const numbered = market.prepareListing(istInstant(WEDNESDAY));
    expect(numbered.length).toBeGreaterThan(0);
    // Asked again (a save to retry), the same contracts; and known tokens from now on, but not listed yet.
    expect(market.prepareListing(istInstant(WEDNESDAY, 9, 0))).toBe(numbered);
    for (const i of numbered) {
      expect(market.tokens.get(keyOf(i))).toBe(i.token);
      expect(market.registry.byId(i.id)).toBeUndefined();
    }
    expect(market.registry.all()).toBe(tuesday);

    crossTo(WEDNESDAY, 9);
    const known = new Set(tuesday.map(keyOf));
    expect(market.registry.all().filter((i) => !known.has(keyOf(i)))).toEqual(numbered);
    for (const i of numbered) expect(market.registry.byId(i.id)).toBe(i);
  });
});

describe('an AMO on a contract in its last day (real hours)', () => {
  const amoAt = (hour: number, pick: (i: Instrument) => boolean) => {
    const clock = new VirtualClock(istInstant(TUESDAY, hour, 0));
    const market = new Market({ seed: 7, clock, tickIntervalMs: 1000, mode: 'real' });
    const instrument = market.registry.all().find(pick)!;
    const order = { ...orderOf(instrument), type: OrderType.Limit, price: market.quote(instrument.id)!.lastPrice };
    return market.submit(instrument.id, { ...order, amo: true, account: 1, ref: 1 }).rejectReason;
  };
  const expiringOption = (i: Instrument) => i.expiryDay === TUESDAY && i.instr === 'OPTIDX';
  const laterFuture = (i: Instrument) => i.instr === 'FUTIDX' && i.symbol === 'NIFTY' && i.expiryDay! > TUESDAY;

  it('is refused after the close of the expiry day, which no later open follows, and taken before its open', () => {
    expect(amoAt(16, expiringOption)).toBe('CONTRACT_EXPIRING');
    expect(amoAt(16, laterFuture)).toBeNull();
    expect(amoAt(8, expiringOption)).toBeNull();
  });
});

/** A marketable one-lot buy. */
function orderOf(instrument: Instrument) {
  return {
    side: Side.Buy,
    type: OrderType.Market,
    validity: Validity.Day,
    price: 0,
    quantity: instrument.lot,
    triggerPrice: 0,
    disclosedQuantity: 0,
    vtdDay: 0,
    amo: false,
  };
}

/** A one-lot buy resting at the lower band, far below the market. */
function restAtLowerBand(market: Market, id: string, ref: number) {
  const order = { ...orderOf(market.registry.byId(id)!), type: OrderType.Limit, price: market.quote(id)!.lowerBand };
  return market.submit(id, { ...order, account: 1, ref });
}
