import { describe, expect, it } from 'vitest';
import { formatAmount, formatPrice, groupIndian } from './indian.ts';

describe('Indian number formatting', () => {
  it('groups amounts in lakhs and crores with two decimals', () => {
    expect(formatAmount(100000000)).toBe('10,00,000.00');
    expect(formatAmount(123456789)).toBe('12,34,567.89');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(-123456)).toBe('-1,234.56');
  });
  it('shows currency prices with four decimals', () => {
    expect(formatPrice(852525, 4)).toBe('85.2525');
    expect(formatPrice(251680, 2)).toBe('2,516.80');
  });
  it('groups a plain decimal string', () => {
    expect(groupIndian('98765432101.5')).toBe('98,76,54,32,101.5');
  });
});
