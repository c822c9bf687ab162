import { PAYIN_TIMEOUT_MS, paise, parseRupees, rupeesString, type FundTransfer, type LinkedBank } from '@kite/domain';
import { DAY_MS, daysFromCivil, IST_OFFSET_MS, MINUTE_MS, TradingCalendar } from '@kite/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { inTransaction } from '../../db/pool.ts';
import { lockFunds, postLedger } from '../../services/rms/funds.ts';
import type { TestApp } from '../../test/harness.ts';
import { FundsSchedule, lastPayOutRunDue, payOutRunAt } from './funds-schedule.ts';
import { FundsService } from './funds.service.ts';

const APP_ID = { 'x-app-id': 'funds-schedule-test' };
const calendar = new TradingCalendar();
const rupeesOf = (amount: number) => rupeesString(paise(amount));
/** Epoch ms of an IST wall-clock time. */
const ist = (year: number, month: number, day: number, hour: number, minute = 0) =>
  Date.UTC(year, month - 1, day, hour, minute) - IST_OFFSET_MS;

describe('the pay-out run of each trading day', () => {
  it('falls at 18:00 IST, and the one due is the latest trading day whose run time has passed', () => {
    // 2026-11-27 is a Friday.
    const friday = daysFromCivil(2026, 11, 27);
    expect(payOutRunAt(friday)).toBe(ist(2026, 11, 27, 18));
    expect(lastPayOutRunDue(ist(2026, 11, 27, 17, 59), calendar)).toBe(ist(2026, 11, 26, 18));
    expect(lastPayOutRunDue(ist(2026, 11, 27, 18), calendar)).toBe(ist(2026, 11, 27, 18));
    expect(lastPayOutRunDue(ist(2026, 11, 28, 12), calendar)).toBe(ist(2026, 11, 27, 18));
    expect(lastPayOutRunDue(ist(2026, 11, 30, 9, 15), calendar)).toBe(ist(2026, 11, 27, 18));
    expect(lastPayOutRunDue(ist(2026, 11, 30, 18, 1), calendar)).toBe(ist(2026, 11, 30, 18));
    // A holiday has no run: the trading day before it is the one due.
    expect(lastPayOutRunDue(ist(2026, 11, 30, 19), new TradingCalendar([daysFromCivil(2026, 11, 30)]))).toBe(
      ist(2026, 11, 27, 18),
    );
  });
});

