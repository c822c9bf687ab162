import { assertSafeInteger } from '../money/decimal.ts';

/** Integer arithmetic (charges, margins, indicators): a/b rounded half away from zero, as a safe integer. */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): number {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const quotient = n / denominator;
  const rounded = (n % denominator) * 2n >= denominator ? quotient + 1n : quotient;
  const result = Number(negative ? -rounded : rounded);
  assertSafeInteger(result);
  return result;
}

/** A rate in parts per 10^scaleDigits written as a percentage without trailing zeros: 307 per 10^7 -> "0.00307". */
export function rateAsPercent(rate: number, scaleDigits: number): string {
  const digits = scaleDigits - 2;
  const text = String(rate).padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
