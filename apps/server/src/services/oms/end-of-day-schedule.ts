import { EXCHANGES, isoDate, istDay, istInstant, sessionWindows, type TradingCalendar } from '@kite/exchange';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool.ts';
import { endOfDay, type EndOfDayReport } from './end-of-day.ts';
import type { Oms } from './oms.ts';

const TICK_MS = 60_000;

/** The instant IST day `day`'s last session closes, on every exchange (MCX's, late at night). */
export function lastCloseAt(day: number): number {
  const minute = Math.max(...EXCHANGES.flatMap((exchange) => sessionWindows(exchange, day).map((w) => w.end)));
  return istInstant(day, 0, minute);
}

/** The instant IST day `day`'s first session opens (pre-open included), on any exchange. */
export function firstOpenAt(day: number): number {
  const minute = Math.min(...EXCHANGES.flatMap((exchange) => sessionWindows(exchange, day).map((w) => w.start)));
  return istInstant(day, 0, minute);
}

/**
 * The trading day whose end of day may run at `now`: the latest one whose every session has closed, as long as the
 * next trading day's first session has not opened (an end of day run then would expire that day's orders and square
 * off its positions). Null between that opening and the day's last close.
 */
export function endOfDayDue(now: number, calendar: TradingCalendar): number | null {
  const today = istDay(now);
  const day = calendar.isTradingDay(today) && now >= lastCloseAt(today) ? today : calendar.previous(today);
  return now < firstOpenAt(calendar.next(day)) ? day : null;
}

/**
 * MARKET_HOURS=real: the end of day (end-of-day.ts) of each trading day, once, after its last session closes. A run is
 * recorded in end_of_day_runs after it finishes, so a restart neither repeats it nor (until the next day opens)
 * misses it; a crash during it runs it again, which finds the orders already expired and the positions already rolled.
 */
export class EndOfDaySchedule {
  constructor(
    private readonly db: Db,
    private readonly run: (tradingDate: string) => Promise<EndOfDayReport>,
    private readonly calendar: () => TradingCalendar,
  ) {}

  /** Runs the end of day due at `now` unless it has run; answers its trading date and report, or null. */
  async tick(now: number): Promise<{ tradingDate: string; report: EndOfDayReport } | null> {
    const day = endOfDayDue(now, this.calendar());
    if (day === null) return null;
    const tradingDate = isoDate(day);
    const { rowCount } = await this.db.query('SELECT 1 FROM end_of_day_runs WHERE trading_date = $1', [tradingDate]);
    if (rowCount) return null;
    const report = await this.run(tradingDate);
    await this.db.query(
      `INSERT INTO end_of_day_runs (trading_date, expired_orders, squared_off, holdings_changed, carried)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (trading_date) DO NOTHING`,
      [tradingDate, report.expiredOrders, report.squaredOff, report.holdingsChanged, report.carried],
    );
    return { tradingDate, report };
  }
}

/** Ticks the end-of-day schedule every minute while the server runs (MARKET_HOURS=real). */
export function startEndOfDaySchedule(app: FastifyInstance, oms: Oms): NodeJS.Timeout {
  const schedule = new EndOfDaySchedule(
    app.db,
    (tradingDate) => endOfDay(app, oms, tradingDate),
    () => oms.market.calendar,
  );
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    schedule
      .tick(app.clock.now())
      .then((done) => {
        if (done) app.log.info(done, 'end of day');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'end of day'))
      .finally(() => {
        running = false;
      });
  }, TICK_MS);
  timer.unref();
  return timer;
}
