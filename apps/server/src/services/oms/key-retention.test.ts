import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';
import { orderPayload, priceOffLast, rupees, symOf } from '../../modules/trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { forgetOldKeys, KEY_RETENTION_HOURS } from './key-retention.ts';
import type { OrderAnswer } from './oms-core.ts';

describe('Idempotency-Keys', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    cookie = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it(`are remembered for ${KEY_RETENTION_HOURS} hours, then forgotten: a retry after that places a new order`, async () => {
    const sym = symOf(t, 'NSE', 'INFY-EQ');
    const payload = orderPayload(sym, {
      qty: '1',
      limitPrice: rupees(priceOffLast(t, sym, 95)),
    });
    const place = (key: string) =>
      t.call<OrderAnswer>('/Trade/AddOrder', payload, { cookie, headers: { 'idempotency-key': key } });
    const old = await place('older-than-a-day');
    const recent = await place('within-the-day');
    const client = await clientIdOf(t.db, 'DEMO1');
    const age = (key: string, hours: number) =>
      t.db.query(
        `UPDATE idempotency_keys SET created_at = now() - make_interval(hours => $3) WHERE client_id = $1 AND key = $2`,
        [client, key, hours],
      );
    await age('older-than-a-day', KEY_RETENTION_HOURS + 1);
    await age('within-the-day', KEY_RETENTION_HOURS - 1);

    expect(await forgetOldKeys(t.db)).toBe(1);

    const { rows } = await t.db.query<{ key: string }>(
      `SELECT key FROM idempotency_keys WHERE client_id = $1 AND key IN ('older-than-a-day', 'within-the-day')`,
      [client],
    );
    expect(rows.map((r) => r.key)).toEqual(['within-the-day']);
    expect((await place('within-the-day')).data.orderId).toBe(recent.data.orderId);
    const again = await place('older-than-a-day');
    expect(again.infoID).toBe('0');
    expect(again.data.orderId).not.toBe(old.data.orderId);
  });
});
