import { describe, expect, it } from 'vitest';
import { fuzzEveryRoute } from './fuzz-run.ts';

describe('fuzz (short, repeatable): random bodies on every route', () => {
  it('never answers 5xx or outside the envelope, changes nothing on a refusal, and stays up', async () => {
    const report = await fuzzEveryRoute({ runs: 6, seed: 20_261_121 });
    expect(report.routes).toBeGreaterThan(50);
    expect(report.calls).toBeGreaterThanOrEqual(report.routes * 6);
    expect(report.refused).toBeGreaterThan(0);
  }, 120_000);
});
