import { divRoundHalfUp } from './rational.ts';

/**
 * Interest a broker charges each calendar day (market-facts 1.4 and 5), as a rate in parts per 10^7 like the other
 * charge rates: the MTF rate, 0.04% a day on the funded amount, weekends and holidays included. The same rate is
 * charged on a cash shortfall under the 50% cash rule (market-facts 5 gives the MTF rate as its example).
 */
export const DAILY_INTEREST_RATE = 4_000;
const PER_CRORE = 10_000_000n;

/** Interest on `principalPaise` for `days` calendar days at the daily rate, rounded half up to the paisa. */
export function dailyInterestPaise(principalPaise: number, days: number): number {
  if (principalPaise <= 0 || days <= 0) return 0;
  return divRoundHalfUp(BigInt(principalPaise) * BigInt(DAILY_INTEREST_RATE) * BigInt(days), PER_CRORE);
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
