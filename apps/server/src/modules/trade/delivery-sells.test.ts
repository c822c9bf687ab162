import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingText } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';
import { fundsOf, orderPayload, orderRow, priceOffLast, rupees, symOf } from './order-test-support.ts';

/**
 * Delivery (CASH) sells take shares the client has: the demat's free shares and today's unsold purchases (IN DP), or
 * only today's unsold purchases NOT IN DP, unless the client may sell short on the exchange. DEMO2 (non-POA, no
 * short-sell permission) holds 100 SBIN; DEMO1 (every permission) holds 40 INFY.
 */
describe('delivery sells and the shares behind them', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  const orderCount = async () =>
    Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM orders')).rows[0]!.n);
  const sbin = () => symOf(t, 'NSE', 'SBIN-EQ');

  it('NOT IN DP without short-sell permission sells no more than was bought today, and changes nothing when refused', async () => {
    const before = { funds: await fundsOf(t, 'DEMO2'), orders: await orderCount() };
    // 1,000 SBIN NOT IN DP, holding 100 and having bought none today: it sold shares DEMO2 never had, and credited them.
    const refused = await t.call(
      '/Trade/AddOrder',
      orderPayload(sbin(), { ordAction: 'sell', ordType: 'market', qty: '1000', isinDp: 'false' }),
      { cookie: demo2 },
    );
    expect(refused).toMatchObject({ infoID: 'ORD008', infoMsg: tradingText.orderEntry.notInDpAboveBought });
    expect(await orderCount()).toBe(before.orders);
    expect(await fundsOf(t, 'DEMO2')).toEqual(before.funds);

    const bought = await t.call<OrderAnswer>('/Trade/AddOrder', orderPayload(sbin(), { ordType: 'market', qty: '5' }), {
      cookie: demo2,
    });
    expect(bought.infoID, bought.infoMsg).toBe('0');
    expect((await orderRow(t, bought.data.orderId)).status).toBe('EXECUTED');
    const sold = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sbin(), { ordAction: 'sell', ordType: 'market', qty: '5', isinDp: 'false' }),
      { cookie: demo2 },
    );
    expect(sold.infoID, sold.infoMsg).toBe('0');
    expect((await orderRow(t, sold.data.orderId)).status).toBe('EXECUTED');
    const more = await t.call(
      '/Trade/AddOrder',
      orderPayload(sbin(), { ordAction: 'sell', ordType: 'market', qty: '1', isinDp: 'false' }),
      { cookie: demo2 },
    );
    expect(more.infoID).toBe('ORD008');
  });

  it('a resting delivery sell grows only by shares there are to sell', async () => {
    const bought = await t.call<OrderAnswer>('/Trade/AddOrder', orderPayload(sbin(), { ordType: 'market', qty: '2' }), {
      cookie: demo2,
    });
    expect((await orderRow(t, bought.data.orderId)).status).toBe('EXECUTED');
    const limitPrice = rupees(priceOffLast(t, sbin(), 105));
    const resting = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sbin(), { ordAction: 'sell', qty: '2', limitPrice, isinDp: 'false' }),
      { cookie: demo2 },
    );
    expect(resting.infoID, resting.infoMsg).toBe('0');
    const orderId = resting.data.orderId;
    const modify = (qty: string) =>
      t.call(
        '/Trade/ModifyOrder',
        orderPayload(sbin(), { orderId, ordAction: 'sell', qty, limitPrice, isinDp: 'false' }),
        {
          cookie: demo2,
        },
      );
    // Its 2 are today's 2 bought; a third share would come from the demat, which needs e-DIS for this non-POA client.
    expect((await modify('3')).infoID).toBe('ORD008');
    expect(Number((await orderRow(t, orderId)).quantity)).toBe(2);
    expect((await modify('1')).infoID).toBe('0');
    expect(Number((await orderRow(t, orderId)).quantity)).toBe(1);
    expect((await modify('2')).infoID).toBe('0');
  });

  it("IN DP sells today's purchases beside the demat's shares", async () => {
    const infy = symOf(t, 'NSE', 'INFY-EQ');
    const bought = await t.call<OrderAnswer>('/Trade/AddOrder', orderPayload(infy, { ordType: 'market', qty: '5' }), {
      cookie: demo1,
    });
    expect((await orderRow(t, bought.data.orderId)).status).toBe('EXECUTED');
    const beyond = await t.call(
      '/Trade/AddOrder',
      orderPayload(infy, { ordAction: 'sell', ordType: 'market', qty: '46' }),
      { cookie: demo1 },
    );
    expect(beyond.infoID).toBe('ORD008');
    const all = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(infy, { ordAction: 'sell', ordType: 'market', qty: '45' }),
      { cookie: demo1 },
    );
    expect(all.infoID, all.infoMsg).toBe('0');
    expect((await orderRow(t, all.data.orderId)).status).toBe('EXECUTED');
  });

  it('a client allowed to sell short sells NOT IN DP beyond its shares', async () => {
    const tcs = symOf(t, 'NSE', 'TCS-EQ');
    const short = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(tcs, { ordAction: 'sell', ordType: 'market', qty: '25', isinDp: 'false' }),
      { cookie: demo1 },
    );
    expect(short.infoID, short.infoMsg).toBe('0');
  });
});
