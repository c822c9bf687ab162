import { describe, expect, it } from 'vitest';
import { streamRandom, Xoshiro128 } from './prng.ts';

describe('Xoshiro128', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = new Xoshiro128(42);
    const b = new Xoshiro128(42);
    const c = new Xoshiro128(43);
    const seqA = Array.from({ length: 5 }, () => a.nextUint32());
    expect(Array.from({ length: 5 }, () => b.nextUint32())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.nextUint32())).not.toEqual(seqA);
  });

  it('resumes from a saved state', () => {
    const a = new Xoshiro128(7);
    a.next();
    const copy = new Xoshiro128(a.state());
    expect(copy.nextUint32()).toBe(a.nextUint32());
  });

  it('gives uniform floats in [0,1), integers in range and roughly standard normals', () => {
    const r = streamRandom(1, 'test');
    let sum = 0;
    let sumSq = 0;
    const n = 20000;
    for (let i = 0; i < n; i++) {
      const u = r.next();
      expect(u >= 0 && u < 1).toBe(true);
      const k = r.int(3, 5);
      expect(k >= 3 && k <= 5).toBe(true);
      const z = r.normal();
      sum += z;
      sumSq += z * z;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.05);
    expect(Math.abs(sumSq / n - 1)).toBeLessThan(0.05);
  });
});
