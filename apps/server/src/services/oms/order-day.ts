import { istDay, nextSessionDay, type Exchange, type TradingCalendar } from '@kite/exchange';
import type { OrderRecord } from './order-record.ts';

/**
 * The trading day (IST day number) an order was placed for: its placement day, or for an AMO the day of its exchange's
 * next session (after the exchange's close, the next trading day's; chosen, the spec is silent). Restart and the end of
 * day expire an order only once its day has passed, so an AMO placed in the evening waits for the next open.
 */
export function orderDay(
  calendar: TradingCalendar,
  order: Pick<OrderRecord, 'createdAt' | 'isAmo' | 'exchange'>,
): number {
  const placed = order.createdAt.getTime();
  if (order.isAmo) return nextSessionDay(order.exchange as Exchange, placed, calendar);
  return calendar.onOrAfter(istDay(placed));
}
