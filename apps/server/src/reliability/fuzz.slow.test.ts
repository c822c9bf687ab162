import { describe, expect, it } from 'vitest';
import { fuzzEveryRoute } from './fuzz-run.ts';

/** FUZZ_RUNS sets the bodies per route (default 150); each run has a new seed, printed by fast-check on failure. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

describe('fuzz (long): random bodies on every route', () => {
  it('never answers 5xx or outside the envelope, changes nothing on a refusal, and stays up', async ({ annotate }) => {
    const report = await fuzzEveryRoute({ runs: RUNS });
    // How far the random bodies got, per route and answer code, in the test report.
    await annotate(
      JSON.stringify({
        fuzz: { routes: report.routes, calls: report.calls, refused: report.refused },
        codes: report.codes,
      }),
    );
    expect(report.routes).toBeGreaterThan(50);
    expect(report.calls).toBeGreaterThanOrEqual(report.routes * RUNS);
  }, 1_800_000);
});
