import { describe, expect, it } from 'vitest';
import { bookFixture, buy, depthRows, ioc, kinds, sell } from './book-fixture.ts';

describe('order book: IOC partial fill', () => {
  it('fills what is there and cancels the rest immediately', () => {
    const { book, recorder } = bookFixture();
    sell(book, 40, 10000);
    recorder.take();
    const id = buy(book, 100, 10000, ioc);
    const events = recorder.take();
    expect(kinds(events)).toEqual(['accepted', 'traded', 'cancelled']);
    expect(events[2]).toMatchObject({ kind: 'cancelled', orderId: id, remaining: 60, reason: 'IOC_UNFILLED' });
    expect(depthRows(book)).toEqual([]);
    expect(book.order(id)).toBeUndefined();
  });

  it('cancels an IOC that cannot trade at all without touching the book', () => {
    const { book, recorder } = bookFixture();
    sell(book, 40, 10010);
    recorder.take();
    buy(book, 10, 10000, ioc);
    expect(kinds(recorder.take())).toEqual(['accepted', 'cancelled']);
    expect(depthRows(book)).toEqual(['- | 100.10 40 1']);
  });
});
