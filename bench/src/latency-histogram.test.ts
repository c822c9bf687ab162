import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from './latency-histogram.ts';

describe('LatencyHistogram', () => {
  it('gives the same quantiles merged from parts as from all samples at once', () => {
    const whole = new LatencyHistogram();
    const parts = [new LatencyHistogram(), new LatencyHistogram()];
    for (let i = 0; i < 1000; i++) {
      const ms = (i * 37) % 120;
      whole.add(ms);
      parts[i % 3 === 0 ? 0 : 1]!.add(ms);
    }
    const merged = new LatencyHistogram(parts[0]!.used());
    merged.merge(parts[1]!.used());
    expect(merged.total).toBe(1000);
    for (const q of [0.5, 0.9, 0.99]) expect(merged.quantile(q)).toBe(whole.quantile(q));
    expect(merged.max).toBe(whole.max);
    expect(merged.quantile(0.99)).toBe(118);
  });
});
