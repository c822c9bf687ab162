import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../modules/account/account-test-support.ts';
import { fundsOf } from '../modules/trade/order-test-support.ts';
import { createBatteryApp, type BatteryApp } from './battery-app.ts';

const ORDERS = 35;
/** Each order is worth a tenth of the available funds (rounded up), so the 35 together are worth 3.5 times them. */
const SHARE = 10;

describe('margin race (issue 5, item 3)', () => {
  let b: BatteryApp;
  beforeAll(async () => {
    b = await createBatteryApp();
  });
  afterAll(() => b.t.close());

  it('concurrent orders worth 3.5 times the available funds, from two sessions: accepted value never exceeds the funds', async () => {
    const sessions = [b.cookies.DEMO2, await signIn(b.t, 'DEMO2')];
    const sym = b.sym('NSE', 'HDFCBANK-EQ');
    const price = b.restingBuyUnits(sym);
    const before = await fundsOf(b.t, 'DEMO2');
    const available = before.available;
    const qty = Math.ceil(available / SHARE / price);
    const each = qty * price;
    expect(ORDERS * each).toBeGreaterThanOrEqual(3.5 * available);

    const answers = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) =>
        b.t.call('/Trade/AddOrder', b.restingOrder('HDFCBANK-EQ', { qty: String(qty) }), {
          cookie: sessions[i % sessions.length]!,
        }),
      ),
    );
    await b.t.app.oms.settled();
    const accepted = answers.filter((a) => a.infoID === '0');
    expect(answers.filter((a) => a.infoID !== '0').map((a) => a.infoID)).toEqual(
      Array(ORDERS - accepted.length).fill('ORD002'),
    );
    // Never more than the funds, and nothing that fitted was refused.
    expect(accepted.length * each).toBeLessThanOrEqual(available);
    expect(accepted.length).toBe(Math.floor(available / each));

    const after = await fundsOf(b.t, 'DEMO2');
    expect(after.blocked - before.blocked).toBe(accepted.length * each);
    expect(after.available).toBeGreaterThanOrEqual(0);
    const { rows } = await b.t.db.query<{ n: string; blocked: string }>(
      `SELECT count(*) AS n, COALESCE(sum(blocked_margin_paise), 0) AS blocked FROM orders o JOIN clients c ON c.id = o.client_id
        WHERE c.user_id = 'DEMO2' AND o.status = 'OUTSTANDING' AND o.instrument_id = $1`,
      [sym.id],
    );
    expect(Number(rows[0]!.n)).toBe(accepted.length);
    expect(Number(rows[0]!.blocked)).toBe(accepted.length * each);
  });
});
