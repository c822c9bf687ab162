import { divRoundHalfUp } from './rational.ts';

/**
 * Interest a broker charges each calendar day (market-facts 1.4 and 5), as a rate in parts per 10^7 like the other
 * charge rates: the MTF rate, 0.04% a day on the funded amount, weekends and holidays included. The same rate is
 * charged on a cash shortfall under the 50% cash rule (market-facts 5 gives the MTF rate as its example).
 */
export const DAILY_INTEREST_RATE = 4_000;
/**
 * Zerodha's published delayed payment charge (zerodha.com/charges, "Delayed Payment Charges"): 0.05% a day (18% a
 * year) on a debit balance in the trading account, each calendar day, in the same parts per 10^7.
 */
export const DEBIT_BALANCE_INTEREST_RATE = 5_000;
const PER_CRORE = 10_000_000n;

/** Interest on `principalPaise` for `days` calendar days at a daily rate (the MTF rate unless given), half up to the paisa. */
export function dailyInterestPaise(principalPaise: number, days: number, rate: number = DAILY_INTEREST_RATE): number {
  if (principalPaise <= 0 || days <= 0) return 0;
  return divRoundHalfUp(BigInt(principalPaise) * BigInt(rate) * BigInt(days), PER_CRORE);
}

/**
 * The debit the delayed payment charge is levied on: the ledger's cash balance when below zero. Pledged collateral is
 * not cash and does not offset it (it only counts as margin).
 */
export function debitBalancePaise(ledgerPaise: number): number {
  return Math.max(0, -ledgerPaise);
}

/** What the broker funds of an MTF holding: its cost less the margin the client put up, never below zero. */
export function mtfFundedPaise(costPaise: number, clientMarginPaise: number): number {
  return Math.max(0, costPaise - clientMarginPaise);
}

/**
 * The 50% cash rule (market-facts 5): at least half of the overnight F&O and commodity margin must be cash. The part
 * of that half the ledger's cash does not cover, and the pledged collateral does, is the shortfall interest is charged
 * on; what neither covers is a margin shortfall, not this rule's.
 */
export function cashShortfallPaise(input: {
  ledgerPaise: number;
  collateralPaise: number;
  fnoMarginPaise: number;
}): number {
  const cashNeeded = Math.ceil(Math.max(0, input.fnoMarginPaise) / 2);
  const short = cashNeeded - Math.max(0, input.ledgerPaise);
  return Math.max(0, Math.min(short, Math.max(0, input.collateralPaise)));
}
