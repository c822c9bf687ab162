import { accountText, reject, type Rejection } from '@kite/domain';
import type { FastifyReply } from 'fastify';
import { rejection } from './calls.ts';

/** Keys held before a new one sweeps out the keys whose window has ended. */
const SWEEP_AT = 10_000;

/**
 * A fixed-window counter per key (an IP, a client): enough to bound calls that anybody may make. Keys whose window
 * has ended are swept when many are held; the live ones are kept, so a flood of new keys cannot reset the counts of
 * the others.
 */
export class FixedWindowLimiter {
  private readonly counts = new Map<string, { windowStart: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  allow(key: string, now = Date.now()): boolean {
    const entry = this.counts.get(key);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      if (!entry && this.counts.size >= SWEEP_AT) this.sweep(now);
      this.counts.set(key, { windowStart: now, count: 1 });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.max;
  }

  /** Milliseconds until the key's window starts again (0 when it has none). */
  msUntilReset(key: string, now = Date.now()): number {
    const entry = this.counts.get(key);
    return entry ? Math.max(entry.windowStart + this.windowMs - now, 0) : 0;
  }

  /** Keys held now. */
  get size(): number {
    return this.counts.size;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.counts) if (now - entry.windowStart >= this.windowMs) this.counts.delete(key);
  }
}

/**
 * Every rate limit answers alike: HTTP 429, Retry-After and EGN003 with the seconds to wait; the call did nothing.
 * A call's handler returns the rejection; hooks and plain routes use sendOverLimit.
 */
export function refuseOverLimit(reply: FastifyReply, limiter: FixedWindowLimiter, key: string): Rejection {
  const seconds = Math.max(Math.ceil(limiter.msUntilReset(key) / 1000), 1);
  void reply.status(429).header('retry-after', String(seconds));
  return reject('EGN003', accountText.tooManyRequests(seconds));
}

/** refuseOverLimit's answer sent as the envelope, from a hook or a route that is not a registered call. */
export function sendOverLimit(reply: FastifyReply, limiter: FixedWindowLimiter, key: string): FastifyReply {
  const refused = refuseOverLimit(reply, limiter, key);
  return reply.send(rejection(refused.code, refused.message));
}
