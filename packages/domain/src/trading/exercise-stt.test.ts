import { describe, expect, it } from 'vitest';
import { exerciseStt, type ExerciseInput } from './charges.ts';

/** market-facts 1.1: STT on the intrinsic value of an exercised long option, 0.125% then 0.15% from 1-Apr-2026. */
describe('STT on exercise (amounts in paise)', () => {
  // NIFTY call ITM by 123.45 at expiry, 65 units: intrinsic value 8,024.25 rupees.
  const exercised: ExerciseInput = {
    exchange: 'NFO',
    instr: 'OPTIDX',
    priceDecimals: 2,
    lotQualifier: 1,
    value: 12_345n * 65n,
    tradeDate: '2026-12-29',
  };

  it('from 1-Apr-2026: 0.15% of ₹8,024.25 is ₹12.036, rounded to the rupee: ₹12', () => {
    expect(exerciseStt(exercised)).toBe(1_200);
  });

  it('till 31-Mar-2026: 0.125% of ₹8,024.25 is ₹10.03, rounded to the rupee: ₹10', () => {
    expect(exerciseStt({ ...exercised, tradeDate: '2026-03-31' })).toBe(1_000);
  });

  it('half a rupee rounds up: 0.15% of ₹1,000 is ₹1.50 -> ₹2', () => {
    expect(exerciseStt({ ...exercised, value: 100_000n })).toBe(200);
  });

  it('stock options pay it too; currency options pay no STT', () => {
    expect(exerciseStt({ ...exercised, instr: 'OPTSTK' })).toBe(1_200);
    expect(exerciseStt({ ...exercised, exchange: 'CDS', instr: 'OPTCUR', priceDecimals: 4 })).toBe(0);
  });
});
