// The load generator of soak.ts, in its own process: orders at a fixed rate (open loop: a slow answer does not slow
// the sending, up to a cap of requests in flight), answering one message with the figures when the time is up.
// Client n sends the payloads in turn (its k-th order is payload k), so each client's buys and sells balance. Beside
// the load, one more client places an order that rests, modifies it and cancels it, again and again: how long a client
// waits for a modify and a cancel while the others trade.
import { Pool } from 'undici';
import { postJson } from './json-post.ts';
import { percentile } from './percentile.ts';

export interface SoakPlan {
  orderUrl: string;
  clients: { cookie: string }[];
  payloads: Record<string, unknown>[];
  ratePerSecond: number;
  seconds: number;
  maxInFlight: number;
  /**
   * The client that modifies and cancels (not among `clients`), the order it places, the fields its modify changes
   * (the order still rests after it), and the pause between rounds.
   */
  canceller: {
    client: { cookie: string };
    payload: Record<string, unknown> & { sym: unknown };
    modification: Record<string, unknown>;
    pauseMs: number;
  };
}

export interface SoakFigures {
  sent: number;
  accepted: number;
  refused: number;
  /** Requests not sent because maxInFlight were already waiting (the server fell behind the rate). */
  skipped: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  firstRefusal: string | null;
  /** The 10-second windows with the slowest answers (by when the order was sent), to tell a stall from a drift. */
  worstWindows: { fromSecond: number; sent: number; p99Ms: number; maxMs: number }[];
  /**
   * The canceller's modifies and cancels: how many, refused, and the time to each answer (a refused placement of its
   * order counts among the cancels' refusals).
   */
  modifies: CallFigures;
  cancels: CallFigures;
}

interface CallFigures {
  sent: number;
  refused: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  firstRefusal: string | null;
}

const SLICE_MS = 10;
const WINDOW_S = 10;

type Answer = { response: { infoID: string; infoMsg: string; data?: { orderId?: string } } };

async function run(plan: SoakPlan): Promise<SoakFigures> {
  const latencies: number[] = [];
  const windows = new Map<number, number[]>();
  let sent = 0;
  let accepted = 0;
  let refused = 0;
  let skipped = 0;
  let inFlight = 0;
  let firstRefusal: string | null = null;
  const { origin, pathname } = new URL(plan.orderUrl);
  const pool = new Pool(origin, { connections: 256, pipelining: 1 });
  const call = async (path: string, cookie: string, data: unknown) =>
    (await postJson<Answer>(pool, path, { cookie }, JSON.stringify({ request: { data, appVersion: '1.0.0' } }))).body;
  const place = async (i: number) => {
    const client = plan.clients[i % plan.clients.length]!;
    const data = plan.payloads[Math.floor(i / plan.clients.length) % plan.payloads.length]!;
    const t0 = performance.now();
    inFlight++;
    try {
      const body = await call(pathname, client.cookie, data);
      if (body.response.infoID === '0') accepted++;
      else {
        refused++;
        firstRefusal ??= `${body.response.infoID} ${body.response.infoMsg}`;
      }
    } catch (error) {
      refused++;
      firstRefusal ??= String(error);
    } finally {
      inFlight--;
      const latency = performance.now() - t0;
      latencies.push(latency);
      const window = Math.floor((t0 - started) / 1000 / WINDOW_S) * WINDOW_S;
      let inWindow = windows.get(window);
      if (!inWindow) windows.set(window, (inWindow = []));
      inWindow.push(latency);
    }
  };
  const started = performance.now();
  const running = () => performance.now() - started < plan.seconds * 1000;
  const cancelling = cancelRounds(plan, call, running);
  // Only requests still waiting are held: the sending never stops for a slow answer (waiting for a whole batch of
  // them every 10,000 orders did, and the burst that followed fed back into the latency).
  const waiting = new Set<Promise<void>>();
  while (running()) {
    const due = Math.floor(((performance.now() - started) / 1000) * plan.ratePerSecond);
    while (sent + skipped < due) {
      if (inFlight >= plan.maxInFlight) skipped++;
      else {
        const request = place(sent++);
        waiting.add(request);
        void request.then(() => waiting.delete(request));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, SLICE_MS));
  }
  await Promise.all(waiting);
  const { modifies, cancels } = await cancelling;
  await pool.close();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number(percentile(latencies, q).toFixed(1));
  return {
    sent,
    accepted,
    refused,
    skipped,
    perSecond: Math.round(accepted / elapsed),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    firstRefusal,
    worstWindows: [...windows.entries()]
      .map(([fromSecond, times]) => {
        times.sort((x, y) => x - y);
        return {
          fromSecond,
          sent: times.length,
          p99Ms: Math.round(percentile(times, 0.99)),
          maxMs: Math.round(times.at(-1) ?? 0),
        };
      })
      .sort((x, y) => y.maxMs - x.maxMs)
      .slice(0, 5),
    modifies,
    cancels,
  };
}

