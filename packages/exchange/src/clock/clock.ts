/** Exchange time comes from outside: the server passes a system clock, tests a virtual one. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** A clock that moves only when told to. */
export class VirtualClock implements Clock {
  private time: number;

  constructor(start: number) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  set(time: number): void {
    this.time = time;
  }

  advance(ms: number): number {
    this.time += ms;
    return this.time;
  }
}

/** A clock backed by a function the host supplies (e.g. () => Date.now() in the server). */
export function functionClock(now: () => number): Clock {
  return { now };
}