describe('the funds schedule against PostgreSQL', () => {
  let t: TestApp;
  let demo1: string;
  let bank: LinkedBank;
  let schedule: FundsSchedule;

  const funds = async () => {
    const { rows } = await t.db.query<{ ledger: string; blocked: string }>(
      `SELECT f.ledger_balance_paise AS ledger, f.blocked_margin_paise AS blocked FROM client_funds f
         JOIN clients c ON c.id = f.client_id WHERE c.user_id = 'DEMO1'`,
    );
    return { ledger: Number(rows[0]!.ledger), blocked: Number(rows[0]!.blocked) };
  };
  const logs = async () =>
    (await t.call<{ logs: FundTransfer[] }>('/FundTransfer/GetFundTransferLogs', {}, { cookie: demo1 })).data.logs;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    bank = (await t.call<{ banks: LinkedBank[] }>('/FundTransfer/GetBankDetails', {}, { cookie: demo1 })).data
      .banks[0]!;
    const service = new FundsService(t.db, t.app.paymentGateway, {
      merchantId: t.app.config.payment.merchantId,
      market: () => t.app.marketRuntime.market,
    });
    schedule = new FundsSchedule(service, t.app.paymentGateway, () => calendar);
  });
  afterAll(() => t.close());

  it('pays a pay-out at the first run after its request, once', async () => {
    const placed = await t.call<{ payout: FundTransfer }>(
      '/FundTransfer/PlacePayOutRequest',
      { bankId: bank.bankId, amount: '2500.00' },
      { cookie: demo1 },
    );
    expect(placed.infoID).toBe('0');
    const before = await funds();
    const now = Date.now();
    // The run already due was before the request: it pays nothing.
    expect(await schedule.tick(now)).toEqual({ expiredPayIns: 0, reconciledPayIns: 0, paidOut: 0 });
    const next = [1, 2, 3, 4, 5, 6, 7]
      .map((days) => lastPayOutRunDue(now + days * 86_400_000, calendar))
      .find((run) => run > now)!;
    expect((await schedule.tick(next + MINUTE_MS)).paidOut).toBe(1);
    expect(await funds()).toEqual({ ledger: before.ledger - 250_000, blocked: before.blocked - 250_000 });
    expect((await logs()).find((l) => l.reference === placed.data.payout.reference)).toMatchObject({
      status: 'PROCESSED',
      amount: '2500.00',
      paidAmount: '2500.00',
    });
    expect((await schedule.tick(next + 2 * MINUTE_MS)).paidOut).toBe(0);
    expect(await funds()).toEqual({ ledger: before.ledger - 250_000, blocked: before.blocked - 250_000 });
  });

  it('pays at most what is withdrawable when it runs: a loss realised after the request pays less, or nothing', async () => {
    const withdrawable = async () =>
      parseRupees(
        (await t.call<{ balances: { withdrawable: string } }>('/FundTransfer/GetBankDetails', {}, { cookie: demo1 }))
          .data.balances.withdrawable,
      )!;
    const realiseLoss = (lossPaise: number) =>
      inTransaction(t.db, async (tx) => {
        const { rows } = await tx.query<{ id: string }>("SELECT id FROM clients WHERE user_id = 'DEMO1'");
        const clientId = Number(rows[0]!.id);
        await lockFunds(tx, clientId);
        await postLedger(tx, clientId, -lossPaise, 'Intraday loss', { type: 'TRADE', id: 'loss' });
      });
    const payOut = async (rupees: string) =>
      (
        await t.call<{ payout: FundTransfer }>(
          '/FundTransfer/PlacePayOutRequest',
          { bankId: bank.bankId, amount: rupees },
          { cookie: demo1 },
        )
      ).data.payout.reference;
    // A week on, and two: each a run later than any made so far.
    const weeksOn = (weeks: number) => Date.now() + weeks * 7 * DAY_MS;

    // Everything withdrawable is asked for; then a loss of Rs 1,000.50 is realised before the run.
    const all = await withdrawable();
    const whole = await payOut(rupeesOf(all));
    await realiseLoss(100_050);
    const before = await funds();
    expect((await schedule.tick(weeksOn(1))).paidOut).toBe(1);
    expect(await funds()).toEqual({ ledger: before.ledger - (all - 100_050), blocked: before.blocked - all });
    expect((await logs()).find((l) => l.reference === whole)).toMatchObject({
      status: 'PROCESSED',
      amount: rupeesOf(all),
      paidAmount: rupeesOf(all - 100_050),
    });
    expect(await withdrawable()).toBe(0);

    // Rs 100 asked while a loss has already eaten the withdrawable balance since: nothing is paid, the hold is released.
    await realiseLoss(-20_000);
    const small = await payOut('100.00');
    await realiseLoss(20_000);
    const held = await funds();
    expect((await schedule.tick(weeksOn(2))).paidOut).toBe(0);
    expect(await funds()).toEqual({ ledger: held.ledger, blocked: held.blocked - 10_000 });
    expect((await logs()).find((l) => l.reference === small)).toMatchObject({
      status: 'CANCELLED',
      paidAmount: '0.00',
    });
  });

  it('credits a pay-in the provider settled whose notification never came, once, when it asks the provider', async () => {
    const payIn = async () =>
      (
        await t.call<{ reference: string; atomTokenID: string }>(
          '/FundTransfer/PlacePayInRequest',
          { bankId: bank.bankId, mode: 'UPI', amount: '700.25' },
          { cookie: demo1, headers: APP_ID },
        )
      ).data;
    // The provider's own record says paid, as its popup does; its notification to the broker is lost.
    const paidWithoutNotice = (atomTokenID: string) =>
      t.db.query(
        "UPDATE sim_gateway_transactions SET status = 'SUCCESS', trans_id = $2, message = 'Transaction successful', completed_at = now() WHERE atom_token_id = $1",
        [atomTokenID, `T${atomTokenID.slice(-9)}`],
      );
    const status = async (reference: string) =>
      (await t.call<FundTransfer>('/Gateway/RazorPay', { reference }, { cookie: demo1 })).data;

    const lost = await payIn();
    await paidWithoutNotice(lost.atomTokenID);
    const before = await funds();
    // Too recent to ask about yet; a minute on, the provider's answer settles it.
    expect((await schedule.tick(Date.now())).reconciledPayIns).toBe(0);
    expect((await logs()).find((l) => l.reference === lost.reference)?.status).toBe('PENDING');
    expect((await schedule.tick(Date.now() + 2 * MINUTE_MS)).reconciledPayIns).toBe(1);
    expect(await status(lost.reference)).toMatchObject({
      status: 'SUCCESS',
      gatewayTransId: `T${lost.atomTokenID.slice(-9)}`,
    });
    expect(await funds()).toEqual({ ...before, ledger: before.ledger + 70_025 });
    expect((await schedule.tick(Date.now() + 3 * MINUTE_MS)).reconciledPayIns).toBe(0);

    // The payer coming back to the page asks at once, whatever the schedule.
    const returned = await payIn();
    await paidWithoutNotice(returned.atomTokenID);
    expect((await status(returned.reference)).status).toBe('SUCCESS');
    expect((await status(returned.reference)).status).toBe('SUCCESS');
    expect(await funds()).toEqual({ ...before, ledger: before.ledger + 2 * 70_025 });
  });

  it('fails a pay-in whose payment page was left open, crediting nothing, and the page can no longer pay it', async () => {
    const payIn = await t.call<{ reference: string; atomTokenID: string; merchID: string }>(
      '/FundTransfer/PlacePayInRequest',
      { bankId: bank.bankId, mode: 'UPI', amount: '1000.00' },
      { cookie: demo1, headers: APP_ID },
    );
    expect(payIn.infoID).toBe('0');
    const before = await funds();
    expect((await schedule.tick(Date.now())).expiredPayIns).toBe(0);
    expect((await schedule.tick(Date.now() + PAYIN_TIMEOUT_MS + 1_000)).expiredPayIns).toBe(1);
    expect((await logs()).find((l) => l.reference === payIn.data.reference)?.status).toBe('FAILED');
    const late = await t.call('/PaymentGateway/Complete', {
      atomTokenID: payIn.data.atomTokenID,
      merchID: payIn.data.merchID,
      outcome: 'pay',
    });
    expect(late.infoID).not.toBe('0');
    expect(await funds()).toEqual(before);
  });
});
