import { describe, expect, it } from 'vitest';
import { availableMarginOf, cashAvailableOf, needsCash, type MarginSources } from './margin-sources.ts';

const lakh = 100_000_00;

function funds(change: Partial<MarginSources>): MarginSources {
  return { ledger: 0, collateral: 0, blocked: 0, used: 0, cashBlocked: 0, ...change };
}

describe('margin sources', () => {
  it('keeps collateral out of what a delivery buy may use', () => {
    const f = funds({ ledger: 1 * lakh, collateral: 5 * lakh });
    expect(availableMarginOf(f)).toBe(6 * lakh);
    expect(cashAvailableOf(f)).toBe(1 * lakh);
  });

  it('lets intraday and F&O margin draw on collateral before cash', () => {
    // 4 lakh of intraday margin in use: covered by the 5 lakh of collateral, so the ledger is still free for delivery.
    expect(cashAvailableOf(funds({ ledger: 1 * lakh, collateral: 5 * lakh, used: 4 * lakh }))).toBe(1 * lakh);
    // 5.5 lakh in use: the collateral covers 5, the ledger the other half lakh.
    expect(cashAvailableOf(funds({ ledger: 1 * lakh, collateral: 5 * lakh, used: 5_50_000_00 }))).toBe(50_000_00);
  });

  it('takes open delivery buys and pending pay-outs from the ledger only', () => {
    // 30,000 blocked by a delivery buy, 20,000 by a pay-out: both cash, so 50,000 of the ledger is left.
    const f = funds({ ledger: 1 * lakh, collateral: 5 * lakh, blocked: 50_000_00, cashBlocked: 50_000_00 });
    expect(cashAvailableOf(f)).toBe(50_000_00);
    expect(availableMarginOf(f)).toBe(5_50_000_00);
  });

  it('is the ledger less cash-only commitments less the margin collateral leaves to cash, for any funds', () => {
    // Each case: ledger, collateral, blocked of which cash-only, used. The split written out the long way must agree.
    const cases: [number, number, number, number, number][] = [];
    for (const ledger of [-5_000, 0, 7_000, 100_000])
      for (const collateral of [0, 3_000, 60_000])
        for (const blocked of [0, 4_000, 90_000])
          for (const cashBlocked of [0, blocked / 2, blocked])
            for (const used of [0, 2_500, 70_000]) cases.push([ledger, collateral, blocked, cashBlocked, used]);
    for (const [ledger, collateral, blocked, cashBlocked, used] of cases) {
      const otherInUse = blocked - cashBlocked + used;
      const longWay = ledger - cashBlocked - Math.max(0, otherInUse - collateral);
      const f = { ledger, collateral, blocked, used, cashBlocked };
      expect(cashAvailableOf(f)).toBe(longWay);
      expect(cashAvailableOf(f)).toBeLessThanOrEqual(availableMarginOf(f));
    }
  });

  it('names delivery buys only', () => {
    expect(needsCash({ product: 'CASH', side: 'BUY' })).toBe(true);
    expect(needsCash({ product: 'CASH', side: 'SELL' })).toBe(false);
    expect(needsCash({ product: 'INTRADAY', side: 'BUY' })).toBe(false);
    expect(needsCash({ product: 'MARGIN', side: 'BUY' })).toBe(false);
  });
});
