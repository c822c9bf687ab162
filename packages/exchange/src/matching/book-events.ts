import type { CancelReason, RejectReason, Side } from '../book/order-types.ts';

/**
 * What the book tells the world. Positional primitive arguments so that a listener costs no allocation per event;
 * a book without listener skips the calls entirely.
 */
export interface BookListener {
  accepted(orderId: number, ref: number, time: number): void;
  rejected(ref: number, reason: RejectReason, time: number): void;
  traded(
    tradeId: number,
    price: number,
    quantity: number,
    buyOrderId: number,
    sellOrderId: number,
    buyRef: number,
    sellRef: number,
    aggressor: Side,
    time: number,
  ): void;
  cancelled(orderId: number, ref: number, remaining: number, reason: CancelReason, time: number): void;
  expired(orderId: number, ref: number, remaining: number, time: number): void;
  triggered(orderId: number, ref: number, time: number): void;
  modified(orderId: number, ref: number, price: number, quantity: number, triggerPrice: number, time: number): void;
}

export type BookEvent =
  | { kind: 'accepted'; orderId: number; ref: number; time: number }
  | { kind: 'rejected'; ref: number; reason: RejectReason; time: number }
  | {
      kind: 'traded';
      tradeId: number;
      price: number;
      quantity: number;
      buyOrderId: number;
      sellOrderId: number;
      buyRef: number;
      sellRef: number;
      aggressor: Side;
      time: number;
    }
  | { kind: 'cancelled'; orderId: number; ref: number; remaining: number; reason: CancelReason; time: number }
  | { kind: 'expired'; orderId: number; ref: number; remaining: number; time: number }
  | { kind: 'triggered'; orderId: number; ref: number; time: number }
  | {
      kind: 'modified';
      orderId: number;
      ref: number;
      price: number;
      quantity: number;
      triggerPrice: number;
      time: number;
    };

/** Turns the listener calls into event objects: for tests, the journal and the market's slower consumers. */
export class EventRecorder implements BookListener {
  events: BookEvent[] = [];

  take(): BookEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  accepted(orderId: number, ref: number, time: number): void {
    this.events.push({ kind: 'accepted', orderId, ref, time });
  }
  rejected(ref: number, reason: RejectReason, time: number): void {
    this.events.push({ kind: 'rejected', ref, reason, time });
  }
  traded(
    tradeId: number,
    price: number,
    quantity: number,
    buyOrderId: number,
    sellOrderId: number,
    buyRef: number,
    sellRef: number,
    aggressor: Side,
    time: number,
  ): void {
    this.events.push({
      kind: 'traded',
      tradeId,
      price,
      quantity,
      buyOrderId,
      sellOrderId,
      buyRef,
      sellRef,
      aggressor,
      time,
    });
  }
  cancelled(orderId: number, ref: number, remaining: number, reason: CancelReason, time: number): void {
    this.events.push({ kind: 'cancelled', orderId, ref, remaining, reason, time });
  }
  expired(orderId: number, ref: number, remaining: number, time: number): void {
    this.events.push({ kind: 'expired', orderId, ref, remaining, time });
  }
  triggered(orderId: number, ref: number, time: number): void {
    this.events.push({ kind: 'triggered', orderId, ref, time });
  }
  modified(orderId: number, ref: number, price: number, quantity: number, triggerPrice: number, time: number): void {
    this.events.push({ kind: 'modified', orderId, ref, price, quantity, triggerPrice, time });
  }
}
