const MAX_MS = 60_000;

/** Latencies in whole milliseconds; histograms of several processes add up (`merge`). */
export class LatencyHistogram {
  readonly counts: Uint32Array;
  total = 0;
  max = 0;

  constructor(counts?: readonly number[]) {
    this.counts = new Uint32Array(MAX_MS + 1);
    if (counts) this.merge(counts);
  }

  add(ms: number): void {
    const bucket = Math.min(MAX_MS, Math.max(0, Math.round(ms)));
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.total++;
    if (bucket > this.max) this.max = bucket;
  }

  /** Adds another histogram's counts (as `used()` gives them). */
  merge(counts: readonly number[]): void {
    for (const [ms, count] of counts.entries()) {
      if (count === 0) continue;
      this.counts[ms] = (this.counts[ms] ?? 0) + count;
      this.total += count;
      if (ms > this.max) this.max = ms;
    }
  }

  /** The counts up to the largest latency seen: what another process needs to merge this one. */
  used(): number[] {
    return Array.from(this.counts.subarray(0, this.max + 1));
  }

  /** Nearest rank, as percentile.ts. */
  quantile(q: number): number {
    const target = Math.ceil(this.total * q);
    let seen = 0;
    for (let ms = 0; ms <= this.max; ms++) {
      seen += this.counts[ms] ?? 0;
      if (seen >= target) return ms;
    }
    return this.max;
  }
}
