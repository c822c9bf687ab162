import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbClient } from '../../db/pool.ts';
import { createSeededApp } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';
import { FIXTURE_DAY, placedOrder, restingBuyFor, symOf } from '../../modules/trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { recordingStatements } from '../../test/statement-names.ts';
import { tableCountsOf } from '../../test/table-counts.ts';
import { FILLS, type FillItem } from './fills.ts';

// A lane's batch of fills is a chain of round trips, each waiting for a turn of the server's event loop: the fills
// read what they need (funds, orders, positions, earlier charges) in one statement and write in one more.
let t: TestApp;
let clientId: number;
/** The registry's SBIN, which the fills book. */
let sbin: string;

function acceptedBuy(client: DbClient, quantity: number): Promise<number> {
  return placedOrder(client, { ...restingBuyFor(clientId), instrumentId: sbin, product: 'CASH', quantity });
}

function fillOf(ref: number, quantity: number, tradeId: string, price = 80_000): FillItem {
  return {
    ref,
    clientId,
    market: t.app.marketRuntime.market,
    fill: { exchangeTradeId: tradeId, price, quantity, time: Date.now(), tradeDate: FIXTURE_DAY },
  };
}

describe('a batch of fills', () => {
  beforeAll(async () => {
    t = await createSeededApp();
    clientId = await clientIdOf(t.db, 'DEMO1');
    sbin = symOf(t, 'NSE', 'SBIN-EQ').id;
  });
  afterAll(() => t.close());

  it('reads funds, orders, positions and earlier charges in one statement and writes in one more', async () => {
    const client = await t.db.connect();
    try {
      await client.query('BEGIN');
      const partly = await acceptedBuy(client, 10);
      const whole = await acceptedBuy(client, 10);
      await FILLS.many(client, [fillOf(partly, 4, 'T1')]);
      const { rows: before } = await client.query<{ buy_qty: string }>(
        `SELECT buy_qty::text FROM positions WHERE client_id = $1 AND instrument_id = $2 AND product = 'CASH'`,
        [clientId, sbin],
      );

      const { tx, names } = recordingStatements(client);
      const answers = await FILLS.many(tx, [fillOf(partly, 6, 'T2'), fillOf(whole, 10, 'T3')]);

      expect(names).toEqual(['oms-fills-lock', 'oms-fills-write']);
      expect(answers.map((o) => [o?.id, o?.filledQty, o?.status])).toEqual([
        [partly, 10, 'EXECUTED'],
        [whole, 10, 'EXECUTED'],
      ]);
      const { rows: after } = await client.query<{ buy_qty: string }>(
        `SELECT buy_qty::text FROM positions WHERE client_id = $1 AND instrument_id = $2 AND product = 'CASH'`,
        [clientId, sbin],
      );
      expect(Number(after[0]?.buy_qty) - Number(before[0]?.buy_qty)).toBe(16);
      // Charges are per executed order: the second fill of `partly` pays its order's charges less what the first paid
      // (read by the same statement), so the two pay what the order filled at once pays.
      const { rows } = await client.query<{ order_id: string; paid: string }>(
        'SELECT order_id::text, sum(charges_paise)::text AS paid FROM trades WHERE order_id = ANY($1) GROUP BY order_id',
        [[partly, whole]],
      );
      const paid = new Map(rows.map((r) => [Number(r.order_id), Number(r.paid)]));
      expect(paid.get(partly)).toBeGreaterThan(0);
      expect(paid.get(partly)).toBe(paid.get(whole));
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('writes one version of a position the client already holds, and checks no key on clients for it', async () => {
    const client = await t.db.connect();
    try {
      // A position committed before the batch, as every position but a client's first in an instrument is.
      await client.query('BEGIN');
      await FILLS.many(client, [fillOf(await acceptedBuy(client, 2), 2, 'T20')]);
      await client.query('COMMIT');
      const fillAgain = async () => FILLS.many(client, [fillOf(await acceptedBuy(client, 5), 5, 'T21')]);

      const positions = await tableCountsOf(client, 'positions', ['n_tup_upd', 'n_tup_hot_upd'], fillAgain);
      const clients = await tableCountsOf(client, 'clients', ['idx_scan'], fillAgain);

      // Locked without a version of its own, so the fill's update is the only one and, on a row this transaction did
      // not write, PostgreSQL does not check its unchanged key again.
      expect(positions).toEqual({ n_tup_upd: 1, n_tup_hot_upd: 1 });
      expect(clients.idx_scan).toBe(0);
    } finally {
      client.release();
    }
  });

  it("averages an order's fills from their whole value, not from the last average rounded at each fill", async () => {
    const client = await t.db.connect();
    try {
      await client.query('BEGIN');
      const ref = await acceptedBuy(client, 3);
      // 800.01, then 800.00 twice: 2,400.01 for 3 shares is 800.0033, so 800.00. A running average rounded at each
      // fill said 800.01 (800.005 rounds up, and then 800.0067 does too).
      await FILLS.many(client, [fillOf(ref, 1, 'A1', 80_001)]);
      await FILLS.many(client, [fillOf(ref, 1, 'A2', 80_000)]);
      const [last] = await FILLS.many(client, [fillOf(ref, 1, 'A3', 80_000)]);
      expect([last?.filledQty, last?.avgFillPrice]).toEqual([3, 80_000]);
      const { rows } = await client.query<{ avg: string; value: string }>(
        'SELECT avg_fill_price::text AS avg, filled_value::text AS value FROM orders WHERE id = $1',
        [ref],
      );
      expect(rows[0]).toEqual({ avg: '80000', value: '240001' });
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it("locks the client's funds row before its order rows, as every other writer of both does", async () => {
    const setUp = await t.db.connect();
    const holder = await t.db.connect();
    const filler = await t.db.connect();
    try {
      const ref = await acceptedBuy(setUp, 3);
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM client_funds WHERE client_id = $1 FOR UPDATE', [clientId]);
      const fillerPid = (await filler.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await filler.query('BEGIN');
      const filling = FILLS.many(filler, [fillOf(ref, 3, 'T9')]);
      // Until the fills' statement waits on the funds row lock...
      for (;;) {
        const { rows } = await setUp.query<{ waiting: boolean }>(
          `SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = $1`,
          [fillerPid],
        );
        if (rows[0]?.waiting) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // ...it holds no order row: another transaction can lock the order at once (55P03 if it could not).
      await setUp.query('BEGIN');
      const attempt = await setUp.query('SELECT 1 FROM orders WHERE id = $1 FOR UPDATE NOWAIT', [ref]).then(
        () => 'locked',
        (error: { code?: string }) => error.code,
      );
      await setUp.query('ROLLBACK');
      await holder.query('COMMIT');
      const [answer] = await filling;
      await filler.query('ROLLBACK');
      expect(attempt).toBe('locked');
      expect(answer?.filledQty).toBe(3);
    } finally {
      holder.release();
      filler.release();
      setUp.release();
    }
  });
});
