import { describe, expect, it } from 'vitest';
import { OrderType } from '../book/order-types.ts';
import { bookFixture, buy, depthRows, sell } from './book-fixture.ts';

describe('order book: circuit limits', () => {
  it('refuses limit prices and triggers outside the daily price range', () => {
    const { book, recorder } = bookFixture({ lowerBand: 9000, upperBand: 11000 });
    expect(buy(book, 1, 11005)).toBe(0);
    expect(sell(book, 1, 8995)).toBe(0);
    expect(buy(book, 1, 11000)).toBeGreaterThan(0);
    expect(sell(book, 1, 9000, { type: OrderType.StopLimit, triggerPrice: 8995 })).toBe(0);
    expect(
      recorder
        .take()
        .filter((e) => e.kind === 'rejected')
        .map((e) => e.kind === 'rejected' && e.reason),
    ).toEqual(['PRICE_OUTSIDE_BAND', 'PRICE_OUTSIDE_BAND', 'TRIGGER_OUTSIDE_BAND']);
  });

  it('rounds the band inwards to the tick', () => {
    const { book } = bookFixture({ lowerBand: 9001, upperBand: 10999 });
    expect(book.lowerBand).toBe(9005);
    expect(book.upperBand).toBe(10995);
  });

  it('cancels resting orders outside a flexed band and keeps the queue order of the rest', () => {
    const { book, recorder } = bookFixture({ lowerBand: 9000, upperBand: 11000 });
    const low = buy(book, 5, 9100);
    const a = buy(book, 5, 9500);
    const b = buy(book, 7, 9500);
    sell(book, 3, 10900);
    recorder.take();
    book.setBand(9500, 11500, 1);
    expect(recorder.take()).toEqual([
      { kind: 'cancelled', orderId: low, ref: 0, remaining: 5, reason: 'OUTSIDE_NEW_BAND', time: 1 },
    ]);
    expect(depthRows(book)).toEqual(['2 12 95.00 | 109.00 3 1']);
    sell(book, 5, 9500);
    expect(book.order(a)).toBeUndefined();
    expect(book.order(b)?.filled).toBe(0);
    expect(buy(book, 1, 11500)).toBeGreaterThan(0);
  });
});
