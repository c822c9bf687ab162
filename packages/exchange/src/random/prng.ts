/**
 * The exchange's only source of randomness: xoshiro128** (Blackman and Vigna), seeded through splitmix32. Small, fast
 * and deterministic for a seed, so a market replays exactly. Not for anything secret.
 */
export interface Random {
  /** A uniform integer in [0, 2^32). */
  nextUint32(): number;
  /** A uniform float in [0, 1). */
  next(): number;
  /** A uniform integer in [min, max], inclusive. */
  int(min: number, max: number): number;
  /** A standard normal variate. */
  normal(): number;
  /** The generator's state, for snapshots. */
  state(): [number, number, number, number];
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export class Xoshiro128 implements Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare = NaN;

  constructor(seed: number | readonly [number, number, number, number]) {
    if (typeof seed === 'number') {
      const mix = splitmix32(seed);
      this.a = mix();
      this.b = mix();
      this.c = mix();
      this.d = mix();
    } else {
      [this.a, this.b, this.c, this.d] = seed;
    }
    if ((this.a | this.b | this.c | this.d) === 0) this.d = 1;
  }

  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  next(): number {
    return this.nextUint32() / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const value = this.spare;
      this.spare = NaN;
      return value;
    }
    // Box-Muller; 1 - next() keeps the logarithm finite.
    const u = 1 - this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  state(): [number, number, number, number] {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** A generator for a named stream derived from a master seed, so adding a stream does not shift the others. */
export function streamRandom(seed: number, name: string): Xoshiro128 {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return new Xoshiro128(h >>> 0);
}
