import { newOrderCommand, OrderType, Side, Validity } from '../book/order-types.ts';
import type { OrderBook } from '../matching/order-book.ts';
import type { Random } from '../random/prng.ts';

export interface QuoteStyle {
  /** Half spread as a fraction of the fair value (at least one tick). */
  halfSpread: number;
  /** Ticks between levels. */
  levelGap: number;
  /** Largest size per level, in lots. */
  maxLots: number;
  levels: number;
}

/**
 * Quotes five levels each side around the fair value, replacing its previous quotes each time it acts. Anonymous
 * liquidity (owner 0); it never holds a view, so the book's last price follows the fair value through its quotes.
 */
export class MarketMaker {
  private live: number[] = [];
  private readonly cmd = newOrderCommand({
    side: Side.Buy,
    quantity: 1,
    type: OrderType.Limit,
    validity: Validity.Day,
  });

  constructor(private readonly style: QuoteStyle) {}

  requote(book: OrderBook, fair: number, lot: number, random: Random, time: number): void {
    for (const id of this.live) book.cancel(id, time);
    this.live.length = 0;
    const tick = book.tickSize;
    const half = Math.max(1, Math.round((Math.abs(fair) * this.style.halfSpread) / tick));
    const centre = Math.round(fair / tick);
    const cmd = this.cmd;
    cmd.time = time;
    for (let level = 0; level < this.style.levels; level++) {
      const distance = half + level * this.style.levelGap;
      for (const side of [Side.Buy, Side.Sell] as const) {
        const price = (side === Side.Buy ? centre - distance : centre + distance) * tick;
        if (price < book.lowerBand || price > book.upperBand) continue;
        if (price <= 0 && !book.allowNonPositivePrices) continue;
        cmd.side = side;
        cmd.price = price;
        cmd.quantity = lot * random.int(1, this.style.maxLots);
        const id = book.submit(cmd);
        if (id > 0 && book.order(id)) this.live.push(id);
      }
    }
  }
}
