import { describe, expect, it } from 'vitest';
import { orderEventsOf, orderLogColumns, type OrderLogColumns } from '../services/oms/order-events.ts';
import { migrate } from './migrate.ts';
import { databaseBefore } from './migration-test-support.ts';

const MOVING = '0023_order_events_in_the_order.sql';

/** An order_events row as the tables before the migration held it. */
interface OldEvent {
  status: string;
  action: string;
  quantity: number;
  price: number;
  detail?: Record<string, unknown>;
  minutesAgo: number;
}

// Migration 0023 moves every order's order_events rows into the order's own row, and 0030 shortens each event: nothing
// of what the Order Log and the notifications showed may be lost or changed.
describe(`migration ${MOVING}`, () => {
  const database = databaseBefore(MOVING);

  // Times are minutes before one moment. The order and its NEW event were inserted in one transaction: one time. Its
  // number holds its id, as 0024 checks.
  const placedBase = new Date();
  async function oldOrder(status: string, quantity: number, price: number, events: OldEvent[]) {
    const { rows } = await database().query<{ id: string; client_id: string }>(
      `WITH n AS (SELECT nextval('orders_id_seq') AS id)
       INSERT INTO orders (id, order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment,
                           price_decimals, side, product, order_type, validity, quantity, limit_price, status,
                           created_at, updated_at)
       SELECT n.id, '261130' || lpad(n.id::text, 8, '0'), c.id, 'NSE:1', 'NSE', 'SBIN-EQ', 'SBIN', 'equity', 2, 'BUY',
              'CNC', 'LIMIT', 'DAY', $1, $2, $3, $5::timestamptz - interval '1 minute' * $4, now() - interval '1 minute'
         FROM n, clients c WHERE c.user_id = 'DEMO1'
       RETURNING id, client_id`,
      [quantity, price, status, events[0]!.minutesAgo, placedBase],
    );
    const order = rows[0]!;
    for (const e of events)
      await database().query(
        `INSERT INTO order_events (order_id, client_id, status, action, quantity, price, validity, detail, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'DAY', $7, $9::timestamptz - interval '1 minute' * $8)`,
        [order.id, order.client_id, e.status, e.action, e.quantity, e.price, e.detail ?? {}, e.minutesAgo, placedBase],
      );
    return Number(order.id);
  }

  it("moves each order's events in their order, with the values, reasons and times they showed", async () => {
    const event = (status: string, action: string, quantity: number, price: number, minutesAgo: number, detail = {}) =>
      ({ status, action, quantity, price, minutesAgo, detail }) satisfies OldEvent;
    const modified = await oldOrder('CANCELLED', 12, 9_900, [
      event('REQUEST SENT', 'NEW', 10, 10_000, 9),
      event('OUTSTANDING', 'ACCEPTED', 10, 10_000, 8),
      event('OUTSTANDING', 'MODIFIED', 12, 9_900, 7),
      event('CANCELLED', 'CANCEL', 12, 9_900, 6, { reason: 'Cancelled by you' }),
    ]);
    const traded = await oldOrder('EXECUTED', 5, 10_000, [
      event('REQUEST SENT', 'NEW', 5, 10_000, 5),
      event('OUTSTANDING', 'ACCEPTED', 5, 10_000, 4),
      event('EXECUTED', 'TRADE', 5, 10_000, 4, { tradeId: 'X1', price: 10_000, quantity: 5 }),
    ]);
    const open = await oldOrder('OUTSTANDING', 3, 10_100, [
      event('REQUEST SENT', 'NEW', 3, 10_100, 2),
      event('OUTSTANDING', 'ACCEPTED', 3, 10_100, 1),
    ]);
    const { rows: times } = await database().query<{ order_id: string; at: string }>(
      'SELECT order_id::text, floor(extract(epoch FROM created_at) * 1000)::bigint::text AS at FROM order_events ORDER BY id',
    );

    await migrate(database(), MOVING);
    const { rows: gone } = await database().query("SELECT 1 FROM pg_class WHERE relname = 'order_events'");
    expect(gone).toEqual([]);
    await migrate(database());

    const { rows } = await database().query<OrderLogColumns & { id: string; closed: boolean }>(
      `SELECT o.id::text, ${orderLogColumns('o')}, o.closed_at IS NOT NULL AS closed FROM orders o ORDER BY o.id`,
    );
    const log = (id: number) => {
      const row = rows.find((r) => Number(r.id) === id)!;
      return orderEventsOf(row).map((e) => [e.action, e.status, e.quantity, e.price, e.reason]);
    };
    expect(log(modified)).toEqual([
      ['NEW', 'REQUEST SENT', 10, 10_000, ''],
      ['ACCEPTED', 'OUTSTANDING', 10, 10_000, ''],
      ['MODIFIED', 'OUTSTANDING', 12, 9_900, ''],
      ['CANCEL', 'CANCELLED', 12, 9_900, 'Cancelled by you'],
    ]);
    expect(log(traded)).toEqual([
      ['NEW', 'REQUEST SENT', 5, 10_000, ''],
      ['ACCEPTED', 'OUTSTANDING', 5, 10_000, ''],
      ['TRADE', 'EXECUTED', 5, 10_000, ''],
    ]);
    expect(log(open)).toEqual([
      ['NEW', 'REQUEST SENT', 3, 10_100, ''],
      ['ACCEPTED', 'OUTSTANDING', 3, 10_100, ''],
    ]);
    const movedTimes = rows.flatMap((r) => orderEventsOf(r).map((e) => ({ order_id: r.id, at: String(e.at) })));
    expect(movedTimes).toEqual(times);
    expect(rows.map((r) => [Number(r.id), r.closed])).toEqual([
      [modified, true],
      [traded, true],
      [open, false],
    ]);
  });
});
