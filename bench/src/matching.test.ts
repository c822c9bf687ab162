import { describe, expect, it } from 'vitest';
import { OurEngine, PeerEngine, runStream } from './matching-engines.ts';
import { generateMatchingStream, OpKind } from './matching-stream.ts';

describe('matching benchmark: our book beside nodejs-order-book', () => {
  const stream = generateMatchingStream(20_000, 20261121);

  it('ends with the same resting orders, levels and best prices as the peer on the same stream', () => {
    const ours = new OurEngine();
    const peer = new PeerEngine();
    runStream(ours, stream, null);
    runStream(peer, stream, null);
    const final = ours.finalBook();
    expect(peer.finalBook()).toEqual(final);

    // The stream exercised matching, resting on both sides and cancels, and our book numbered orders as the stream did.
    const submits = stream.filter((op) => op.kind === OpKind.Submit).length;
    expect(ours.book.lastOrderId).toBe(submits);
    expect(ours.book.stats().trades).toBeGreaterThan(1_000);
    expect(final.bids.length).toBeGreaterThan(50);
    expect(final.asks.length).toBeGreaterThan(50);
    expect(final.bestBid).toBeLessThan(final.bestAsk);
  });

  it('tells the books apart when the peer misses one order', () => {
    const ours = new OurEngine();
    runStream(ours, stream, null);
    const index = stream.findLastIndex((op) => op.kind === OpKind.Submit && ours.book.order(op.orderId) !== undefined);
    expect(index).toBeGreaterThan(0);
    const peer = new PeerEngine();
    runStream(peer, [...stream.slice(0, index), ...stream.slice(index + 1)], null);
    expect(peer.finalBook()).not.toEqual(ours.finalBook());
  });
});
