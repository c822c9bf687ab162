import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDate, istDay, istInstant } from '@kite/exchange';
import {
  displayDate,
  planPeriod,
  type MasterSubscriptionPlan,
  type MyTradingPlan,
  type SubscriptionResult,
} from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { clientState } from '../../reliability/client-state.ts';
import { fundsOf, orderPayload, rupees, symOf } from '../trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { renewDuePlans } from './plan.service.ts';

const PLAN_TABLES = ['client_plans', 'client_plan_history', 'client_funds', 'ledger_entries'] as const;
const dash = (day: number) => isoDate(day).split('-').reverse().join('-');
/** The dd/mm/yyyy clients see: how the plan's messages write a date inside a sentence. */
const slash = (day: number) => isoDate(day).split('-').reverse().join('/');

describe('/Business/* trading plan calls (investing.md 7 "Trading plan") against PostgreSQL', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  let today: number;

  const plan = async (cookie = demo1) => {
    const answer = await t.call<MyTradingPlan>('/Business/MyTradingPlan', {}, { cookie });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data;
  };
  const subscribe = (planId: string, cookie = demo1) =>
    t.call<SubscriptionResult>('/Business/SubscriptionReq', { planId }, { cookie });
  const subscribed = async (planId: string) => {
    const answer = await subscribe(planId);
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data;
  };
  const ledger = async () => (await fundsOf(t, 'DEMO1')).ledger;
  const history = async () => {
    const { rows } = await t.db.query<{ action: string; plan_id: string; amount_paise: number; gst_paise: number }>(
      `SELECT h.action, h.plan_id, h.amount_paise, h.gst_paise FROM client_plan_history h
         JOIN clients c ON c.id = h.client_id WHERE c.user_id = 'DEMO1' ORDER BY h.id`,
    );
    return rows;
  };
  /** An intraday market buy of 100 RELIANCE: its trade's brokerage in paise. */
  const intradayBrokerage = async () => {
    const sym = symOf(t, 'NSE', 'RELIANCE-EQ');
    const placed = await t.call<{ orderId: string }>(
      '/Trade/AddOrder',
      orderPayload(sym, { ordType: 'market', qty: '100', prdType: 'INTRADAY' }),
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    await t.app.oms.settled();
    const { rows } = await t.db.query<{ brokerage: string }>(
      `SELECT (t.charges_detail->>'brokerage') AS brokerage FROM trades t JOIN orders o ON o.id = t.order_id
        WHERE o.order_no = $1`,
      [placed.data.orderId],
    );
    expect(rows).toHaveLength(1);
    return Number(rows[0]!.brokerage);
  };
  const estimatedBrokerage = async () => {
    const answer = await t.call<{ charges: { brokerage: string } }>(
      '/Trade/Charges',
      {
        exchange: 'NSE',
        segment: 'equity',
        transactionType: 'BUY',
        quantity: '100',
        price: '1500.00',
        product: 'INTRADAY',
        instrumentType: 'STK',
        symbol: 'RELIANCE-EQ',
      },
      { cookie: demo1 },
    );
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.charges.brokerage;
  };

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    today = istDay(Date.now());
    t.app.clock.set(istInstant(today, 11));
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  it('refuses a client without the plan permission (PLN002) on every call, changing nothing', async () => {
    const before = await clientState(t.db, 'DEMO2', PLAN_TABLES);
    for (const [path, data] of [
      ['/Business/MyTradingPlan', {}],
      ['/Business/MasterSubscriptionPlan', {}],
      ['/Business/SubscriptionReq', { planId: 'EQ500^I^Y' }],
    ] as const) {
      const answer = await t.call(path, data, { cookie: demo2 });
      expect(answer.infoID, path).toBe('PLN002');
    }
    expect(await clientState(t.db, 'DEMO2', PLAN_TABLES)).toEqual(before);
  });

  it('lists the plans on offer with GST and the intraday exposure factors', async () => {
    const answer = await t.call<MasterSubscriptionPlan>('/Business/MasterSubscriptionPlan', {}, { cookie: demo1 });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(answer.data.EQ_plan_detail.map((p) => [p.plan_id, p.plan_amount, p.popularity_flag])).toEqual([
      ['EQ500', '500.00', 'Y'],
      ['EQ999', '999.00', 'N'],
    ]);
    expect(answer.data.FO_plan_detail.map((p) => [p.plan_id, p.plan_amount])).toEqual([['FO250', '250.00']]);
    expect(answer.data.GST_percent).toBe('18.00');
    expect([answer.data.intraday_exposure_factor_EQ, answer.data.intraday_exposure_factor_FO]).toEqual(['5', '1']);
  });

  it('DEMO1 starts without a plan and pays the standard brokerage (Rs 20 on a large intraday order)', async () => {
    const data = await plan();
    expect(data.eacc_flag).toBe('Y');
    expect(data.plan_detail.EQ_plan_detail.plan_id).toBe('');
    expect(data.plan_detail.EQ_plan_detail.message).toBe('You have not subscribed to the equity plan.');
    expect(data.plan_detail.FO_plan_detail.plan_id).toBe('');
    expect(await intradayBrokerage()).toBe(2_000);
    expect(await estimatedBrokerage()).toBe('20.00');
  });

  it('refuses unreadable requests (PLN001) and changes nothing', async () => {
    const before = await clientState(t.db, 'DEMO1', PLAN_TABLES);
    for (const planId of [
      'EQ500',
      'EQ500^X^Y',
      'NOPLAN^I^Y',
      'FO250^U^Y',
      'FO250^OI^N',
      'EQ500^I^Y|EQ999^I^Y',
      'EQ500^I^Y|',
    ])
      expect((await subscribe(planId)).infoID, planId).toBe('PLN001');
    expect((await t.call('/Business/SubscriptionReq', { planId: '' }, { cookie: demo1 })).infoID).toBe('EGN001');
    expect(await clientState(t.db, 'DEMO1', PLAN_TABLES)).toEqual(before);
  });

  it('answers result F for a change that needs a current plan, changing nothing', async () => {
    const before = await clientState(t.db, 'DEMO1', PLAN_TABLES);
    for (const planId of ['EQ999^U^Y', 'EQ500^D^Y', 'EQ500^O^N', 'EQ500^OI^N', 'FO250^O^N']) {
      const data = await subscribed(planId);
      expect(data, planId).toEqual({ result: 'F', message: 'You have no plan of this type to change.' });
    }
    expect(await clientState(t.db, 'DEMO1', PLAN_TABLES)).toEqual(before);
  });

  it('subscribes the equity plan: Rs 500 + 18% GST from the ledger, valid a calendar month from today', async () => {
    const before = await ledger();
    expect(await subscribed('EQ500^I^Y')).toEqual({
      result: 'S',
      message: 'Your subscription request has been processed successfully.',
    });
    expect(before - (await ledger())).toBe(59_000);
    const period = planPeriod(today);
    const eq = (await plan()).plan_detail.EQ_plan_detail;
    expect(eq).toEqual({
      plan_id: 'EQ500',
      plan_amount: '500.00',
      plan_start_date: dash(period.start),
      plan_end_date: dash(period.end),
      plan_renew_date: dash(period.renew),
      auto_renewal_flag: 'Y',
      message: `Your plan renews on ${slash(period.renew)}.`,
    });
    const { rows } = await t.db.query<{ amount_paise: number; ref_type: string }>(
      `SELECT amount_paise, ref_type FROM ledger_entries l JOIN clients c ON c.id = l.client_id
        WHERE c.user_id = 'DEMO1' AND ref_type = 'PLAN'`,
    );
    expect(rows).toEqual([{ amount_paise: -59_000, ref_type: 'PLAN' }]);
    expect((await history()).at(-1)).toMatchObject({
      action: 'SUBSCRIBE',
      plan_id: 'EQ500',
      amount_paise: 50_000,
      gst_paise: 9_000,
    });
  });

  it('under the plan an executed intraday order pays Rs 0.01 brokerage, and the estimate says so', async () => {
    expect(await intradayBrokerage()).toBe(1);
    expect(await estimatedBrokerage()).toBe('0.01');
  });

  it('the same plan again changes nothing and charges nothing', async () => {
    const before = await clientState(t.db, 'DEMO1', PLAN_TABLES);
    expect(await subscribed('EQ500^I^Y')).toEqual({ result: 'S', message: 'You have made no changes in the plan' });
    expect(await clientState(t.db, 'DEMO1', PLAN_TABLES)).toEqual(before);
  });

  it('upgrades at once paying the difference with GST; a U that is not higher is result F', async () => {
    const before = await ledger();
    expect((await subscribed('EQ999^U^Y')).result).toBe('S');
    expect(before - (await ledger())).toBe(49_900 + 8_982);
    expect((await plan()).plan_detail.EQ_plan_detail.plan_id).toBe('EQ999');
    expect(await subscribed('EQ500^U^Y')).toEqual({
      result: 'F',
      message: 'The chosen plan is not higher than your current plan.',
    });
  });

  it('downgrades on expiry without a charge', async () => {
    const before = await ledger();
    expect((await subscribed('EQ500^D^Y')).result).toBe('S');
    expect(await ledger()).toBe(before);
    const eq = (await plan()).plan_detail.EQ_plan_detail;
    expect(eq.plan_id).toBe('EQ999');
    expect(eq.message).toBe(`Your plan changes to Rs 500.00 plan from ${displayDate(eq.plan_renew_date)}.`);
  });

  it('writes the amounts of a refusal for want of funds in lakh grouping (investing.md 9)', async () => {
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM clients WHERE user_id = 'DEMO1'");
    const id = rows[0]!.id;
    const saved = await ledger();
    // An F&O plan of Rs 1,000 for this test: Rs 1,180.00 with GST, more than the Rs 1,000 left in the ledger.
    await t.db.query("UPDATE trading_plans SET amount_paise = 100000 WHERE plan_id = 'FO250'");
    await t.db.query('UPDATE client_funds SET ledger_balance_paise = 100000 WHERE client_id = $1', [id]);
    const data = await subscribed('FO250^I^N');
    await t.db.query("UPDATE trading_plans SET amount_paise = 25000 WHERE plan_id = 'FO250'");
    await t.db.query('UPDATE client_funds SET ledger_balance_paise = $2 WHERE client_id = $1', [id, saved]);
    expect(data.result).toBe('F');
    expect(data.message).toMatch(/^Insufficient funds: Rs 1,180\.00 is needed and Rs [\d,]+\.\d{2} is available\./);
  });

  it('refuses the F&O plan when funds are short (result F with the amounts) and changes nothing', async () => {
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM clients WHERE user_id = 'DEMO1'");
    const id = rows[0]!.id;
    const saved = await ledger();
    await t.db.query('UPDATE client_funds SET ledger_balance_paise = 10000 WHERE client_id = $1', [id]);
    const before = await clientState(t.db, 'DEMO1', PLAN_TABLES);
    const data = await subscribed('FO250^I^N');
    expect(data.result).toBe('F');
    expect(data.message).toMatch(/^Insufficient funds: Rs 295\.00 is needed and Rs [\d.]+ is available\./);
    expect(await clientState(t.db, 'DEMO1', PLAN_TABLES)).toEqual(before);
    await t.db.query('UPDATE client_funds SET ledger_balance_paise = $2 WHERE client_id = $1', [id, saved]);
    expect((await subscribed('FO250^I^N')).result).toBe('S');
    const fo = (await plan()).plan_detail.FO_plan_detail;
    expect(fo).toMatchObject({ plan_id: 'FO250', auto_renewal_flag: 'N', plan_end_date: dash(planPeriod(today).end) });
    expect(fo.message).toBe(`Auto renewal is off: renew your plan by ${slash(planPeriod(today).end)}.`);
  });

  it('at expiry the equity plan renews as the downgrade plan and the F&O plan without auto renewal lapses', async () => {
    const renewDay = planPeriod(today).renew;
    t.app.clock.set(istInstant(renewDay, 9));
    const before = await ledger();
    expect(await renewDuePlans(t.db, isoDate(renewDay))).toBe(2);
    expect(before - (await ledger())).toBe(59_000);
    const data = await plan();
    expect(data.plan_detail.EQ_plan_detail).toMatchObject({
      plan_id: 'EQ500',
      plan_start_date: dash(renewDay),
      plan_end_date: dash(planPeriod(renewDay).end),
    });
    expect(data.plan_detail.FO_plan_detail.plan_id).toBe('');
    expect((await history()).slice(-2).map((h) => h.action)).toEqual(['RENEW', 'LAPSE']);
  });

  it('unsubscribes now (OI): the plan ends at once, nothing is refunded, brokerage is standard again', async () => {
    const before = await ledger();
    expect((await subscribed('EQ500^OI^N')).result).toBe('S');
    expect(await ledger()).toBe(before);
    expect((await plan()).plan_detail.EQ_plan_detail.plan_id).toBe('');
    expect(await estimatedBrokerage()).toBe('20.00');
  });

  it('unsubscribes on expiry (O): the plan runs to its end, then lapses without a charge', async () => {
    expect((await subscribed('EQ500^I^Y')).result).toBe('S');
    expect((await subscribed('EQ500^O^N')).result).toBe('S');
    const eq = (await plan()).plan_detail.EQ_plan_detail;
    expect(eq.auto_renewal_flag).toBe('N');
    expect(eq.message).toBe(`Your plan ends on ${displayDate(eq.plan_end_date)} and will not be renewed.`);
    const start = istDay(t.app.clock.now());
    const after = planPeriod(start).renew;
    t.app.clock.set(istInstant(after, 10));
    const before = await ledger();
    expect((await plan()).plan_detail.EQ_plan_detail.plan_id).toBe('');
    expect(await ledger()).toBe(before);
    expect((await history()).at(-1)?.action).toBe('LAPSE');
  });

  it('an auto renewal the funds cannot cover lapses', async () => {
    expect((await subscribed('EQ500^I^Y')).result).toBe('S');
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM clients WHERE user_id = 'DEMO1'");
    await t.db.query('UPDATE client_funds SET ledger_balance_paise = 100 WHERE client_id = $1', [rows[0]!.id]);
    const renewDay = planPeriod(istDay(t.app.clock.now())).renew;
    t.app.clock.set(istInstant(renewDay, 10));
    expect((await plan()).plan_detail.EQ_plan_detail.plan_id).toBe('');
    expect(await ledger()).toBe(100);
    expect((await history()).at(-1)?.action).toBe('LAPSE');
    expect(rupees(await ledger())).toBe('1.00');
  });
});
