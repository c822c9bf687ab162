import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findClientOrder } from '../../services/oms/order-record.ts';
import { orderLogOf } from '../../services/oms/order-book.ts';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { clientIdOf } from '../portfolio/portfolio-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { tableCountsOf } from '../../test/table-counts.ts';
import { insertOrderCopies, orderPayload, orderRow, priceOffLast, rupees, symOf } from './order-test-support.ts';

type Placed = { orderId: string };

// Order numbers are the IST date (yymmdd) and the row id, padded to at least 8 digits. A busy book passes 99,999,999
// rows; padding to exactly 8 digits cut longer ids, so two orders got one number and the second could not be placed.
describe('order numbers', () => {
  let t: TestApp;
  let demo1: string;
  let restingNo: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    await t.db.query(`SELECT setval('orders_id_seq', 123456788)`);
  });
  afterAll(() => t.close());

  it('keep every digit of a row id longer than 8 digits, for placed orders and for cover legs', async () => {
    const sym = symOf(t, 'NSE', 'RELIANCE-EQ');
    const resting = await t.call<Placed>(
      '/Trade/AddOrder',
      orderPayload(sym, { limitPrice: rupees(priceOffLast(t, sym, 90, 'down')) }),
      { cookie: demo1 },
    );
    expect(resting.infoID, resting.infoMsg).toBe('0');
    expect(resting.data.orderId).toMatch(/^\d{6}123456789$/);
    restingNo = resting.data.orderId;

    const cover = await t.call<Placed>(
      '/Trade/AddOrder',
      orderPayload(sym, {
        ordType: 'market',
        qty: '2',
        prdType: 'CO',
        coTriggerPrice: rupees(priceOffLast(t, sym, 99, 'down')),
      }),
      { cookie: demo1 },
    );
    expect(cover.infoID, cover.infoMsg).toBe('0');
    await t.app.oms.settled();
    const { rows } = await t.db.query<{ id: string; order_no: string }>(
      `SELECT id::text, order_no FROM orders WHERE id > 123456789 ORDER BY id`,
    );
    // The cover entry and its stop-loss leg (inserted by another statement) each carry their whole id.
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.order_no.slice(6)).toBe(row.id);
  });

  // The number has no index of its own: a lookup by number reads the order by the id in it (migration 0024).
  it('are looked up by the id they hold, reading one row however many orders the client has', async () => {
    const clientId = await clientIdOf(t.db, 'DEMO1');
    await insertOrderCopies(t.db, Number((await orderRow(t, restingNo)).id), 20_000);
    await t.db.query('ANALYZE orders');
    const client = await t.db.connect();
    try {
      const read = await tableCountsOf(client, 'orders', ['seq_tup_read', 'idx_tup_fetch'], async () => {
        expect((await findClientOrder(client, clientId, restingNo))?.orderNo).toBe(restingNo);
        expect(await orderLogOf(client, clientId, restingNo)).toHaveLength(2);
      });
      expect(read.seq_tup_read + read.idx_tup_fetch).toBe(2);
    } finally {
      client.release();
    }
  });

  it('answer a number that holds no order of the client as not found, and no order can carry one', async () => {
    const notOrders = ['NOT-AN-ORDER', '9'.repeat(40), `000000${restingNo.slice(6)}`, restingNo.slice(0, 13)];
    for (const orderId of notOrders) {
      const log = await t.call('/Order/OrderLog', { orderId }, { cookie: demo1 });
      expect(log.infoID, orderId).toBe('ORD001');
    }
    const demo2 = await signIn(t, 'DEMO2');
    expect((await t.call('/Order/OrderLog', { orderId: restingNo }, { cookie: demo2 })).infoID).toBe('ORD001');
    await expect(
      t.db.query(`UPDATE orders SET order_no = 'X' || order_no WHERE order_no = $1`, [restingNo]),
    ).rejects.toThrow(/orders_number_holds_id/);
  });
});
