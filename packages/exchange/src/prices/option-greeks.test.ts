import { describe, expect, it } from 'vitest';
import { impliedVolatility, valueOption, type OptionModelInput } from './option-greeks.ts';

// Hull, Options, Futures and Other Derivatives, example 15.6: S 42, K 40, r 10%, sigma 20%, 6 months.
const hull: OptionModelInput = { spot: 42, strike: 40, years: 0.5, volatility: 0.2, rate: 0.1, dividendYield: 0 };

describe('Black-Scholes-Merton valuation and Greeks', () => {
  it('prices the textbook call and put', () => {
    expect(valueOption(true, hull).price).toBeCloseTo(4.76, 2);
    expect(valueOption(false, hull).price).toBeCloseTo(0.81, 2);
  });

  it('keeps put-call parity with a dividend yield', () => {
    const input = { ...hull, dividendYield: 0.03 };
    const call = valueOption(true, input).price;
    const put = valueOption(false, input).price;
    const parity = input.spot * Math.exp(-0.03 * 0.5) - input.strike * Math.exp(-0.1 * 0.5);
    expect(call - put).toBeCloseTo(parity, 9);
  });

  it('gives Greeks that match the price moved by a small step', () => {
    const step = 1e-4;
    for (const call of [true, false]) {
      const base = valueOption(call, hull);
      const up = valueOption(call, { ...hull, spot: hull.spot + step }).price;
      const down = valueOption(call, { ...hull, spot: hull.spot - step }).price;
      expect(base.delta).toBeCloseTo((up - down) / (2 * step), 5);
      const deltaUp = valueOption(call, { ...hull, spot: hull.spot + step }).delta;
      const deltaDown = valueOption(call, { ...hull, spot: hull.spot - step }).delta;
      expect(base.gamma).toBeCloseTo((deltaUp - deltaDown) / (2 * step), 5);
      const volUp = valueOption(call, { ...hull, volatility: hull.volatility + 0.01 }).price;
      expect(base.vega).toBeCloseTo(volUp - base.price, 2);
      const dayLater = valueOption(call, { ...hull, years: hull.years - 1 / 365 }).price;
      expect(base.theta).toBeCloseTo(dayLater - base.price, 3);
      const rateUp = valueOption(call, { ...hull, rate: hull.rate + 0.0001 }).price;
      expect(base.rho).toBeCloseTo((rateUp - base.price) * 100, 3);
    }
  });

  it('is worth its intrinsic value at expiry', () => {
    expect(valueOption(true, { ...hull, years: 0 })).toMatchObject({ price: 2, delta: 1, gamma: 0 });
    expect(valueOption(false, { ...hull, years: 0 })).toMatchObject({ price: 0, delta: 0 });
  });

  it('finds the volatility a premium implies, and none for a premium below intrinsic value', () => {
    const { volatility, ...rest } = hull;
    for (const call of [true, false]) {
      const premium = valueOption(call, hull).price;
      expect(impliedVolatility(call, premium, rest)).toBeCloseTo(volatility, 6);
    }
    expect(impliedVolatility(true, 1, rest)).toBeNull();
    expect(impliedVolatility(true, 0, rest)).toBeNull();
    expect(impliedVolatility(true, 50, rest)).toBeNull();
  });
});
