import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newOrderCommand, OrderType, Side, Validity, type OrderCommand } from '../book/order-types.ts';
import { EventRecorder } from './book-events.ts';
import { journaledBook, replayJournal } from './journal.ts';
import { OrderBook, type BookConfig } from './order-book.ts';

const TICK = 5;
const config: BookConfig = { tickSize: TICK, lowerBand: 9000, upperBand: 11000, previousClose: 10000, capacity: 16 };

type Op =
  | { kind: 'limit'; side: Side; offset: number; quantity: number; ioc: boolean; disclosed: number; owner: number }
  | { kind: 'market'; side: Side; quantity: number }
  | { kind: 'stop'; side: Side; offset: number; quantity: number; market: boolean }
  | { kind: 'cancel'; pick: number }
  | { kind: 'modify'; pick: number; offset: number; quantity: number };

const side = fc.constantFrom(Side.Buy, Side.Sell);
const offset = fc.integer({ min: -30, max: 30 });
const quantity = fc.integer({ min: 1, max: 60 });

const limitOp = fc.record({
  kind: fc.constant('limit' as const),
  side,
  offset,
  quantity,
  ioc: fc.boolean(),
  disclosed: fc.constantFrom(0, 0, 0, 10),
  owner: fc.constantFrom(0, 0, 1, 2),
});
const marketOp = fc.record({ kind: fc.constant('market' as const), side, quantity });
const stopOp = fc.record({ kind: fc.constant('stop' as const), side, offset, quantity, market: fc.boolean() });
const cancelOp = fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() });
const modifyOp = fc.record({ kind: fc.constant('modify' as const), pick: fc.nat(), offset, quantity });

const anyOp: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: limitOp },
  { weight: 1, arbitrary: marketOp },
  { weight: 1, arbitrary: stopOp },
  { weight: 2, arbitrary: cancelOp },
  { weight: 2, arbitrary: modifyOp },
);

function priceFor(book: OrderBook, off: number): number {
  return 10000 + off * TICK + (book.lastPrice - 10000);
}

/** Runs the operations; returns the accepted ids and records each order's limit and quantity as it changes. */
function run(
  book: OrderBook,
  ops: Op[],
  limits: Map<number, number>,
  quantities = new Map<number, number>(),
): number[] {
  const ids: number[] = [];
  let time = 0;
  for (const op of ops) {
    time++;
    let cmd: OrderCommand | null = null;
    if (op.kind === 'limit') {
      const price = Math.min(11000, Math.max(9000, 10000 + op.offset * TICK));
      const qty = op.disclosed > 0 ? op.quantity + 40 : op.quantity;
      cmd = newOrderCommand({
        side: op.side,
        quantity: qty,
        price,
        validity: op.ioc ? Validity.Ioc : Validity.Day,
        disclosedQuantity: op.disclosed,
        owner: op.owner,
        time,
      });
    } else if (op.kind === 'market') {
      cmd = newOrderCommand({ side: op.side, quantity: op.quantity, type: OrderType.Market, time });
    } else if (op.kind === 'stop') {
      const trigger = Math.min(
        11000,
        Math.max(9000, priceFor(book, op.side === Side.Buy ? Math.abs(op.offset) + 1 : -Math.abs(op.offset) - 1)),
      );
      const price = op.side === Side.Buy ? Math.min(11000, trigger + 2 * TICK) : Math.max(9000, trigger - 2 * TICK);
      cmd = newOrderCommand({
        side: op.side,
        quantity: op.quantity,
        type: op.market ? OrderType.StopMarket : OrderType.StopLimit,
        triggerPrice: trigger,
        price: op.market ? 0 : price,
        time,
      });
    } else if (op.kind === 'cancel') {
      if (ids.length > 0) book.cancel(ids[op.pick % ids.length]!, time);
    } else {
      if (ids.length > 0) {
        const id = ids[op.pick % ids.length]!;
        const view = book.order(id);
        if (view) {
          const price =
            view.type === OrderType.Market || view.type === OrderType.StopMarket
              ? 0
              : Math.min(11000, Math.max(9000, 10000 + op.offset * TICK));
          const before = limits.get(id) ?? 0;
          limits.set(id, price);
          const reason = book.modify({
            orderId: id,
            price,
            quantity: view.filled + op.quantity,
            triggerPrice: view.triggerPrice,
            disclosedQuantity: 0,
            time,
          });
          if (reason !== null) limits.set(id, before);
        }
      }
    }
    if (cmd) {
      const id = book.submit(cmd);
      if (id > 0) {
        ids.push(id);
        quantities.set(id, cmd.quantity);
        limits.set(id, cmd.type === OrderType.Market || cmd.type === OrderType.StopMarket ? 0 : cmd.price);
      }
    }
    const bid = book.bestBidPrice();
    const ask = book.bestAskPrice();
    if (bid > 0 && ask > 0 && bid >= ask) throw new Error(`crossed book ${bid} >= ${ask} after ${JSON.stringify(op)}`);
  }
  return ids;
}

