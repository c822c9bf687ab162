import { describe, expect, it } from 'vitest';
import { bookFixture, buy, depthRows, marketBuy, marketSell, sell, tradesOf } from './book-fixture.ts';

describe('order book: market orders', () => {
  it('sweeps levels best first and cancels what finds no liquidity', () => {
    const { book, recorder } = bookFixture();
    sell(book, 10, 10000);
    sell(book, 10, 11000);
    recorder.take();
    const id = marketBuy(book, 30);
    const events = recorder.take();
    expect(tradesOf(events)).toEqual([`10 @ 100.00 buy#${id} sell#1`, `10 @ 110.00 buy#${id} sell#2`]);
    expect(events.at(-1)).toMatchObject({ kind: 'cancelled', remaining: 10, reason: 'MARKET_NO_LIQUIDITY' });
    expect(depthRows(book)).toEqual([]);
  });

  it('never fills outside the daily price range: the book holds nothing beyond it', () => {
    const { book, recorder } = bookFixture({ lowerBand: 9000, upperBand: 11000 });
    expect(sell(book, 10, 11005)).toBe(0);
    expect(buy(book, 10, 8995)).toBe(0);
    buy(book, 10, 9000);
    recorder.take();
    marketSell(book, 20);
    const trades = recorder.take().filter((e) => e.kind === 'traded');
    expect(trades.every((t) => t.kind === 'traded' && t.price >= 9000 && t.price <= 11000)).toBe(true);
    expect(book.stats().low).toBe(9000);
  });
});