/** The canceller's rounds while `running`: its order placed, modified, then cancelled, each timed from its sending. */
async function cancelRounds(
  plan: SoakPlan,
  call: (path: string, cookie: string, data: unknown) => Promise<Answer>,
  running: () => boolean,
): Promise<Pick<SoakFigures, 'modifies' | 'cancels'>> {
  const { client, payload, modification, pauseMs } = plan.canceller;
  const orderPath = new URL(plan.orderUrl).pathname;
  const modifies = timedCalls(orderPath.replace(/AddOrder$/, 'ModifyOrder'));
  const cancels = timedCalls(orderPath.replace(/AddOrder$/, 'CancelOrder'));
  const send = (calls: TimedCalls, data: unknown) => calls.send(call, client.cookie, data);
  while (running()) {
    try {
      const placed = await call(orderPath, client.cookie, payload);
      const orderId = placed.response.data?.orderId;
      if (placed.response.infoID !== '0' || !orderId)
        cancels.refuse(`order ${placed.response.infoID} ${placed.response.infoMsg}`);
      else {
        await send(modifies, { ...payload, ...modification, orderId });
        await send(cancels, { sym: payload.sym, orderId });
      }
    } catch (error) {
      cancels.refuse(`order ${String(error)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return { modifies: modifies.figures(), cancels: cancels.figures() };
}

type TimedCalls = ReturnType<typeof timedCalls>;

/** One kind of call's answer times and refusals. */
function timedCalls(path: string) {
  const times: number[] = [];
  let refused = 0;
  let firstRefusal: string | null = null;
  const refuse = (what: string) => {
    refused++;
    firstRefusal ??= what;
  };
  return {
    refuse,
    /** Sends one call and times its answer; a refusal or a failed request is counted here, not thrown. */
    async send(call: (path: string, cookie: string, data: unknown) => Promise<Answer>, cookie: string, data: unknown) {
      const t0 = performance.now();
      try {
        const answer = await call(path, cookie, data);
        times.push(performance.now() - t0);
        if (answer.response.infoID !== '0') refuse(`${path} ${answer.response.infoID} ${answer.response.infoMsg}`);
      } catch (error) {
        refuse(`${path} ${String(error)}`);
      }
    },
    figures(): CallFigures {
      times.sort((a, b) => a - b);
      const at = (q: number) => Number(percentile(times, q).toFixed(1));
      return {
        sent: times.length,
        refused,
        p50Ms: at(0.5),
        p99Ms: at(0.99),
        maxMs: Number((times.at(-1) ?? 0).toFixed(1)),
        firstRefusal,
      };
    },
  };
}

process.on('message', (plan: SoakPlan) => {
  run(plan).then(
    (figures) => process.send?.(figures, () => process.exit(0)),
    (error: unknown) => process.send?.({ error: String(error) }, () => process.exit(1)),
  );
});
