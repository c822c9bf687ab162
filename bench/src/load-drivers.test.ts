import { describe, expect, it } from 'vitest';
import { driveAtRate } from './load-drivers.ts';

/** A server that answers one request at a time, each after `ms`: it can take 1000 / ms requests a second. */
function serialServer(ms: number) {
  let tail = Promise.resolve();
  const clients: number[] = [];
  const request = (_: number, client: number) => {
    clients.push(client);
    const answered = tail.then(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    tail = answered;
    return answered.then(() => null);
  };
  return { request, clients };
}

describe('driveAtRate (open loop)', () => {
  it('sends every request due in the run, spread over the clients in turn', async () => {
    const server = serialServer(0);
    const figures = await driveAtRate(0.5, 200, server.request, 4);
    expect(figures.requests).toBe(100);
    expect(figures.offeredPerSec).toBe(200);
    expect(figures.failures).toBe(0);
    expect(server.clients.slice(0, 6)).toEqual([0, 1, 2, 3, 0, 1]);
    expect(figures.p50Ms).toBeGreaterThanOrEqual(0);
  });

  it('keeps sending while answers are outstanding, so a server that falls behind is charged for its queue', async () => {
    // Offered 100 a second for 1 s to a server that takes 50: the last requests wait about a second for their turn.
    // A closed loop would wait for each answer before sending the next and see each take ~20 ms.
    const figures = await driveAtRate(1, 100, serialServer(20).request, 10);
    expect(figures.requests).toBe(100);
    expect(figures.p99Ms).toBeGreaterThan(700);
    expect(figures.maxInFlight).toBeGreaterThan(30);
    expect(figures.perSecond).toBeLessThan(70);
  });

  it('times each request from when it was due, not from when the generator got round to sending it', async () => {
    // The first request holds the generator's thread for 300 ms: the ~30 due meanwhile go out late and answer at
    // once. Timed from the send they would look instant; from when they were due, they waited up to 300 ms.
    const busyFor = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const figures = await driveAtRate(
      0.5,
      100,
      async (i) => {
        if (i === 0) busyFor(300);
        return null;
      },
      1,
    );
    expect(figures.requests).toBe(50);
    // Requests 1-29 went out 10-290 ms late: the median is one of them.
    expect(figures.p50Ms).toBeGreaterThan(20);
  });

  it('counts failures and keeps the first', async () => {
    const figures = await driveAtRate(0.1, 100, async (i) => (i % 2 === 0 ? 'refused' : null), 1);
    expect(figures.requests).toBe(10);
    expect(figures.failures).toBe(5);
    expect(figures.firstFailure).toBe('refused');
  });
});
