import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';
import { fundsOf, orderPayload, priceOffLast, rupees, symOf } from '../../modules/trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';

/**
 * trading.md 6: margin trading (MTF, product MARGIN) only on an exchange enabled for the client. DEMO2's
 * mta_nse_permission is N: a funded buy through the API (past the order dialog's activation prompt) is refused, blocks
 * nothing and leaves no order; DEMO1 (enabled) places the same order.
 */
describe('margin-trading buys need the exchange enabled for the client', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  const mtfBuy = () => {
    const sym = symOf(t, 'NSE', 'RELIANCE-EQ');
    // 5% under the last price: it rests in the book.
    return orderPayload(sym, { prdType: 'MARGIN', qty: '10', limitPrice: rupees(priceOffLast(t, sym, 95, 'down')) });
  };

  it('DEMO2 (MTF not active on NSE): ORD013, nothing blocked, no order', async () => {
    const before = await fundsOf(t, 'DEMO2');
    const answer = await t.call('/Trade/AddOrder', mtfBuy(), { cookie: demo2 });
    expect(answer).toMatchObject({
      infoID: 'ORD013',
      infoMsg: 'Margin Trading Facility is not active for your account on this exchange.',
    });
    expect(await fundsOf(t, 'DEMO2')).toEqual(before);
    const { rows } = await t.db.query('SELECT 1 FROM orders WHERE client_id = $1', [await clientIdOf(t.db, 'DEMO2')]);
    expect(rows).toHaveLength(0);
  });

  it('DEMO1 (MTF active): the same buy is accepted and blocks its MTF margin', async () => {
    const before = await fundsOf(t, 'DEMO1');
    const answer = await t.call('/Trade/AddOrder', mtfBuy(), { cookie: demo1 });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect((await fundsOf(t, 'DEMO1')).blocked).toBeGreaterThan(before.blocked);
  });
});
