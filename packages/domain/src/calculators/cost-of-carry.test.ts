import { describe, expect, it } from 'vitest';
import { costOfCarry } from './cost-of-carry.ts';

describe('cost of carry', () => {
  it('gives the basis, the annualised carry and the fair value at a rate, exactly', () => {
    // 150 on 24,000 over 30 days: 0.625% (0.63), x 365/30 = 7.604%; fair 24,000 x (1 + 6.5% x 30/365) = 24,128.2191...
    expect(costOfCarry({ spot: '24000', futures: '24150', days: '30', rate: '6.5' })).toEqual({
      ok: true,
      value: {
        basis: '150.00',
        basisPercent: '0.63',
        annualisedPercent: '7.60',
        fairValue: '24128.22',
        premiumToFair: '21.78',
      },
    });
  });

  it('handles a future below spot (backwardation) and rounds half away from zero', () => {
    const answer = costOfCarry({ spot: '1000', futures: '995.5', days: '7', rate: '0' });
    // -4.5 / 1000 = -0.45%; x 365 / 7 = -23.4642...%
    expect(answer).toEqual({
      ok: true,
      value: { basis: '-4.50', basisPercent: '-0.45', annualisedPercent: '-23.46', fairValue: '1000.00', premiumToFair: '-4.50' },
    });
  });

  it('keeps four decimals for currency prices', () => {
    const answer = costOfCarry({ spot: '83.2150', futures: '83.4525', days: '45', rate: '6' });
    expect(answer.ok && answer.value).toMatchObject({ basis: '0.2375', fairValue: '83.8306' });
  });

  it('refuses what is not a price, a day count or a rate, with the field named', () => {
    expect(costOfCarry({ spot: '0', futures: '10', days: '1', rate: '1' })).toEqual({ ok: false, error: 'Please enter a valid spot price' });
    expect(costOfCarry({ spot: '10', futures: 'abc', days: '1', rate: '1' })).toEqual({ ok: false, error: 'Please enter a valid futures price' });
    expect(costOfCarry({ spot: '10', futures: '10', days: '2.5', rate: '1' })).toMatchObject({ ok: false, error: 'Days to expiry must be a whole number from 1 to 3650' });
    expect(costOfCarry({ spot: '10', futures: '10', days: '0', rate: '1' })).toMatchObject({ ok: false });
    expect(costOfCarry({ spot: '10', futures: '10', days: '5', rate: '101' })).toEqual({ ok: false, error: 'Interest rate must be from 0 to 100 % a year' });
    expect(costOfCarry({ spot: '10.12345', futures: '10', days: '5', rate: '1' })).toMatchObject({ ok: false });
  });
});
