import { fundsText } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import { amountError, plainAmount, shownAmount } from './transfer-form.ts';

describe('fund transfer form', () => {
  it('words each refusal of the amount field', () => {
    expect(amountError('', 100_000, fundsText.overWithdrawable)).toBe(fundsText.amountRequired);
    expect(amountError('1.001', 100_000, fundsText.overWithdrawable)).toBe(fundsText.amountInvalid);
    expect(amountError('0.5', 100_000, fundsText.overWithdrawable)).toBe('The minimum amount is ₹1.00.');
    expect(amountError('1000.01', 100_000, fundsText.overWithdrawable)).toBe('You can withdraw at most ₹1,000.00.');
    expect(amountError('1,000', 100_000, fundsText.overWithdrawable)).toBeNull();
  });

  it('sends plain rupees and shows lakh grouping', () => {
    expect(plainAmount('1,00,000.5')).toBe('100000.50');
    expect(plainAmount('7')).toBe('7.00');
    expect(shownAmount('12345678.90')).toBe('1,23,45,678.90');
  });
});
