// One million operations on one order book: limit orders around a mid price (30% marketable), passive orders up to
// 100 ticks deep, and a cancel of a recent order after every tenth order. Seeded, so every run does the same work.
// Throughput is timed on an uninstrumented run; latencies on a second identical run with a timer around each op.
import { newOrderCommand, OrderBook, Side, Xoshiro128 } from '@kite/exchange';

export interface MatchingResult {
  bench: 'matching';
  ops: number;
  opsPerSec: number;
  p50Ns: number;
  p99Ns: number;
  p999Ns: number;
  trades: number;
  restingOrders: number;
}

const TICK = 5;
const MID = 100_000; // ₹1,000.00 in paise

function newBook(): OrderBook {
  return new OrderBook({
    tickSize: TICK,
    lowerBand: MID * 0.8,
    upperBand: MID * 1.2,
    previousClose: MID,
    capacity: 1 << 19,
  });
}

function runOps(book: OrderBook, seed: number, ops: number, latencies: Float64Array | null): void {
  const random = new Xoshiro128(seed);
  const cmd = newOrderCommand({ side: Side.Buy, quantity: 1 });
  const recent = new Float64Array(64);
  let recentCount = 0;
  let orders = 0;
  let t0 = 0n;
  for (let op = 0; op < ops; op++) {
    const buy = (random.nextUint32() & 1) === 0;
    const marketable = random.next() < 0.3;
    const ticks = marketable ? random.int(0, 10) : random.int(1, 100);
    const quantity = random.int(1, 100);
    const pick = random.nextUint32() & 63;
    if (latencies) t0 = process.hrtime.bigint();
    if (orders > 0 && orders % 10 === 0 && recentCount > 0) {
      book.cancel(recent[pick % Math.min(recentCount, 64)]!, op);
    } else {
      cmd.side = buy ? Side.Buy : Side.Sell;
      cmd.price = MID + (marketable === buy ? ticks : -ticks) * TICK;
      cmd.quantity = quantity;
      cmd.time = op;
      const id = book.submit(cmd);
      if (id > 0) recent[recentCount++ & 63] = id;
    }
    orders++;
    if (latencies) latencies[op] = Number(process.hrtime.bigint() - t0);
  }
}

export function benchMatching(ops = 1_000_000, seed = 20261121): MatchingResult {
  runOps(newBook(), seed + 1, 300_000, null); // warm up the JIT on the same code paths
  const book = newBook();
  const start = process.hrtime.bigint();
  runOps(book, seed, ops, null);
  const elapsedNs = Number(process.hrtime.bigint() - start);

  const latencies = new Float64Array(ops);
  runOps(newBook(), seed, ops, latencies);
  latencies.sort();
  const at = (q: number): number => latencies[Math.min(ops - 1, Math.floor(q * ops))]!;
  return {
    bench: 'matching',
    ops,
    opsPerSec: Math.round(ops / (elapsedNs / 1e9)),
    p50Ns: at(0.5),
    p99Ns: at(0.99),
    p999Ns: at(0.999),
    trades: book.stats().trades,
    restingOrders: book.orders().length,
  };
}
