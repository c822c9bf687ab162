import { describe, expect, it } from 'vitest';
import { blackScholes, futurePrice, normalCdf, optionDelta, smileVol } from './option-pricing.ts';

describe('derivative pricing', () => {
  it('has a standard normal CDF', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 4);
    expect(normalCdf(-1.96)).toBeCloseTo(0.025, 4);
  });

  it('prices a textbook call and satisfies put-call parity', () => {
    // Forward 100, strike 100, 1 year, 20% vol, no rate: about 7.97.
    expect(blackScholes(true, 100, 100, 1, 0, 0.2)).toBeCloseTo(7.9656, 3);
    const call = blackScholes(true, 26200, 26000, 0.05, 0.065, 0.12);
    const put = blackScholes(false, 26200, 26000, 0.05, 0.065, 0.12);
    expect(call - put).toBeCloseTo(Math.exp(-0.065 * 0.05) * (26200 - 26000), 6);
    expect(blackScholes(false, 100, 90, 0, 0, 0.2)).toBe(0);
  });

  it('prices futures at a premium by cost of carry and has a put-skewed smile', () => {
    expect(futurePrice(26000, 0.065, 0.1)).toBeCloseTo(26169.5, 0);
    expect(smileVol(0.12, 26000, 24000, 0.1)).toBeGreaterThan(smileVol(0.12, 26000, 28000, 0.1));
    expect(smileVol(0.12, 26000, 26000, 0.1)).toBeCloseTo(0.12, 10);
    expect(optionDelta(true, 100, 100, 1, 0.2)).toBeCloseTo(0.54, 2);
  });
});
