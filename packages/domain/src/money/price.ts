import { assertSafeInteger, formatScaled, parseScaled } from './decimal.ts';

/**
 * A price as an integer in the instrument's smallest unit: paise (2 decimals) for most instruments,
 * 1/10000 rupee (4 decimals) for currency derivatives.
 */
export type PriceUnits = number & { readonly __brand: 'PriceUnits' };

export type PriceDecimals = 2 | 4;

export function priceUnits(value: number): PriceUnits {
  assertSafeInteger(value);
  return value as PriceUnits;
}

export function parsePrice(input: string | number, decimals: PriceDecimals): PriceUnits | null {
  const value = parseScaled(input, decimals);
  return value === null ? null : (value as PriceUnits);
}

export function priceString(price: PriceUnits, decimals: PriceDecimals): string {
  return formatScaled(price, decimals);
}

export function isTickMultiple(price: PriceUnits, tick: PriceUnits): boolean {
  return tick > 0 && price % tick === 0;
}

/**
 * `percent`% of `price` (integer units) on a grid of `step` units, rounded up or down. Two integers divided once, then
 * rounded: exact, as a correctly rounded quotient of integers never crosses a whole number the exact one does not.
 */
export function percentOfPrice(price: number, percent: number, step: number, rounding: 'up' | 'down'): number {
  const steps = (price * percent) / (100 * step);
  return (rounding === 'up' ? Math.ceil(steps) : Math.floor(steps)) * step;
}
