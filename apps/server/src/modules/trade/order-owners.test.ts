import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentOfPrice } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { OWNER_KEPT_AFTER_CLOSE_MS } from '../../services/oms/oms-core.ts';
import { orderPayload, orderRow, quoteOf, rupees, symOf } from './order-test-support.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';

// The soak (bench/src/soak.ts) found the OMS keeping the owner of every order it ever sent: memory grew with orders.
describe('the owners of closed orders are forgotten a while after their last report', () => {
  let t: TestApp;
  let demo1: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  const place = async (fields: Record<string, unknown>, headers?: Record<string, string>) => {
    const sym = symOf(t, 'NSE', 'RELIANCE-EQ');
    const answer = await t.call<OrderAnswer>('/Trade/AddOrder', orderPayload(sym, { prdType: 'INTRADAY', ...fields }), {
      cookie: demo1,
      ...(headers ? { headers } : {}),
    });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.orderId;
  };

  it('keeps open and recently closed orders, forgets closed ones after OWNER_KEPT_AFTER_CLOSE_MS, and still routes the open ones', async () => {
    const before = t.app.oms.ownedOrders;
    const key = { 'idempotency-key': 'owners-1' };
    const executed = await place({ ordType: 'market' }, key);
    expect((await orderRow(t, executed)).status).toBe('EXECUTED');
    const last = quoteOf(t, symOf(t, 'NSE', 'RELIANCE-EQ')).lastPrice;
    const resting = await place({ ordType: 'limit', limitPrice: rupees(percentOfPrice(last, 97, 10, 'down')) });
    expect((await orderRow(t, resting)).status).toBe('OUTSTANDING');
    expect(t.app.oms.ownedOrders).toBe(before + 2);

    // Within the minute, a retry with the key answers the same order and sends nothing.
    expect(await place({ ordType: 'market' }, key)).toBe(executed);
    expect(t.app.oms.ownedOrders).toBe(before + 2);

    t.app.clock.set(t.app.clock.now() + OWNER_KEPT_AFTER_CLOSE_MS + 1_000);
    const later = await place({ ordType: 'market' });
    expect((await orderRow(t, later)).status).toBe('EXECUTED');
    // The first market order is forgotten; the resting one and the one just closed are kept.
    expect(t.app.oms.ownedOrders).toBe(before + 2);

    // The resting order's reports still reach its row.
    const sym = symOf(t, 'NSE', 'RELIANCE-EQ');
    const cancel = await t.call('/Trade/CancelOrder', { sym, orderId: resting }, { cookie: demo1 });
    expect(cancel.infoID, cancel.infoMsg).toBe('0');
    await t.app.oms.settled();
    expect((await orderRow(t, resting)).status).toBe('CANCELLED');
  });
});
