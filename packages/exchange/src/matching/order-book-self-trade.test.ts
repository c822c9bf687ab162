import { describe, expect, it } from 'vitest';
import { bookFixture, buy, depthRows, kinds, sell } from './book-fixture.ts';

describe('order book: self-trade prevention', () => {
  it('cancels the incoming order of an owner that would trade with its own resting order', () => {
    const { book, recorder } = bookFixture();
    sell(book, 5, 10000, { owner: 7 });
    sell(book, 5, 10000, { owner: 9 });
    recorder.take();
    buy(book, 10, 10000, { owner: 9 });
    const events = recorder.take();
    expect(kinds(events)).toEqual(['accepted', 'traded', 'cancelled']);
    expect(events[2]).toMatchObject({ remaining: 5, reason: 'SELF_TRADE' });
    expect(depthRows(book)).toEqual(['- | 100.00 5 1']);
  });

  it('lets anonymous liquidity (owner 0) trade with itself', () => {
    const { book, recorder } = bookFixture();
    sell(book, 5, 10000);
    recorder.take();
    buy(book, 5, 10000);
    expect(kinds(recorder.take())).toEqual(['accepted', 'traded']);
  });
});
