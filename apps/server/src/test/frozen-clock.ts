import { ServerClock } from '../services/clock.ts';

/**
 * A server clock that stands still until a test sets it: for tests comparing figures read at two moments that must
 * agree, such as open interest, which moves with every minute of the session.
 */
export class FrozenClock extends ServerClock {
  private time: number;

  constructor(start = Date.now()) {
    super();
    this.time = start;
  }

  override now(): number {
    return this.time;
  }

  override set(epochMs: number): void {
    this.time = epochMs;
  }
}
