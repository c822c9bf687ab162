// The two engines the matching benchmark drives with one operation stream: our OrderBook and the nodejs-order-book
// package (the peer, a dev dependency used only here). Both take the stream's integer prices as they are, reuse one
// command object per engine, and report the book they end with in one shape so the two can be compared.
import { newOrderCommand, OrderBook, Side } from '@kite/exchange';
import { OrderBook as PeerOrderBook, Side as PeerSide } from 'nodejs-order-book';
import { MID, OpKind, TICK, type MatchingOp } from './matching-stream.ts';

export interface FinalLevel {
  price: number;
  quantity: number;
  /** [order id, remaining quantity] in time priority. */
  orders: [number, number][];
}

/** The resting orders after a stream: levels best first per side, and the best prices (0 for an empty side). */
export interface FinalBook {
  bestBid: number;
  bestAsk: number;
  bids: FinalLevel[];
  asks: FinalLevel[];
}

export interface MatchingEngine {
  readonly name: string;
  apply(op: MatchingOp, index: number): void;
  finalBook(): FinalBook;
}

/** Adds an order to the last level of `levels`, or opens a level when the price changes. */
function addToLevels(levels: FinalLevel[], price: number, orderId: number, remaining: number): void {
  const last = levels[levels.length - 1];
  if (last && last.price === price) {
    last.quantity += remaining;
    last.orders.push([orderId, remaining]);
  } else {
    levels.push({ price, quantity: remaining, orders: [[orderId, remaining]] });
  }
}

export class OurEngine implements MatchingEngine {
  readonly name = 'kite';
  readonly book = new OrderBook({
    tickSize: TICK,
    lowerBand: (MID * 4) / 5,
    upperBand: (MID * 6) / 5,
    previousClose: MID,
    capacity: 1 << 19,
  });
  private readonly cmd = newOrderCommand({ side: Side.Buy, quantity: 1 });

  apply(op: MatchingOp, index: number): void {
    if (op.kind === OpKind.Cancel) {
      this.book.cancel(op.orderId, index);
      return;
    }
    const cmd = this.cmd;
    cmd.side = op.buy ? Side.Buy : Side.Sell;
    cmd.price = op.price;
    cmd.quantity = op.quantity;
    cmd.owner = op.orderId;
    cmd.time = index;
    this.book.submit(cmd);
  }

  finalBook(): FinalBook {
    const final: FinalBook = {
      bestBid: this.book.bestBidPrice(),
      bestAsk: this.book.bestAskPrice(),
      bids: [],
      asks: [],
    };
    for (const order of this.book.orders()) {
      const levels = order.side === Side.Buy ? final.bids : final.asks;
      addToLevels(levels, order.price, order.orderId, order.quantity - order.filled);
    }
    return final;
  }
}

const PEER_BUY = PeerSide.BUY;
const PEER_SELL = PeerSide.SELL;

export class PeerEngine implements MatchingEngine {
  readonly name = 'nodejs-order-book';
  readonly book = new PeerOrderBook();
  // The peer reads the options and keeps none of them (journaling is off), so one object serves every order.
  private readonly limit = { side: PEER_BUY, id: '', size: 0, price: 0 };

  apply(op: MatchingOp): void {
    if (op.kind === OpKind.Cancel) {
      this.book.cancel(op.key);
      return;
    }
    const limit = this.limit;
    limit.side = op.buy ? PEER_BUY : PEER_SELL;
    limit.id = op.key;
    limit.size = op.quantity;
    limit.price = op.price;
    this.book.limit(limit);
  }

  finalBook(): FinalBook {
    const snapshot = this.book.snapshot();
    const final: FinalBook = {
      bestBid: snapshot.bids[0]?.price ?? 0,
      bestAsk: snapshot.asks[0]?.price ?? 0,
      bids: [],
      asks: [],
    };
    for (const [levels, side] of [
      [final.bids, snapshot.bids],
      [final.asks, snapshot.asks],
    ] as const) {
      for (const level of side) {
        for (const order of level.orders) addToLevels(levels, level.price, Number(order.id), order.size);
      }
    }
    return final;
  }
}

/**
 * Runs the stream through an engine. With `latencies`, each operation is timed alone with process.hrtime.bigint()
 * (the timer's own cost, ~50 ns here, is inside every figure, for both engines alike).
 */
export function runStream(engine: MatchingEngine, ops: readonly MatchingOp[], latencies: Float64Array | null): void {
  if (latencies === null) {
    for (let i = 0; i < ops.length; i++) engine.apply(ops[i]!, i);
    return;
  }
  for (let i = 0; i < ops.length; i++) {
    const start = process.hrtime.bigint();
    engine.apply(ops[i]!, i);
    latencies[i] = Number(process.hrtime.bigint() - start);
  }
}
