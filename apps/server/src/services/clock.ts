import type { Clock } from '@kite/exchange';

/**
 * The server's clock: system time, which a test (or a demo) may shift to another instant while time keeps flowing.
 * Only market sessions and the simulated exchange read it; security timers (sessions, OTPs) keep real time.
 */
export class ServerClock implements Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** From now on, now() reads `epochMs` and moves on from there. */
  set(epochMs: number): void {
    this.offsetMs = epochMs - Date.now();
  }
}
