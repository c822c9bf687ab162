import { newOrderCommand, OrderType, Side, Validity, type OrderCommand } from '../book/order-types.ts';
import { EventRecorder, type BookEvent } from './book-events.ts';
import { OrderBook, type BookConfig } from './order-book.ts';

/** Test fixture: a book around ₹100.00 with a 0.05 tick and a 20% band, recording its events. */
export function bookFixture(overrides: Partial<BookConfig> = {}): { book: OrderBook; recorder: EventRecorder } {
  const book = new OrderBook({ tickSize: 5, lowerBand: 8000, upperBand: 12000, previousClose: 10000, ...overrides });
  const recorder = new EventRecorder();
  book.listener = recorder;
  return { book, recorder };
}

type Extra = Partial<OrderCommand>;

export function buy(book: OrderBook, quantity: number, price: number, extra: Extra = {}): number {
  return book.submit(newOrderCommand({ side: Side.Buy, quantity, price, ...extra }));
}

export function sell(book: OrderBook, quantity: number, price: number, extra: Extra = {}): number {
  return book.submit(newOrderCommand({ side: Side.Sell, quantity, price, ...extra }));
}

export function marketBuy(book: OrderBook, quantity: number, extra: Extra = {}): number {
  return book.submit(newOrderCommand({ side: Side.Buy, quantity, type: OrderType.Market, ...extra }));
}

export function marketSell(book: OrderBook, quantity: number, extra: Extra = {}): number {
  return book.submit(newOrderCommand({ side: Side.Sell, quantity, type: OrderType.Market, ...extra }));
}

export const ioc = { validity: Validity.Ioc } as const;

function rupees(units: number): string {
  return (units / 100).toFixed(2);
}

/**
 * The book as a small depth table, one row per level: "bidOrders bidQty bidPrice | askPrice askQty askOrders",
 * dashes where a side has fewer levels (trading.md 2.9).
 */
export function depthRows(book: OrderBook, levels = 5): string[] {
  const { bids, asks } = book.depth(levels);
  const rows: string[] = [];
  for (let i = 0; i < Math.max(bids.length, asks.length); i++) {
    const bid = bids[i];
    const ask = asks[i];
    const left = bid ? `${bid.orders} ${bid.quantity} ${rupees(bid.price)}` : '-';
    const right = ask ? `${rupees(ask.price)} ${ask.quantity} ${ask.orders}` : '-';
    rows.push(`${left} | ${right}`);
  }
  return rows;
}

export function tradesOf(events: BookEvent[]): string[] {
  return events.flatMap((e) =>
    e.kind === 'traded' ? [`${e.quantity} @ ${rupees(e.price)} buy#${e.buyOrderId} sell#${e.sellOrderId}`] : [],
  );
}

export function kinds(events: BookEvent[]): string[] {
  return events.map((e) => e.kind);
}
