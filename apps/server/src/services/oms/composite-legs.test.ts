import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp } from '../../modules/account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { trailingStopsQuery } from './composite-legs.ts';

describe('trailing bracket stops', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
  });
  afterAll(() => t.close());

  // trailStops runs every market step; reading every resting order (or every leg) to find the few trailing stops grew
  // with the book.
  it('are found through their own index, not by reading every resting order or leg', async () => {
    const columns = `id, order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment,
                     price_decimals, side, product, order_type, validity, quantity, limit_price, status, parent_order_id,
                     leg_role`;
    const entry = await t.db.query<{ id: string }>(
      `INSERT INTO orders (${columns})
       SELECT n.id, order_no_of('261120', n.id), (SELECT min(id) FROM clients), 'NSE:1', 'NSE', 'SBIN-EQ', 'SBIN', 'equity',
              2, 'BUY', 'CO', 'MARKET', 'DAY', 1, 0, 'EXECUTED', NULL, 'ENTRY'
         FROM (SELECT nextval('orders_id_seq') AS id) n RETURNING id`,
    );
    // Resting orders, half of them cover stop legs (which do not trail).
    await t.db.query(
      `INSERT INTO orders (${columns})
       SELECT n.id, order_no_of('261120', n.id), (SELECT min(id) FROM clients), 'NSE:1', 'NSE', 'SBIN-EQ', 'SBIN', 'equity',
              2, 'BUY', CASE WHEN i % 2 = 0 THEN 'CO' ELSE 'INTRADAY' END, 'LIMIT', 'DAY', 1, 100, 'OUTSTANDING',
              CASE WHEN i % 2 = 0 THEN $1::bigint END, CASE WHEN i % 2 = 0 THEN 'STOPLOSS' END
         FROM (SELECT nextval('orders_id_seq') AS id, i FROM generate_series(1, 20000) AS i) n`,
      [entry.rows[0]!.id],
    );
    await t.db.query('ANALYZE orders');
    const plan = await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${trailingStopsQuery.text}`);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/orders_trailing_stops/);
    expect(text).not.toMatch(/orders_open|orders_parent|Seq Scan on orders l/);
  });
});
