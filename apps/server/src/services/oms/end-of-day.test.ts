import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp } from '../../modules/account/account-test-support.ts';
import { applyTrade, clientIdOf, nseEquity } from '../../modules/portfolio/portfolio-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { endOfDay } from './end-of-day.ts';

describe('end of day against PostgreSQL', () => {
  let t: TestApp;
  let demo1: number;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await clientIdOf(t.db, 'DEMO1');
  });
  afterAll(() => t.close());

  const holding = async (symbol: string) =>
    (
      await t.db.query<{ quantity: number; pledged: number }>(
        'SELECT quantity, pledged_qty AS pledged FROM holdings WHERE client_id = $1 AND symbol = $2',
        [demo1, symbol],
      )
    ).rows[0];

  it('never takes a holding below its pledge: a delivery sale beyond the unpledged shares is a short delivery', async () => {
    // 40 INFY held, 30 of them pledged; 35 sold for delivery (NOT IN DP, a client allowed to sell short).
    await t.db.query("UPDATE holdings SET pledged_qty = 30 WHERE client_id = $1 AND symbol = 'INFY'", [demo1]);
    expect(await holding('INFY')).toEqual({ quantity: 40, pledged: 30 });
    await applyTrade(t.db, demo1, nseEquity(t, 'INFY'), 'CASH', 'SELL', 35, 150_000);
    // 5 TCS of the unpledged ones sold: they leave the demat.
    const tcsBefore = (await holding('TCS'))!.quantity;
    await applyTrade(t.db, demo1, nseEquity(t, 'TCS'), 'CASH', 'SELL', 5, 320_000);

    await endOfDay(t.app, t.app.oms);
    expect(await holding('INFY')).toEqual({ quantity: 30, pledged: 30 });
    expect((await holding('TCS'))!.quantity).toBe(tcsBefore - 5);
  });
});
