import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../modules/account/account-test-support.ts';
import { fundsOf } from '../modules/trade/order-test-support.ts';
import { clientIdOf } from '../modules/portfolio/portfolio-test-support.ts';
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

  /** ORDERS placements of `qty` at once from two sessions of DEMO2: answers how many were accepted (the rest ORD002). */
  async function placeAtOnce(trSymbol: string, qty: number): Promise<number> {
    const sessions = [b.cookies.DEMO2, await signIn(b.t, 'DEMO2')];
    const answers = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) =>
        b.t.call('/Trade/AddOrder', b.restingOrder(trSymbol, { qty: String(qty) }), {
          cookie: sessions[i % sessions.length]!,
        }),
      ),
    );
    await b.t.app.oms.settled();
    const accepted = answers.filter((a) => a.infoID === '0').length;
    expect(answers.filter((a) => a.infoID !== '0').map((a) => a.infoID)).toEqual(
      Array(ORDERS - accepted).fill('ORD002'),
    );
    return accepted;
  }

  it('concurrent orders worth 3.5 times the available funds, from two sessions: accepted value never exceeds the funds', async () => {
    const sym = b.sym('NSE', 'HDFCBANK-EQ');
    const price = b.restingBuyUnits(sym);
    const before = await fundsOf(b.t, 'DEMO2');
    const available = before.available;
    const qty = Math.ceil(available / SHARE / price);
    const each = qty * price;
    expect(ORDERS * each).toBeGreaterThanOrEqual(3.5 * available);

    const accepted = await placeAtOnce('HDFCBANK-EQ', qty);
    // Never more than the funds, and nothing that fitted was refused.
    expect(accepted * each).toBeLessThanOrEqual(available);
    expect(accepted).toBe(Math.floor(available / each));

    const after = await fundsOf(b.t, 'DEMO2');
    expect(after.blocked - before.blocked).toBe(accepted * each);
    expect(after.available).toBeGreaterThanOrEqual(0);
    const { rows } = await b.t.db.query<{ n: string; blocked: string }>(
      `SELECT count(*) AS n, COALESCE(sum(blocked_margin_paise), 0) AS blocked FROM orders o JOIN clients c ON c.id = o.client_id
        WHERE c.user_id = 'DEMO2' AND o.status = 'OUTSTANDING' AND o.instrument_id = $1`,
      [sym.id],
    );
    expect(Number(rows[0]!.n)).toBe(accepted);
    expect(Number(rows[0]!.blocked)).toBe(accepted * each);
  });

  it('concurrent delivery buys worth 3.5 times the cash, with collateral to cover them all: accepted value never exceeds the cash', async () => {
    // 2 lakh more cash and 8 lakh of collateral: the margin would take every order, the cash a third of them.
    await b.t.db.query(
      'UPDATE client_funds SET ledger_balance_paise = ledger_balance_paise + $2, collateral_paise = $3 WHERE client_id = $1',
      [await clientIdOf(b.t.db, 'DEMO2'), 2_00_000_00, 8_00_000_00],
    );
    const price = b.restingBuyUnits(b.sym('NSE', 'ICICIBANK-EQ'));
    const before = await fundsOf(b.t, 'DEMO2');
    const qty = Math.ceil(before.cash / SHARE / price);
    const each = qty * price;
    expect(ORDERS * each).toBeGreaterThanOrEqual(3.5 * before.cash);
    expect(ORDERS * each).toBeLessThanOrEqual(before.available);

    const accepted = await placeAtOnce('ICICIBANK-EQ', qty);
    expect(accepted * each).toBeLessThanOrEqual(before.cash);
    expect(accepted).toBe(Math.floor(before.cash / each));
    const after = await fundsOf(b.t, 'DEMO2');
    expect(after.cashBlocked - before.cashBlocked).toBe(accepted * each);
    expect(after.cash).toBeGreaterThanOrEqual(0);
  });
});
