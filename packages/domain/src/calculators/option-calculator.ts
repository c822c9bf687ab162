import { parseScaled } from '../money/decimal.ts';
import { investingText } from '../messages/investing.ts';

/**
 * What the option calculator (/home/optioncalculator, /Calculators/CalculateOptions) takes, checked the same way in the
 * browser and on the server. investing.md names the route and the call only; fields, ranges and texts are chosen.
 * Prices are entered as rupees with up to 4 decimals, rates as percentages with up to 2.
 */
export interface OptionCalculatorInput {
  underlyingPrice: string;
  strikePrice: string;
  daysToExpiry: string;
  /** Yearly volatility, percent. */
  volatility: string;
  /** Yearly interest rate, percent. */
  interestRate: string;
  /** Yearly dividend yield, percent; empty means none. */
  dividendYield: string;
  /** A market premium to find the implied volatility of; empty means none. */
  optionPremium: string;
}

/** The same figures as exact integers: prices in 1/10,000 rupee, percentages in hundredths. */
export interface OptionCalculatorFigures {
  underlying: number;
  strike: number;
  days: number;
  volatilityHundredths: number;
  rateHundredths: number;
  dividendHundredths: number;
  premium: number | null;
  /** Decimals to show prices with: 4 when a price was entered with more than 2 (currency options), else 2. */
  priceDecimals: 2 | 4;
}

export const OPTION_PRICE_SCALE = 4;
export const OPTION_MAX_DAYS = 3650;
const MAX_VOLATILITY_HUNDREDTHS = 500_00;
const MAX_RATE_HUNDREDTHS = 100_00;

const errors = investingText.optionCalculator.errors;

function positivePrice(input: string): number | null {
  const units = parseScaled(input, OPTION_PRICE_SCALE);
  return units !== null && units > 0 ? units : null;
}

function percent(input: string, max: number, allowZero: boolean): number | null {
  const hundredths = parseScaled(input, 2);
  if (hundredths === null || hundredths > max) return null;
  return hundredths > 0 || (allowZero && hundredths === 0) ? hundredths : null;
}

function decimalsOf(...inputs: string[]): 2 | 4 {
  return inputs.some((input) => (input.trim().split('.')[1] ?? '').replace(/0+$/, '').length > 2) ? 4 : 2;
}

export function checkOptionCalculatorInput(
  input: OptionCalculatorInput,
): { ok: true; value: OptionCalculatorFigures } | { ok: false; error: string } {
  const underlying = positivePrice(input.underlyingPrice);
  if (underlying === null) return { ok: false, error: errors.underlyingPrice };
  const strike = positivePrice(input.strikePrice);
  if (strike === null) return { ok: false, error: errors.strikePrice };
  const days = parseScaled(input.daysToExpiry, 0);
  if (days === null || days < 0 || days > OPTION_MAX_DAYS) return { ok: false, error: errors.daysToExpiry };
  const volatilityHundredths = percent(input.volatility, MAX_VOLATILITY_HUNDREDTHS, false);
  if (volatilityHundredths === null) return { ok: false, error: errors.volatility };
  const rateHundredths = percent(input.interestRate, MAX_RATE_HUNDREDTHS, true);
  if (rateHundredths === null) return { ok: false, error: errors.interestRate };
  const dividendHundredths =
    input.dividendYield.trim() === '' ? 0 : percent(input.dividendYield, MAX_RATE_HUNDREDTHS, true);
  if (dividendHundredths === null) return { ok: false, error: errors.dividendYield };
  let premium: number | null = null;
  if (input.optionPremium.trim() !== '') {
    premium = positivePrice(input.optionPremium);
    if (premium === null) return { ok: false, error: errors.optionPremium };
    if (days === 0) return { ok: false, error: errors.premiumAtExpiry };
  }
  return {
    ok: true,
    value: {
      underlying,
      strike,
      days,
      volatilityHundredths,
      rateHundredths,
      dividendHundredths,
      premium,
      priceDecimals: decimalsOf(input.underlyingPrice, input.strikePrice, input.optionPremium),
    },
  };
}
