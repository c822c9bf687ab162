import { describe, expect, it } from 'vitest';
import {
  BookPhase,
  MarketMaker,
  NoiseTrader,
  OrderType,
  Side,
  Validity,
  Xoshiro128,
  journaledBook,
  newOrderCommand,
  replayJournal,
  type BookConfig,
  type OrderBook,
  type Random,
} from '@kite/exchange';

/*
 * Determinism (issue 5, item 9) at length. The exact statement, replaying a book's journal gives its state hash, is the
 * property test packages/exchange/src/matching/order-book.property.test.ts ("replays its journal to the same state
 * hash") over random command lists. Here the same check runs on long days of the exchange's own agents (market maker,
 * noise trader) with clients' orders, modifications, cancels and session changes mixed in, over many seeds, and at
 * checkpoints in the middle of the day as well as at its end.
 */

const config: BookConfig = {
  tickSize: 5,
  lowerBand: 80_000,
  upperBand: 120_000,
  previousClose: 100_000,
  lotSize: 1,
  phase: BookPhase.Open,
  capacity: 64,
};
const STEPS = 10_000;
const SEEDS = 100;

function clientAction(book: OrderBook, random: Random, mine: number[], time: number): void {
  const roll = random.next();
  const near = book.lastPrice || config.previousClose;
  const price = Math.min(config.upperBand, Math.max(config.lowerBand, near + random.int(-40, 40) * config.tickSize));
  if (roll < 0.5 || mine.length === 0) {
    const type = [OrderType.Limit, OrderType.Limit, OrderType.Market, OrderType.StopLimit, OrderType.StopMarket][
      random.int(0, 4)
    ]!;
    const side = random.next() < 0.5 ? Side.Buy : Side.Sell;
    const stop = type === OrderType.StopLimit || type === OrderType.StopMarket;
    const trigger = stop
      ? Math.min(
          config.upperBand,
          Math.max(config.lowerBand, near + (side === Side.Buy ? 1 : -1) * random.int(1, 20) * config.tickSize),
        )
      : 0;
    const quantity = random.int(1, 400);
    const id = book.submit(
      newOrderCommand({
        side,
        type,
        quantity,
        price: type === OrderType.Market || type === OrderType.StopMarket ? 0 : price,
        triggerPrice: trigger,
        validity: random.next() < 0.2 ? Validity.Ioc : Validity.Day,
        disclosedQuantity: random.next() < 0.1 ? Math.ceil(quantity / 5) : 0,
        owner: 1 + random.int(0, 3),
        ref: 1 + random.int(0, 1_000_000),
        time,
      }),
    );
    if (id > 0) mine.push(id);
  } else if (roll < 0.75) {
    const orderId = mine[random.int(0, mine.length - 1)]!;
    book.modify({ orderId, price, quantity: random.int(1, 600), triggerPrice: 0, disclosedQuantity: 0, time });
  } else {
    book.cancel(mine.splice(random.int(0, mine.length - 1), 1)[0]!, time);
  }
}

/** One trading day of a journaled book; returns the journal and the state hash after each checkpoint. */
function tradingDay(seed: number) {
  const random = new Xoshiro128(seed);
  const { book, journal } = journaledBook(config);
  const maker = new MarketMaker({ halfSpread: 0.00005, levelGap: 1, maxLots: 400, levels: 5 });
  const noise = new NoiseTrader(0.35, 50);
  const mine: number[] = [];
  const checkpoints: { length: number; hash: string }[] = [];
  let fair = config.previousClose;
  let time = 1_700_000_000_000;
  for (let step = 0; step < STEPS; step++) {
    time += 250;
    fair = Math.min(
      config.upperBand - 500,
      Math.max(config.lowerBand + 500, fair + random.int(-3, 3) * config.tickSize),
    );
    if (step % 10 === 0) maker.requote(book, fair, 1, random, time);
    noise.act(book, fair, 1, random, time);
    if (random.next() < 0.3) clientAction(book, random, mine, time);
    if (step === STEPS / 2) {
      book.closeSession(time);
      book.endOfDay(1, time);
      book.startDay(2, config.lowerBand, config.upperBand, time);
      book.preOpen(time);
      book.openSession(time);
    }
    if (step % 500 === 499) checkpoints.push({ length: journal.length, hash: book.stateHash() });
  }
  return { book, journal, checkpoints };
}

describe('determinism: replaying the exchange journal reproduces its state hash (long)', () => {
  it(`over ${SEEDS} seeded trading days of ${STEPS} steps, at every checkpoint and at the end`, () => {
    const finals = new Set<string>();
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { book, journal, checkpoints } = tradingDay(seed);
      expect(book.stats().trades, `seed ${seed} traded`).toBeGreaterThan(100);
      for (const { length, hash } of checkpoints) {
        expect(replayJournal(config, journal.slice(0, length)).stateHash(), `seed ${seed} at entry ${length}`).toBe(
          hash,
        );
      }
      const replayed = replayJournal(config, journal);
      expect(replayed.stateHash()).toBe(book.stateHash());
      expect(replayed.depth(10)).toEqual(book.depth(10));
      expect(replayed.stats()).toEqual(book.stats());
      // The same seed gives the same day.
      expect(tradingDay(seed).book.stateHash()).toBe(book.stateHash());
      finals.add(book.stateHash());
    }
    expect(finals.size).toBe(SEEDS);
  });
});
