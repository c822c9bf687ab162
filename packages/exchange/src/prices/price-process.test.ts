import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../random/prng.ts';
import { PriceProcess, TRADING_YEAR_MS } from './price-process.ts';

const specs = [
  { key: 'BANK1', price: 100_000, sector: 'Banks', vol: 0.1, beta: 1, session: 'NSE' },
  { key: 'BANK2', price: 150_000, sector: 'Banks', vol: 0.1, beta: 1, session: 'NSE' },
  { key: 'GOLD', price: 13_625_800, sector: null, vol: 0.15, beta: 0, session: 'MCX' },
];

describe('PriceProcess', () => {
  it('is deterministic for a seed', () => {
    const a = new PriceProcess(specs, new Xoshiro128(5));
    const b = new PriceProcess(specs, new Xoshiro128(5));
    for (let i = 0; i < 100; i++) {
      a.step(1000 / TRADING_YEAR_MS);
      b.step(1000 / TRADING_YEAR_MS);
    }
    expect(a.price('BANK1')).toBe(b.price('BANK1'));
  });

  it('correlates stocks of one sector and keeps per-step moves small', () => {
    const p = new PriceProcess(specs, new Xoshiro128(9));
    const r1: number[] = [];
    const r2: number[] = [];
    const r3: number[] = [];
    let prev = [p.price('BANK1'), p.price('BANK2'), p.price('GOLD')];
    for (let i = 0; i < 3000; i++) {
      p.step(60_000 / TRADING_YEAR_MS); // one minute
      const now = [p.price('BANK1'), p.price('BANK2'), p.price('GOLD')];
      r1.push(Math.log(now[0]! / prev[0]!));
      r2.push(Math.log(now[1]! / prev[1]!));
      r3.push(Math.log(now[2]! / prev[2]!));
      prev = now;
    }
    expect(correlation(r1, r2)).toBeGreaterThan(0.5);
    expect(Math.abs(correlation(r1, r3))).toBeLessThan(0.1);
    expect(Math.max(...r1.map(Math.abs))).toBeLessThan(0.01);
  });

  it('moves only the prices whose session is open, and those exactly as if every session were open', () => {
    const all = new PriceProcess(specs, new Xoshiro128(3));
    const evening = new PriceProcess(specs, new Xoshiro128(3));
    const gold = evening.price('GOLD');
    const bank = evening.price('BANK1');
    for (let i = 0; i < 50; i++) {
      all.step(60_000 / TRADING_YEAR_MS);
      evening.step(60_000 / TRADING_YEAR_MS, new Set(['MCX']));
    }
    expect(evening.price('BANK1')).toBe(bank);
    expect(evening.price('GOLD')).not.toBe(gold);
    expect(evening.price('GOLD')).toBe(all.price('GOLD'));
  });
});

function correlation(x: number[], y: number[]): number {
  const mx = x.reduce((a, b) => a + b, 0) / x.length;
  const my = y.reduce((a, b) => a + b, 0) / y.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}
