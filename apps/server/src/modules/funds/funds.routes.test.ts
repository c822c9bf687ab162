import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundBalances, FundTransfer, LinkedBank } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { clientState } from '../../reliability/client-state.ts';
import type { TestApp } from '../../test/harness.ts';
import { FundsService } from './funds.service.ts';

const APP_ID = { 'x-app-id': 'funds-test-browser' };
const FUND_TABLES = ['client_funds', 'ledger_entries', 'fund_payins', 'fund_payouts'] as const;

type PayIn = { reference: string; amount: string; atomTokenID: string; merchID: string; paymentUrl: string };
type Banks = { banks: LinkedBank[]; balances: FundBalances };

describe('/FundTransfer/* calls against PostgreSQL', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  let bank1: LinkedBank;

  const funds = async (userId: string) => {
    const { rows } = await t.db.query<{ ledger: string; blocked: string }>(
      `SELECT f.ledger_balance_paise AS ledger, f.blocked_margin_paise AS blocked FROM client_funds f
         JOIN clients c ON c.id = f.client_id WHERE c.user_id = $1`,
      [userId],
    );
    return { ledger: Number(rows[0]!.ledger), blocked: Number(rows[0]!.blocked) };
  };
  const banks = async (cookie: string) => (await t.call<Banks>('/FundTransfer/GetBankDetails', {}, { cookie })).data;
  const payIn = (cookie: string, data: Record<string, unknown>) =>
    t.call<PayIn>(
      '/FundTransfer/PlacePayInRequest',
      { bankId: bank1.bankId, mode: 'UPI', ...data },
      { cookie, headers: APP_ID },
    );
  const complete = (p: PayIn, outcome: 'pay' | 'fail') =>
    t.call<{ status: string; transID: string; returnUrl: string }>('/PaymentGateway/Complete', {
      atomTokenID: p.atomTokenID,
      merchID: p.merchID,
      outcome,
    });
  const payOut = (cookie: string, data: Record<string, unknown>) =>
    t.call<{ payout: FundTransfer; balances: FundBalances }>(
      '/FundTransfer/PlacePayOutRequest',
      { bankId: bank1.bankId, ...data },
      { cookie },
    );
  const paiseOf = (rupees: string) => Number(rupees.replace('.', ''));
  const logs = async (cookie: string) =>
    (await t.call<{ logs: FundTransfer[] }>('/FundTransfer/GetFundTransferLogs', {}, { cookie })).data.logs;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
    bank1 = (await banks(demo1)).banks[0]!;
  });
  afterAll(() => t.close());

  it('refuses every call without a session (EGN006)', async () => {
    for (const path of [
      '/FundTransfer/GetBankDetails',
      '/FundTransfer/GetPayInOptions',
      '/FundTransfer/PlacePayInRequest',
      '/FundTransfer/PlacePayOutRequest',
      '/FundTransfer/CancelPayoutRequest',
      '/FundTransfer/GetFundTransferLogs',
      '/Gateway/RazorPay',
      '/TR/PendingPayouts',
    ]) {
      expect((await t.call(path, {})).infoID, path).toBe('EGN006');
    }
  });

  it("lists the client's own linked bank, masked, with the balances", async () => {
    const answer = await banks(demo1);
    expect(answer.banks).toEqual([
      { bankId: expect.stringMatching(/^\d+$/), bankName: 'HDFC Bank', accountNumber: 'XXXXXXXX7801' },
    ]);
    expect(answer.balances).toEqual({
      ledger: '1000000.00',
      availableMargin: '1000000.00',
      withdrawable: '1000000.00',
    });
    expect((await banks(demo2)).banks[0]!.bankName).toBe('ICICI Bank');
  });

  it('answers the pay-in modes and limits, only with the app-id header', async () => {
    expect((await t.call('/FundTransfer/GetPayInOptions', {}, { cookie: demo2 })).infoID).toBe('EGN001');
    const answer = await t.call<{
      modes: { mode: string }[];
      minAmount: string;
      maxAmount: string;
      remainingToday: string;
    }>('/FundTransfer/GetPayInOptions', {}, { cookie: demo2, headers: APP_ID });
    expect(answer.data.modes.map((m) => m.mode)).toEqual(['UPI', 'NETBANKING']);
    expect(answer.data).toMatchObject({ minAmount: '1.00', maxAmount: '100000000.00', remainingToday: '100000000.00' });
  });

  it('credits a successful pay-in once, even when the gateway notifies twice', async () => {
    const before = await funds('DEMO1');
    const placed = await payIn(demo1, { amount: '25000.50' });
    expect(placed.infoID, placed.infoMsg).toBe('0');
    expect(placed.data.amount).toBe('25000.50');
    expect(placed.data.paymentUrl).toBe(
      `/atom-payment?atomTokenID=${placed.data.atomTokenID}&merchID=${placed.data.merchID}`,
    );
    expect((await funds('DEMO1')).ledger).toBe(before.ledger);

    const done = await complete(placed.data, 'pay');
    expect(done.data.status).toBe('SUCCESS');
    expect(done.data.returnUrl).toBe(
      `/home/fundtransfer?payin=${placed.data.reference}&status=SUCCESS&msg=Transaction+successful&transID=${done.data.transID}`,
    );
    expect((await funds('DEMO1')).ledger).toBe(before.ledger + 2_500_050);

    // The gateway's notification again (a provider retries its callbacks): nothing more is credited.
    const again = new FundsService(t.db, t.app.paymentGateway, {
      merchantId: placed.data.merchID,
      market: () => t.app.marketRuntime.market,
    });
    await again.recordPayInOutcome({
      atomTokenID: placed.data.atomTokenID,
      status: 'SUCCESS',
      transID: done.data.transID,
      msg: 'ok',
      returnUrl: '',
    });
    expect((await complete(placed.data, 'pay')).infoID).toBe('PAY007');
    expect((await funds('DEMO1')).ledger).toBe(before.ledger + 2_500_050);
    const { rows } = await t.db.query(
      "SELECT amount_paise FROM ledger_entries WHERE ref_type = 'FUNDS_PAYIN' AND ref_id = $1",
      [placed.data.reference],
    );
    expect(rows).toHaveLength(1);
    // Margin Details counts today's pay-ins from the same ledger rows.
    const margin = await t.call<{ payin: string }>('/Account/MarginDetails', {}, { cookie: demo1 });
    expect(margin.data.payin).toBe('25000.50');

    const status = await t.call<FundTransfer>(
      '/Gateway/RazorPay',
      { reference: placed.data.reference },
      { cookie: demo1 },
    );
    expect(status.data).toMatchObject({
      status: 'SUCCESS',
      direction: 'PAYIN',
      amount: '25000.50',
      mode: 'UPI',
      gatewayTransId: done.data.transID,
    });
    expect(status.data.completedAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
  });

  it('credits nothing for a failed or abandoned pay-in', async () => {
    const before = await funds('DEMO1');
    const failed = await payIn(demo1, { amount: '100', mode: 'NETBANKING' });
    const abandoned = await payIn(demo1, { amount: '200' });
    expect((await complete(failed.data, 'fail')).data.status).toBe('FAILED');
    expect(await funds('DEMO1')).toEqual(before);
    const log = await logs(demo1);
    expect(log.find((l) => l.reference === failed.data.reference)).toMatchObject({
      status: 'FAILED',
      mode: 'NETBANKING',
    });
    expect(log.find((l) => l.reference === abandoned.data.reference)).toMatchObject({
      status: 'PENDING',
      completedAt: '',
    });
  });

  it('refuses bad pay-ins and changes nothing', async () => {
    const before = await clientState(t.db, 'DEMO2', FUND_TABLES);
    const bank2 = (await banks(demo2)).banks[0]!;
    const cases: [Record<string, unknown>, string][] = [
      [{ bankId: bank2.bankId, amount: '0.99' }, 'FND002'],
      [{ bankId: bank2.bankId, amount: '100000000.01' }, 'FND002'],
      [{ bankId: bank2.bankId, amount: '12.345' }, 'EGN001'],
      [{ bankId: bank2.bankId, amount: '-5' }, 'EGN001'],
      [{ bankId: bank2.bankId, amount: '10', mode: 'CARD' }, 'EGN001'],
      [{ bankId: bank1.bankId, amount: '10' }, 'FND001'],
      [{ bankId: 'abc', amount: '10' }, 'FND001'],
    ];
    for (const [data, code] of cases) {
      const answer = await t.call(
        '/FundTransfer/PlacePayInRequest',
        { mode: 'UPI', ...data },
        { cookie: demo2, headers: APP_ID },
      );
      expect(answer.infoID, JSON.stringify(data)).toBe(code);
    }
    const noAppId = await t.call(
      '/FundTransfer/PlacePayInRequest',
      { bankId: bank2.bankId, amount: '10', mode: 'UPI' },
      { cookie: demo2 },
    );
    expect(noAppId.infoMsg).toMatch(/x-app-id/);
    expect(await clientState(t.db, 'DEMO2', FUND_TABLES)).toEqual(before);
  });

  it('limits one day of pay-ins to Rs 10 crore', async () => {
    const bank2 = (await banks(demo2)).banks[0]!;
    const first = await t.call<PayIn>(
      '/FundTransfer/PlacePayInRequest',
      { bankId: bank2.bankId, amount: '99999999', mode: 'UPI' },
      { cookie: demo2, headers: APP_ID },
    );
    expect(first.infoID, first.infoMsg).toBe('0');
    const second = await t.call(
      '/FundTransfer/PlacePayInRequest',
      { bankId: bank2.bankId, amount: '1.01', mode: 'UPI' },
      { cookie: demo2, headers: APP_ID },
    );
    expect(second.infoID).toBe('FND003');
    const options = await t.call<{ remainingToday: string }>(
      '/FundTransfer/GetPayInOptions',
      {},
      { cookie: demo2, headers: APP_ID },
    );
    expect(options.data.remainingToday).toBe('1.00');
  });

  it('blocks a pay-out at once, lists it pending, and refuses more than the withdrawable balance', async () => {
    const before = await funds('DEMO1');
    const withdrawable = Number((await banks(demo1)).balances.withdrawable.replace('.', ''));
    expect(withdrawable).toBe(before.ledger);

    const over = await payOut(demo1, { amount: ((withdrawable + 1) / 100).toFixed(2) });
    expect(over.infoID).toBe('FND004');
    expect(await funds('DEMO1')).toEqual(before);

    const placed = await payOut(demo1, { amount: '5000' });
    expect(placed.infoID, placed.infoMsg).toBe('0');
    expect(placed.data.payout).toMatchObject({
      status: 'PENDING',
      direction: 'PAYOUT',
      amount: '5000.00',
      mode: 'NEFT',
      accountNumber: 'XXXXXXXX7801',
    });
    expect(await funds('DEMO1')).toEqual({ ledger: before.ledger, blocked: before.blocked + 500_000 });
    expect(Number(placed.data.balances.withdrawable.replace('.', ''))).toBe(withdrawable - 500_000);

    const pending = await t.call<{ payouts: FundTransfer[] }>('/TR/PendingPayouts', {}, { cookie: demo1 });
    expect(pending.data.payouts.map((p) => p.reference)).toContain(placed.data.payout.reference);
    expect(
      (await t.call<{ payouts: FundTransfer[] }>('/TR/PendingPayouts', {}, { cookie: demo2 })).data.payouts,
    ).toEqual([]);

    // The block stands: the rest of the balance, not the whole, may still be withdrawn.
    expect((await payOut(demo1, { amount: (withdrawable / 100).toFixed(2) })).infoID).toBe('FND004');
  });

  it("shows a pending pay-out on the Margin page as today's pay-out, not as margin in use", async () => {
    type Margin = { payout: string; availableMargin: string; usedMargin: { other: string; total: string } };
    const margin = async () => (await t.call<Margin>('/Account/MarginDetails', {}, { cookie: demo2 })).data;
    const percent = async () =>
      (await t.call<{ utilizationPercent: string }>('/Account/MarginUtilizationPercent', {}, { cookie: demo2 })).data
        .utilizationPercent;
    const before = { margin: await margin(), percent: await percent() };
    const placed = await payOut(demo2, { bankId: (await banks(demo2)).banks[0]!.bankId, amount: '1000.50' });
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const after = await margin();
    expect(paiseOf(after.payout) - paiseOf(before.margin.payout)).toBe(100_050);
    expect(after.usedMargin).toEqual(before.margin.usedMargin);
    expect(await percent()).toBe(before.percent);
    // The money on its way out is not available to trade.
    expect(paiseOf(before.margin.availableMargin) - paiseOf(after.availableMargin)).toBe(100_050);
    const cancelled = await t.call(
      '/FundTransfer/CancelPayoutRequest',
      { reference: placed.data.payout.reference },
      { cookie: demo2 },
    );
    expect(cancelled.infoID, cancelled.infoMsg).toBe('0');
    expect((await margin()).payout).toBe(before.margin.payout);
  });

  it("does not count today's delivery sale proceeds as withdrawable", async () => {
    const before = Number((await banks(demo2)).balances.withdrawable.replace('.', ''));
    await t.db.query(
      `INSERT INTO ledger_entries (client_id, amount_paise, narration, ref_type, ref_id)
       SELECT id, 300000, 'Sold 10 TCS-EQ', 'trade', 'T1' FROM clients WHERE user_id = 'DEMO2'`,
    );
    await t.db.query(
      "UPDATE client_funds SET ledger_balance_paise = ledger_balance_paise + 300000 WHERE client_id = (SELECT id FROM clients WHERE user_id = 'DEMO2')",
    );
    const after = (await banks(demo2)).balances;
    expect(Number(after.withdrawable.replace('.', ''))).toBe(before);
    expect(Number(after.ledger.replace('.', ''))).toBeGreaterThan(before);
  });

  it('cancels a pending pay-out once, releasing its block', async () => {
    const placed = await payOut(demo1, { amount: '1000' });
    const before = await funds('DEMO1');
    const cancel = await t.call<{ payout: FundTransfer }>(
      '/FundTransfer/CancelPayoutRequest',
      { reference: placed.data.payout.reference },
      { cookie: demo1 },
    );
    expect(cancel.infoID, cancel.infoMsg).toBe('0');
    expect(cancel.data.payout.status).toBe('CANCELLED');
    expect(await funds('DEMO1')).toEqual({ ledger: before.ledger, blocked: before.blocked - 100_000 });
    const again = await t.call(
      '/FundTransfer/CancelPayoutRequest',
      { reference: placed.data.payout.reference },
      { cookie: demo1 },
    );
    expect(again.infoID).toBe('FND006');
    expect(await funds('DEMO1')).toEqual({ ledger: before.ledger, blocked: before.blocked - 100_000 });
    expect((await t.call('/FundTransfer/CancelPayoutRequest', { reference: 'PO0' }, { cookie: demo1 })).infoID).toBe(
      'FND005',
    );
  });

  it('pays pending pay-outs at the settlement run: block released, ledger debited, cancelled ones skipped', async () => {
    const pending = (await t.call<{ payouts: FundTransfer[] }>('/TR/PendingPayouts', {}, { cookie: demo1 })).data
      .payouts;
    const total = pending.reduce((sum, p) => sum + Number(p.amount.replace('.', '')), 0);
    expect(total).toBeGreaterThan(0);
    const before = await funds('DEMO1');
    const run = await t.app.inject({ method: 'POST', url: '/dev/process-payouts' });
    expect(run.json()).toEqual({ processed: pending.length });
    expect(await funds('DEMO1')).toEqual({ ledger: before.ledger - total, blocked: before.blocked - total });
    expect(
      (await t.call<{ payouts: FundTransfer[] }>('/TR/PendingPayouts', {}, { cookie: demo1 })).data.payouts,
    ).toEqual([]);
    const log = await logs(demo1);
    expect(
      log
        .filter((l) => l.direction === 'PAYOUT')
        .map((l) => l.status)
        .sort(),
    ).toEqual(['CANCELLED', 'PROCESSED']);
    expect((await t.app.inject({ method: 'POST', url: '/dev/process-payouts' })).json()).toEqual({ processed: 0 });
  });

  it("never shows or touches another client's transfers", async () => {
    const mine = await logs(demo1);
    const theirs = await logs(demo2);
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.every((l) => !mine.some((m) => m.reference === l.reference))).toBe(true);
    const ref = mine.find((l) => l.direction === 'PAYIN')!.reference;
    expect((await t.call('/Gateway/RazorPay', { reference: ref }, { cookie: demo2 })).infoID).toBe('FND005');
  });

  const post = (userId: string, amount: number, narration: string) =>
    t.db.query(
      `WITH c AS (SELECT id FROM clients WHERE user_id = $1),
            e AS (INSERT INTO ledger_entries (client_id, amount_paise, narration, ref_type, ref_id)
                  SELECT id, $2, $3, 'trade', 'T2' FROM c)
       UPDATE client_funds SET ledger_balance_paise = ledger_balance_paise + $2 WHERE client_id = (SELECT id FROM c)`,
      [userId, amount, narration],
    );

  it("holds back today's net realised profit of intraday and F&O trades: the exchange pays it at T+1", async () => {
    const before = paiseOf((await banks(demo2)).balances.withdrawable);
    await post('DEMO2', 50_000, 'Realised P&L INFY');
    expect(paiseOf((await banks(demo2)).balances.withdrawable)).toBe(before);
    expect(
      (await payOut(demo2, { bankId: (await banks(demo2)).banks[0]!.bankId, amount: ((before + 1) / 100).toFixed(2) }))
        .infoID,
    ).toBe('FND004');
    // A later loss of the day is netted against the profit held back; a net loss is already out of the ledger.
    await post('DEMO2', -20_000, 'Realised P&L INFY');
    expect(paiseOf((await banks(demo2)).balances.withdrawable)).toBe(before);
    await post('DEMO2', -40_000, 'Realised P&L TCS');
    expect(paiseOf((await banks(demo2)).balances.withdrawable)).toBe(before - 10_000);
  });

  it('takes the unrealised loss of open margin positions off the withdrawable balance, never adds a profit', async () => {
    const market = t.app.marketRuntime.market;
    const instrument = market.registry
      .all()
      .find((i) => i.exc === 'NSE' && i.instr === 'STK' && (market.snapshot(i.id)?.lastPrice ?? 0) > 0);
    if (!instrument) throw new Error('no NSE equity with a price');
    const ltp = market.snapshot(instrument.id)!.lastPrice;
    const before = paiseOf((await banks(demo2)).balances.withdrawable);
    // 10 shares bought intraday at Rs 100 above the last price: Rs 1,000 under water.
    await t.db.query(
      `INSERT INTO positions (client_id, instrument_id, exchange, product, segment, buy_qty, buy_value)
       SELECT id, $1, 'NSE', 'INTRADAY', 'equity', 10, $2 FROM clients WHERE user_id = 'DEMO2'`,
      [instrument.id, 10 * (ltp + 10_000)],
    );
    expect(paiseOf((await banks(demo2)).balances.withdrawable)).toBe(before - 100_000);
    const bankId = (await banks(demo2)).banks[0]!.bankId;
    expect((await payOut(demo2, { bankId, amount: (before / 100).toFixed(2) })).infoID).toBe('FND004');
    // The same shares bought Rs 100 under the price: the profit is not withdrawable before it is realised and settled.
    await t.db.query(
      "UPDATE positions SET buy_value = $1 WHERE instrument_id = $2 AND client_id = (SELECT id FROM clients WHERE user_id = 'DEMO2')",
      [10 * (ltp - 10_000), instrument.id],
    );
    expect(paiseOf((await banks(demo2)).balances.withdrawable)).toBe(before);
    await t.db.query("DELETE FROM positions WHERE client_id = (SELECT id FROM clients WHERE user_id = 'DEMO2')");
  });
});
