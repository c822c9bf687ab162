import { describe, expect, it } from 'vitest';
import { bookFixture, buy, depthRows, sell, tradesOf } from './book-fixture.ts';

describe('order book: disclosed quantity (iceberg)', () => {
  it('shows only the disclosed part and refills it from the rest at the back of the queue', () => {
    const { book, recorder } = bookFixture();
    const iceberg = sell(book, 100, 10000, { disclosedQuantity: 20 });
    const plain = sell(book, 10, 10000);
    expect(depthRows(book)).toEqual(['- | 100.00 30 2']);
    expect(book.depth().totalSellQuantity).toBe(30);
    recorder.take();
    const taker = buy(book, 25, 10000);
    // 20 from the shown part; the refill goes behind the plain order, which takes the next 5.
    expect(tradesOf(recorder.take())).toEqual([
      `20 @ 100.00 buy#${taker} sell#${iceberg}`,
      `5 @ 100.00 buy#${taker} sell#${plain}`,
    ]);
    expect(depthRows(book)).toEqual(['- | 100.00 25 2']);
    expect(book.order(iceberg)).toMatchObject({ filled: 20, visible: 20 });
  });

  it('refuses a disclosed quantity below 10% of the order or above it', () => {
    const { book } = bookFixture();
    expect(sell(book, 100, 10000, { disclosedQuantity: 9 })).toBe(0);
    expect(sell(book, 100, 10000, { disclosedQuantity: 101 })).toBe(0);
    expect(sell(book, 100, 10000, { disclosedQuantity: 10 })).toBeGreaterThan(0);
  });
});
