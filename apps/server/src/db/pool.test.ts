import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp } from '../modules/account/account-test-support.ts';
import { ACCEPTANCES } from '../services/oms/event-application.ts';
import type { TestApp } from '../test/harness.ts';
import { tableCountsOf } from '../test/table-counts.ts';
import { createOrderPathPool, type Db, type DbClient } from './pool.ts';

// The OMS's batch statements join an array to orders, a table that grows all day. Run while orders is small, a plan
// that PostgreSQL caches scans the whole table and hashes it, and keeps doing so as the day's orders pile up, until
// the table is next analyzed (never, where autovacuum is off). So they are named (planned once per connection) only
// on the order path's own connections, whose planner settings allow nothing but nested loops over index lookups.
const accept = (refs: number[]) =>
  ACCEPTANCES.many(
    orderPathClient,
    refs.map((ref) => ({ ref, exchangeOrderId: ref })),
  );
const FILL = `UPDATE orders o SET filled_qty = x.filled FROM unnest($1::bigint[], $2::bigint[]) AS x(id, filled)
               WHERE o.id = x.id`;

/** Sequential scans of orders by one run of `run`. */
async function orderScansOf(client: DbClient, run: () => Promise<unknown>): Promise<number> {
  return (await tableCountsOf(client, 'orders', ['seq_scan'], run)).seq_scan;
}

let client: DbClient;
let orderPath: Db;
let orderPathClient: DbClient;

describe('database pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp();
    client = await t.db.connect();
    orderPath = createOrderPathPool(t.db, 1);
    orderPathClient = await orderPath.connect();
    // Six runs while orders is empty: the point where a prepared statement starts using its cached plan.
    for (let i = 0; i < 6; i++) {
      await accept([1]);
      await client.query({ name: 'named-fill', text: FILL, values: [[1], [0]] });
    }
    await client.query(
      `INSERT INTO orders (id, order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment,
                           price_decimals, side, product, order_type, validity, quantity, status)
       SELECT n.id, order_no_of('261120', n.id), (SELECT min(id) FROM clients), 'NSE:1', 'NSE', 'SBIN-EQ', 'SBIN',
              'equity', 2, 'BUY', 'INTRADAY', 'MARKET', 'DAY', 1, 'EXECUTED'
         FROM (SELECT nextval('orders_id_seq') AS id FROM generate_series(1, 20000)) n`,
    );
  });
  afterAll(async () => {
    await client.query('DEALLOCATE ALL');
    client.release();
    orderPathClient.release();
    await orderPath.end();
    await t.close();
  });

  it("keeps the OMS's named array statements on index lookups as the table grows", async () => {
    expect(await orderScansOf(orderPathClient, () => accept([1, 2]))).toBe(0);
  });

  // Why only there: on an ordinary connection, an array statement prepared keeps the plan it made for the empty table.
  it('a named array statement on an ordinary connection keeps scanning the table it planned for when it was empty', async () => {
    expect(
      await orderScansOf(client, () =>
        client.query({
          name: 'named-fill',
          text: FILL,
          values: [
            [1, 2],
            [0, 0],
          ],
        }),
      ),
    ).toBe(1);
  });
});
