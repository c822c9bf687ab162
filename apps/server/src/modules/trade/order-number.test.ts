import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { orderPayload, quoteOf, rupees, symOf } from './order-test-support.ts';

type Placed = { orderId: string };

// Order numbers are the IST date (yymmdd) and the row id, padded to at least 8 digits. A busy book passes 99,999,999
// rows; padding to exactly 8 digits cut longer ids, so two orders got one number and the second could not be placed.
describe('order numbers', () => {
  let t: TestApp;
  let demo1: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    await t.db.query(`SELECT setval('orders_id_seq', 123456788)`);
  });
  afterAll(() => t.close());

  it('keep every digit of a row id longer than 8 digits, for placed orders and for cover legs', async () => {
    const sym = symOf(t, 'NSE', 'RELIANCE-EQ');
    const q = quoteOf(t, sym);
    const resting = await t.call<Placed>(
      '/Trade/AddOrder',
      orderPayload(sym, { limitPrice: rupees(Math.floor((q.lastPrice * 0.9) / 10) * 10) }),
      { cookie: demo1 },
    );
    expect(resting.infoID, resting.infoMsg).toBe('0');
    expect(resting.data.orderId).toMatch(/^\d{6}123456789$/);

    const cover = await t.call<Placed>(
      '/Trade/AddOrder',
      orderPayload(sym, {
        ordType: 'market',
        qty: '2',
        prdType: 'CO',
        coTriggerPrice: rupees(Math.floor((q.lastPrice * 0.99) / 10) * 10),
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
});
