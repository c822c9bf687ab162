import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbClient } from '../../db/pool.ts';
import { createSeededApp } from '../../modules/account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { ACCEPTANCES } from './event-application.ts';

// An order's row is updated at its acceptance and at each fill. An update that changes no indexed column, and whose
// new version fits on the row's page, is HOT: it enters no index (migration 0022: the open-order indexes hold
// is_open, which PostgreSQL derives from the status, instead of the status).
let t: TestApp;
let client: DbClient;

/** Updates of orders by `run`, and how many of them were HOT, read inside one transaction (see pool.test.ts). */
async function orderUpdatesOf(run: () => Promise<unknown>): Promise<{ updates: number; hot: number }> {
  const counts = async () =>
    (
      await client.query<{ updates: number; hot: number }>(
        `SELECT n_tup_upd::int AS updates, n_tup_hot_upd::int AS hot FROM pg_stat_xact_user_tables WHERE relname = 'orders'`,
      )
    ).rows[0]!;
  await client.query('BEGIN');
  try {
    const before = await counts();
    await run();
    const after = await counts();
    return { updates: after.updates - before.updates, hot: after.hot - before.hot };
  } finally {
    await client.query('ROLLBACK');
  }
}

async function insertOrder(status: string): Promise<number> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO orders (order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment,
                         price_decimals, side, product, order_type, validity, quantity, limit_price, status)
     SELECT 'HOT' || nextval('orders_id_seq'), (SELECT min(id) FROM clients), 'NSE:1', 'NSE', 'SBIN-EQ', 'SBIN',
            'equity', 2, 'BUY', 'CNC', 'LIMIT', 'DAY', 10, 80000, $1
     RETURNING id`,
    [status],
  );
  return Number(rows[0]!.id);
}

describe("an order row's updates", () => {
  beforeAll(async () => {
    t = await createSeededApp();
    client = await t.db.connect();
  });
  afterAll(async () => {
    client.release();
    await t.close();
  });

  it('an acceptance enters no index (HOT), as a partial fill', async () => {
    const id = await insertOrder('REQUEST SENT');
    expect(await orderUpdatesOf(() => ACCEPTANCES.many(client, [{ ref: id, exchangeOrderId: 9001 }]))).toEqual({
      updates: 1,
      hot: 1,
    });
    const resting = await insertOrder('OUTSTANDING');
    expect(
      await orderUpdatesOf(() =>
        client.query(`UPDATE orders SET filled_qty = 4, avg_fill_price = 80000 WHERE id = $1`, [resting]),
      ),
    ).toEqual({ updates: 1, hot: 1 });
  });

  it('closing an order changes the open-order indexes, so that update is not HOT', async () => {
    const id = await insertOrder('OUTSTANDING');
    expect(
      await orderUpdatesOf(() =>
        client.query(`UPDATE orders SET status = 'EXECUTED', filled_qty = 10 WHERE id = $1`, [id]),
      ),
    ).toEqual({ updates: 1, hot: 0 });
  });
});
