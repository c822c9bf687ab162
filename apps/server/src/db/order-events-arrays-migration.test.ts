import { describe, expect, it } from 'vitest';
import { STOP_FIRED } from '../services/oms/order-events.ts';
import { migrate } from './migrate.ts';
import { databaseBefore } from './migration-test-support.ts';

const MIGRATION = '0030_order_events_as_arrays.sql';

// Orders placed before the deploy that runs this migration keep their whole log, and a stop that had fired is still
// found fired by a restart (restore.ts reads TRIGGERED events).
describe(`migration ${MIGRATION}`, () => {
  const database = databaseBefore(MIGRATION);

  /** An order whose log is `events` in the form the code before this migration wrote. */
  async function orderWith(events: object[]): Promise<number> {
    const { rows } = await database().query<{ id: string }>(
      `WITH n AS (SELECT nextval('orders_id_seq') AS id)
       INSERT INTO orders (id, order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment,
                           price_decimals, side, product, order_type, validity, quantity, limit_price, status, events)
       SELECT n.id, order_no_of('261130', n.id), c.id, 'NSE:1', 'NSE', 'SBIN-EQ', 'SBIN', 'equity', 2, 'BUY', 'CNC',
              'LIMIT', 'DAY', 12, 9900, 'OUTSTANDING', $1
         FROM n, clients c WHERE c.user_id = 'DEMO1'
       RETURNING id`,
      [JSON.stringify(events)],
    );
    return Number(rows[0]!.id);
  }

  it('stores each event as [action, status, at, detail] without the NEW event the row already is', async () => {
    const modified = await orderWith([
      { action: 'NEW', status: 'REQUEST SENT', at: 1 },
      { action: 'ACCEPTED', status: 'OUTSTANDING', at: 2 },
      { action: 'MODIFIED', status: 'OUTSTANDING', at: 3, was: { quantity: 10, price: 10_000, triggerPrice: 0 } },
      { action: 'CANCEL', status: 'CANCELLED', at: 4, reason: 'Cancelled by you' },
    ]);
    const fired = await orderWith([
      { action: 'NEW', status: 'REQUEST SENT', at: 5 },
      { action: 'ACCEPTED', status: 'OUTSTANDING', at: 6 },
      { action: 'TRIGGERED', status: 'OUTSTANDING', at: 7 },
    ]);
    const unsent = await orderWith([{ action: 'NEW', status: 'REQUEST SENT', at: 8 }]);
    const empty = await orderWith([]);

    await migrate(database(), MIGRATION);

    const { rows } = await database().query<{ id: string; events: unknown }>(
      'SELECT id::text, events FROM orders WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[modified, fired, unsent, empty]],
    );
    expect(rows.map((r) => [Number(r.id), r.events])).toEqual([
      [
        modified,
        [
          ['ACCEPTED', 'OUTSTANDING', 2],
          ['MODIFIED', 'OUTSTANDING', 3, { quantity: 10, price: 10_000, triggerPrice: 0 }],
          ['CANCEL', 'CANCELLED', 4, 'Cancelled by you'],
        ],
      ],
      [
        fired,
        [
          ['ACCEPTED', 'OUTSTANDING', 6],
          ['TRIGGERED', 'OUTSTANDING', 7],
        ],
      ],
      [unsent, []],
      [empty, []],
    ]);
    const { rows: found } = await database().query<{ id: string }>(
      `SELECT id::text FROM orders WHERE id = ANY($1::bigint[]) AND ${STOP_FIRED}`,
      [[modified, fired, unsent, empty]],
    );
    expect(found.map((r) => Number(r.id))).toEqual([fired]);
  });
});
