import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { LEDGER_PAYIN, LEDGER_PAYOUT } from '../../services/rms/funds.ts';
import { applyTrade, clientIdOf, instrument, ltpOf, nseEquity, rupees } from './portfolio-test-support.ts';

interface MarginAnswer {
  ledgerBalance: string;
  payin: string;
  payout: string;
  collateral: string;
  realisedPnl: string;
  unrealisedPnl: string;
  usedMargin: { span: string; exposure: string; premium: string; delivery: string; other: string; total: string };
  availableMargin: string;
  deliveryCash: string;
}

const paise = (s: string): number => {
  const [whole = '0', fraction = '00'] = s.replace('-', '').split('.');
  return (s.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(fraction.padEnd(2, '0')));
};

describe('Funds: LedgerBalance, MarginDetails, MarginUtilizationPercent (trading.md 7)', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  let demo1Id: number;

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
    demo1Id = await clientIdOf(t.db, 'DEMO1');
  });
  afterAll(async () => t.close());

  it("lists today's ledger entries with running balances ending at the ledger balance", async () => {
    await t.db.query(
      `INSERT INTO ledger_entries (client_id, amount_paise, narration, ref_type) VALUES
         ($1, 500000, 'Funds added via UPI', $2), ($1, -2360, 'Brokerage and charges', 'CHARGES'), ($1, -100000, 'Withdrawal', $3)`,
      [demo1Id, LEDGER_PAYIN, LEDGER_PAYOUT],
    );
    await t.db.query(
      'UPDATE client_funds SET ledger_balance_paise = ledger_balance_paise + 500000 - 2360 - 100000 WHERE client_id = $1',
      [demo1Id],
    );
    const answer = await t.call<{
      ledgerBalance: string;
      entries: { narration: string; debit: string; credit: string; balance: string }[];
    }>('/Account/LedgerBalance', {}, { cookie: demo1 });
    expect(answer.infoID).toBe('0');
    expect(answer.data.ledgerBalance).toBe('1003976.40');
    expect(answer.data.entries.map((e) => [e.narration, e.debit, e.credit, e.balance])).toEqual([
      ['Funds added via UPI', '0.00', '5000.00', '1005000.00'],
      ['Brokerage and charges', '23.60', '0.00', '1004976.40'],
      ['Withdrawal', '1000.00', '0.00', '1003976.40'],
    ]);
    const other = await t.call<{ ledgerBalance: string; entries: unknown[] }>(
      '/Account/LedgerBalance',
      {},
      { cookie: demo2 },
    );
    expect(other.data).toEqual({ ledgerBalance: '200000.00', entries: [] });
  });

  it('splits the used margin by kind, adding up to what the RMS holds, and answers the available margin', async () => {
    const reliance = nseEquity(t, 'RELIANCE');
    const nifty = instrument(t, (i) => i.instr === 'FUTIDX' && i.symbol === 'NIFTY' && i.exc === 'NFO');
    const option = instrument(t, (i) => i.instr === 'OPTIDX' && i.symbol === 'NIFTY' && i.exc === 'NFO');
    await applyTrade(t.db, demo1Id, reliance, 'INTRADAY', 'BUY', 10, 150_000);
    await applyTrade(t.db, demo1Id, nifty, 'CARRY FORWARD', 'SELL', 65, 2_500_000);
    await applyTrade(t.db, demo1Id, option, 'CARRY FORWARD', 'BUY', 65, 10_000);
    const hold = (i: { id: string }, product: string, margin: number) =>
      t.db.query(
        'UPDATE positions SET margin_paise = $4 WHERE client_id = $1 AND instrument_id = $2 AND product = $3',
        [demo1Id, i.id, product, margin],
      );
    await hold(reliance, 'INTRADAY', 300_000);
    await hold(nifty, 'CARRY FORWARD', 17_875_000);
    await hold(option, 'CARRY FORWARD', 650_000);
    // used = the positions' 1,88,250 + 500 not explained by them; blocked by open orders 1,000; collateral 20,000
    await t.db.query(
      'UPDATE client_funds SET used_margin_paise = $2, blocked_margin_paise = 100000, collateral_paise = 2000000 WHERE client_id = $1',
      [demo1Id, 300_000 + 17_875_000 + 650_000 + 50_000],
    );

    const answer = await t.call<MarginAnswer>('/Account/MarginDetails', {}, { cookie: demo1 });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    const m = answer.data;
    const u = m.usedMargin;
    expect(paise(u.total)).toBe(18_875_000 + 100_000);
    expect(paise(u.span) + paise(u.exposure) + paise(u.premium) + paise(u.delivery) + paise(u.other)).toBe(
      paise(u.total),
    );
    expect(u.premium).toBe('6500.00');
    expect(u.delivery).toBe('0.00');
    expect(paise(u.span) + paise(u.exposure)).toBe(300_000 + 17_875_000);
    expect(paise(u.span)).toBeGreaterThan(paise(u.exposure)); // index futures: SPAN 9% against exposure 2%
    expect(u.other).toBe('1500.00'); // the unexplained 500 + the 1,000 blocked by orders
    expect(m.payin).toBe('5000.00');
    expect(m.payout).toBe('1000.00');
    expect(m.collateral).toBe('20000.00');
    expect(m.availableMargin).toBe(rupees(100_397_640 + 2_000_000 - 100_000 - 18_875_000));
    // The margin in use (1,89,750) takes the 20,000 of collateral first and the rest from the ledger, so a delivery
    // buy may use what is available; with more collateral than that in use it would be the ledger alone.
    expect(m.deliveryCash).toBe(m.availableMargin);
    const ltp = ltpOf(t, reliance);
    expect(paise(m.unrealisedPnl)).toBe(
      10 * (ltp - 150_000) - 65 * (ltpOf(t, nifty) - 2_500_000) + 65 * (ltpOf(t, option) - 10_000),
    );
    expect(m.realisedPnl).toBe('0.00');

    const commodity = await t.call<MarginAnswer>('/Account/MarginDetails', { segment: 'commodity' }, { cookie: demo1 });
    expect(commodity.data.usedMargin.total).toBe('0.00');
    expect(commodity.data.unrealisedPnl).toBe('0.00');
  });

  it('answers the utilisation percent of the margin base, per client', async () => {
    const mine = await t.call<{ utilizationPercent: string }>(
      '/Account/MarginUtilizationPercent',
      {},
      { cookie: demo1 },
    );
    // (1,88,750 + 1,000) / (10,03,976.40 + 20,000) = 18.5307..%
    expect(mine.data.utilizationPercent).toBe('18.53');
    const theirs = await t.call<{ utilizationPercent: string }>(
      '/Account/MarginUtilizationPercent',
      {},
      { cookie: demo2 },
    );
    expect(theirs.data.utilizationPercent).toBe('0.00');
    const demo2Margin = await t.call<MarginAnswer>('/Account/MarginDetails', {}, { cookie: demo2 });
    expect(demo2Margin.data).toMatchObject({ ledgerBalance: '200000.00', availableMargin: '200000.00', payin: '0.00' });
  });
});
