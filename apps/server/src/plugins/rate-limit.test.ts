import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './rate-limit.ts';

describe('FixedWindowLimiter', () => {
  it('allows max calls per key and window, then refuses until the window starts again', () => {
    const limiter = new FixedWindowLimiter(2, 1_000);
    expect([limiter.allow('a', 0), limiter.allow('a', 10), limiter.allow('a', 20)]).toEqual([true, true, false]);
    expect(limiter.allow('b', 20)).toBe(true);
    expect(limiter.msUntilReset('a', 400)).toBe(600);
    expect(limiter.allow('a', 1_000)).toBe(true);
  });

  it('keeps a limited key limited while a flood of new keys arrives, and sweeps only ended windows', () => {
    const limiter = new FixedWindowLimiter(1, 60_000);
    limiter.allow('client', 0);
    expect(limiter.allow('client', 1)).toBe(false);
    for (let i = 0; i < 10_500; i++) limiter.allow(`ip-${i}`, 2);
    expect(limiter.allow('client', 3)).toBe(false);
    expect(limiter.size).toBe(10_501);
    // A minute on, every window has ended: the next new key sweeps them all.
    limiter.allow('late', 60_003);
    expect(limiter.size).toBe(1);
  });
});
