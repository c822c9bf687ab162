import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { fundsOf, orderPayload, orderRow, priceOffLast, rupees, symOf } from './order-test-support.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';

describe('orders with MARKET_HOURS=real while the market is closed', () => {
  let t: TestApp;
  let demo1: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off', MARKET_HOURS: 'real' });
    // Saturday 21-Nov-2026, 11:00 IST: NSE is closed.
    t.app.clock.set(Date.UTC(2026, 10, 21, 5, 30));
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
      reject_reason: 'Market is closed. Place an After Market Order (AMO) instead',
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
