import { describe, expect, it } from 'vitest';
import {
  cashShortfallPaise,
  dailyInterestPaise,
  debitBalancePaise,
  DEBIT_BALANCE_INTEREST_RATE,
  mtfFundedPaise,
} from './daily-interest.ts';

describe('daily interest (market-facts 1.4: 0.04% a day)', () => {
  it('charges 0.04% of the principal for each calendar day, rounded to the paisa', () => {
    // ₹1,00,000 for one day: ₹40; over a weekend (Friday to Monday, three days): ₹120.
    expect(dailyInterestPaise(10_000_000, 1)).toBe(4_000);
    expect(dailyInterestPaise(10_000_000, 3)).toBe(12_000);
    // ₹1,234.56 for a day: 49.3824 paise rounds to 49.
    expect(dailyInterestPaise(123_456, 1)).toBe(49);
    expect(dailyInterestPaise(123_750, 1)).toBe(50);
  });

  it('charges nothing on nothing, and never for zero days', () => {
    expect(dailyInterestPaise(0, 3)).toBe(0);
    expect(dailyInterestPaise(-5_000, 3)).toBe(0);
    expect(dailyInterestPaise(10_000_000, 0)).toBe(0);
  });

  it("funds an MTF holding's cost less the client's margin", () => {
    expect(mtfFundedPaise(10_000_000, 2_500_000)).toBe(7_500_000);
    expect(mtfFundedPaise(10_000_000, 12_000_000)).toBe(0);
  });
});

describe('the 50% cash rule (market-facts 5)', () => {
  it('needs half the F&O margin in cash; the collateral covering the rest of that half is the shortfall', () => {
    // ₹2,00,000 of margin needs ₹1,00,000 cash; ₹30,000 in the ledger leaves ₹70,000 on the collateral.
    expect(
      cashShortfallPaise({ ledgerPaise: 3_000_000, collateralPaise: 50_000_000, fnoMarginPaise: 20_000_000 }),
    ).toBe(7_000_000);
  });

  it('has no shortfall when the cash covers half', () => {
    expect(
      cashShortfallPaise({ ledgerPaise: 10_000_000, collateralPaise: 50_000_000, fnoMarginPaise: 20_000_000 }),
    ).toBe(0);
    expect(cashShortfallPaise({ ledgerPaise: 10_000_000, collateralPaise: 0, fnoMarginPaise: 0 })).toBe(0);
  });

  it('counts a debit ledger as no cash, and never more shortfall than the collateral covers', () => {
    expect(cashShortfallPaise({ ledgerPaise: -500_000, collateralPaise: 2_000_000, fnoMarginPaise: 20_000_000 })).toBe(
      2_000_000,
    );
    expect(cashShortfallPaise({ ledgerPaise: 0, collateralPaise: 0, fnoMarginPaise: 20_000_000 })).toBe(0);
  });

  it('rounds half of an odd margin up to the paisa', () => {
    expect(cashShortfallPaise({ ledgerPaise: 0, collateralPaise: 1_000, fnoMarginPaise: 101 })).toBe(51);
  });
});

describe('the delayed payment charge (Zerodha: 0.05% a day on a debit balance)', () => {
  it('charges 0.05% of the debit for each calendar day, rounded to the paisa', () => {
    // ₹10,000 in debit for a day: ₹5; over a weekend (three days): ₹15.
    expect(dailyInterestPaise(1_000_000, 1, DEBIT_BALANCE_INTEREST_RATE)).toBe(500);
    expect(dailyInterestPaise(1_000_000, 3, DEBIT_BALANCE_INTEREST_RATE)).toBe(1_500);
    // ₹1,234.57 for a day: 61.7285 paise rounds to 62; ₹1,230.00: 61.5 exactly, half up to 62; ₹1,229.99: 61.4995 to 61.
    expect(dailyInterestPaise(123_457, 1, DEBIT_BALANCE_INTEREST_RATE)).toBe(62);
    expect(dailyInterestPaise(123_000, 1, DEBIT_BALANCE_INTEREST_RATE)).toBe(62);
    expect(dailyInterestPaise(122_999, 1, DEBIT_BALANCE_INTEREST_RATE)).toBe(61);
  });

  it('is levied on the ledger below zero only', () => {
    expect(debitBalancePaise(-1_000_000)).toBe(1_000_000);
    expect(debitBalancePaise(0)).toBe(0);
    expect(debitBalancePaise(2_500)).toBe(0);
  });
});
