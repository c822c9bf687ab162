import { describe, expect, it } from 'vitest';
import type { OrderModification } from '../book/order-types.ts';
import { bookFixture, buy, depthRows, sell, tradesOf } from './book-fixture.ts';

function change(orderId: number, price: number, quantity: number): OrderModification {
  return { orderId, price, quantity, triggerPrice: 0, disclosedQuantity: 0, time: 0 };
}

describe('order book: modify and cancel', () => {
  it('keeps time priority on a quantity decrease', () => {
    const { book, recorder } = bookFixture();
    const first = buy(book, 10, 9995);
    const second = buy(book, 10, 9995);
    expect(book.modify(change(first, 9995, 6))).toBeNull();
    expect(depthRows(book)).toEqual(['2 16 99.95 | -']);
    recorder.take();
    const taker = sell(book, 6, 9995);
    expect(tradesOf(recorder.take())).toEqual([`6 @ 99.95 buy#${first} sell#${taker}`]);
    expect(book.order(second)?.filled).toBe(0);
  });

  it('loses time priority on a quantity increase or a price change', () => {
    const { book, recorder } = bookFixture();
    const first = buy(book, 10, 9995);
    const second = buy(book, 10, 9995);
    book.modify(change(first, 9995, 12));
    recorder.take();
    const taker = sell(book, 10, 9995);
    expect(tradesOf(recorder.take())).toEqual([`10 @ 99.95 buy#${second} sell#${taker}`]);
    const third = buy(book, 10, 9990);
    book.modify(change(first, 9990, 12));
    sell(book, 10, 9990);
    expect(book.order(third)).toBeUndefined(); // fully filled
    expect(book.order(first)?.filled).toBe(0);
  });

  it('matches a modified price that now crosses', () => {
    const { book, recorder } = bookFixture();
    sell(book, 5, 10010);
    const id = buy(book, 5, 9990);
    recorder.take();
    book.modify(change(id, 10010, 5));
    expect(tradesOf(recorder.take())).toEqual([`5 @ 100.10 buy#${id} sell#1`]);
    expect(depthRows(book)).toEqual([]);
  });

  it('refuses a total quantity at or below what has filled, and changes nothing', () => {
    const { book } = bookFixture();
    const id = buy(book, 10, 10000);
    sell(book, 4, 10000);
    expect(book.modify(change(id, 10000, 4))).toBe('QUANTITY_BELOW_FILLED');
    expect(book.modify(change(id, 10001, 10))).toBe('PRICE_NOT_TICK_MULTIPLE');
    expect(depthRows(book)).toEqual(['1 6 100.00 | -']);
  });

  it('reports no event for a refused modification: the order is not rejected, it rests as it was', () => {
    const { book, recorder } = bookFixture();
    const id = buy(book, 10, 10000);
    recorder.take();
    expect(book.modifyRefusal(change(id, 10001, 10))).toBe('PRICE_NOT_TICK_MULTIPLE');
    expect(book.modify(change(id, 10001, 10))).toBe('PRICE_NOT_TICK_MULTIPLE');
    expect(recorder.take()).toEqual([]);
    expect(book.order(id)?.quantity).toBe(10);
    expect(depthRows(book)).toEqual(['1 10 100.00 | -']);
    // Asked about a change it would take, the book answers null and changes nothing.
    expect(book.modifyRefusal(change(id, 9995, 6))).toBeNull();
    expect(depthRows(book)).toEqual(['1 10 100.00 | -']);
  });

  it('cancels a resting order and reports its unfilled quantity; unknown ids are refused', () => {
    const { book, recorder } = bookFixture();
    const id = buy(book, 10, 10000);
    sell(book, 3, 10000);
    recorder.take();
    expect(book.cancel(id, 0)).toBeNull();
    expect(recorder.take()).toEqual([
      { kind: 'cancelled', orderId: id, ref: 0, remaining: 7, reason: 'USER', time: 0 },
    ]);
    expect(book.cancel(id, 0)).toBe('UNKNOWN_ORDER');
    expect(book.cancel(999, 0)).toBe('UNKNOWN_ORDER');
    expect(depthRows(book)).toEqual([]);
  });
});
