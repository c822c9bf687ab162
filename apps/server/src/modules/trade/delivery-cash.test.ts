import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatAmount, parseRupees, tradingText, type SymbolObject } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';
import { priceText } from '../../services/market-runtime/price-text.ts';
import { cashCommitmentsSql } from '../../services/rms/funds.ts';
import { applyTrade, clientIdOf, nseEquity } from '../portfolio/portfolio-test-support.ts';
import { fundsOf, orderPayload, orderRow, priceOffLast, rupees, symOf } from './order-test-support.ts';

const t0 = tradingText.orderEntry;
const LAKH = 100_000_00;

// market-facts.md 8 "Use of collateral": pledged collateral backs intraday and F&O margin, never a delivery buy or
// money leaving the account. DEMO1 is given 1 lakh of cash and 5 lakh of collateral for each test.
describe('collateral never funds a delivery buy', () => {
  let t: TestApp;
  let demo1: string;
  let demo1Id: number;
  let infy: SymbolObject;
  let price: number;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo1Id = await clientIdOf(t.db, 'DEMO1');
    infy = symOf(t, 'NSE', 'INFY-EQ');
    price = priceOffLast(t, infy, 95, 'down');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.oms.settled();
    await t.db.query(`UPDATE client_funds SET ledger_balance_paise = $2, collateral_paise = $3 WHERE client_id = $1`, [
      demo1Id,
      1 * LAKH,
      5 * LAKH,
    ]);
  });

  const place = (fields: Record<string, unknown>) =>
    t.call<OrderAnswer>('/Trade/AddOrder', orderPayload(infy, { limitPrice: rupees(price), ...fields }), {
      cookie: demo1,
    });
  /** A resting limit buy worth at least `paise` at the price 5% under the market. */
  const qtyWorth = (paise: number) => String(Math.ceil(paise / price));
  const checkMargin = async (prdType: string, qty: string) => {
    const answer = await t.call<{ requiredMargin: string; availableMargin: string }>(
      '/Trade/CheckMargin',
      { sym: infy, ordType: 'limit', qty, ordAction: 'buy', limitPrice: rupees(price), prdType },
      { cookie: demo1 },
    );
    expect(answer.infoID, `${answer.infoMsg} ${qty} ${price}`).toBe('0');
    return { required: parseRupees(answer.data.requiredMargin)!, available: parseRupees(answer.data.availableMargin)! };
  };
  const ordersOfDemo1 = async () =>
    Number(
      (await t.db.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE client_id = $1', [demo1Id])).rows[0]!.n,
    );
  /** The funds row's cash-only block is exactly what open delivery buys and pending pay-outs hold. */
  const expectCashBlockedReconciles = async () => {
    const { rows } = await t.db.query<{ held: number }>(`SELECT ${cashCommitmentsSql('$1::bigint')} AS held`, [
      demo1Id,
    ]);
    expect((await fundsOf(t, 'DEMO1')).cashBlocked).toBe(rows[0]!.held);
  };
  const cancel = (orderId: string) => t.call('/Trade/CancelOrder', { sym: infy, orderId }, { cookie: demo1 });

  it('refuses a delivery buy the collateral would cover but not the cash; intraday margin uses the collateral', async () => {
    const before = await fundsOf(t, 'DEMO1');
    expect([before.available, before.cash]).toEqual([6 * LAKH, 1 * LAKH]);
    const margin = await t.call<{ availableMargin: string; deliveryCash: string }>(
      '/Account/MarginDetails',
      {},
      { cookie: demo1 },
    );
    expect([margin.data.availableMargin, margin.data.deliveryCash]).toEqual(['600000.00', '100000.00']);
    const ordersBefore = await ordersOfDemo1();

    // 1.5 lakh of delivery: within the 6 lakh of margin, beyond the 1 lakh of cash.
    const big = qtyWorth(1_50_000_00);
    const asked = await checkMargin('CASH', big);
    expect(asked.available).toBe(1 * LAKH);
    const refused = await place({ qty: big });
    expect(refused.infoID).toBe('ORD002');
    expect(refused.infoMsg).toBe(t0.insufficientCash(formatAmount(asked.required), formatAmount(1 * LAKH)));
    expect(await fundsOf(t, 'DEMO1')).toEqual(before);
    expect(await ordersOfDemo1()).toBe(ordersBefore);

    // Intraday margin of about 3 lakh (more than the cash): the collateral covers it, and the cash stays free.
    const intradayQty = qtyWorth(15 * LAKH);
    const intradayAsked = await checkMargin('INTRADAY', intradayQty);
    expect(intradayAsked.available).toBe(6 * LAKH);
    expect(intradayAsked.required).toBeGreaterThan(1 * LAKH);
    const intraday = await place({ qty: intradayQty, prdType: 'INTRADAY' });
    expect(intraday.infoID, intraday.infoMsg).toBe('0');
    const afterIntraday = await fundsOf(t, 'DEMO1');
    expect(afterIntraday.cash).toBe(1 * LAKH);
    expect(afterIntraday.cashBlocked).toBe(0);

    // 60,000 of delivery fits the cash; 50,000 more does not (about 40,000 is left).
    const first = await place({ qty: qtyWorth(60_000_00) });
    expect(first.infoID, first.infoMsg).toBe('0');
    const firstBlock = Number((await orderRow(t, first.data.orderId)).blocked_margin_paise);
    const afterFirst = await fundsOf(t, 'DEMO1');
    expect(afterFirst.cashBlocked).toBe(firstBlock);
    expect(afterFirst.cash).toBe(1 * LAKH - firstBlock);
    await expectCashBlockedReconciles();
    const second = await place({ qty: qtyWorth(50_000_00) });
    expect(second.infoID).toBe('ORD002');
    expect(second.infoMsg).toContain(`cash available for delivery ₹ ${formatAmount(afterFirst.cash)}`);

    // The order panel splits what is available: cash for delivery, the rest collateral.
    const panel = await t.call<{ margin: Record<string, string> }>(
      '/Account/HoldingsBySymbol',
      { sym: infy },
      { cookie: demo1 },
    );
    expect(panel.data.margin).toMatchObject({
      totMarginAvail: priceText(afterFirst.available, 2),
      cash: priceText(afterFirst.cash, 2),
      stock: priceText(afterFirst.available - afterFirst.cash, 2),
    });

    // Raising the resting delivery buy past the cash is refused with the cash figure; nothing moves.
    const raisedQty = qtyWorth(1_20_000_00);
    const raised = await t.call(
      '/Trade/ModifyOrder',
      orderPayload(infy, { orderId: first.data.orderId, qty: raisedQty, limitPrice: rupees(price) }),
      { cookie: demo1 },
    );
    expect(raised.infoID).toBe('ORD002');
    expect(raised.infoMsg).toBe(
      t0.insufficientCash(formatAmount(Number(raisedQty) * price - firstBlock), formatAmount(afterFirst.cash)),
    );
    expect(await fundsOf(t, 'DEMO1')).toEqual(afterFirst);

    for (const orderId of [first.data.orderId, intraday.data.orderId]) expect((await cancel(orderId)).infoID).toBe('0');
    const after = await fundsOf(t, 'DEMO1');
    expect([after.blocked, after.cashBlocked, after.cash]).toEqual([0, 0, 1 * LAKH]);
  });

  it('holds a pending pay-out as cash: a delivery buy cannot spend it, and its cancel frees it', async () => {
    const bank = (await t.call<{ banks: { bankId: string }[] }>('/FundTransfer/GetBankDetails', {}, { cookie: demo1 }))
      .data.banks[0]!;
    const payout = await t.call<{ payout: { reference: string } }>(
      '/FundTransfer/PlacePayOutRequest',
      { bankId: bank.bankId, amount: '80000' },
      { cookie: demo1 },
    );
    expect(payout.infoID, payout.infoMsg).toBe('0');
    const held = await fundsOf(t, 'DEMO1');
    expect([held.cashBlocked, held.cash]).toEqual([80_000_00, 20_000_00]);
    await expectCashBlockedReconciles();

    const refused = await place({ qty: qtyWorth(30_000_00) });
    expect(refused.infoID, refused.infoMsg).toBe('ORD002');
    expect(refused.infoMsg).toContain(`cash available for delivery ₹ ${formatAmount(20_000_00)}`);

    const cancelled = await t.call(
      '/FundTransfer/CancelPayoutRequest',
      { reference: payout.data.payout.reference },
      { cookie: demo1 },
    );
    expect(cancelled.infoID, cancelled.infoMsg).toBe('0');
    expect((await fundsOf(t, 'DEMO1')).cash).toBe(1 * LAKH);
    const placed = await place({ qty: qtyWorth(30_000_00) });
    expect(placed.infoID, placed.infoMsg).toBe('0');
    await expectCashBlockedReconciles();
    expect((await cancel(placed.data.orderId)).infoID).toBe('0');
    await expectCashBlockedReconciles();
  });

  it('releases a filled delivery buy’s cash block as the ledger pays for it', async () => {
    const bought = await place({ ordType: 'market', qty: '5' });
    expect(bought.infoID, bought.infoMsg).toBe('0');
    expect((await orderRow(t, bought.data.orderId)).status).toBe('EXECUTED');
    const after = await fundsOf(t, 'DEMO1');
    expect([after.blocked, after.cashBlocked]).toEqual([0, 0]);
    expect(after.ledger).toBeLessThan(1 * LAKH);
    expect(after.cash).toBe(after.ledger);
    await expectCashBlockedReconciles();
  });

  it('moves a position into CASH only when the cash pays for it', async () => {
    const tcs = nseEquity(t, 'TCS');
    await applyTrade(t.db, demo1Id, tcs, 'INTRADAY', 'BUY', 6, 300_000); // 18,000 of intraday long
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const transfer = () =>
      t.call<{ result: { status: string; message: string } }>(
        '/Account/TransferPosition',
        { sym, qty: 6, fromPOS: 'INTRADAY', toPOS: 'CASH', ordAction: 'buy' },
        { cookie: demo1 },
      );
    await t.db.query('UPDATE client_funds SET ledger_balance_paise = $2 WHERE client_id = $1', [demo1Id, 10_000_00]);
    expect((await transfer()).data.result).toEqual({
      status: 'false',
      message: tradingText.portfolio.transferInsufficientMargin,
    });
    await t.db.query('UPDATE client_funds SET ledger_balance_paise = $2 WHERE client_id = $1', [demo1Id, 1 * LAKH]);
    expect((await transfer()).data.result.status).toBe('true');
    expect((await fundsOf(t, 'DEMO1')).ledger).toBe(1 * LAKH - 18_000_00);
  });
});
