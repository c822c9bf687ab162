import { formatScaled, parseScaled } from '../money/decimal.ts';

/**
 * The plus/minus numeric input (platform.md 5, 9; trading.md 5.6). The value is always a decimal string and every
 * rule works on scaled integers, never binary floating point.
 */
export interface NumericInputRules {
  /** Fraction digits allowed; 0 is integer-only (the decimal point is blocked). */
  decimals: number;
  min: string;
  max: string;
  allowNegative: boolean;
  /** The increment of the arrow keys and buttons; values snap to multiples of it. */
  step: string;
}

export const NUMERIC_INPUT_DEFAULTS: NumericInputRules = {
  decimals: 2,
  min: '0',
  max: '9999999',
  allowNegative: false,
  step: '1',
};

/** trading.md 5.6: the default tick increment is 0.01 when the tick size is 0. */
export const ZERO_TICK_STEP = '0.01';

export function numericRules(partial: Partial<NumericInputRules> = {}): NumericInputRules {
  const rules = { ...NUMERIC_INPUT_DEFAULTS, ...partial };
  if (!Number.isInteger(rules.decimals) || rules.decimals < 0 || rules.decimals > 8) {
    throw new RangeError(`decimals must be 0 to 8, got ${rules.decimals}`);
  }
  if (!isPositiveDecimal(rules.step)) throw new RangeError(`step must be a positive decimal, got ${rules.step}`);
  return rules;
}

/** The step for a tick size as the instrument gives it: a tick of 0 (or none) means 0.01. */
export function stepForTick(tickSize: string | undefined): string {
  if (tickSize === undefined || !isPositiveDecimal(tickSize)) return ZERO_TICK_STEP;
  return tickSize.trim();
}

function isPositiveDecimal(text: string): boolean {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return false;
  return /[1-9]/.test(trimmed);
}

function fractionDigits(text: string): number {
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** The scale both the rules and the step can be expressed in exactly. */
function workingScale(rules: NumericInputRules): number {
  return Math.max(rules.decimals, fractionDigits(rules.step.trim()), fractionDigits(rules.min), fractionDigits(rules.max));
}

function scaled(text: string, scale: number): number {
  const value = parseScaled(text, scale);
  if (value === null) throw new RangeError(`not a decimal: ${text}`);
  return value;
}

/**
 * May the field hold this text while the client types? Digits and one decimal point only, at most `decimals`
 * fraction digits (no point at all when integer-only), a leading minus only when negatives are enabled, and never
 * beyond the maximum (or below the negative of it). Intermediate texts such as '', '-' and '12.' are allowed.
 */
export function acceptsTyping(text: string, rules: NumericInputRules): boolean {
  if (text === '') return true;
  const sign = rules.allowNegative ? '-?' : '';
  const fraction = rules.decimals > 0 ? `(\\.\\d{0,${rules.decimals}})?` : '';
  if (!new RegExp(`^${sign}\\d*${fraction}$`).test(text)) return false;
  const magnitude = text.replace(/^-/, '');
  if (magnitude === '' || magnitude === '.') return true;
  const scale = workingScale(rules);
  const value = parseScaled(`0${magnitude}`.replace(/\.$/, ''), scale);
  if (value === null) return false;
  return value <= Math.max(Math.abs(scaled(rules.max, scale)), Math.abs(scaled(rules.min, scale)));
}

/** What a key press would make of the field's text, for keyboard filtering: the text with `inserted` in place of the selection. */
export function textAfterInput(current: string, inserted: string, selectionStart: number, selectionEnd: number): string {
  return current.slice(0, selectionStart) + inserted + current.slice(selectionEnd);
}

/**
 * The settled value when the field is left: empty becomes 0, leading zeros are stripped, a trailing point is dropped
 * and the value is kept within minimum and maximum.
 */
export function normalizeNumeric(text: string, rules: NumericInputRules): string {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-') && rules.allowNegative;
  let magnitude = trimmed.replace(/^-/, '');
  if (magnitude.endsWith('.')) magnitude = magnitude.slice(0, -1);
  if (magnitude.startsWith('.')) magnitude = `0${magnitude}`;
  if (magnitude === '' || !/^\d+(\.\d+)?$/.test(magnitude)) magnitude = '0';
  const [whole = '0', fraction] = magnitude.split('.');
  const stripped = whole.replace(/^0+(?=\d)/, '');
  const limitedFraction = fraction === undefined ? undefined : fraction.slice(0, rules.decimals);
  const body = limitedFraction ? `${stripped}.${limitedFraction}` : stripped;
  const isZero = !/[1-9]/.test(body);
  const candidate = negative && !isZero ? `-${body}` : body;
  const scale = workingScale(rules);
  const value = scaled(candidate, scale);
  if (value < scaled(rules.min, scale)) return plain(rules.min);
  if (value > scaled(rules.max, scale)) return plain(rules.max);
  return candidate;
}

function plain(text: string): string {
  return text.trim();
}

/**
 * One press of an arrow key or the plus/minus button: move to the next multiple of the step in that direction
 * (a value between multiples snaps to the neighbouring multiple), kept within minimum and maximum.
 */
export function stepNumeric(text: string, direction: 1 | -1, rules: NumericInputRules): string {
  const scale = workingScale(rules);
  const current = scaled(normalizeNumeric(text, rules), scale);
  const step = scaled(rules.step.trim(), scale);
  const remainder = ((current % step) + step) % step;
  let next: number;
  if (direction === 1) next = current - remainder + step;
  else next = remainder === 0 ? current - step : current - remainder;
  const min = scaled(rules.min, scale);
  const max = scaled(rules.max, scale);
  if (next < min) next = min;
  if (next > max) next = max;
  return formatScaled(next, scale);
}

/** The value as a scaled integer (e.g. paise with 2 decimals), for callers that compute with it. */
export function numericToScaled(text: string, decimals: number): number | null {
  return parseScaled(text === '' ? '0' : text, decimals);
}
