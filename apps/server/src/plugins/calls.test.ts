import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../modules/account/account-test-support.ts';
import type { TestApp } from '../test/harness.ts';

// Found by the fuzz (src/reliability): PostgreSQL refuses U+0000 in text, which answered 500 from the database.
describe('registerCall: text with the NUL character', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    cookie = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it('is refused as an invalid request, in values and in keys, at any depth, and nothing is stored', async () => {
    const count = async () =>
      (
        await t.db.query<{ n: number }>(
          'SELECT (SELECT count(*) FROM baskets) + (SELECT count(*) FROM watchlist_groups) AS n',
        )
      ).rows[0]!.n;
    const before = await count();
    const answers = [
      await t.call('/Basket/AddBasket', { name: 'a\u0000b' }, { cookie }),
      await t.call('/Watchlist/AddGroup', { name: '\u0000' }, { cookie }),
      await t.call('/Order/OrderLog', { orderId: '\u0000' }, { cookie }),
      await t.call('/Trade/MyOrders', { tab: 'equity', filters: [{ key: 'ordStatus', value: 'x\u0000' }] }, { cookie }),
      await t.call('/Account/Login', { userId: 'DEMO1', password: 'Demo@1234', 'x\u0000': 1 }),
    ];
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 200,
        infoID: 'EGN001',
        infoMsg: 'Invalid request: text must not contain the NUL character',
      });
    }
    expect(await count()).toBe(before);
  });
});
