import { IST_OFFSET_MS, TradingCalendar, daysFromCivil } from '@kite/exchange';
import { describe, expect, it } from 'vitest';
import { orderDay } from './order-day.ts';

const calendar = new TradingCalendar();
/** An order placed at an IST wall-clock time on November 2026's `date`. */
const placed = (exchange: string, isAmo: boolean, date: number, hour: number, minute = 0) => ({
  exchange,
  isAmo,
  createdAt: new Date(Date.UTC(2026, 10, date, hour, minute) - IST_OFFSET_MS),
});
// Friday 27-Nov-2026, Monday 30-Nov-2026.
const friday = daysFromCivil(2026, 11, 27);
const monday = daysFromCivil(2026, 11, 30);

describe('the trading day an order is for', () => {
  it("is the placement day for a regular order, and the next trading day's for one placed on a closed day", () => {
    expect(orderDay(calendar, placed('NSE', false, 27, 11))).toBe(friday);
    expect(orderDay(calendar, placed('NSE', false, 27, 20))).toBe(friday);
    expect(orderDay(calendar, placed('NSE', false, 28, 11))).toBe(monday);
  });

  it("is the day of its exchange's next session for an AMO", () => {
    expect(orderDay(calendar, placed('NSE', true, 27, 15, 29))).toBe(friday);
    expect(orderDay(calendar, placed('NSE', true, 27, 20))).toBe(monday);
    expect(orderDay(calendar, placed('MCX', true, 27, 20))).toBe(friday);
  });
});
