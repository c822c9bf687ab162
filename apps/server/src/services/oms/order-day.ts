import { istDay, istMinuteOfDay, sessionWindows, type Exchange, type TradingCalendar } from '@kite/exchange';
import type { OrderRecord } from './order-record.ts';

/**
 * The trading day (IST day number) an order was placed for: its placement day, or for an AMO placed after its
 * exchange's continuous session closed (NSE's at 15:30, MCX's late at night), the next trading day (chosen; the spec is
 * silent). Restart and the end of day expire an order only once its day has passed, so an AMO placed in the evening
 * waits for the next open.
 */
export function orderDay(
  calendar: TradingCalendar,
  order: Pick<OrderRecord, 'createdAt' | 'isAmo' | 'exchange'>,
): number {
  const placed = order.createdAt.getTime();
  const day = istDay(placed);
  if (!order.isAmo || !calendar.isTradingDay(day)) return calendar.onOrAfter(day);
  const windows = sessionWindows(order.exchange as Exchange, day).filter((w) => w.phase === 'open');
  const close = Math.max(...windows.map((w) => w.end));
  return istMinuteOfDay(placed) >= close ? calendar.next(day) : day;
}
