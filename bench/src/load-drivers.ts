// How the order-entry load generator drives a target: a closed loop (a fixed number of requests in flight) and an
// open loop (requests offered at a fixed rate).
import { percentile } from './percentile.ts';

export interface LoadFigures {
  requests: number;
  failures: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  firstFailure: string | null;
  /** Frames the clients' sockets received while the orders ran (order updates), per order placed. */
  pushesPerOrder?: number;
}

export interface RateFigures extends LoadFigures {
  /** Orders a second asked for; `perSecond` is what was answered. */
  offeredPerSec: number;
  p999Ms: number;
  /** The most requests outstanding at once (a server keeping up holds about rate x latency). */
  maxInFlight: number;
}

/** Closed loop: `concurrency` workers, each sending its next request when the last is answered. */
export async function drive(
  seconds: number,
  concurrency: number,
  request: (i: number, worker: number) => Promise<string | null>,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  let next = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const worker = async (_: unknown, w: number) => {
    while (performance.now() < until) {
      const i = next++;
      const t0 = performance.now();
      const error = await request(i, w).catch((e: unknown) => String(e));
      latencies.push(performance.now() - t0);
      if (error !== null) {
        failures++;
        firstFailure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    perSecond: Math.round(latencies.length / elapsed),
    p50Ms: Number(percentile(latencies, 0.5).toFixed(2)),
    p99Ms: Number(percentile(latencies, 0.99).toFixed(2)),
    firstFailure,
  };
}

/**
 * Open loop: request i is due at start + i / rate, sent then (however many are outstanding) and timed from when it was
 * due. Request i goes to client i mod clients, so every client places rate / clients orders a second.
 */
export async function driveAtRate(
  seconds: number,
  rate: number,
  request: (i: number, client: number) => Promise<string | null>,
  clients: number,
): Promise<RateFigures> {
  const total = Math.round(seconds * rate);
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  let inFlight = 0;
  let maxInFlight = 0;
  const outstanding: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    // Never early: a request timed from before it was sent would flatter the figures.
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    outstanding.push(
      request(i, i % clients)
        .catch((e: unknown) => String(e))
        .then((error) => {
          inFlight--;
          latencies.push(performance.now() - due);
          if (error !== null) {
            failures++;
            firstFailure ??= error;
          }
        }),
    );
  }
  await Promise.all(outstanding);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    offeredPerSec: rate,
    requests: latencies.length,
    failures,
    perSecond: Math.round(latencies.length / elapsed),
    p50Ms: Number(percentile(latencies, 0.5).toFixed(2)),
    p99Ms: Number(percentile(latencies, 0.99).toFixed(2)),
    p999Ms: Number(percentile(latencies, 0.999).toFixed(2)),
    maxInFlight,
    firstFailure,
  };
}
