import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { createSeededApp } from '../account/account-test-support.ts';
import { clientIdOf } from '../portfolio/portfolio-test-support.ts';
import { placedOrder, restingBuyFor } from '../trade/order-test-support.ts';
import { ORDER_EVENTS_OF_DAY } from './information.repo.ts';

// order_events holds every client's events of every day and is never pruned: a client's notifications of the day must
// not read the rest of it.
describe("a client's order events of the day", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
  });
  afterAll(() => t.close());

  it('are read through the index of client and day, not by reading every event', async () => {
    const reader = await clientIdOf(t.db, 'DEMO1');
    const other = await clientIdOf(t.db, 'DEMO2');
    // Another client's events over earlier days...
    await t.db.query(
      `INSERT INTO order_events (order_id, client_id, status, action, quantity, validity, created_at)
       SELECT i, $1, 'OUTSTANDING', 'ACCEPTED', 1, 'DAY', now() - interval '1 day' * (1 + i % 30)
         FROM generate_series(1000000, 1030000) AS i`,
      [other],
    );
    // ...and the reader's two of today, written by the OMS's own statements.
    await placedOrder(t.db, restingBuyFor(reader));
    await t.db.query('ANALYZE order_events');

    const { rows } = await t.db.query<{ action: string }>(ORDER_EVENTS_OF_DAY, [reader, 10]);
    expect(rows.map((r) => r.action)).toEqual(['ACCEPTED', 'NEW']);
    const plan = await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${ORDER_EVENTS_OF_DAY}`, [reader, 10]);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/order_events_client_day/);
    expect(text).not.toMatch(/Seq Scan on order_events/);
  });
});
