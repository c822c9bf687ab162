import { normalCdf } from './option-pricing.ts';

/**
 * Black-Scholes-Merton on the spot with a continuous dividend yield: an option's theoretical price and its Greeks, and
 * the volatility a market premium implies. Real-number maths (floating point, as option-pricing.ts); callers turn the
 * answers into exact decimals once, at the boundary.
 */
export interface OptionModelInput {
  spot: number;
  strike: number;
  /** Years to expiry (days / 365). */
  years: number;
  /** Yearly volatility, 0.20 for 20%. */
  volatility: number;
  /** Yearly risk-free rate, continuously compounded. */
  rate: number;
  /** Yearly dividend yield, continuously compounded. */
  dividendYield: number;
}

export interface OptionValuation {
  price: number;
  delta: number;
  gamma: number;
  /** Change in price over one calendar day. */
  theta: number;
  /** Change in price for one volatility point (1%). */
  vega: number;
  /** Change in price for one point (1%) of the interest rate. */
  rho: number;
}

const SQRT_TWO_PI = Math.sqrt(2 * Math.PI);
const DAYS_A_YEAR = 365;

function normalPdf(x: number): number {
  return Math.exp((-x * x) / 2) / SQRT_TWO_PI;
}

/** At expiry or with no volatility the option is worth its discounted intrinsic value on the forward. */
function degenerate(call: boolean, input: OptionModelInput): OptionValuation {
  const { spot, strike, years, rate, dividendYield } = input;
  const t = Math.max(0, years);
  const forwardValue = spot * Math.exp(-dividendYield * t);
  const strikeValue = strike * Math.exp(-rate * t);
  const inTheMoney = call ? forwardValue > strikeValue : forwardValue < strikeValue;
  const price = inTheMoney ? Math.abs(forwardValue - strikeValue) : 0;
  const delta = inTheMoney ? (call ? 1 : -1) * Math.exp(-dividendYield * t) : 0;
  return { price, delta, gamma: 0, theta: 0, vega: 0, rho: 0 };
}

export function valueOption(call: boolean, input: OptionModelInput): OptionValuation {
  const { spot, strike, years, volatility, rate, dividendYield } = input;
  if (years <= 0 || volatility <= 0) return degenerate(call, input);
  const rootT = Math.sqrt(years);
  const sd = volatility * rootT;
  const d1 = (Math.log(spot / strike) + (rate - dividendYield + (volatility * volatility) / 2) * years) / sd;
  const d2 = d1 - sd;
  const carry = Math.exp(-dividendYield * years);
  const discount = Math.exp(-rate * years);
  const density = normalPdf(d1);
  const gamma = (carry * density) / (spot * sd);
  const vega = (spot * carry * density * rootT) / 100;
  const decay = -(spot * carry * density * volatility) / (2 * rootT);
  if (call) {
    const nd1 = normalCdf(d1);
    const nd2 = normalCdf(d2);
    return {
      price: spot * carry * nd1 - strike * discount * nd2,
      delta: carry * nd1,
      gamma,
      theta: (decay - rate * strike * discount * nd2 + dividendYield * spot * carry * nd1) / DAYS_A_YEAR,
      vega,
      rho: (strike * years * discount * nd2) / 100,
    };
  }
  const nMinusD1 = normalCdf(-d1);
  const nMinusD2 = normalCdf(-d2);
  return {
    price: strike * discount * nMinusD2 - spot * carry * nMinusD1,
    delta: -carry * nMinusD1,
    gamma,
    theta: (decay + rate * strike * discount * nMinusD2 - dividendYield * spot * carry * nMinusD1) / DAYS_A_YEAR,
    vega,
    rho: -(strike * years * discount * nMinusD2) / 100,
  };
}

const LOWEST_VOLATILITY = 0.0001;
const HIGHEST_VOLATILITY = 5;

/**
 * The volatility at which the model's price equals `premium`, by bisection (the price rises with volatility), or null
 * when no volatility between 0.01% and 500% gives it: a premium under the option's discounted intrinsic value, or one
 * above what any volatility explains.
 */
export function impliedVolatility(
  call: boolean,
  premium: number,
  input: Omit<OptionModelInput, 'volatility'>,
  tolerance = 1e-7,
): number | null {
  if (!(premium > 0) || input.years <= 0) return null;
  const priceAt = (volatility: number) => valueOption(call, { ...input, volatility }).price;
  let low = LOWEST_VOLATILITY;
  let high = HIGHEST_VOLATILITY;
  if (premium < priceAt(low) || premium > priceAt(high)) return null;
  for (let step = 0; step < 100 && high - low > tolerance; step++) {
    const middle = (low + high) / 2;
    if (priceAt(middle) < premium) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
