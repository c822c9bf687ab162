// The fan-out benchmark's load generator: many websocket clients in their own process, so decoding their frames
// never shares the server's event loop. Driven by the parent over IPC (see fanout.ts).
//
// One process cannot inflate every frame of a thousand sockets as fast as a server sends them (a flush reaches all
// of them within milliseconds, and they queue here), so the latency read here would be this process's own backlog.
// Every client counts its frames and bytes; one client in `decodeEvery` (a sample) inflates each frame in full and
// reads every item's publish time. The bare broadcast is measured the same way.
import { inflateSync } from 'node:zlib';
import { WebSocket } from 'ws';
import { LatencyHistogram } from './latency-histogram.ts';
import { percentile } from './percentile.ts';

export interface ClientPlan {
  url: string;
  /** The bench's number of this process's first client (its login is BENCH<n>); several processes share the clients. */
  firstClient: number;
  /** Per client: the channels to subscribe, by level. Empty for the bare broadcast, which needs no subscribe. */
  subscriptions: { level1: string[]; level2: string[] }[];
  connect: boolean;
  /** Every n-th client decodes its frames in full (1: all of them). */
  decodeEvery: number;
  /** Clients that stop reading their socket once subscribed (deliberately slow ones); left out of the figures. */
  stalled: number[];
}

export type ParentMessage =
  { cmd: 'start'; plan: ClientPlan } | { cmd: 'measure' } | { cmd: 'report' } | { cmd: 'stop' };

export interface ClientReport {
  clients: number;
  seconds: number;
  /** Every client's frames and bytes. */
  frames: number;
  bytes: number;
  decodedClients: number;
  /** The sample's frames and the items in them. */
  decodedFrames: number;
  decodedItems: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The slowest client of the sample: the highest of each client's own 99th percentile lag, and of its largest. */
  /** Every decoded item's lag, by whole millisecond: processes' reports add up. */
  latencyCounts: number[];
  slowestClientP99Ms: number;
  slowestClientMaxMs: number;
  /** Frames per client per second: the fewest any client got (a starved or stuck client shows here). */
  fewestFramesPerClientPerSec: number;
  /** This process's CPU over the measurement, in % of one core. */
  clientCpuPct: number;
}

const TS = '"ts":';

interface Client {
  socket: WebSocket;
  decodes: boolean;
  stalled: boolean;
  frames: number;
  lags: number[];
}

let clients: Client[] = [];
let measuring = false;
let started = 0;
let frames = 0;
let bytes = 0;
let decodedFrames = 0;
let decodedItems = 0;
let all = new LatencyHistogram();
let cpuAtStart = process.cpuUsage();

function onFrame(client: Client, data: Buffer): void {
  if (!measuring || client.stalled) return;
  frames++;
  client.frames++;
  bytes += data.length;
  if (!client.decodes) return;
  const now = Date.now();
  decodedFrames++;
  // Publish times are found by scanning the inflated text rather than by JSON.parse, to keep the sample cheap.
  const text = inflateSync(Buffer.from(data.toString('latin1'), 'base64')).toString('utf8');
  for (let at = text.indexOf(TS); at !== -1; at = text.indexOf(TS, at + TS.length)) {
    const ts = Number.parseInt(text.slice(at + TS.length, at + TS.length + 15), 10);
    if (!Number.isFinite(ts)) continue;
    decodedItems++;
    const lag = now - ts;
    all.add(lag);
    client.lags.push(lag);
  }
}

function toBuffer(data: WebSocket.RawData): Buffer {
  return Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

async function start(plan: ClientPlan): Promise<void> {
  const opened: Promise<void>[] = [];
  for (const [index, subscriptions] of plan.subscriptions.entries()) {
    const i = plan.firstClient + index;
    // Frames are base64 (ASCII): this generator need not validate them as UTF-8, for the gateway and the bare run alike.
    const socket = new WebSocket(plan.url, { perMessageDeflate: false, skipUTF8Validation: true });
    const stalled = plan.stalled.includes(i);
    const client: Client = { socket, decodes: !stalled && i % plan.decodeEvery === 0, stalled, frames: 0, lags: [] };
    clients.push(client);
    socket.on('message', (data) => onFrame(client, toBuffer(data)));
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
          if (stalled) socket.pause();
          resolve();
        });
      }),
    );
    // Open in small batches so the accept queue never overflows.
    if (index % 100 === 99) await Promise.all(opened.slice(-100));
  }
  await Promise.all(opened);
}

function cpuPercent(used: NodeJS.CpuUsage, seconds: number): number {
  return seconds > 0 ? ((used.user + used.system) / 1e6 / seconds) * 100 : 0;
}

function report(): ClientReport {
  const seconds = (Date.now() - started) / 1000;
  let slowestP99 = 0;
  let slowestMax = 0;
  let fewestFrames = Number.POSITIVE_INFINITY;
  for (const client of clients) {
    if (client.stalled) continue;
    fewestFrames = Math.min(fewestFrames, client.frames);
    if (client.lags.length === 0) continue;
    const sorted = client.lags.sort((a, b) => a - b);
    slowestP99 = Math.max(slowestP99, percentile(sorted, 0.99));
    slowestMax = Math.max(slowestMax, sorted.at(-1) ?? 0);
  }
  return {
    clients: clients.length,
    seconds: Number(seconds.toFixed(2)),
    frames,
    bytes,
    decodedClients: clients.filter((client) => client.decodes).length,
    decodedFrames,
    decodedItems,
    p50Ms: all.quantile(0.5),
    p99Ms: all.quantile(0.99),
    maxMs: all.max,
    latencyCounts: all.used(),
    slowestClientP99Ms: slowestP99,
    slowestClientMaxMs: slowestMax,
    fewestFramesPerClientPerSec: clients.length ? Number((fewestFrames / seconds).toFixed(1)) : 0,
    clientCpuPct: Math.round(cpuPercent(process.cpuUsage(cpuAtStart), seconds)),
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
      frames = bytes = decodedFrames = decodedItems = 0;
      all = new LatencyHistogram();
      cpuAtStart = process.cpuUsage();
      for (const client of clients) {
        client.lags = [];
        client.frames = 0;
      }
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

// A normal exit on the parent's kill, so a --cpu-prof of this process gets written.
process.on('SIGTERM', () => process.exit(0));
