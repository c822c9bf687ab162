import { IST_OFFSET_MS, TradingCalendar, daysFromCivil } from '@kite/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { orderPayload, orderRow, priceOffLast, rupees, symOf } from '../../modules/trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { endOfDay, squareOffIntraday } from './end-of-day.ts';
import { EndOfDaySchedule, endOfDayDue, firstOpenAt, lastCloseAt } from './end-of-day-schedule.ts';

const calendar = new TradingCalendar();
/** Epoch ms of an IST wall-clock time. */
const ist = (year: number, month: number, day: number, hour: number, minute = 0) =>
  Date.UTC(year, month - 1, day, hour, minute) - IST_OFFSET_MS;
// 2026-11-27 is a Friday; US daylight saving is over, so MCX closes at 23:55.
const thursday = daysFromCivil(2026, 11, 26);
const friday = daysFromCivil(2026, 11, 27);

describe('when the end of day is due', () => {
  it("falls after the day's last close (MCX's) and lapses when the next trading day opens", () => {
    expect(lastCloseAt(friday)).toBe(ist(2026, 11, 27, 23, 55));
    expect(lastCloseAt(daysFromCivil(2026, 7, 3))).toBe(ist(2026, 7, 3, 23, 30));
    expect(firstOpenAt(friday)).toBe(ist(2026, 11, 27, 9));
    // Thursday's runs until Friday's first session opens; none while Friday trades; Friday's from its last close.
    expect(endOfDayDue(ist(2026, 11, 27, 8, 59), calendar)).toBe(thursday);
    expect(endOfDayDue(ist(2026, 11, 27, 9), calendar)).toBeNull();
    expect(endOfDayDue(ist(2026, 11, 27, 23, 54), calendar)).toBeNull();
    expect(endOfDayDue(ist(2026, 11, 27, 23, 55), calendar)).toBe(friday);
    // Over the weekend and until Monday's open, Friday's.
    expect(endOfDayDue(ist(2026, 11, 29, 12), calendar)).toBe(friday);
    expect(endOfDayDue(ist(2026, 11, 30, 8, 59), calendar)).toBe(friday);
    expect(endOfDayDue(ist(2026, 11, 30, 9), calendar)).toBeNull();
    // A holiday Monday: Friday's waits for Tuesday's open.
    expect(endOfDayDue(ist(2026, 11, 30, 12), new TradingCalendar([daysFromCivil(2026, 11, 30)]))).toBe(friday);
  });
});

describe('the end-of-day schedule against PostgreSQL', () => {
  let t: TestApp;
  let demo1: string;

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it('runs the end of day once per trading day, a restart neither repeating nor missing it', async () => {
    const sym = symOf(t, 'NSE', 'SBIN-EQ');
    const placed = await t.call<{ orderId: string }>(
      '/Trade/AddOrder',
      orderPayload(sym, { limitPrice: rupees(priceOffLast(t, sym, 95)) }),
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    expect((await orderRow(t, placed.data.orderId)).status).toBe('OUTSTANDING');

    const runs: string[] = [];
    const schedule = () =>
      new EndOfDaySchedule(
        t.db,
        (tradingDate) => {
          runs.push(tradingDate);
          return endOfDay(t.app, t.app.oms, tradingDate);
        },
        () => calendar,
      );
    const first = schedule();
    // While a day trades, nothing runs.
    expect(await first.tick(ist(2026, 11, 27, 15))).toBeNull();
    expect((await orderRow(t, placed.data.orderId)).status).toBe('OUTSTANDING');

    const done = await first.tick(ist(2026, 11, 27, 23, 56));
    expect(done).toMatchObject({ tradingDate: '2026-11-27', report: { expiredOrders: 1 } });
    expect((await orderRow(t, placed.data.orderId)).status).toBe('CANCELLED');
    const { rows } = await t.db.query<{ expired_orders: number }>(
      "SELECT expired_orders FROM end_of_day_runs WHERE trading_date = '2026-11-27'",
    );
    expect(rows).toEqual([{ expired_orders: 1 }]);

    // Later ticks, and a restarted server's schedule, find it done.
    expect(await first.tick(ist(2026, 11, 28, 10))).toBeNull();
    expect(await schedule().tick(ist(2026, 11, 30, 8))).toBeNull();
    expect(runs).toEqual(['2026-11-27']);
  });

  it("squares off an exchange's intraday positions only when that exchange closes", async () => {
    const sym = symOf(t, 'NSE', 'INFY-EQ');
    const bought = await t.call<{ orderId: string }>(
      '/Trade/AddOrder',
      orderPayload(sym, { ordType: 'market', prdType: 'INTRADAY', qty: '3' }),
      { cookie: demo1 },
    );
    expect(bought.infoID, bought.infoMsg).toBe('0');
    expect((await orderRow(t, bought.data.orderId)).status).toBe('EXECUTED');
    const net = async () =>
      Number(
        (
          await t.db.query<{ net: string }>(
            `SELECT carry_qty + buy_qty - sell_qty AS net FROM positions p JOIN clients c ON c.id = p.client_id
              WHERE c.user_id = 'DEMO1' AND p.instrument_id = $1 AND p.product = 'INTRADAY'`,
            [sym.id],
          )
        ).rows[0]?.net ?? 0,
      );
    expect(await net()).toBe(3);
    // MCX closing squares off nothing of NSE's.
    expect(await squareOffIntraday(t.app, t.app.oms, ['MCX', 'CDS'])).toBe(0);
    expect(await net()).toBe(3);
    expect(await squareOffIntraday(t.app, t.app.oms, ['NSE'])).toBe(1);
    expect(await net()).toBe(0);
  });
});
