import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';

/** End of day's averages are rounded half up to the paisa (or price unit), never cut. DEMO2 holds 100 SBIN at 812.40. */
describe('end of day: the averages it carries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
  });
  afterAll(() => t.close());

  it('rounds a new holding, a holding bought into and a carried future to the nearest unit', async () => {
    const registry = t.app.marketRuntime.market.registry;
    const infy = registry.bySymbol('NSE', 'INFY-EQ')!;
    const sbin = registry.bySymbol('NSE', 'SBIN-EQ')!;
    const future = registry.all().find((i) => i.exc === 'NFO' && i.instr === 'FUTIDX')!;
    const position = (
      instrumentId: string,
      exchange: string,
      product: string,
      segment: string,
      qty: number,
      value: number,
    ) =>
      t.db.query(
        `INSERT INTO positions (client_id, instrument_id, exchange, product, segment, buy_qty, buy_value)
         SELECT id, $1, $2, $3, $4, $5, $6 FROM clients WHERE user_id = 'DEMO2'`,
        [instrumentId, exchange, product, segment, qty, value],
      );
    // 3 INFY for 2,400.02: 800.0067 a share. 100 SBIN at 812.41 beside 100 held at 812.40: 812.405.
    await position(infy.id, 'NSE', 'CASH', 'equity', 3, 240_002);
    await position(sbin.id, 'NSE', 'CASH', 'equity', 100, 100 * 81_241);
    // One lot of the future at 1 price unit under a whole unit more than 24,000.00 a unit.
    await position(future.id, 'NFO', 'CARRY FORWARD', 'fno', future.lot, future.lot * 2_400_000 + future.lot - 1);

    expect((await t.app.inject({ method: 'POST', url: '/dev/end-of-day' })).statusCode).toBe(200);

    const { rows: holdings } = await t.db.query<{ symbol: string; quantity: number; avg: number }>(
      `SELECT h.symbol, h.quantity, h.avg_price_paise AS avg FROM holdings h JOIN clients c ON c.id = h.client_id
        WHERE c.user_id = 'DEMO2' AND h.symbol IN ('INFY', 'SBIN') ORDER BY h.symbol`,
    );
    expect(holdings).toEqual([
      { symbol: 'INFY', quantity: 3, avg: 80_001 },
      { symbol: 'SBIN', quantity: 200, avg: 81_241 },
    ]);
    const { rows: carried } = await t.db.query<{ carry_qty: number; carry_avg_price: number }>(
      `SELECT p.carry_qty, p.carry_avg_price FROM positions p JOIN clients c ON c.id = p.client_id
        WHERE c.user_id = 'DEMO2' AND p.instrument_id = $1`,
      [future.id],
    );
    expect(carried).toEqual([{ carry_qty: future.lot, carry_avg_price: 2_400_001 }]);
  });
});
