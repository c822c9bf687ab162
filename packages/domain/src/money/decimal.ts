/**
 * Exact decimal <-> scaled-integer conversion. Prices and amounts never pass through binary floating point:
 * "1234.05" with 2 decimals is the integer 123405.
 */
const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d*))?$/;

/** Parses a decimal string (or a number already holding such a value) into an integer scaled by 10^decimals.
 * Returns null for anything that is not a plain decimal or has more fractional digits than allowed. */
export function parseScaled(input: string | number, decimals: number): number | null {
  const text = typeof input === 'number' ? numberToPlainString(input) : input.trim();
  if (text === null) return null;
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) {
    if (!/^0*$/.test(fraction.slice(decimals))) return null;
  }
  const padded = (fraction + '0'.repeat(decimals)).slice(0, decimals);
  const value = Number(whole + padded);
  if (!Number.isSafeInteger(value)) return null;
  return sign && value !== 0 ? -value : value;
}

function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  // Numbers that arrive from JSON (e.g. 1234.05) print back as their shortest decimal form, which is exact here.
  const text = String(value);
  return /e/i.test(text) ? null : text;
}

/** Formats an integer scaled by 10^decimals as a plain decimal string ("123405", 2 -> "1234.05"). */
export function formatScaled(value: number, decimals: number): string {
  assertSafeInteger(value);
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(decimals + 1, '0');
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals);
  const fraction = decimals === 0 ? '' : '.' + digits.slice(-decimals);
  return (negative ? '-' : '') + whole + fraction;
}

export function assertSafeInteger(value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a safe integer: ${value}`);
}

/** Multiplies then divides integers with rounding half away from zero, without leaving integer arithmetic. */
export function mulDivRound(a: number, b: number, divisor: number): number {
  const product = BigInt(a) * BigInt(b);
  const d = BigInt(divisor);
  const quotient = product / d;
  const remainder = product % d;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  const absD = d < 0n ? -d : d;
  const adjust = twice >= absD ? (product < 0n !== d < 0n ? -1n : 1n) : 0n;
  const result = Number(quotient + adjust);
  assertSafeInteger(result);
  return result;
}
