import { tradingText } from '@kite/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outstandingCount } from '../../services/oms/placement.ts';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { clientIdOf } from '../portfolio/portfolio-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { tableCountsOf } from '../../test/table-counts.ts';
import { insertOrderCopies, orderPayload, orderRow, priceOffLast, rupees, symOf } from './order-test-support.ts';

type Placed = { orderId: string };

// trading.md 5.1: 'Square-off is refused when outstanding orders exist' in the symbol and product.
describe('a square-off order', () => {
  let t: TestApp;
  let demo1: string;
  let clientId: number;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    clientId = await clientIdOf(t.db, 'DEMO1');
  });
  afterAll(() => t.close());

  /** A buy limit order 5% below the last price (resting), with `fields` changed. */
  const place = (fields: Record<string, unknown>, trSymbol = 'RELIANCE-EQ') => {
    const sym = symOf(t, 'NSE', trSymbol);
    const below = priceOffLast(t, sym, 95, 'down');
    return t.call<Placed>('/Trade/AddOrder', orderPayload(sym, { limitPrice: rupees(below), ...fields }), {
      cookie: demo1,
    });
  };

  it('is refused while the client has an outstanding order in the symbol and product, and placed once it has none', async () => {
    const resting = await place({ prdType: 'INTRADAY' });
    expect(resting.infoID, resting.infoMsg).toBe('0');

    const refused = await place({ prdType: 'INTRADAY', ordAction: 'sell', ordType: 'market', isSquareoff: true });
    expect([refused.infoID, refused.infoMsg]).toEqual([
      'ORD011',
      tradingText.orderEntry.squareOffOutstanding('INTRADAY'),
    ]);
    // Another product of the same symbol has no outstanding order.
    const otherProduct = await place({ prdType: 'CASH', isSquareoff: true });
    expect(otherProduct.infoID, otherProduct.infoMsg).toBe('0');

    const cancelled = await t.call(
      '/Trade/CancelOrder',
      { sym: symOf(t, 'NSE', 'RELIANCE-EQ'), orderId: resting.data.orderId },
      { cookie: demo1 },
    );
    expect(cancelled.infoID, cancelled.infoMsg).toBe('0');
    const placed = await place({ prdType: 'INTRADAY', isSquareoff: true });
    expect(placed.infoID, placed.infoMsg).toBe('0');
  });

  it("counts the client's open orders from their index, however many closed orders the client has", async () => {
    const sbin = symOf(t, 'NSE', 'SBIN-EQ');
    const open = await place({ prdType: 'MARGIN' }, 'SBIN-EQ');
    expect(open.infoID, open.infoMsg).toBe('0');
    await insertOrderCopies(t.db, Number((await orderRow(t, open.data.orderId)).id), 5000, { status: "'EXECUTED'" });
    await t.db.query('ANALYZE orders');
    const client = await t.db.connect();
    try {
      let count = -1;
      const read = await tableCountsOf(client, 'orders', ['seq_tup_read', 'idx_tup_fetch'], async () => {
        count = await outstandingCount(client, clientId, sbin.id, 'MARGIN');
      });
      expect(count).toBe(1);
      // The client's open orders in every symbol (this test's and the one before's), none of its 5,000 closed ones.
      const { rows: opened } = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM orders WHERE client_id = $1 AND is_open',
        [clientId],
      );
      expect(Number(opened[0]!.n)).toBeLessThan(5);
      expect(read.seq_tup_read + read.idx_tup_fetch).toBe(Number(opened[0]!.n));
    } finally {
      client.release();
    }
  });
});
