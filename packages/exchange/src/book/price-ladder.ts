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
  // Non-empty levels: an empty ladder (the usual stop ladders) answers a search at once.
  private nonEmpty = 0;

  constructor(size: number) {
    this.size = size;
    this.head = new Int32Array(size).fill(-1);
    this.tail = new Int32Array(size).fill(-1);
    this.quantity = new Float64Array(size);
    this.orders = new Int32Array(size);
    this.bits = new Uint32Array((size + 31) >>> 5);
  }

  /** How many levels hold orders. */
  get levels(): number {
    return this.nonEmpty;
  }

  mark(index: number): void {
    const word = index >>> 5;
    const bit = 1 << (index & 31);
    if ((this.bits[word]! & bit) !== 0) return;
    this.bits[word]! |= bit;
    this.nonEmpty++;
  }

  unmark(index: number): void {
    const word = index >>> 5;
    const bit = 1 << (index & 31);
    if ((this.bits[word]! & bit) === 0) return;
    this.bits[word]! &= ~bit;
    this.nonEmpty--;
  }

  /** The lowest non-empty level in [from, to], or -1. */
  findUp(from: number, to = this.size - 1): number {
    if (this.nonEmpty === 0) return -1;
    if (from < 0) from = 0;
    if (to >= this.size) to = this.size - 1;
    if (from > to) return -1;
    const bits = this.bits;
    const lastWord = to >>> 5;
    let word = from >>> 5;
    let value = bits[word]! & ((0xffffffff << (from & 31)) >>> 0);
    while (value === 0) {
      word++;
      if (word > lastWord) return -1;
      value = bits[word]!;
    }
    const index = (word << 5) + (31 - Math.clz32(value & -value));
    return index <= to ? index : -1;
  }

  /** The highest non-empty level in [to, from], or -1. */
  findDown(from: number, to = 0): number {
    if (this.nonEmpty === 0) return -1;
    if (from >= this.size) from = this.size - 1;
    if (to < 0) to = 0;
    if (from < to) return -1;
    const bits = this.bits;
    const lastWord = to >>> 5;
    let word = from >>> 5;
    let value = bits[word]! & (0xffffffff >>> (31 - (from & 31)));
    while (value === 0) {
      word--;
      if (word < lastWord) return -1;
      value = bits[word]!;
    }
    const index = (word << 5) + (31 - Math.clz32(value));
    return index >= to ? index : -1;
  }
}
