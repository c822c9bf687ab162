import { describe, expect, it } from 'vitest';
import { OrderType } from '../book/order-types.ts';
import { bookFixture, buy, depthRows, kinds, sell } from './book-fixture.ts';

const sl = (triggerPrice: number) => ({ type: OrderType.StopLimit, triggerPrice });
const slm = (triggerPrice: number) => ({ type: OrderType.StopMarket, triggerPrice });

describe('order book: stop-loss orders', () => {
  it('holds an SL sell out of the depth until the last price falls to its trigger, then enters it as a limit', () => {
    const { book, recorder } = bookFixture();
    buy(book, 10, 9900);
    buy(book, 10, 9850);
    const stop = sell(book, 15, 9850, sl(9900));
    expect(depthRows(book)).toEqual(['1 10 99.00 | -', '1 10 98.50 | -']);
    expect(book.order(stop)?.state).toBe(2);
    recorder.take();
    sell(book, 10, 9900); // trades at 99.00: the trigger
    const events = recorder.take();
    expect(kinds(events)).toEqual(['accepted', 'traded', 'triggered', 'traded']);
    expect(events[3]).toMatchObject({ kind: 'traded', price: 9850, quantity: 10, sellOrderId: stop });
    expect(depthRows(book)).toEqual(['- | 98.50 5 1']);
  });

  it('turns an SL-M into a market order when triggered, cascading into further stops', () => {
    const { book, recorder } = bookFixture();
    sell(book, 5, 10050);
    sell(book, 5, 10100);
    sell(book, 5, 10150);
    const first = buy(book, 5, 0, slm(10050));
    const second = buy(book, 5, 0, slm(10100));
    recorder.take();
    buy(book, 5, 10050); // last price 100.50 fires the first stop, whose trade at 101.00 fires the second
    const events = recorder.take();
    expect(events.filter((e) => e.kind === 'triggered').map((e) => e.kind === 'triggered' && e.orderId)).toEqual([
      first,
      second,
    ]);
    expect(book.lastPrice).toBe(10150);
    expect(depthRows(book)).toEqual([]);
  });

  it('refuses a stop whose trigger the last price has already crossed, or a buy trigger above its limit', () => {
    const { book, recorder } = bookFixture();
    expect(book.lastPrice).toBe(10000);
    expect(buy(book, 5, 10100, sl(10000))).toBe(0);
    expect(sell(book, 5, 9900, sl(10000))).toBe(0);
    expect(buy(book, 5, 10100, sl(10150))).toBe(0);
    expect(recorder.take().map((e) => e.kind === 'rejected' && e.reason)).toEqual([
      'TRIGGER_ALREADY_CROSSED',
      'TRIGGER_ALREADY_CROSSED',
      'TRIGGER_BEYOND_LIMIT',
    ]);
  });
});
