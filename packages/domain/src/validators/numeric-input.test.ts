import { describe, expect, it } from 'vitest';
import {
  NUMERIC_INPUT_DEFAULTS,
  acceptsTyping,
  normalizeNumeric,
  numericRules,
  numericToScaled,
  stepForTick,
  stepNumeric,
  textAfterInput,
} from './numeric-input.ts';

const price = numericRules();
const quantity = numericRules({ decimals: 0 });
const signed = numericRules({ allowNegative: true, min: '-9999999.9999', decimals: 4 });

describe('numeric input defaults (platform.md 9)', () => {
  it('are minimum 0, maximum 9999999, 2 decimals, step 1, no negatives', () => {
    expect(NUMERIC_INPUT_DEFAULTS).toEqual({ decimals: 2, min: '0', max: '9999999', allowNegative: false, step: '1' });
  });

  it('refuses a step that is not a positive decimal', () => {
    expect(() => numericRules({ step: '0' })).toThrow(RangeError);
    expect(() => numericRules({ step: '-1' })).toThrow(RangeError);
    expect(() => numericRules({ decimals: -1 })).toThrow(RangeError);
  });
});

describe('typing', () => {
  it('takes digits and one decimal point with at most two decimals', () => {
    expect(acceptsTyping('1234.5', price)).toBe(true);
    expect(acceptsTyping('1234.56', price)).toBe(true);
    expect(acceptsTyping('1234.567', price)).toBe(false);
    expect(acceptsTyping('12.3.4', price)).toBe(false);
    expect(acceptsTyping('12.', price)).toBe(true);
    expect(acceptsTyping('.5', price)).toBe(true);
    expect(acceptsTyping('', price)).toBe(true);
  });

  it('refuses letters, signs, spaces and exponents', () => {
    for (const text of ['12a', 'e5', '1e5', '+1', '1 2', '1,000', '-1']) expect(acceptsTyping(text, price)).toBe(false);
  });

  it('blocks the decimal point when integer-only', () => {
    expect(acceptsTyping('25', quantity)).toBe(true);
    expect(acceptsTyping('25.', quantity)).toBe(false);
    expect(acceptsTyping('.', quantity)).toBe(false);
  });

  it('takes a minus sign only when negatives are enabled', () => {
    expect(acceptsTyping('-', signed)).toBe(true);
    expect(acceptsTyping('-12.5', signed)).toBe(true);
    expect(acceptsTyping('1-2', signed)).toBe(false);
    expect(acceptsTyping('--1', signed)).toBe(false);
  });

  it('never goes past the maximum', () => {
    expect(acceptsTyping('9999999', price)).toBe(true);
    expect(acceptsTyping('9999999.01', price)).toBe(false);
    expect(acceptsTyping('10000000', price)).toBe(false);
    expect(acceptsTyping('500', numericRules({ max: '100' }))).toBe(false);
  });

  it('computes the text a key press would make', () => {
    expect(textAfterInput('1234', '.', 2, 2)).toBe('12.34');
    expect(textAfterInput('1234', '9', 0, 4)).toBe('9');
  });
});

describe('leaving the field', () => {
  it('turns empty into 0 and strips leading zeros', () => {
    expect(normalizeNumeric('', price)).toBe('0');
    expect(normalizeNumeric('-', signed)).toBe('0');
    expect(normalizeNumeric('007', price)).toBe('7');
    expect(normalizeNumeric('000.50', price)).toBe('0.50');
    expect(normalizeNumeric('12.', price)).toBe('12');
    expect(normalizeNumeric('.5', price)).toBe('0.5');
    expect(normalizeNumeric('-007.25', signed)).toBe('-7.25');
    expect(normalizeNumeric('-0', signed)).toBe('0');
  });

  it('keeps the value within minimum and maximum', () => {
    expect(normalizeNumeric('5', numericRules({ min: '10' }))).toBe('10');
    expect(normalizeNumeric('150', numericRules({ max: '100' }))).toBe('100');
    expect(normalizeNumeric('-5', price)).toBe('5');
  });
});

describe('stepping with arrows and plus/minus', () => {
  it('steps by 1 by default', () => {
    expect(stepNumeric('10', 1, quantity)).toBe('11');
    expect(stepNumeric('10', -1, quantity)).toBe('9');
    expect(stepNumeric('', 1, quantity)).toBe('1');
  });

  it('snaps a value between multiples to the neighbouring multiple', () => {
    const tick = numericRules({ step: '0.05' });
    expect(stepNumeric('100.02', 1, tick)).toBe('100.05');
    expect(stepNumeric('100.02', -1, tick)).toBe('100.00');
    expect(stepNumeric('100.05', 1, tick)).toBe('100.10');
    expect(stepNumeric('100.05', -1, tick)).toBe('100.00');
    const lot = numericRules({ decimals: 0, step: '75' });
    expect(stepNumeric('100', 1, lot)).toBe('150');
    expect(stepNumeric('100', -1, lot)).toBe('75');
  });

  it('is exact where binary floating point is not', () => {
    const cents = numericRules({ step: '0.01' });
    expect(stepNumeric('0.1', 1, numericRules({ step: '0.2' }))).toBe('0.20');
    expect(stepNumeric('0.29', 1, cents)).toBe('0.30');
    expect(stepNumeric('1.13', -1, cents)).toBe('1.12');
  });

  it('stops at minimum and maximum', () => {
    expect(stepNumeric('0', -1, quantity)).toBe('0');
    expect(stepNumeric('9999999', 1, quantity)).toBe('9999999');
    expect(stepNumeric('9999998.50', 1, price)).toBe('9999999.00');
  });

  it('goes below zero only when negatives are enabled', () => {
    expect(stepNumeric('0', -1, signed)).toBe('-1.0000');
    expect(stepNumeric('-0.5', -1, signed)).toBe('-1.0000');
    expect(stepNumeric('-0.5', 1, signed)).toBe('0.0000');
  });

  it('uses 0.01 when the tick size is 0 (trading.md 5.6)', () => {
    expect(stepForTick('0')).toBe('0.01');
    expect(stepForTick(undefined)).toBe('0.01');
    expect(stepForTick('0.05')).toBe('0.05');
    expect(stepNumeric('10', 1, numericRules({ step: stepForTick('0') }))).toBe('10.01');
  });

  it('gives the value as a scaled integer', () => {
    expect(numericToScaled('1234.05', 2)).toBe(123405);
    expect(numericToScaled('', 2)).toBe(0);
  });
});
