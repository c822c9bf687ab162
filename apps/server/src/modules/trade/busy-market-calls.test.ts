import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { clientIdOf } from '../portfolio/portfolio-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { DEFAULT_LANES } from '../../services/oms/group-commit.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';
import { orderPayload, priceOffLast, rupees, symOf } from './order-test-support.ts';

// A cancel, modify or exit waits for the client's own execution reports, never for another client's: in a busy
// market some client always has a report queued, and waiting for every client's made a cancel wait for a lull.
describe("a client's cancel while another client's report is held up", () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  /** The statuses of orders as they are now (orderRow would first wait for every client's reports). */
  async function statusesOf(orderNos: string[]): Promise<Record<string, string>> {
    const { rows } = await t.db.query<{ order_no: string; status: string }>(
      'SELECT order_no, status FROM orders WHERE order_no = ANY($1)',
      [orderNos],
    );
    return Object.fromEntries(rows.map((r) => [r.order_no, r.status]));
  }

  it('is answered without waiting for it', async () => {
    // In different lanes: a lane's batch waits for the one before it, whoever's it is.
    const [id1, id2] = [await clientIdOf(t.db, 'DEMO1'), await clientIdOf(t.db, 'DEMO2')];
    expect(id1 % DEFAULT_LANES).not.toBe(id2 % DEFAULT_LANES);
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const restingBuy = orderPayload(sym, { qty: '1', limitPrice: rupees(priceOffLast(t, sym, 95)) });
    const theirs = await t.call<OrderAnswer>('/Trade/AddOrder', restingBuy, { cookie: demo2 });
    const mine = await t.call<OrderAnswer>('/Trade/AddOrder', restingBuy, { cookie: demo1 });
    expect([theirs.infoID, mine.infoID]).toEqual(['0', '0']);
    await t.app.oms.settled();

    // DEMO2's funds row held by another transaction: the close of DEMO2's cancel waits for it, queued.
    const holder = await t.db.connect();
    let theirCancel: Promise<unknown> | undefined;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM client_funds WHERE client_id = $1 FOR UPDATE', [id2]);
      theirCancel = t.call('/Trade/CancelOrder', { sym, orderId: theirs.data.orderId }, { cookie: demo2 });
      while (!t.app.oms.reportsQueued(id2)) await new Promise((resolve) => setTimeout(resolve, 5));

      const cancelled = await Promise.race([
        t.call('/Trade/CancelOrder', { sym, orderId: mine.data.orderId }, { cookie: demo1 }),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3_000)),
      ]);

      expect(cancelled).not.toBe('still waiting');
      expect(await statusesOf([mine.data.orderId, theirs.data.orderId])).toEqual({
        [mine.data.orderId]: 'CANCELLED',
        [theirs.data.orderId]: 'OUTSTANDING',
      });
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    await theirCancel;
    expect(await statusesOf([theirs.data.orderId])).toEqual({ [theirs.data.orderId]: 'CANCELLED' });
  });
});
