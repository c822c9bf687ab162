import { describe, expect, it } from 'vitest';
import { orderEventsOf, type OrderLogColumns, type StoredOrderEvent } from './order-events.ts';

describe("an order's log", () => {
  const row = (events: StoredOrderEvent[]): OrderLogColumns => ({
    events,
    placed_at: '1',
    quantity: '12',
    limit_price: '9900',
    trigger_price: '0',
    disclosed_qty: '0',
    validity: 'DAY',
  });

  it('gives each event the values the order had then, taken back through the modifications after it', () => {
    const events = orderEventsOf(
      row([
        ['ACCEPTED', 'OUTSTANDING', 2],
        ['MODIFIED', 'OUTSTANDING', 3, { quantity: 10, price: 10_000, triggerPrice: 0 }],
        ['MODIFIED', 'OUTSTANDING', 4, { quantity: 10, price: 9_950, triggerPrice: 0 }],
        ['CANCEL', 'CANCELLED', 5, 'Cancelled by you'],
      ]),
    );
    expect(events.map((e) => [e.action, e.status, e.at, e.quantity, e.price])).toEqual([
      ['NEW', 'REQUEST SENT', 1, 10, 10_000],
      ['ACCEPTED', 'OUTSTANDING', 2, 10, 10_000],
      ['MODIFIED', 'OUTSTANDING', 3, 10, 9_950],
      ['MODIFIED', 'OUTSTANDING', 4, 12, 9_900],
      ['CANCEL', 'CANCELLED', 5, 12, 9_900],
    ]);
    expect(events.map((e) => e.reason)).toEqual(['', '', '', '', 'Cancelled by you']);
    expect(events.every((e) => e.validity === 'DAY' && e.disclosedQty === 0)).toBe(true);
  });

  it("is its NEW event, at the row's creation, for an order with nothing stored", () => {
    expect(orderEventsOf(row([]))).toEqual([
      {
        action: 'NEW',
        status: 'REQUEST SENT',
        at: 1,
        reason: '',
        quantity: 12,
        price: 9_900,
        triggerPrice: 0,
        disclosedQty: 0,
        validity: 'DAY',
      },
    ]);
  });
});
