import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp } from '../modules/account/account-test-support.ts';
import type { TestApp } from '../test/harness.ts';

describe('database pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp();
  });
  afterAll(() => t.close());

  // The OMS's batch statements join an array to orders. Prepared while orders is empty, a cached generic plan scans
  // the whole table and hashes it, and keeps doing so as the day's orders pile up, until the table is next analyzed
  // (never, where autovacuum is off).
  it('plans a prepared statement for the table as it is now, not as it was when first run', async () => {
    const client = await t.db.connect();
    try {
      await client.query(
        `PREPARE fill(bigint[], bigint[]) AS
           UPDATE orders o SET filled_qty = x.filled FROM unnest($1, $2) AS x(id, filled) WHERE o.id = x.id`,
      );
      for (let i = 0; i < 6; i++) await client.query(`EXECUTE fill('{1}', '{0}')`);
      await client.query(
        `INSERT INTO orders (order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment,
                             price_decimals, side, product, order_type, validity, quantity, status)
         SELECT 'P' || i, (SELECT min(id) FROM clients), 'NSE:1', 'NSE', 'SBIN-EQ', 'SBIN', 'equity', 2, 'BUY',
                'INTRADAY', 'MARKET', 'DAY', 1, 'EXECUTED'
           FROM generate_series(1, 20000) AS i`,
      );
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE fill('{1,2}', '{0,0}')`);
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Index Scan using orders_pkey/);
      expect(text).not.toMatch(/Seq Scan on orders/);
    } finally {
      await client.query('DEALLOCATE ALL');
      client.release();
    }
  });
});
