import { describe, expect, it } from 'vitest';
import { bookFixture, buy, depthRows, sell, tradesOf } from './book-fixture.ts';

describe('order book: price-time priority', () => {
  it('rests non-crossing orders as a five-level depth with order counts and totals', () => {
    const { book } = bookFixture();
    buy(book, 10, 9995);
    buy(book, 20, 9995);
    buy(book, 5, 9990);
    sell(book, 7, 10005);
    sell(book, 3, 10010);
    expect(depthRows(book)).toEqual(['2 30 99.95 | 100.05 7 1', '1 5 99.90 | 100.10 3 1']);
    const depth = book.depth();
    expect(depth.totalBuyQuantity).toBe(35);
    expect(depth.totalSellQuantity).toBe(10);
  });

  it('fills the better price first, then the older order at the same price, at the resting price', () => {
    const { book, recorder } = bookFixture();
    const a = sell(book, 10, 10010);
    const b = sell(book, 10, 10005);
    const c = sell(book, 10, 10005);
    recorder.take();
    const taker = buy(book, 25, 10010);
    expect(tradesOf(recorder.take())).toEqual([
      `10 @ 100.05 buy#${taker} sell#${b}`,
      `10 @ 100.05 buy#${taker} sell#${c}`,
      `5 @ 100.10 buy#${taker} sell#${a}`,
    ]);
    expect(depthRows(book)).toEqual(['- | 100.10 5 1']);
    expect(book.stats()).toMatchObject({
      lastPrice: 10010,
      lastQuantity: 5,
      volume: 25,
      open: 10005,
      high: 10010,
      low: 10005,
    });
    // Average traded price: (20 x 100.05 + 5 x 100.10) / 25 = 100.06, rounded to the 0.05 tick.
    expect(book.stats().averagePrice).toBe(10005);
  });

  it('leaves the unfilled rest of a limit order on the book at its price', () => {
    const { book } = bookFixture();
    sell(book, 10, 10000);
    buy(book, 15, 10005);
    expect(depthRows(book)).toEqual(['1 5 100.05 | -']);
  });

  it('refuses a price that is not a tick multiple or not positive, and a quantity that is not a lot multiple', () => {
    const { book, recorder } = bookFixture({ lotSize: 65, freezeQuantity: 1800 });
    expect(buy(book, 65, 10002)).toBe(0);
    expect(buy(book, 64, 10000)).toBe(0);
    expect(buy(book, 0, 10000)).toBe(0);
    expect(buy(book, 1820, 10000)).toBe(0);
    expect(recorder.take().map((e) => (e.kind === 'rejected' ? e.reason : e.kind))).toEqual([
      'PRICE_NOT_TICK_MULTIPLE',
      'QUANTITY_NOT_LOT_MULTIPLE',
      'INVALID_QUANTITY',
      'ABOVE_FREEZE_QUANTITY',
    ]);
    expect(depthRows(book)).toEqual([]);
  });
});
