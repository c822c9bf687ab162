import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbClient } from '../../db/pool.ts';
import { createSeededApp } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';
import { placedOrder, restingBuyFor } from '../../modules/trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { tableCountsOf } from '../../test/table-counts.ts';
import { ACCEPTANCES } from './event-application.ts';

// An order's row is updated at its acceptance and at each fill. An update that changes no indexed column, and whose
// new version fits on the row's page, is HOT: it enters no index (migration 0022: the open-order indexes hold
// is_open, which PostgreSQL derives from the status, instead of the status).
let t: TestApp;
let client: DbClient;
let clientId: number;

/** Updates of orders by `run`, and how many of them were HOT. */
async function orderUpdatesOf(run: () => Promise<unknown>): Promise<{ updates: number; hot: number }> {
  const counts = await tableCountsOf(client, 'orders', ['n_tup_upd', 'n_tup_hot_upd'], run);
  return { updates: counts.n_tup_upd, hot: counts.n_tup_hot_upd };
}

/** A REQUEST SENT order placed by the OMS's own insert; accepted too when `accepted`. */
async function placed(accepted: boolean): Promise<number> {
  return placedOrder(client, restingBuyFor(clientId), accepted);
}

describe("an order row's updates", () => {
  beforeAll(async () => {
    t = await createSeededApp();
    client = await t.db.connect();
    clientId = await clientIdOf(t.db, 'DEMO1');
  });
  afterAll(async () => {
    client.release();
    await t.close();
  });

  it('an acceptance enters no index (HOT), as a partial fill', async () => {
    const sent = await placed(false);
    expect(await orderUpdatesOf(() => ACCEPTANCES.many(client, [{ ref: sent, exchangeOrderId: 9001 }]))).toEqual({
      updates: 1,
      hot: 1,
    });
    const resting = await placed(true);
    expect(
      await orderUpdatesOf(() =>
        client.query(`UPDATE orders SET filled_qty = 4, avg_fill_price = 80000 WHERE id = $1`, [resting]),
      ),
    ).toEqual({ updates: 1, hot: 1 });
  });

  // Orders are inserted one after another and each is accepted milliseconds later, while its page fills with the next
  // ones: a new version finds room on the page only if the inserts left it (migration 0025, fillfactor 50). At
  // fillfactor 85, 19 of these 120 acceptances were HOT. Here, in one transaction, no old version can be pruned to
  // make room and each new one is larger by its event, so the last row of a page may not fit: 100 of 120 at 50.
  it('most acceptances of many orders placed one after another are HOT', async () => {
    const sent: number[] = [];
    for (let i = 0; i < 120; i++) sent.push(await placed(false));
    const acceptances = sent.map((ref, i) => ({ ref, exchangeOrderId: 9100 + i }));
    const { updates, hot } = await orderUpdatesOf(() => ACCEPTANCES.many(client, acceptances));
    expect(updates).toBe(120);
    expect(hot).toBeGreaterThanOrEqual(96);
  });

  // The control: were the open-order indexes lost, a close would be HOT too.
  it('closing an order changes the open-order indexes, so that update is not HOT', async () => {
    const resting = await placed(true);
    expect(
      await orderUpdatesOf(() =>
        client.query(`UPDATE orders SET status = 'EXECUTED', filled_qty = 10 WHERE id = $1`, [resting]),
      ),
    ).toEqual({ updates: 1, hot: 0 });
  });
});
