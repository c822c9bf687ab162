import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SymbolObject } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { clientIdOf } from '../portfolio/portfolio-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { fundsOf, orderPayload, priceOffLast, rupees, symOf } from './order-test-support.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';

describe('RMS under concurrency and idempotent placement', () => {
  let t: TestApp;
  let demo2: string;
  let demo1: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  /** How many orders DEMO1 has in the instrument. */
  async function demo1OrdersIn(sym: SymbolObject): Promise<number> {
    const { rows } = await t.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM orders o JOIN clients c ON c.id = o.client_id WHERE c.user_id = 'DEMO1' AND o.instrument_id = $1`,
      [sym.id],
    );
    return Number(rows[0]?.n);
  }

  it('fifty concurrent orders that together exceed the funds accept only what fits; funds never go negative', async () => {
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const price = priceOffLast(t, sym, 95);
    const qty = 10;
    const each = price * qty;
    const before = await fundsOf(t, 'DEMO2');
    const available = before.available;
    expect(each * 50).toBeGreaterThan(available);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call<OrderAnswer>('/Trade/AddOrder', orderPayload(sym, { qty: String(qty), limitPrice: rupees(price) }), {
          cookie: demo2,
        }),
      ),
    );
    const accepted = answers.filter((a) => a.infoID === '0');
    const refused = answers.filter((a) => a.infoID !== '0');
    expect(refused.every((a) => a.infoID === 'ORD002')).toBe(true);
    expect(accepted.length).toBe(Math.floor(available / each));
    expect(accepted.length * each).toBeLessThanOrEqual(available);

    const after = await fundsOf(t, 'DEMO2');
    expect(after.blocked).toBe(before.blocked + accepted.length * each);
    expect(after.available).toBeGreaterThanOrEqual(0);
    const { rows } = await t.db.query<{ n: string; blocked: string }>(
      `SELECT count(*) AS n, COALESCE(sum(blocked_margin_paise), 0) AS blocked FROM orders o JOIN clients c ON c.id = o.client_id
        WHERE c.user_id = 'DEMO2' AND o.status = 'OUTSTANDING'`,
    );
    expect(Number(rows[0]?.n)).toBe(accepted.length);
    expect(Number(rows[0]?.blocked)).toBe(after.blocked);
  });

  it('twenty AddOrder calls at once with one Idempotency-Key create exactly one order', async () => {
    const sym = symOf(t, 'NSE', 'INFY-EQ');
    const price = priceOffLast(t, sym, 95);
    const payload = orderPayload(sym, { qty: '3', limitPrice: rupees(price) });
    const headers = { 'idempotency-key': 'retry-key-1' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.call<OrderAnswer>('/Trade/AddOrder', payload, { cookie: demo1, headers })),
    );
    expect(answers.every((a) => a.infoID === '0')).toBe(true);
    const ids = new Set(answers.map((a) => a.data.orderId));
    expect(ids.size).toBe(1);
    expect(await demo1OrdersIn(sym)).toBe(1);

    const retried = await t.call<OrderAnswer>('/Trade/AddOrder', payload, { cookie: demo1, headers });
    expect(retried).toMatchObject({ infoID: '0', infoMsg: answers[0]!.infoMsg, data: answers[0]!.data });
    // The key keeps the order's id, not a copy of its answer: the retry's answer is built from the order.
    const key = await t.db.query<{ answer: unknown; order_no: string }>(
      `SELECT k.answer, o.order_no FROM idempotency_keys k JOIN orders o ON o.id = k.order_id
        WHERE k.client_id = $1 AND k.key = $2`,
      [await clientIdOf(t.db, 'DEMO1'), headers['idempotency-key']],
    );
    expect(key.rows).toEqual([{ answer: null, order_no: [...ids][0] }]);

    const different = await t.call('/Trade/AddOrder', { ...payload, qty: '4' }, { cookie: demo1, headers });
    expect(different.infoID).toBe('EGN009');
    expect(await demo1OrdersIn(sym)).toBe(1);

    // Keys are per client: DEMO2 may use the same key for its own order.
    const other = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: '1', limitPrice: rupees(price) }),
      {
        cookie: demo2,
        headers,
      },
    );
    expect(other.infoID).not.toBe('EGN009');
  });

  it('keeps a refusal with its key, and a sell of holdings retried with its key places one order', async () => {
    const sym = symOf(t, 'NSE', 'RELIANCE-EQ');
    const price = priceOffLast(t, sym, 95);
    const funds = await fundsOf(t, 'DEMO1');
    const tooMany = Math.ceil(funds.available / price) + 10;

    // Refused for funds (the statement leaves it to the locking path, which stores the answer with the key).
    const big = orderPayload(sym, { qty: String(tooMany), limitPrice: rupees(price), prdType: 'CASH' });
    const refusedHeaders = { 'idempotency-key': 'refused-key-1' };
    const refused = await t.call('/Trade/AddOrder', big, { cookie: demo1, headers: refusedHeaders });
    expect(refused.infoID).toBe('ORD002');
    const again = await t.call('/Trade/AddOrder', big, { cookie: demo1, headers: refusedHeaders });
    expect(again).toMatchObject({ infoID: 'ORD002', infoMsg: refused.infoMsg });
    const stored = await t.db.query<{ answer: { ok: boolean; code: string } }>(
      'SELECT answer FROM idempotency_keys WHERE client_id = $1 AND key = $2',
      [await clientIdOf(t.db, 'DEMO1'), refusedHeaders['idempotency-key']],
    );
    expect(stored.rows.map((r) => r.answer)).toMatchObject([{ ok: false, code: 'ORD002' }]);
    expect(await demo1OrdersIn(sym)).toBe(0);

    // A sell of POA holdings takes the locking path in a write of its own; its retry finds the key there.
    const sell = orderPayload(sym, {
      ordAction: 'sell',
      qty: '2',
      limitPrice: rupees(priceOffLast(t, sym, 105, 'down')),
      prdType: 'CASH',
      isinDp: 'true',
    });
    const sellHeaders = { 'idempotency-key': 'holdings-sell-1' };
    const first = await t.call<OrderAnswer>('/Trade/AddOrder', sell, { cookie: demo1, headers: sellHeaders });
    expect(first.infoID, first.infoMsg).toBe('0');
    const retried = await t.call<OrderAnswer>('/Trade/AddOrder', sell, { cookie: demo1, headers: sellHeaders });
    expect(retried).toMatchObject({ infoID: '0', data: { orderId: first.data.orderId } });
    expect(await demo1OrdersIn(sym)).toBe(1);
  });
});
