import { tradingText } from '@kite/domain';
import { daysFromCivil } from '@kite/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { fundsOf, orderPayload, orderRow, priceOffLast, quoteOf, rupees, symOf } from './order-test-support.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';
import { endOfDay } from '../../services/oms/end-of-day.ts';
import { FrozenClock } from '../../test/frozen-clock.ts';
import { istAt } from '../../test/ist-time.ts';

describe('orders with MARKET_HOURS=real while the market is closed', () => {
  let t: TestApp;
  let demo1: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off', MARKET_HOURS: 'real' });
    // Saturday: NSE is closed.
    t.app.clock.set(istAt('2026-11-21', 11, 0));
    demo1 = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it('a regular order is rejected with the reason and its block released; an AMO is queued at the exchange', async () => {
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const price = priceOffLast(t, sym, 98);
    const before = await fundsOf(t, 'DEMO1');
    const regular = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: '1', limitPrice: rupees(price) }),
      { cookie: demo1 },
    );
    expect(regular.infoID, regular.infoMsg).toBe('0');
    expect(await orderRow(t, regular.data.orderId)).toMatchObject({
      status: 'REJECTED',
      reject_reason: tradingText.exchange.rejected.marketClosed,
    });
    expect(await fundsOf(t, 'DEMO1')).toEqual(before);

    const amo = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: '1', limitPrice: rupees(price), isAmo: true }),
      { cookie: demo1 },
    );
    expect(amo.infoID, amo.infoMsg).toBe('0');
    expect(await orderRow(t, amo.data.orderId)).toMatchObject({
      status: 'OUTSTANDING',
      is_amo: true,
      blocked_margin_paise: price,
    });
  });
});

const MONDAY = '2026-11-30';

describe('an AMO placed after the close, at the end of that day (MARKET_HOURS=real)', () => {
  let t: TestApp;
  let demo1: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off', MARKET_HOURS: 'real' });
    // Monday: NSE is open.
    t.app.clock.set(istAt(MONDAY, 11, 0));
    demo1 = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it("stays for the next day's open, while the day's own resting order expires", async () => {
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const price = priceOffLast(t, sym, 98);
    const place = (fields: Record<string, unknown>) =>
      t.call<OrderAnswer>('/Trade/AddOrder', orderPayload(sym, { qty: '1', limitPrice: rupees(price), ...fields }), {
        cookie: demo1,
      });
    const day = await place({});
    expect(day.infoID, day.infoMsg).toBe('0');
    expect(await orderRow(t, day.data.orderId)).toMatchObject({ status: 'OUTSTANDING' });

    // 17:00 IST, after NSE's close: an AMO for Tuesday's open. (A row's created_at is the database's time, not the
    // test's clock: each order is dated to the time it stands for.)
    const at = istAt(MONDAY, 17, 0);
    t.app.clock.set(at);
    const amo = await place({ isAmo: true });
    expect(amo.infoID, amo.infoMsg).toBe('0');
    const dated = async (orderNo: string, time: number) =>
      t.db.query('UPDATE orders SET created_at = $2 WHERE id = order_id_of($1) AND order_no = $1', [
        orderNo,
        new Date(time),
      ]);
    await dated(day.data.orderId, istAt(MONDAY, 11, 0));
    await dated(amo.data.orderId, at);
    // One placed at 15:00 IST, before the close, is Monday's.
    const early = await place({ isAmo: true });
    await dated(early.data.orderId, istAt(MONDAY, 15, 0));

    // 23:58 IST, every session closed: Monday's end of day.
    t.app.clock.set(istAt(MONDAY, 23, 58));
    await endOfDay(t.app, t.app.oms, MONDAY);
    expect(await orderRow(t, day.data.orderId)).toMatchObject({ status: 'CANCELLED' });
    expect(await orderRow(t, early.data.orderId)).toMatchObject({ status: 'CANCELLED', blocked_margin_paise: 0 });
    expect(await orderRow(t, amo.data.orderId)).toMatchObject({
      status: 'OUTSTANDING',
      is_amo: true,
      blocked_margin_paise: price,
    });
  });
});

describe("an AMO on a contract after its expiry day's close (MARKET_HOURS=real)", () => {
  let t: TestApp;
  let demo1: string;
  beforeAll(async () => {
    // Tuesday 1-Dec-2026, 16:00 IST: NIFTY's weekly options expire today and F&O has closed. (The market lists the
    // clock's day when built.)
    t = await createSeededApp({ MARKET_SIM: 'off', MARKET_HOURS: 'real' }, new FrozenClock(istAt('2026-12-01', 16, 0)));
    demo1 = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it('is rejected with the reason, as no session of the contract is left for it', async () => {
    const expiryDay = daysFromCivil(2026, 12, 1);
    const option = t.app.marketRuntime.market.registry
      .all()
      .find((i) => i.instr === 'OPTIDX' && i.symbol === 'NIFTY' && i.expiryDay === expiryDay)!;
    const sym = symOf(t, 'NFO', option.trSymbol);
    const before = await fundsOf(t, 'DEMO1');
    const amo = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, {
        qty: String(option.lot),
        limitPrice: rupees(quoteOf(t, sym).lastPrice),
        prdType: 'CARRY FORWARD',
        isAmo: true,
      }),
      { cookie: demo1 },
    );
    expect(amo.infoID, amo.infoMsg).toBe('0');
    expect(await orderRow(t, amo.data.orderId)).toMatchObject({
      status: 'REJECTED',
      reject_reason: tradingText.exchange.rejected.contractExpiring,
    });
    expect(await fundsOf(t, 'DEMO1')).toEqual(before);
  });
});
