import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashShortfallPaise,
  dailyInterestPaise,
  DEBIT_BALANCE_INTEREST_RATE,
  formatAmount,
  tradingText,
} from '@kite/domain';
import { isoDate, parseIsoDate } from '@kite/exchange';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';
import { fillAtMarket, fundsOf } from '../../modules/trade/order-test-support.ts';
import { contractsOf } from '../../test/contracts.ts';
import type { TestApp } from '../../test/harness.ts';
import { endOfDay } from '../oms/end-of-day.ts';
import { unitsToPaise } from '../oms/positions.ts';
import { LEDGER_INTEREST } from './daily-interest.ts';

/**
 * market-facts 1.4 and 5: MTF funding and a cash shortfall under the 50% cash rule pay 0.04% a calendar day; a debit
 * ledger balance pays Zerodha's delayed payment charge, 0.05% a calendar day.
 */
describe("the end of day's interest", () => {
  let t: TestApp;
  let cookie: string;
  let clientId: number;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    cookie = await signIn(t, 'DEMO1');
    clientId = await clientIdOf(t.db, 'DEMO1');
  });
  afterAll(() => t.close());

  const interestRows = async (of = clientId) =>
    (
      await t.db.query<{ amount_paise: number; narration: string; ref_id: string }>(
        'SELECT amount_paise, narration, ref_id FROM ledger_entries WHERE client_id = $1 AND ref_type = $2 ORDER BY id',
        [of, LEDGER_INTEREST],
      )
    ).rows;
  const carried = async (instrumentId: string) =>
    (
      await t.db.query<{ carry_qty: string; carry_avg_price: string; margin_paise: string }>(
        "SELECT carry_qty, carry_avg_price, margin_paise FROM positions WHERE client_id = $1 AND instrument_id = $2 AND product <> 'CASH'",
        [clientId, instrumentId],
      )
    ).rows[0]!;

  it('an MTF buy carried over a weekend pays 0.04% a day for three days on the funded part, once however often the run is repeated', async () => {
    const market = t.app.marketRuntime.market;
    const instrument = market.registry.bySymbol('NSE', 'RELIANCE-EQ')!;
    await fillAtMarket(t, cookie, instrument, { qty: 20, prdType: 'MARGIN' });

    // A Friday: the next trading day is Monday, three calendar days on.
    const friday = '2026-11-27';
    expect(isoDate(market.calendar.next(parseIsoDate(friday)!))).toBe('2026-11-30');
    const ledgerBefore = (await fundsOf(t, 'DEMO1')).ledger;
    const report = await endOfDay(t.app, t.app.oms, friday);
    expect(report.interest.mtf).toBe(1);

    const position = await carried(instrument.id);
    expect(Number(position.carry_qty)).toBe(20);
    const cost = unitsToPaise(BigInt(position.carry_avg_price) * 20n, instrument.multiplier, instrument.priceDecimals);
    const funded = cost - Number(position.margin_paise);
    // F&O stock under MTF: the client puts up a quarter, the broker funds the rest.
    expect(funded).toBeGreaterThan(cost / 2);
    const interest = dailyInterestPaise(funded, 3);
    // 0.04% x 3 days = 12 parts in 10,000, rounded half up.
    expect(interest).toBe(Math.floor((funded * 12 + 5_000) / 10_000));
    expect(await interestRows()).toEqual([
      {
        amount_paise: -interest,
        narration: tradingText.portfolio.mtfInterest(3, formatAmount(funded)),
        ref_id: `${friday}/MTF`,
      },
    ]);
    expect((await fundsOf(t, 'DEMO1')).ledger).toBe(ledgerBefore - interest);

    await endOfDay(t.app, t.app.oms, friday);
    expect(await interestRows()).toHaveLength(1);
    expect((await fundsOf(t, 'DEMO1')).ledger).toBe(ledgerBefore - interest);
  });

  it('half the overnight futures margin not covered by cash but by pledged collateral pays interest; covered by cash, none', async () => {
    const market = t.app.marketRuntime.market;
    // A Tuesday, the next trading day a Wednesday: one day. First the cash covers half the margin: no interest.
    const tuesday = '2026-12-01';
    const wednesday = '2026-12-02';
    // A future neither end of day settles as expired.
    const future = contractsOf(market, 'NFO', 'NIFTY', 'FUTIDX').find((i) => i.expiry! > wednesday)!;
    await fillAtMarket(t, cookie, future, { ordAction: 'sell', prdType: 'CARRY FORWARD' });

    const before = (await interestRows()).length;
    await endOfDay(t.app, t.app.oms, tuesday);
    const margin = Number((await carried(future.id)).margin_paise);
    expect(margin).toBeGreaterThan(0);
    expect((await interestRows()).filter((r) => r.ref_id === `${tuesday}/CASH`)).toEqual([]);

    // Most of the money withdrawn, shares pledged instead: the ledger holds a tenth of the margin.
    const ledger = Math.floor(margin / 10);
    await t.db.query('UPDATE client_funds SET ledger_balance_paise = $2, collateral_paise = $3 WHERE client_id = $1', [
      clientId,
      ledger,
      margin * 2,
    ]);
    const report = await endOfDay(t.app, t.app.oms, wednesday);
    expect(report.interest.cashShortfall).toBe(1);
    const rows = await interestRows();
    expect(rows.length).toBeGreaterThan(before);
    const mtfToday = rows.find((r) => r.ref_id === `${wednesday}/MTF`);
    const cashBefore = ledger + Number(mtfToday?.amount_paise ?? 0);
    const shortfall = cashShortfallPaise({
      ledgerPaise: cashBefore,
      collateralPaise: margin * 2,
      fnoMarginPaise: margin,
    });
    expect(shortfall).toBe(Math.ceil(margin / 2) - cashBefore);
    expect(rows.find((r) => r.ref_id === `${wednesday}/CASH`)).toEqual({
      amount_paise: -dailyInterestPaise(shortfall, 1),
      narration: tradingText.portfolio.cashShortfallInterest(1, formatAmount(shortfall)),
      ref_id: `${wednesday}/CASH`,
    });
  });

  it('a debit ledger balance pays 0.05% a day over the weekend, pledged collateral not offsetting it, once', async () => {
    const demo2 = await clientIdOf(t.db, 'DEMO2');
    // ₹10,000 in debit (a delayed payment), ₹50,000 of pledged shares beside it: collateral is not cash.
    await t.db.query('UPDATE client_funds SET ledger_balance_paise = $2, collateral_paise = $3 WHERE client_id = $1', [
      demo2,
      -1_000_000,
      5_000_000,
    ]);
    const friday = '2026-11-27';
    const report = await endOfDay(t.app, t.app.oms, friday);
    expect(report.interest.debitBalance).toBe(1);
    // 0.05% a day x 3 calendar days (Friday to Monday) on ₹10,000 = ₹15.
    expect(dailyInterestPaise(1_000_000, 3, DEBIT_BALANCE_INTEREST_RATE)).toBe(1_500);
    expect(await interestRows(demo2)).toEqual([
      {
        amount_paise: -1_500,
        narration: tradingText.portfolio.debitBalanceInterest(3, formatAmount(1_000_000)),
        ref_id: `${friday}/DEBIT`,
      },
    ]);
    expect((await fundsOf(t, 'DEMO2')).ledger).toBe(-1_001_500);
    // DEMO1's ledger is in credit: no delayed payment charge.
    expect((await interestRows()).filter((r) => r.ref_id.endsWith('/DEBIT'))).toEqual([]);

    await endOfDay(t.app, t.app.oms, friday);
    expect(await interestRows(demo2)).toHaveLength(1);
    expect((await fundsOf(t, 'DEMO2')).ledger).toBe(-1_001_500);
  });
});
