/**
 * One side of a book: a FIFO queue of orders per price level, keyed by tick index (price = minPrice + index * tick).
 * The queues are intrusive (the order store holds next/prev); this holds the level heads and tails, the visible
 * quantity and order count per level, and a bitset of non-empty levels so the next best level is found with a few
 * word scans instead of a walk over empty prices.
 */
export class PriceLadder {
  readonly size: number;
  readonly head: Int32Array;
  readonly tail: Int32Array;
  readonly quantity: Float64Array;
  readonly orders: Int32Array;
  private readonly bits: Uint32Array;

  constructor(size: number) {
    this.size = size;
    this.head = new Int32Array(size).fill(-1);
    this.tail = new Int32Array(size).fill(-1);
    this.quantity = new Float64Array(size);
    this.orders = new Int32Array(size);
    this.bits = new Uint32Array((size + 31) >>> 5);
  }

  mark(index: number): void {
    this.bits[index >>> 5]! |= 1 << (index & 31);
  }

  unmark(index: number): void {
    this.bits[index >>> 5]! &= ~(1 << (index & 31));
  }

  /** The lowest non-empty level at or above `from`, or -1. */
  findUp(from: number): number {
    if (from < 0) from = 0;
    if (from >= this.size) return -1;
    const bits = this.bits;
    let word = from >>> 5;
    let value = bits[word]! & ((0xffffffff << (from & 31)) >>> 0);
    while (value === 0) {
      word++;
      if (word >= bits.length) return -1;
      value = bits[word]!;
    }
    return (word << 5) + (31 - Math.clz32(value & -value));
  }

  /** The highest non-empty level at or below `from`, or -1. */
  findDown(from: number): number {
    if (from >= this.size) from = this.size - 1;
    if (from < 0) return -1;
    const bits = this.bits;
    let word = from >>> 5;
    let value = bits[word]! & (0xffffffff >>> (31 - (from & 31)));
    while (value === 0) {
      word--;
      if (word < 0) return -1;
      value = bits[word]!;
    }
    return (word << 5) + (31 - Math.clz32(value));
  }
}
