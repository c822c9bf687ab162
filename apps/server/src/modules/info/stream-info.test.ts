import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('/TRstreamStatus and /Stream/Logging', () => {
  let fresh: TestApp;
  let old: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp({ STREAM_LOG_PER_MINUTE: '3' });
    old = await createTestApp({ STREAM_FEED: 'old' });
  });
  afterAll(async () => {
    await fresh.close();
    await old.close();
  });

  it("answers 'Y' for the new feed (the default) and 'N' for the old one", async () => {
    expect((await fresh.call('/TRstreamStatus')).data).toEqual({ trStreamStatus: 'Y' });
    expect((await old.call('/TRstreamStatus')).data).toEqual({ trStreamStatus: 'N' });
  });

  it('takes no payload', async () => {
    expect((await fresh.call('/TRstreamStatus', { anything: 1 })).infoID).toBe('EGN001');
  });

  it('refuses an oversized or malformed log record', async () => {
    const big = await fresh.call('/Stream/Logging', { event: 'reconnect', message: 'x'.repeat(501) });
    expect(big.infoID).toBe('EGN001');
    const nested = await fresh.call('/Stream/Logging', { event: 'reconnect', context: { deep: { a: 1 } } });
    expect(nested.infoID).toBe('EGN001');
    const unknownLevel = await fresh.call('/Stream/Logging', { level: 'fatal', event: 'reconnect' });
    expect(unknownLevel.infoID).toBe('EGN001');
  });

  it('writes the record to the structured log and limits records per IP', async () => {
    const first = await fresh.call('/Stream/Logging', { level: 'warn', event: 'reconnect', message: 'attempt 3 of 10', context: { attempt: 3 } });
    expect(first.infoID).toBe('0');
    expect(first.data).toEqual({ logged: true });
    // STREAM_LOG_PER_MINUTE is 3 here and one record is already in (refused malformed records do not count).
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await fresh.call('/Stream/Logging', { event: 'tick-gap' }));
    expect(answers.map((a) => a.infoID)).toEqual(['0', '0', 'EGN003', 'EGN003']);
    // As every rate limit answers: 429, the seconds to wait in the text and in Retry-After.
    const limited = answers[3]!;
    expect(limited.status).toBe(429);
    expect(limited.infoMsg).toMatch(/^Too many requests\. Please try again after \d+ seconds\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