describe('order book properties', () => {
  it('is never crossed, conserves quantity and fills only inside the band and each limit', () => {
    fc.assert(
      fc.property(fc.array(anyOp, { maxLength: 120 }), (ops) => {
        const book = new OrderBook(config);
        const recorder = new EventRecorder();
        book.listener = recorder;
        const limits = new Map<number, number>();
        const quantities = new Map<number, number>();
        const tradeLimitChecks: string[] = [];
        // Check each trade against the limit in force when it happened.
        const check = recorder.traded.bind(recorder);
        recorder.traded = (tradeId, price, qty, buyId, sellId, buyRef, sellRef, aggressor, time) => {
          const buyLimit = limits.get(buyId) ?? 0;
          const sellLimit = limits.get(sellId) ?? 0;
          if (price < 9000 || price > 11000) tradeLimitChecks.push(`trade ${tradeId} outside band`);
          if (buyLimit > 0 && price > buyLimit) tradeLimitChecks.push(`trade ${tradeId} above buy limit`);
          if (sellLimit > 0 && price < sellLimit) tradeLimitChecks.push(`trade ${tradeId} below sell limit`);
          check(tradeId, price, qty, buyId, sellId, buyRef, sellRef, aggressor, time);
        };
        const ids = run(book, ops, limits, quantities);
        book.endOfDay(1, 10_000);
        expect(book.orders()).toEqual([]);
        expect(tradeLimitChecks).toEqual([]);

        // Submitted (or last modified) quantity = filled + cancelled + expired, for every accepted order.
        const expected = new Map<number, number>();
        const accounted = new Map<number, number>();
        const add = (id: number, q: number) => accounted.set(id, (accounted.get(id) ?? 0) + q);
        for (const e of recorder.events) {
          if (e.kind === 'accepted') expected.set(e.orderId, quantities.get(e.orderId) ?? -1);
          if (e.kind === 'modified') expected.set(e.orderId, e.quantity);
          if (e.kind === 'traded') {
            add(e.buyOrderId, e.quantity);
            add(e.sellOrderId, e.quantity);
          }
          if (e.kind === 'cancelled' || e.kind === 'expired') add(e.orderId, e.remaining);
        }
        expect(expected.size).toBe(ids.length);
        for (const [id, qty] of expected) expect({ id, qty: accounted.get(id) ?? 0 }).toEqual({ id, qty });
      }),
      { numRuns: 300 },
    );
  });

  it('matches exactly like a simple reference model of price-time priority', () => {
    const simpleOp = fc.oneof(
      { weight: 6, arbitrary: limitOp.map((op) => ({ ...op, disclosed: 0, owner: 0 })) },
      { weight: 1, arbitrary: marketOp },
      { weight: 2, arbitrary: cancelOp },
    );
    fc.assert(
      fc.property(fc.array(simpleOp, { maxLength: 150 }), (ops) => {
        const book = new OrderBook(config);
        const recorder = new EventRecorder();
        book.listener = recorder;
        run(book, ops, new Map());
        const actual = recorder.events.flatMap((e) =>
          e.kind === 'traded' ? [[e.buyOrderId, e.sellOrderId, e.price, e.quantity]] : [],
        );
        expect(actual).toEqual(referenceTrades(ops));
      }),
      { numRuns: 300 },
    );
  });

  it('replays its journal to the same state hash', () => {
    fc.assert(
      fc.property(fc.array(anyOp, { maxLength: 120 }), (ops) => {
        const { book, journal } = journaledBook(config);
        run(book, ops, new Map());
        const replayed = replayJournal(config, journal);
        expect(replayed.stateHash()).toBe(book.stateHash());
        expect(replayed.depth(10)).toEqual(book.depth(10));
        expect(replayed.stats()).toEqual(book.stats());
      }),
      { numRuns: 200 },
    );
  });

  it('gives different hashes to different books', () => {
    const a = new OrderBook(config);
    const b = new OrderBook(config);
    expect(a.stateHash()).toBe(b.stateHash());
    a.submit(newOrderCommand({ side: Side.Buy, quantity: 1, price: 10000 }));
    expect(a.stateHash()).not.toBe(b.stateHash());
  });
});

/** A deliberately naive book: sorted arrays, no optimisation, for limit/market/IOC/cancel only. */
function referenceTrades(ops: Op[]): number[][] {
  type Resting = { id: number; side: Side; price: number; remaining: number };
  const resting: Resting[] = [];
  const trades: number[][] = [];
  const ids: number[] = [];
  let nextId = 1;
  for (const op of ops) {
    if (op.kind === 'cancel') {
      if (ids.length === 0) continue;
      const id = ids[op.pick % ids.length]!;
      const at = resting.findIndex((r) => r.id === id);
      if (at >= 0) resting.splice(at, 1);
      continue;
    }
    if (op.kind !== 'limit' && op.kind !== 'market') continue;
    const id = nextId++;
    ids.push(id);
    const isMarket = op.kind === 'market';
    const price = op.kind === 'limit' ? Math.min(11000, Math.max(9000, 10000 + op.offset * TICK)) : 0;
    let remaining = op.quantity;
    for (;;) {
      if (remaining === 0) break;
      const candidates = resting
        .filter((r) => r.side !== op.side && (isMarket || (op.side === Side.Buy ? r.price <= price : r.price >= price)))
        .sort((x, y) => (op.side === Side.Buy ? x.price - y.price : y.price - x.price) || x.id - y.id);
      const best = candidates[0];
      if (!best) break;
      const q = Math.min(remaining, best.remaining);
      trades.push(op.side === Side.Buy ? [id, best.id, best.price, q] : [best.id, id, best.price, q]);
      remaining -= q;
      best.remaining -= q;
      if (best.remaining === 0) resting.splice(resting.indexOf(best), 1);
    }
    if (remaining > 0 && !isMarket && !(op.kind === 'limit' && op.ioc))
      resting.push({ id, side: op.side, price, remaining });
  }
  return trades;
}
