// The load generator of order-entry.ts, in its own process: logged-in clients place orders over HTTP with a fixed
// number of requests in flight, then the same against the bare Fastify endpoint. Answers one message with the figures.
// Requests go through undici's Pool (keep-alive, one connection per request in flight) by its dispatch API
// (json-post.ts): `fetch` costs the generator several times the CPU per request, and `Pool.request` an eighth more,
// which on a 2-core machine is taken from the server being measured.
// Each client also holds the stream open, as the web app does, so every order's updates are pushed to a socket.
// Then, open loop: orders offered at fixed rates (`rates`), each timed from when it was due rather than when it went
// out, so a slow server is charged for the requests it kept waiting (no coordinated omission).
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { WebSocket } from 'ws';
import type { BenchClient } from './order-bench.ts';
import { drive, driveAtRate, type LoadFigures, type RateFigures } from './load-drivers.ts';
import { postJson } from './json-post.ts';

type OrderAnswer = { response: { infoID: string; infoMsg: string } };

export interface LoadPlan {
  orderUrl: string;
  /** The websocket each client holds open; its order updates are pushed there. */
  streamUrl: string;
  bareUrl: string;
  /** The committed floor: the same request bodies, each appended as one row through a group commit. */
  committedUrl: string;
  clients: BenchClient[];
  /** Order payloads to cycle through (limit orders that rest and marketable ones that trade). */
  payloads: Record<string, unknown>[];
  concurrency: number;
  /** Orders placed before the measured seconds, uncounted. */
  warmUpSeconds: number;
  seconds: number;
  /** Offered rates (orders a second) for the open-loop runs, each `rateSeconds` long... */
  rates: number[];
  /** ...or, when `rates` is empty, these shares of the closed-loop run's orders a second (rounded to 100). */
  rateShares: number[];
  rateSeconds: number;
}

export interface LoadResult {
  orders: LoadFigures;
  bare: LoadFigures;
  committed: LoadFigures;
  ordersAtRate: RateFigures[];
  bareAtRate: RateFigures[];
}

/** Opens each client's stream and resolves once every one has been acknowledged; counts the frames after that. */
async function openStreams(url: string, clients: BenchClient[]): Promise<{ frames: () => number; close(): void }> {
  let frames = 0;
  const sockets = await Promise.all(
    clients.map(
      (client) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(url);
          socket.once('error', reject);
          socket.once('open', () =>
            socket.send(
              JSON.stringify({
                task: 'connect',
                user: client.userId,
                acctid: client.userId,
                token: client.streamToken,
              }),
            ),
          );
          socket.once('message', () => {
            socket.on('message', () => frames++);
            resolve(socket);
          });
        }),
    ),
  );
  return { frames: () => frames, close: () => sockets.forEach((socket) => socket.terminate()) };
}

function poolFor(url: string, connections: number): { pool: Pool; path: string } {
  const { origin, pathname } = new URL(url);
  return { pool: new Pool(origin, { connections, pipelining: 1 }), path: pathname };
}

async function run(plan: LoadPlan): Promise<LoadResult> {
  const orderTarget = poolFor(plan.orderUrl, plan.concurrency);
  const bareTarget = poolFor(plan.bareUrl, plan.concurrency);
  const committedTarget = poolFor(plan.committedUrl, plan.concurrency);
  // Worker w is client w: each logged-in client has one order in flight at a time.
  const place = async (i: number, w: number) => {
    const client = plan.clients[w % plan.clients.length]!;
    const data = plan.payloads[i % plan.payloads.length]!;
    const { body } = await postJson<OrderAnswer>(
      orderTarget.pool,
      orderTarget.path,
      // A fresh Idempotency-Key with every order, as the web app sends one (features/order-entry/api/add-order.ts).
      { cookie: client.cookie, 'idempotency-key': randomUUID() },
      JSON.stringify({ request: { data, appVersion: '1.0.0' } }),
    );
    return body.response.infoID === '0' ? null : `${body.response.infoID} ${body.response.infoMsg}`;
  };
  const bare = async () => {
    const { statusCode } = await postJson(
      bareTarget.pool,
      bareTarget.path,
      {},
      JSON.stringify({ request: { data: { hello: 'world' } } }),
    );
    return statusCode === 200 ? null : String(statusCode);
  };
  const committed = async (i: number, w: number) => {
    const { statusCode } = await postJson(
      committedTarget.pool,
      committedTarget.path,
      { 'x-bench-client': String(w) },
      JSON.stringify({ request: { data: plan.payloads[i % plan.payloads.length]!, appVersion: '1.0.0' } }),
    );
    return statusCode === 200 ? null : String(statusCode);
  };
  const streams = await openStreams(plan.streamUrl, plan.clients);
  try {
    await drive(plan.warmUpSeconds, plan.concurrency, place);
    // The CPU figures cover the measured seconds only, as the server counts its own from this message: over the
    // first seconds of a new process V8 is still compiling the hot code (a tenth of the server's CPU 4-10 s after its
    // start, under 2% at 20 s), which a server running all day does not pay per order.
    process.send?.({ phase: 'orders-warm' });
    const cpuBefore = process.cpuUsage();
    const framesBefore = streams.frames();
    const orders = await drive(plan.seconds, plan.concurrency, place);
    orders.pushesPerOrder = Number(((streams.frames() - framesBefore) / orders.requests).toFixed(2));
    const cpu = process.cpuUsage(cpuBefore);
    process.send?.({ phase: 'orders-done', cpuMs: (cpu.user + cpu.system) / 1000 });
    await drive(1, plan.concurrency, bare);
    const bareFigures = await drive(plan.seconds, plan.concurrency, bare);
    await drive(1, plan.concurrency, committed);
    const committedFigures = await drive(plan.seconds, plan.concurrency, committed);
    const ordersAtRate: RateFigures[] = [];
    const bareAtRate: RateFigures[] = [];
    const rates =
      plan.rates.length > 0
        ? plan.rates
        : plan.rateShares.map((share) => Math.max(100, Math.round((orders.perSecond * share) / 100) * 100));
    for (const rate of rates) {
      ordersAtRate.push(await driveAtRate(plan.rateSeconds, rate, place, plan.clients.length));
      bareAtRate.push(await driveAtRate(plan.rateSeconds, rate, bare, plan.clients.length));
    }
    return { orders, bare: bareFigures, committed: committedFigures, ordersAtRate, bareAtRate };
  } finally {
    streams.close();
    await Promise.all([orderTarget.pool.close(), bareTarget.pool.close(), committedTarget.pool.close()]);
  }
}

process.on('message', (plan: LoadPlan) => {
  run(plan).then(
    (figures) => process.send?.(figures, () => process.exit(0)),
    (error: unknown) => process.send?.({ error: String(error) }, () => process.exit(1)),
  );
});
