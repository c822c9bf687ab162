import type { CalendarDay } from '@kite/domain';
import { isoDate, istDay, weekdayOf, type Market } from '@kite/exchange';

const INDEX_DERIVATIVES = new Set(['FUTIDX', 'OPTIDX']);
const STOCK_DERIVATIVES = new Set(['FUTSTK', 'OPTSTK']);

/** Expiry labels by IST day: each index underlying by name and exchange, stock derivatives as one entry per exchange. */
function expiriesByDay(market: Market): Map<number, Set<string>> {
  const byDay = new Map<number, Set<string>>();
  for (const contract of market.registry.all()) {
    if (contract.expiryDay === null) continue;
    const label = INDEX_DERIVATIVES.has(contract.instr)
      ? `${contract.symbol} (${contract.exc})`
      : STOCK_DERIVATIVES.has(contract.instr)
        ? `Stock F&O (${contract.exc})`
        : null;
    if (!label) continue;
    const labels = byDay.get(contract.expiryDay) ?? new Set<string>();
    labels.add(label);
    byDay.set(contract.expiryDay, labels);
  }
  return byDay;
}

/** Every day from the start of this week (Monday) for the weeks asked, with its trading status and expiries. */
export function marketCalendar(market: Market, now: number, weeks: number): { today: string; days: CalendarDay[] } {
  const today = istDay(now);
  const monday = today - ((weekdayOf(today) + 6) % 7);
  const expiries = expiriesByDay(market);
  const days: CalendarDay[] = [];
  for (let day = monday; day < monday + weeks * 7; day++) {
    const weekday = weekdayOf(day);
    const trading = market.calendar.isTradingDay(day);
    days.push({
      date: isoDate(day),
      weekday,
      trading,
      holiday: !trading && weekday !== 0 && weekday !== 6,
      expiries: [...(expiries.get(day) ?? [])].sort(),
    });
  }
  return { today: isoDate(today), days };
}
