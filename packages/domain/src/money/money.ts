import { assertSafeInteger, formatScaled, parseScaled } from './decimal.ts';

/** An amount of money in paise (1/100 rupee). */
export type Paise = number & { readonly __brand: 'Paise' };

export function paise(value: number): Paise {
  assertSafeInteger(value);
  return value as Paise;
}

/** "1234.5" rupees -> 123450 paise; null when not a valid amount with at most 2 decimals. */
export function parseRupees(input: string | number): Paise | null {
  const value = parseScaled(input, 2);
  return value === null ? null : (value as Paise);
}

export function rupeesString(amount: Paise): string {
  return formatScaled(amount, 2);
}
