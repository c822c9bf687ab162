import { describe, expect, it } from 'vitest';
import { BookPhase, OrderType, Validity } from '../book/order-types.ts';
import { bookFixture, buy, depthRows, kinds, marketBuy, sell, tradesOf } from './book-fixture.ts';
import { journaledBook, replayJournal } from './journal.ts';

describe('order book: sessions, after-market orders and end of day', () => {
  it('refuses ordinary orders while closed, queues after-market orders and enters them at the open', () => {
    const { book, recorder } = bookFixture({ phase: BookPhase.Closed });
    expect(buy(book, 10, 10000)).toBe(0);
    const amoSell = sell(book, 10, 10000, { amo: true });
    const amoBuy = buy(book, 4, 10000, { amo: true });
    expect(depthRows(book)).toEqual([]);
    expect(book.order(amoSell)?.state).toBe(3);
    recorder.take();
    book.openSession(100);
    expect(tradesOf(recorder.take())).toEqual([`4 @ 100.00 buy#${amoBuy} sell#${amoSell}`]);
    expect(depthRows(book)).toEqual(['- | 100.00 6 1']);
  });

  it('collects orders in pre-open without matching and opens at the price that matches most', () => {
    const { book, recorder } = bookFixture({ phase: BookPhase.PreOpen });
    buy(book, 10, 10100);
    buy(book, 10, 10000);
    sell(book, 15, 9950);
    sell(book, 10, 10050);
    expect(buy(book, 5, 10000, { validity: Validity.Ioc })).toBe(0);
    expect(depthRows(book)).toEqual(['1 10 101.00 | 99.50 15 1', '1 10 100.00 | 100.50 10 1']);
    recorder.take();
    book.openSession(1);
    // At 100.00: demand 20, supply 15 -> 15 matched (the most); all at one price.
    expect(tradesOf(recorder.take()).map((t) => t.split(' buy')[0])).toEqual(['10 @ 100.00', '5 @ 100.00']);
    expect(depthRows(book)).toEqual(['1 5 100.00 | 100.50 10 1']);
    expect(book.stats().open).toBe(10000);
  });

  it('cancels pre-open market orders left unmatched at the open', () => {
    const { book, recorder } = bookFixture({ phase: BookPhase.PreOpen });
    sell(book, 5, 10000);
    marketBuy(book, 8);
    recorder.take();
    book.openSession(1);
    expect(kinds(recorder.take())).toEqual(['traded', 'cancelled']);
    expect(depthRows(book)).toEqual([]);
  });

  it('expires DAY orders at end of day and keeps VTD orders until their date', () => {
    const { book, recorder } = bookFixture({ tradingDay: 20000 });
    const day = buy(book, 5, 9900);
    const vtd = buy(book, 5, 9800, { validity: Validity.Vtd, vtdDay: 20001 });
    expect(buy(book, 5, 9800, { validity: Validity.Vtd, vtdDay: 19999 })).toBe(0);
    recorder.take();
    book.endOfDay(20000, 1);
    expect(recorder.take()).toEqual([{ kind: 'expired', orderId: day, ref: 0, remaining: 5, time: 1 }]);
    expect(book.phase).toBe(BookPhase.Closed);
    book.startDay(20001, 8000, 12000, 2);
    book.openSession(3);
    expect(book.order(vtd)?.state).toBe(1);
    book.endOfDay(20001, 4);
    expect(recorder.take().at(-1)).toMatchObject({ kind: 'expired', orderId: vtd });
    expect(depthRows(book)).toEqual([]);
  });

  it("cancels after-market orders priced outside the new day's range and makes crossed stops live at the open", () => {
    const { book, recorder } = bookFixture({ phase: BookPhase.Closed });
    const outside = buy(book, 5, 8500, { amo: true });
    const stop = buy(book, 5, 0, { amo: true, type: OrderType.StopMarket, triggerPrice: 10100 });
    book.startDay(1, 9000, 11000, 1);
    sell(book, 5, 10200, { amo: true });
    recorder.take();
    book.openSession(2);
    const events = recorder.take();
    expect(events[0]).toMatchObject({ kind: 'cancelled', orderId: outside, reason: 'OUTSIDE_NEW_BAND' });
    // The stop's trigger (101.00) is above the last price (100.00): it waits for the trigger.
    expect(book.order(stop)?.state).toBe(2);
    buy(book, 5, 10200); // trades at 102.00, which fires the stop; nothing is left to sell to it
    expect(recorder.take().some((e) => e.kind === 'triggered' && e.orderId === stop)).toBe(true);
  });

  it('counts hidden iceberg quantity in the opening auction so nothing stays crossed', () => {
    const { book } = bookFixture();
    sell(book, 45, 10070, { disclosedQuantity: 9 });
    book.preOpen(1);
    buy(book, 35, 10150);
    buy(book, 11, 10085);
    buy(book, 44, 10065);
    book.openSession(2);
    expect(book.bestBidPrice()).toBeLessThan(book.bestAskPrice() || Infinity);
    // 45 for sale meets 35 + 10 of the 46 bid at or above 100.70; one share of the 100.85 bid is left.
    expect(depthRows(book)).toEqual(['1 1 100.85 | -', '1 44 100.65 | -']);
  });
});

describe('order book: a day resumed after a restart', () => {
  it('carries the day statistics on, trades add to them, and a replay of its journal gives the same book', () => {
    const config = { tickSize: 5, lowerBand: 8000, upperBand: 12000, previousClose: 10000 };
    const { book, journal } = journaledBook(config);
    book.resumeDay(
      {
        lastPrice: 10250,
        lastQuantity: 3,
        lastTradeTime: 50,
        volume: 400,
        turnover: 4_080_000,
        open: 10000,
        high: 10300,
        low: 9950,
        trades: 12,
      },
      60,
    );
    expect(book.stats()).toMatchObject({
      lastPrice: 10250,
      volume: 400,
      open: 10000,
      high: 10300,
      low: 9950,
      trades: 12,
    });
    sell(book, 10, 10400);
    buy(book, 10, 10400);
    expect(book.stats()).toMatchObject({
      lastPrice: 10400,
      volume: 410,
      open: 10000,
      high: 10400,
      low: 9950,
      trades: 13,
    });
    expect(book.stats().averagePrice).toBe(Math.round((4_080_000 + 104_000) / 410 / 5) * 5);
    expect(replayJournal(config, journal).stateHash()).toBe(book.stateHash());
  });
});
