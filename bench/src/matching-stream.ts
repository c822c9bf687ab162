// The matching benchmark's workload, generated once as plain operations so every engine receives the same stream:
// limit orders around a mid price (30% marketable, up to 10 ticks through; passive ones 1-100 ticks deep), and every
// tenth operation a cancel of one of the 64 most recent orders (it may have filled already: then it is a no-op).
// Each order carries its own account, so self-trade prevention never applies and both engines match alike.
import { Xoshiro128 } from '@kite/exchange';

export const TICK = 5;
export const MID = 100_000; // ₹1,000.00 in paise

export const OpKind = { Submit: 0, Cancel: 1 } as const;
export type OpKind = (typeof OpKind)[keyof typeof OpKind];

export interface MatchingOp {
  kind: OpKind;
  buy: boolean;
  /** Limit price in integer price units (paise). */
  price: number;
  quantity: number;
  /** The order this op enters (orders are numbered 1, 2, 3... in entry order, as our book numbers them) or cancels. */
  orderId: number;
  /** `orderId` as the peer's string key, made here so neither engine pays for the conversion. */
  key: string;
}

export function generateMatchingStream(ops: number, seed: number): MatchingOp[] {
  const random = new Xoshiro128(seed);
  const recent = new Int32Array(64);
  let recentCount = 0;
  let nextOrderId = 1;
  const stream: MatchingOp[] = [];
  for (let op = 0; op < ops; op++) {
    const buy = (random.nextUint32() & 1) === 0;
    const marketable = random.next() < 0.3;
    const ticks = marketable ? random.int(0, 10) : random.int(1, 100);
    const quantity = random.int(1, 100);
    const pick = random.nextUint32() & 63;
    if (op > 0 && op % 10 === 0 && recentCount > 0) {
      const orderId = recent[pick % Math.min(recentCount, 64)]!;
      stream.push({ kind: OpKind.Cancel, buy, price: 0, quantity: 0, orderId, key: String(orderId) });
    } else {
      const orderId = nextOrderId++;
      const price = MID + (marketable === buy ? ticks : -ticks) * TICK;
      stream.push({ kind: OpKind.Submit, buy, price, quantity, orderId, key: String(orderId) });
      recent[recentCount++ & 63] = orderId;
    }
  }
  return stream;
}
