import { newOrderCommand, OrderType, Side, Validity } from '../book/order-types.ts';
import type { OrderBook } from '../matching/order-book.ts';
import type { Random } from '../random/prng.ts';

/**
 * Sends small marketable IOC orders to create volume, leaning towards the fair value so the last price tracks it.
 * IOC limits a tick or two through the touch, so it never sweeps a thin book to the circuit limit.
 */
export class NoiseTrader {
  private readonly cmd = newOrderCommand({
    side: Side.Buy,
    quantity: 1,
    type: OrderType.Limit,
    validity: Validity.Ioc,
  });

  constructor(
    private readonly probability: number,
    private readonly maxLots: number,
  ) {}

  act(book: OrderBook, fair: number, lot: number, random: Random, time: number): void {
    if (random.next() >= this.probability) return;
    const last = book.lastPrice;
    const lean = last < fair ? 0.65 : last > fair ? 0.35 : 0.5;
    const buy = random.next() < lean;
    const touch = buy ? book.bestAskPrice() : book.bestBidPrice();
    if (touch === 0 && !book.allowNonPositivePrices) return;
    if (buy ? book.bestAskQuantity() === 0 : book.bestBidQuantity() === 0) return;
    const through = random.int(0, 2) * book.tickSize;
    const price = Math.min(book.upperBand, Math.max(book.lowerBand, buy ? touch + through : touch - through));
    this.cmd.side = buy ? Side.Buy : Side.Sell;
    this.cmd.price = price;
    this.cmd.quantity = lot * random.int(1, this.maxLots);
    this.cmd.time = time;
    book.submit(this.cmd);
  }
}
