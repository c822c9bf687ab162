import { formatScaled, mulDivRound, parseScaled } from '../money/decimal.ts';
import { investingText } from '../messages/investing.ts';

/**
 * The cost of carry of a future against its underlying (/home/costofcarrycalculator; investing.md lists the route,
 * its layout and formulas are not shown): the basis, the annualised carry the futures price implies, and the fair
 * value at an interest rate (simple interest on 365 days, no dividends). Exact: prices are integers of 1/10,000 rupee,
 * every division rounds half away from zero once.
 */
export interface CostOfCarryInput {
  spot: string;
  futures: string;
  days: string;
  /** Interest rate, percent a year. */
  rate: string;
}

export interface CostOfCarry {
  /** Futures less spot. */
  basis: string;
  /** The basis as a percentage of the spot price. */
  basisPercent: string;
  /** The basis as a yearly rate over the days left: (F - S) / S x 365 / days, percent. */
  annualisedPercent: string;
  /** Spot grown at the rate over the days left. */
  fairValue: string;
  /** Futures less fair value: above zero, the future is dearer than carry at the rate explains. */
  premiumToFair: string;
}

const text = investingText.costOfCarry.errors;

const PRICE_SCALE = 4;
const RATE_SCALE = 2;
const MAX_DAYS = 3650;
const MAX_RATE_HUNDREDTHS = 100_00;
const DAYS_A_YEAR = 365;

/** A price entered as rupees with up to 4 decimals, above zero. */
function price(input: string): number | null {
  const units = parseScaled(input, PRICE_SCALE);
  return units !== null && units > 0 ? units : null;
}

/** Decimals to show prices with: 4 when either was entered with more than 2 (currency), else 2. */
function priceDecimals(...inputs: string[]): number {
  return inputs.some((input) => (input.trim().split('.')[1] ?? '').replace(/0+$/, '').length > 2) ? 4 : 2;
}

function shownPrice(units: number, decimals: number): string {
  return formatScaled(mulDivRound(units, 1, 10 ** (PRICE_SCALE - decimals)), decimals);
}

export function costOfCarry(input: CostOfCarryInput): { ok: true; value: CostOfCarry } | { ok: false; error: string } {
  const spot = price(input.spot);
  if (spot === null) return { ok: false, error: text.spot };
  const futures = price(input.futures);
  if (futures === null) return { ok: false, error: text.futures };
  const days = parseScaled(input.days, 0);
  if (days === null || days < 1 || days > MAX_DAYS) return { ok: false, error: text.days };
  const rate = parseScaled(input.rate, RATE_SCALE);
  if (rate === null || rate < 0 || rate > MAX_RATE_HUNDREDTHS) return { ok: false, error: text.rate };

  const decimals = priceDecimals(input.spot, input.futures);
  const basis = futures - spot;
  // Percentages in hundredths: 10,000 hundredths of a percent make 1.
  const basisPercent = mulDivRound(basis, 10_000, spot);
  const annualisedPercent = mulDivRound(basis, DAYS_A_YEAR * 10_000, spot * days);
  // rate is in hundredths of a percent: S x rate/10,000 x days/365.
  const fairValue = spot + mulDivRound(spot, rate * days, 10_000 * DAYS_A_YEAR);
  return {
    ok: true,
    value: {
      basis: shownPrice(basis, decimals),
      basisPercent: formatScaled(basisPercent, 2),
      annualisedPercent: formatScaled(annualisedPercent, 2),
      fairValue: shownPrice(fairValue, decimals),
      premiumToFair: shownPrice(futures - fairValue, decimals),
    },
  };
}
