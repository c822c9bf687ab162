import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { createSeededApp } from '../account/account-test-support.ts';
import { clientIdOf } from '../portfolio/portfolio-test-support.ts';
import { insertOrderCopies, placedOrder, restingBuyFor } from '../trade/order-test-support.ts';
import { listOrderEvents, ORDERS_WITH_EVENTS_OF_DAY } from './information.repo.ts';

/** `count` copies of order `id` for `clientId`, the i-th closed `daysAgo` days ago (SQL over the ordinal `c.i`). */
function closedCopies(t: TestApp, id: number, count: number, clientId: number, daysAgo: string): Promise<void> {
  const at = `now() - interval '1 day' * (${daysAgo})`;
  return insertOrderCopies(t.db, id, count, {
    client_id: String(clientId),
    status: "'CANCELLED'",
    closed_at: at,
    created_at: at,
    updated_at: at,
  });
}

// Orders are never pruned: a client's notifications of the day must read neither other clients' orders nor its own
// orders closed on earlier days.
describe("a client's order events of the day", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
  });
  afterAll(() => t.close());

  it('are read through the indexes of open orders and of orders closed by day, not by reading every order', async () => {
    const reader = await clientIdOf(t.db, 'DEMO1');
    const other = await clientIdOf(t.db, 'DEMO2');
    // Orders closed over earlier days, the reader's and another client's...
    const template = await placedOrder(t.db, restingBuyFor(other));
    await closedCopies(t, template, 20_000, other, '1 + c.i % 30');
    await closedCopies(t, template, 20_000, reader, '1 + c.i % 300');
    // ...and the reader's two events of today, written by the OMS's own statements.
    await placedOrder(t.db, restingBuyFor(reader));
    await t.db.query('ANALYZE orders');

    const events = await listOrderEvents(t.db, reader, 10);
    expect(events.map((e) => e.action)).toEqual(['ACCEPTED', 'NEW']);
    const plan = await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${ORDERS_WITH_EVENTS_OF_DAY}`, [reader]);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/orders_open/);
    expect(text).toMatch(/orders_closed_day/);
    expect(text).not.toMatch(/Seq Scan on orders/);
  });

  it("hold only the day's events: none of an order closed on an earlier day, today's of an order open since one", async () => {
    const reader = await clientIdOf(t.db, 'DEMO3');
    const id = await placedOrder(t.db, restingBuyFor(reader));
    await closedCopies(t, id, 1, reader, '1');
    // The open order was placed yesterday: its NEW event (the row's creation) is yesterday's, its acceptance today's.
    await t.db.query(`UPDATE orders SET created_at = created_at - interval '1 day' WHERE id = $1::bigint`, [id]);

    const events = await listOrderEvents(t.db, reader, 10);
    expect(events.map((e) => [e.action, e.status])).toEqual([['ACCEPTED', 'OUTSTANDING']]);
    expect(events[0]!.quantity).toBe(restingBuyFor(reader).quantity);
    expect(events[0]!.price).toBe(restingBuyFor(reader).limitPrice);
  });
});
