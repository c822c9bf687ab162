import { describe, expect, it } from 'vitest';
import { orderEventsOf } from './order-events.ts';

describe("an order's log", () => {
  const now = { quantity: 12, price: 9_900, triggerPrice: 0, disclosedQty: 0, validity: 'DAY' };

  it('gives each event the values the order had then, taken back through the modifications after it', () => {
    const events = orderEventsOf(
      [
        { action: 'NEW', status: 'REQUEST SENT', at: 1 },
        { action: 'ACCEPTED', status: 'OUTSTANDING', at: 2 },
        { action: 'MODIFIED', status: 'OUTSTANDING', at: 3, was: { quantity: 10, price: 10_000, triggerPrice: 0 } },
        { action: 'MODIFIED', status: 'OUTSTANDING', at: 4, was: { quantity: 10, price: 9_950, triggerPrice: 0 } },
        { action: 'CANCEL', status: 'CANCELLED', at: 5, reason: 'Cancelled by you' },
      ],
      now,
    );
    expect(events.map((e) => [e.action, e.quantity, e.price])).toEqual([
      ['NEW', 10, 10_000],
      ['ACCEPTED', 10, 10_000],
      ['MODIFIED', 10, 9_950],
      ['MODIFIED', 12, 9_900],
      ['CANCEL', 12, 9_900],
    ]);
    expect(events.map((e) => e.reason)).toEqual(['', '', '', '', 'Cancelled by you']);
    expect(events.every((e) => e.validity === 'DAY' && e.disclosedQty === 0)).toBe(true);
  });

  it('is empty for an order without events', () => {
    expect(orderEventsOf([], now)).toEqual([]);
  });
});
