import { describe, expect, it } from 'vitest';
import { investingText } from '../messages/investing.ts';
import { checkOptionCalculatorInput, type OptionCalculatorInput } from './option-calculator.ts';

const errors = investingText.optionCalculator.errors;
const nifty: OptionCalculatorInput = {
  underlyingPrice: '26150.35',
  strikePrice: '26200',
  daysToExpiry: '7',
  volatility: '12.5',
  interestRate: '6.50',
  dividendYield: '',
  optionPremium: '',
};

describe('option calculator input', () => {
  it('reads every figure exactly: prices in 1/10,000 rupee, percentages in hundredths', () => {
    expect(checkOptionCalculatorInput(nifty)).toEqual({
      ok: true,
      value: {
        underlying: 261_503_500,
        strike: 262_000_000,
        days: 7,
        volatilityHundredths: 1250,
        rateHundredths: 650,
        dividendHundredths: 0,
        premium: null,
        priceDecimals: 2,
      },
    });
  });

  it('shows 4 decimals when a price was entered with more than 2 (currency options)', () => {
    const usdinr = { ...nifty, underlyingPrice: '84.1225', strikePrice: '84.25', optionPremium: '0.1875' };
    const answer = checkOptionCalculatorInput(usdinr);
    expect(answer.ok && answer.value).toMatchObject({ priceDecimals: 4, premium: 1875 });
  });

  it.each([
    [{ underlyingPrice: '0' }, errors.underlyingPrice],
    [{ underlyingPrice: 'abc' }, errors.underlyingPrice],
    [{ strikePrice: '-5' }, errors.strikePrice],
    [{ strikePrice: '1.12345' }, errors.strikePrice],
    [{ daysToExpiry: '2.5' }, errors.daysToExpiry],
    [{ daysToExpiry: '3651' }, errors.daysToExpiry],
    [{ volatility: '0' }, errors.volatility],
    [{ volatility: '500.01' }, errors.volatility],
    [{ interestRate: '' }, errors.interestRate],
    [{ interestRate: '100.5' }, errors.interestRate],
    [{ dividendYield: '-1' }, errors.dividendYield],
    [{ optionPremium: '0' }, errors.optionPremium],
    [{ optionPremium: '12', daysToExpiry: '0' }, errors.premiumAtExpiry],
  ])('refuses %o with its own message', (change, message) => {
    expect(checkOptionCalculatorInput({ ...nifty, ...change })).toEqual({ ok: false, error: message });
  });

  it('takes a day count of 0 (the option at expiry) and a zero rate', () => {
    const answer = checkOptionCalculatorInput({ ...nifty, daysToExpiry: '0', interestRate: '0' });
    expect(answer.ok && answer.value).toMatchObject({ days: 0, rateHundredths: 0 });
  });
});
