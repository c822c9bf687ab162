import { describe, expect, it } from 'vitest';
import { bookFixture, buy, marketSell } from './book-fixture.ts';

const PAGE = 4096;

describe('order book: the order-id index', () => {
  it('holds only the pages with an order not finished (and the current one), and finds every live order', () => {
    const { book } = bookFixture({ capacity: 64 });
    const ids: number[] = [];
    for (let i = 0; i < 3 * PAGE + 10; i++) ids.push(buy(book, 1, 9000));
    expect(book.idIndexPages).toBe(4);

    // Every order of the first three pages finishes but one in the first: that page stays, the others go.
    const kept = ids[17]!;
    for (const id of ids.slice(0, 3 * PAGE)) if (id !== kept) expect(book.cancel(id, 0)).toBeNull();
    expect(book.idIndexPages).toBe(2);
    expect(book.order(kept)?.quantity).toBe(1);
    expect(book.order(ids[18]!)).toBeUndefined();
    expect(book.cancel(ids[3 * PAGE - 1]!, 0)).toBe('UNKNOWN_ORDER');

    // Orders that fill finish too; the last page stays while the next ids go to it.
    marketSell(book, 11);
    expect(book.order(kept)).toBeUndefined();
    expect(book.idIndexPages).toBe(1);

    // A new page starting drops the one before once its orders have finished.
    for (let i = 0; i < PAGE; i++) buy(book, 1, 9000);
    marketSell(book, PAGE);
    expect(book.idIndexPages).toBe(1);
    const next = buy(book, 1, 9000);
    expect(book.order(next)?.quantity).toBe(1);
    expect(book.cancel(next + 1, 0)).toBe('UNKNOWN_ORDER');
    expect(book.cancel(0, 0)).toBe('UNKNOWN_ORDER');
  });
});
