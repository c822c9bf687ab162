import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { fundsOf, orderPayload, symOf } from './order-test-support.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';

/**
 * trading.md 3 and 4.1: each segment has its own products. Before the fix an equity buy sent as CARRY FORWARD, SP or
 * L, or a futures buy sent as CASH, executed and opened a position under that product, which no screen can square off
 * or transfer. Bad input gets a clear error and changes nothing.
 */
describe('AddOrder refuses a product of another segment', () => {
  let t: TestApp;
  let demo1: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  const orderCount = async () =>
    Number(
      (
        await t.db.query<{ n: string }>(
          "SELECT count(*) AS n FROM orders o JOIN clients c ON c.id = o.client_id WHERE c.user_id = 'DEMO1'",
        )
      ).rows[0]?.n,
    );

  it('an equity market buy as CARRY FORWARD, SP or L: Inputs not validated, no order, funds unchanged', async () => {
    const sym = symOf(t, 'NSE', 'INFY-EQ');
    const funds = await fundsOf(t, 'DEMO1');
    const orders = await orderCount();
    for (const prdType of ['CARRY FORWARD', 'SP', 'L']) {
      const answer = await t.call<OrderAnswer>('/Trade/AddOrder', orderPayload(sym, { ordType: 'market', prdType }), {
        cookie: demo1,
      });
      expect(answer, prdType).toMatchObject({ infoID: 'ORD006', infoMsg: 'Inputs not validated' });
    }
    expect(await orderCount()).toBe(orders);
    expect(await fundsOf(t, 'DEMO1')).toEqual(funds);
  });

  it('a futures market buy as CASH or MARGIN: Inputs not validated; as CARRY FORWARD it is accepted', async () => {
    const fut = t.app.marketRuntime.market.registry.all().find((i) => i.exc === 'NFO' && i.instr === 'FUTIDX')!;
    const sym = symOf(t, 'NFO', fut.trSymbol);
    const orders = await orderCount();
    for (const prdType of ['CASH', 'MARGIN']) {
      const answer = await t.call<OrderAnswer>(
        '/Trade/AddOrder',
        orderPayload(sym, { ordType: 'market', qty: String(fut.lot), prdType }),
        { cookie: demo1 },
      );
      expect(answer, prdType).toMatchObject({ infoID: 'ORD006', infoMsg: 'Inputs not validated' });
    }
    expect(await orderCount()).toBe(orders);
    const fine = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { ordType: 'market', qty: String(fut.lot), prdType: 'CARRY FORWARD' }),
      { cookie: demo1 },
    );
    expect(fine.infoID, fine.infoMsg).toBe('0');
  });
});
