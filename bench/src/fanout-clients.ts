// The fan-out benchmark's load generator: many websocket clients in their own process, so decoding their frames
// never shares the server's event loop. Driven by the parent over IPC (see fanout.ts).
import { inflateSync } from 'node:zlib';
import { WebSocket } from 'ws';

export interface ClientPlan {
  url: string;
  /** Per client: the channels to subscribe, by level. Empty for the bare broadcast, which needs no subscribe. */
  subscriptions: { level1: string[]; level2: string[] }[];
  connect: boolean;
}

export type ParentMessage =
  { cmd: 'start'; plan: ClientPlan } | { cmd: 'measure' } | { cmd: 'report' } | { cmd: 'stop' };

export interface ClientReport {
  clients: number;
  seconds: number;
  frames: number;
  items: number;
  bytes: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The slowest client: the highest of each client's own 99th percentile lag. */
  slowestClientP99Ms: number;
  slowestClientMaxMs: number;
}

const MAX_MS = 60_000;
const TS = '"ts":';

/** Latency histogram in whole milliseconds. */
class Histogram {
  readonly counts = new Uint32Array(MAX_MS + 1);
  total = 0;
  max = 0;
  add(ms: number): void {
    const bucket = Math.min(MAX_MS, Math.max(0, Math.round(ms)));
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.total++;
    if (bucket > this.max) this.max = bucket;
  }
  quantile(q: number): number {
    const target = Math.ceil(this.total * q);
    let seen = 0;
    for (let ms = 0; ms <= this.max; ms++) {
      seen += this.counts[ms] ?? 0;
      if (seen >= target) return ms;
    }
    return this.max;
  }
}

interface Client {
  socket: WebSocket;
  lags: number[];
}

let clients: Client[] = [];
let measuring = false;
let started = 0;
let frames = 0;
let items = 0;
let bytes = 0;
let all = new Histogram();

function onFrame(client: Client, data: string): void {
  if (!measuring) return;
  const now = Date.now();
  frames++;
  bytes += data.length;
  // Inflate every frame, but find the publish times by scanning rather than JSON.parse: the load generator must
  // stay cheaper than the server it measures.
  const text = inflateSync(Buffer.from(data, 'base64')).toString('utf8');
  for (let at = text.indexOf(TS); at !== -1; at = text.indexOf(TS, at + TS.length)) {
    const ts = Number.parseInt(text.slice(at + TS.length, at + TS.length + 15), 10);
    if (!Number.isFinite(ts)) continue;
    items++;
    const lag = now - ts;
    all.add(lag);
    client.lags.push(lag);
  }
}

async function start(plan: ClientPlan): Promise<void> {
  const opened: Promise<void>[] = [];
  for (const [i, subscriptions] of plan.subscriptions.entries()) {
    const socket = new WebSocket(plan.url, { perMessageDeflate: false });
    const client: Client = { socket, lags: [] };
    clients.push(client);
    socket.on('message', (data) => onFrame(client, String(data)));
    opened.push(
      new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.once('open', () => {
          if (plan.connect) {
            socket.send(
              JSON.stringify({ task: 'connect', user: `BENCH${i}`, acctid: `BENCH${i}`, token: `token-${i}` }),
            );
            socket.send(JSON.stringify({ task: 'sub', channel: subscriptions.level1.join('&'), type: 'level1' }));
            socket.send(JSON.stringify({ task: 'sub', channel: subscriptions.level2.join('&'), type: 'level2' }));
          }
          resolve();
        });
      }),
    );
    // Open in small batches so the accept queue never overflows.
    if (i % 100 === 99) await Promise.all(opened.slice(-100));
  }
  await Promise.all(opened);
}

function report(): ClientReport {
  const seconds = (Date.now() - started) / 1000;
  let slowestP99 = 0;
  let slowestMax = 0;
  for (const client of clients) {
    if (client.lags.length === 0) continue;
    const sorted = client.lags.sort((a, b) => a - b);
    slowestP99 = Math.max(slowestP99, sorted[Math.floor((sorted.length - 1) * 0.99)] ?? 0);
    slowestMax = Math.max(slowestMax, sorted.at(-1) ?? 0);
  }
  return {
    clients: clients.length,
    seconds: Number(seconds.toFixed(2)),
    frames,
    items,
    bytes,
    p50Ms: all.quantile(0.5),
    p99Ms: all.quantile(0.99),
    maxMs: all.max,
    slowestClientP99Ms: slowestP99,
    slowestClientMaxMs: slowestMax,
  };
}

process.on('message', (message: ParentMessage) => {
  switch (message.cmd) {
    case 'start':
      start(message.plan).then(
        () => process.send?.({ ready: true }),
        (error: unknown) => process.send?.({ error: String(error) }),
      );
      return;
    case 'measure':
      measuring = true;
      started = Date.now();
      frames = items = bytes = 0;
      all = new Histogram();
      for (const client of clients) client.lags = [];
      process.send?.({ measuring: true });
      return;
    case 'report':
      measuring = false;
      process.send?.({ report: report() });
      return;
    case 'stop':
      for (const client of clients) client.socket.terminate();
      clients = [];
      process.send?.({ stopped: true });
      return;
    default: {
      const never: never = message;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
});
