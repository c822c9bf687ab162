import {
  BookPhase,
  CancelReason,
  OrderState,
  OrderType,
  RejectReason,
  Side,
  Validity,
  type OrderCommand,
  type OrderModification,
} from '../book/order-types.ts';
import { PriceLadder } from '../book/price-ladder.ts';
import type { BookListener } from './book-events.ts';
import type { JournalEntry } from './journal.ts';

export interface BookConfig {
  /** Smallest price step, in price units (paise; 1/10000 rupee for currency). */
  tickSize: number;
  /** Daily price range (circuit limits), inclusive, in price units. Rounded inwards to the tick. */
  lowerBand: number;
  upperBand: number;
  previousClose: number;
  lotSize?: number;
  /** Largest quantity in one order (exchange freeze quantity); 0 or absent for none. */
  freezeQuantity?: number;
  /** Smallest disclosed quantity as a percentage of the order (trading.md 5.1 rule 6: 10, or 25 for commodities). */
  disclosedMinPercent?: number;
  phase?: BookPhase;
  /** Exchange day number (days since 1970-01-01, IST) of the current session, for VTD checks. */
  tradingDay?: number;
  firstOrderId?: number;
  firstTradeId?: number;
  /** Initial order-store capacity; it doubles when full. */
  capacity?: number;
  /** Calendar spreads trade a price difference, which may be zero or negative (trading.md 5.1 rule 12). */
  allowNonPositivePrices?: boolean;
}

export interface DepthLevel {
  price: number;
  quantity: number;
  orders: number;
}

export interface DepthSnapshot {
  bids: DepthLevel[];
  asks: DepthLevel[];
  totalBuyQuantity: number;
  totalSellQuantity: number;
}

export interface BookStats {
  lastPrice: number;
  lastQuantity: number;
  lastTradeTime: number;
  volume: number;
  /** Sum of price x quantity, in price units (exact below 2^53). */
  turnover: number;
  averagePrice: number;
  open: number;
  high: number;
  low: number;
  /** Previous session's close until end of day, then today's. */
  close: number;
  trades: number;
}

/** The statistics resumeDay carries over: BookStats less what derives from them or from the book's configuration. */
export type DayResume = Omit<BookStats, 'averagePrice' | 'close'>;

export interface OrderView {
  orderId: number;
  ref: number;
  owner: number;
  side: Side;
  type: OrderType;
  validity: Validity;
  price: number;
  triggerPrice: number;
  quantity: number;
  filled: number;
  disclosedQuantity: number;
  visible: number;
  vtdDay: number;
  state: OrderState;
}

const NONE = -1;
/** The order-id index (indexId) in pages of 4,096 consecutive ids. */
const ID_PAGE_BITS = 12;
const ID_PAGE_SIZE = 1 << ID_PAGE_BITS;
const ID_PAGE_MASK = ID_PAGE_SIZE - 1;

/**
 * A limit order book for one instrument with price-time priority (ARCHITECTURE.md "The simulated market").
 * Orders live in a pooled struct-of-arrays store indexed by slot; each price level is an intrusive FIFO queue; the hot
 * path allocates nothing and calls the listener (when there is one) with primitives.
 */
export class OrderBook {
  readonly tickSize: number;
  readonly allowNonPositivePrices: boolean;
  lotSize: number;
  freezeQuantity: number;
  disclosedMinPercent: number;
  lowerBand = 0;
  upperBand = 0;
  phase: BookPhase;
  tradingDay: number;
  listener: BookListener | null = null;
  journal: JournalEntry[] | null = null;

  // Order store, indexed by slot.
  private capacity: number;
  private oid: Float64Array;
  private oref: Float64Array;
  private oowner: Int32Array;
  private oside: Uint8Array;
  private otype: Uint8Array;
  private ovalidity: Uint8Array;
  private ostate: Uint8Array;
  private oprice: Float64Array;
  private otrigger: Float64Array;
  private oqty: Float64Array;
  private ofilled: Float64Array;
  private odisclosed: Float64Array;
  private ovisible: Float64Array;
  private ovtd: Int32Array;
  private onext: Int32Array;
  private oprev: Int32Array;
  private olevel: Int32Array;
  private freeSlots: Int32Array;
  private freeCount = 0;
  private highWater = 0;

  /**
   * Order id -> slot, in pages of ID_PAGE_SIZE consecutive ids; a page goes once every order of it has finished. One
   * array indexed by id grew by 4 bytes for every id the book ever gave (8 with its doubling), for the book's life.
   */
  private readonly idPages: (Int32Array | undefined)[] = [];
  /** Per page of idPages, its orders not finished yet. */
  private readonly idPageLive: number[] = [];
  private readonly firstOrderId: number;
  private nextOrderId: number;
  private nextTradeId: number;

  // Price grid: level index i is price minPrice + i * tickSize.
  private minPrice = 0;
  private bids!: PriceLadder;
  private asks!: PriceLadder;
  private buyStops!: PriceLadder;
  private sellStops!: PriceLadder;
  private bestBid = NONE;
  private bestAsk = NONE;
  private totalBid = 0;
  private totalAsk = 0;

  // After-market orders waiting for the session, and stop orders triggered and waiting to enter (FIFO lists).
  private queuedHead = NONE;
  private queuedTail = NONE;
  private triggeredHead = NONE;
  private triggeredTail = NONE;

  // Market statistics.
  private ltp: number;
  private ltq = 0;
  private ltt = 0;
  private volume = 0;
  private turnover = 0;
  private open = 0;
  private high = 0;
  private low = 0;
  private close: number;
  private tradeCount = 0;
  // Extremes traded while one command is processed, for stop triggering.
  private sweepHigh = NONE;
  private sweepLow = NONE;

  constructor(config: BookConfig) {
    if (!Number.isSafeInteger(config.tickSize) || config.tickSize <= 0)
      throw new Error('tickSize must be a positive integer');
    this.tickSize = config.tickSize;
    this.allowNonPositivePrices = config.allowNonPositivePrices ?? false;
    this.lotSize = config.lotSize ?? 1;
    this.freezeQuantity = config.freezeQuantity ?? 0;
    this.disclosedMinPercent = config.disclosedMinPercent ?? 10;
    this.phase = config.phase ?? BookPhase.Open;
    this.tradingDay = config.tradingDay ?? 0;
    this.ltp = config.previousClose;
    this.close = config.previousClose;
    this.firstOrderId = config.firstOrderId ?? 1;
    this.nextOrderId = this.firstOrderId;
    this.nextTradeId = config.firstTradeId ?? 1;
    const capacity = Math.max(16, config.capacity ?? 1024);
    this.capacity = capacity;
    this.oid = new Float64Array(capacity);
    this.oref = new Float64Array(capacity);
    this.oowner = new Int32Array(capacity);
    this.oside = new Uint8Array(capacity);
    this.otype = new Uint8Array(capacity);
    this.ovalidity = new Uint8Array(capacity);
    this.ostate = new Uint8Array(capacity);
    this.oprice = new Float64Array(capacity);
    this.otrigger = new Float64Array(capacity);
    this.oqty = new Float64Array(capacity);
    this.ofilled = new Float64Array(capacity);
    this.odisclosed = new Float64Array(capacity);
    this.ovisible = new Float64Array(capacity);
    this.ovtd = new Int32Array(capacity);
    this.onext = new Int32Array(capacity);
    this.oprev = new Int32Array(capacity);
    this.olevel = new Int32Array(capacity);
    this.freeSlots = new Int32Array(capacity);
    this.touchOrderStore(0);
    this.buildGrid(config.lowerBand, config.upperBand);
  }

  // ---------------------------------------------------------------- commands

  /** Enters a new order. Returns its exchange order id, or 0 when rejected (the reason goes to the listener). */
  submit(cmd: OrderCommand): number {
    if (this.journal) this.journal.push({ op: 'submit', cmd: { ...cmd } });
    const reason = this.validateNew(cmd);
    if (reason !== null) {
      this.listener?.rejected(cmd.ref, reason, cmd.time);
      return 0;
    }
    const slot = this.allocate();
    const id = this.nextOrderId++;
    this.indexId(id, slot);
    this.oid[slot] = id;
    this.oref[slot] = cmd.ref;
    this.oowner[slot] = cmd.owner;
    this.oside[slot] = cmd.side;
    this.otype[slot] = cmd.type;
    this.ovalidity[slot] = cmd.validity;
    this.oprice[slot] = cmd.type === OrderType.Market || cmd.type === OrderType.StopMarket ? 0 : cmd.price;
    this.otrigger[slot] = cmd.type === OrderType.StopLimit || cmd.type === OrderType.StopMarket ? cmd.triggerPrice : 0;
    this.oqty[slot] = cmd.quantity;
    this.ofilled[slot] = 0;
    this.odisclosed[slot] = cmd.disclosedQuantity;
    this.ovisible[slot] = 0;
    this.ovtd[slot] = cmd.validity === Validity.Vtd ? cmd.vtdDay : 0;
    this.onext[slot] = NONE;
    this.oprev[slot] = NONE;
    this.listener?.accepted(id, cmd.ref, cmd.time);

    if (this.phase !== BookPhase.Open && this.phase !== BookPhase.PreOpen) {
      this.enqueueAmo(slot);
    } else {
      this.enter(slot, cmd.time);
    }
    return id;
  }

  /** Cancels a live order. Returns null, or the reason it could not be cancelled. */
  cancel(orderId: number, time: number): RejectReason | null {
    if (this.journal) this.journal.push({ op: 'cancel', orderId, time });
    const slot = this.slotFor(orderId);
    if (slot === NONE) return RejectReason.UnknownOrder;
    const remaining = this.oqty[slot]! - this.ofilled[slot]!;
    this.detach(slot);
    this.listener?.cancelled(orderId, this.oref[slot]!, remaining, CancelReason.User, time);
    this.release(slot);
    return null;
  }

  /**
   * Changes price, total quantity, trigger or disclosed quantity. As on the exchange, a price change or a quantity
   * increase sends the order to the back of its level; a quantity decrease keeps its place.
   */
  /**
   * Why the book would refuse this modification, or null when it would take it: the checks of `modify`, changing
   * nothing (a broker asks before it moves the order's margin block).
   */
  modifyRefusal(mod: OrderModification): RejectReason | null {
    const slot = this.slotFor(mod.orderId);
    if (slot === NONE) return RejectReason.UnknownOrder;
    const type = this.otype[slot]! as OrderType;
    const side = this.oside[slot]! as Side;
    if (!Number.isSafeInteger(mod.quantity) || mod.quantity <= 0) return RejectReason.InvalidQuantity;
    if (mod.quantity % this.lotSize !== 0) return RejectReason.QuantityNotLotMultiple;
    if (this.freezeQuantity > 0 && mod.quantity > this.freezeQuantity) return RejectReason.AboveFreezeQuantity;
    if (mod.quantity <= this.ofilled[slot]!) return RejectReason.QuantityBelowFilled;
    const hasLimit = type === OrderType.Limit || type === OrderType.StopLimit;
    const price = hasLimit ? mod.price : 0;
    if (hasLimit) {
      const priceReason = this.checkPrice(price);
      if (priceReason !== null) return priceReason;
    }
    const isStop = type === OrderType.StopLimit || type === OrderType.StopMarket;
    if (isStop && (this.ostate[slot]! as OrderState) === OrderState.WaitingTrigger) {
      const triggerReason = this.checkTrigger(side, mod.triggerPrice, price, type);
      if (triggerReason !== null) return triggerReason;
    }
    return this.checkDisclosed(mod.disclosedQuantity, mod.quantity);
  }

  /**
   * Modifies a live order. A refused modification leaves the order as it was and reports no event: the refusal is
   * the answer to the caller (the order is not rejected, as on a real exchange).
   */
  modify(mod: OrderModification): RejectReason | null {
    if (this.journal) this.journal.push({ op: 'modify', mod: { ...mod } });
    const refusal = this.modifyRefusal(mod);
    if (refusal !== null) return refusal;
    const slot = this.slotFor(mod.orderId);
    const type = this.otype[slot]! as OrderType;
    const filled = this.ofilled[slot]!;
    const state = this.ostate[slot]! as OrderState;
    const hasLimit = type === OrderType.Limit || type === OrderType.StopLimit;
    const price = hasLimit ? mod.price : 0;
    const isStop = type === OrderType.StopLimit || type === OrderType.StopMarket;
    const trigger = isStop ? mod.triggerPrice : 0;

    const ref = this.oref[slot]!;
    const oldQty = this.oqty[slot]!;
    if (state === OrderState.Resting) {
      const priceChanged = hasLimit && price !== this.oprice[slot]!;
      const disclosureChanged = mod.disclosedQuantity !== this.odisclosed[slot]!;
      if (!priceChanged && !disclosureChanged && mod.quantity <= oldQty) {
        // Quantity decrease: keeps time priority.
        const remaining = mod.quantity - filled;
        const visible = this.ovisible[slot]!;
        const newVisible = Math.min(visible, remaining);
        this.oqty[slot] = mod.quantity;
        this.adjustVisible(slot, newVisible - visible);
        this.listener?.modified(mod.orderId, ref, price, mod.quantity, trigger, mod.time);
        return null;
      }
      this.detach(slot);
      this.oprice[slot] = price;
      this.oqty[slot] = mod.quantity;
      this.odisclosed[slot] = mod.disclosedQuantity;
      this.listener?.modified(mod.orderId, ref, price, mod.quantity, trigger, mod.time);
      this.enter(slot, mod.time);
      return null;
    }
    // Waiting for a trigger or queued for the session: nothing shows in depth, change in place (re-queued last).
    this.detach(slot);
    this.oprice[slot] = price;
    this.otrigger[slot] = trigger;
    this.oqty[slot] = mod.quantity;
    this.odisclosed[slot] = mod.disclosedQuantity;
    this.listener?.modified(mod.orderId, ref, price, mod.quantity, trigger, mod.time);
    if (state === OrderState.WaitingTrigger) this.restStop(slot);
    else this.enqueueAmo(slot);
    return null;
  }

  /** Pre-open order collection: orders rest without matching until open(). */
  preOpen(time: number): void {
    if (this.journal) this.journal.push({ op: 'preOpen', time });
    this.phase = BookPhase.PreOpen;
    this.releaseQueued(time);
  }

  /** Opens continuous trading: uncrosses what pre-open collected, then enters queued after-market orders. */
  openSession(time: number): void {
    if (this.journal) this.journal.push({ op: 'open', time });
    this.phase = BookPhase.Open;
    // Orders collected in pre-open may cross; the call auction settles them before continuous trading.
    this.uncross(time);
    this.releaseQueued(time);
  }

  /** Stops trading; resting orders stay (until end of day), new orders need the AMO flag. */
  closeSession(time: number): void {
    if (this.journal) this.journal.push({ op: 'close', time });
    this.phase = BookPhase.Closed;
  }

  /**
   * End of the trading day `day`: DAY orders expire, VTD orders whose date has come expire, after-market orders stay
   * queued. The last price becomes the close.
   */
  endOfDay(day: number, time: number): void {
    if (this.journal) this.journal.push({ op: 'endOfDay', day, time });
    this.phase = BookPhase.Closed;
    for (const slot of this.liveSlots()) {
      if (this.ostate[slot] === OrderState.Queued) continue;
      const validity = this.ovalidity[slot]! as Validity;
      if (validity === Validity.Vtd && this.ovtd[slot]! > day) continue;
      const remaining = this.oqty[slot]! - this.ofilled[slot]!;
      const id = this.oid[slot]!;
      this.detach(slot);
      this.listener?.expired(id, this.oref[slot]!, remaining, time);
      this.release(slot);
    }
    this.close = this.ltp;
  }

  /** A new trading day: day statistics reset, new circuit limits. */
  startDay(day: number, lowerBand: number, upperBand: number, time: number): void {
    if (this.journal) this.journal.push({ op: 'startDay', day, lowerBand, upperBand, time });
    this.tradingDay = day;
    this.volume = 0;
    this.turnover = 0;
    this.open = 0;
    this.high = 0;
    this.low = 0;
    this.tradeCount = 0;
    this.ltq = 0;
    this.rebuildGrid(lowerBand, upperBand, time);
  }

  /**
   * The day's statistics as an earlier book of this instrument left them (a restart within the trading day): last
   * trade, volume, turnover, open, high, low and trade count carry on from there.
   */
  resumeDay(day: DayResume, time: number): void {
    if (this.journal) this.journal.push({ op: 'resumeDay', day, time });
    this.ltp = day.lastPrice;
    this.ltq = day.lastQuantity;
    this.ltt = day.lastTradeTime;
    this.volume = day.volume;
    this.turnover = day.turnover;
    this.open = day.open;
    this.high = day.high;
    this.low = day.low;
    this.tradeCount = day.trades;
  }

  /** Moves the circuit limits intraday (flexing); orders priced outside the new range are cancelled (market-facts 4.1). */
  setBand(lowerBand: number, upperBand: number, time: number): void {
    if (this.journal) this.journal.push({ op: 'setBand', lowerBand, upperBand, time });
    this.rebuildGrid(lowerBand, upperBand, time);
  }

  // ---------------------------------------------------------------- market data

  bestBidPrice(): number {
    return this.bestBid === NONE ? 0 : this.minPrice + this.bestBid * this.tickSize;
  }

  bestAskPrice(): number {
    return this.bestAsk === NONE ? 0 : this.minPrice + this.bestAsk * this.tickSize;
  }

  bestBidQuantity(): number {
    return this.bestBid === NONE ? 0 : this.bids.quantity[this.bestBid]!;
  }

  bestAskQuantity(): number {
    return this.bestAsk === NONE ? 0 : this.asks.quantity[this.bestAsk]!;
  }

  /** Five-level (or `levels`) depth as the exchange shows it: disclosed parts only for icebergs. */
  depth(levels = 5): DepthSnapshot {
    const bids: DepthLevel[] = [];
    const asks: DepthLevel[] = [];
    for (let i = this.bestBid; i !== NONE && bids.length < levels; i = this.bids.findDown(i - 1)) {
      bids.push({ price: this.priceAt(i), quantity: this.bids.quantity[i]!, orders: this.bids.orders[i]! });
    }
    for (let i = this.bestAsk; i !== NONE && asks.length < levels; i = this.asks.findUp(i + 1)) {
      asks.push({ price: this.priceAt(i), quantity: this.asks.quantity[i]!, orders: this.asks.orders[i]! });
    }
    return { bids, asks, totalBuyQuantity: this.totalBid, totalSellQuantity: this.totalAsk };
  }

  stats(): BookStats {
    return {
      lastPrice: this.ltp,
      lastQuantity: this.ltq,
      lastTradeTime: this.ltt,
      volume: this.volume,
      turnover: this.turnover,
      averagePrice: this.volume === 0 ? 0 : this.roundToTick(this.turnover / this.volume),
      open: this.open,
      high: this.high,
      low: this.low,
      close: this.close,
      trades: this.tradeCount,
    };
  }

  get lastPrice(): number {
    return this.ltp;
  }

  get lastTradeId(): number {
    return this.nextTradeId - 1;
  }

  get lastOrderId(): number {
    return this.nextOrderId - 1;
  }

  order(orderId: number): OrderView | undefined {
    const slot = this.slotFor(orderId);
    return slot === NONE ? undefined : this.view(slot);
  }

  /** Every live order (resting, waiting for a trigger, queued), bids best first, then asks, stops, queue. */
  orders(): OrderView[] {
    return this.liveSlots().map((slot) => this.view(slot));
  }

  /** A deterministic hash of everything that decides future behaviour (FNV-1a over the book's state). */
  stateHash(): string {
    let h = 0x811c9dc5;
    const mix = (value: number): void => {
      const lo = value >>> 0;
      const hi = Math.floor(value / 4294967296) >>> 0;
      h = Math.imul(h ^ lo, 0x01000193);
      h = Math.imul(h ^ hi, 0x01000193);
    };
    mix(this.phase);
    mix(this.minPrice);
    mix(this.bids.size);
    mix(this.nextOrderId);
    mix(this.nextTradeId);
    mix(this.ltp);
    mix(this.ltq);
    mix(this.volume);
    mix(this.turnover);
    mix(this.open);
    mix(this.high);
    mix(this.low);
    mix(this.close);
    for (const slot of this.liveSlots()) {
      mix(this.oid[slot]!);
      mix(this.ostate[slot]!);
      mix(this.oside[slot]!);
      mix(this.otype[slot]!);
      mix(this.ovalidity[slot]!);
      mix(this.oprice[slot]!);
      mix(this.otrigger[slot]!);
      mix(this.oqty[slot]!);
      mix(this.ofilled[slot]!);
      mix(this.odisclosed[slot]!);
      mix(this.ovisible[slot]!);
      mix(this.ovtd[slot]!);
      mix(this.oowner[slot]! >>> 0);
      mix(this.oref[slot]!);
    }
    return (h >>> 0).toString(16).padStart(8, '0');
  }

  // ---------------------------------------------------------------- validation

  private validateNew(cmd: OrderCommand): RejectReason | null {
    const qty = cmd.quantity;
    if (!Number.isSafeInteger(qty) || qty <= 0) return RejectReason.InvalidQuantity;
    if (qty % this.lotSize !== 0) return RejectReason.QuantityNotLotMultiple;
    if (this.freezeQuantity > 0 && qty > this.freezeQuantity) return RejectReason.AboveFreezeQuantity;
    const type = cmd.type;
    if (this.phase === BookPhase.Closed && !cmd.amo) return RejectReason.MarketClosed;
    if (this.phase === BookPhase.PreOpen) {
      // market-facts 2.2: no IOC or stop orders in pre-open; icebergs wait for continuous trading too.
      if (
        cmd.validity === Validity.Ioc ||
        type === OrderType.StopLimit ||
        type === OrderType.StopMarket ||
        cmd.disclosedQuantity > 0
      )
        return RejectReason.NotAllowedInPreOpen;
    }
    if (type === OrderType.Limit || type === OrderType.StopLimit) {
      const priceReason = this.checkPrice(cmd.price);
      if (priceReason !== null) return priceReason;
    }
    if (type === OrderType.StopLimit || type === OrderType.StopMarket) {
      const triggerReason = this.checkTrigger(cmd.side, cmd.triggerPrice, cmd.price, type);
      if (triggerReason !== null) return triggerReason;
    }
    const disclosureReason = this.checkDisclosed(cmd.disclosedQuantity, qty);
    if (disclosureReason !== null) return disclosureReason;
    if (cmd.validity === Validity.Vtd) {
      if (!Number.isSafeInteger(cmd.vtdDay) || cmd.vtdDay <= 0) return RejectReason.VtdDateMissing;
      if (cmd.vtdDay < this.tradingDay) return RejectReason.VtdDateInPast;
    }
    return null;
  }

  private checkPrice(price: number): RejectReason | null {
    if (!Number.isSafeInteger(price) || price % this.tickSize !== 0) return RejectReason.PriceNotTickMultiple;
    if (price <= 0 && !this.allowNonPositivePrices) return RejectReason.PriceNotTickMultiple;
    if (price < this.lowerBand || price > this.upperBand) return RejectReason.PriceOutsideBand;
    return null;
  }

  private checkTrigger(side: Side, trigger: number, price: number, type: OrderType): RejectReason | null {
    if (
      !Number.isSafeInteger(trigger) ||
      trigger % this.tickSize !== 0 ||
      (trigger <= 0 && !this.allowNonPositivePrices)
    )
      return RejectReason.TriggerNotTickMultiple;
    if (trigger < this.lowerBand || trigger > this.upperBand) return RejectReason.TriggerOutsideBand;
    if (type === OrderType.StopLimit) {
      // trading.md 5.1 rule 7: a buy stop's trigger may not exceed its limit; a sell stop's may not be below it.
      if (side === Side.Buy ? trigger > price : trigger < price) return RejectReason.TriggerBeyondLimit;
    }
    // A stop that the last price has already crossed would fire at once; the exchange refuses it.
    if (side === Side.Buy ? trigger <= this.ltp : trigger >= this.ltp) return RejectReason.TriggerAlreadyCrossed;
    return null;
  }

  private checkDisclosed(disclosed: number, qty: number): RejectReason | null {
    if (disclosed === 0) return null;
    if (!Number.isSafeInteger(disclosed) || disclosed < 0 || disclosed > qty || disclosed % this.lotSize !== 0)
      return RejectReason.InvalidDisclosedQuantity;
    // trading.md 5.1 rule 6: not below 10% (25% for commodities) of the order quantity.
    if (disclosed * 100 < qty * this.disclosedMinPercent) return RejectReason.InvalidDisclosedQuantity;
    return null;
  }

  // ---------------------------------------------------------------- matching

  /** An order (new, modified, triggered or released from the AMO queue) meets the book. */
  private enter(slot: number, time: number): void {
    const type = this.otype[slot]!;
    if (type === OrderType.StopLimit || type === OrderType.StopMarket) {
      if (this.ostate[slot] !== OrderState.Resting) {
        this.restStop(slot);
        return;
      }
    }
    if (this.phase === BookPhase.PreOpen) {
      this.restPreOpen(slot);
      return;
    }
    this.sweepHigh = NONE;
    this.sweepLow = NONE;
    this.match(slot, time);
    if (this.sweepHigh !== NONE) this.fireStops(time);
  }

  private match(slot: number, time: number): void {
    const buy = this.oside[slot] === Side.Buy;
    const type = this.otype[slot]!;
    const isMarket = type === OrderType.Market || type === OrderType.StopMarket;
    const owner = this.oowner[slot]!;
    const opposite = buy ? this.asks : this.bids;
    // The worst level this order may trade at: its limit, or the far end of the band for a market order.
    const limit = isMarket ? (buy ? opposite.size - 1 : 0) : this.indexOf(this.oprice[slot]!);
    let remaining = this.oqty[slot]! - this.ofilled[slot]!;
    let selfTrade = false;
    while (remaining > 0) {
      const level = buy ? this.bestAsk : this.bestBid;
      if (level === NONE || (buy ? level > limit : level < limit)) break;
      let resting = opposite.head[level]!;
      while (resting !== NONE && remaining > 0) {
        if (owner !== 0 && this.oowner[resting] === owner) {
          selfTrade = true;
          break;
        }
        const fill = Math.min(remaining, this.ovisible[resting]!);
        remaining -= fill;
        if (buy) this.fill(slot, resting, level, fill, Side.Buy, time);
        else this.fill(resting, slot, level, fill, Side.Sell, time);
        resting = opposite.head[level]!;
      }
      if (selfTrade) break;
      if (opposite.head[level] === NONE) {
        if (buy) this.bestAsk = opposite.findUp(level + 1);
        else this.bestBid = opposite.findDown(level - 1);
      }
    }
    if (remaining === 0) {
      this.release(slot);
      return;
    }
    if (selfTrade || isMarket || this.ovalidity[slot] === Validity.Ioc) {
      // Self-trade prevention cancels the incoming order (README "Self-trade"); a market or IOC remainder never rests.
      const reason = selfTrade
        ? CancelReason.SelfTrade
        : isMarket
          ? CancelReason.MarketNoLiquidity
          : CancelReason.IocUnfilled;
      this.listener?.cancelled(this.oid[slot]!, this.oref[slot]!, remaining, reason, time);
      this.release(slot);
      return;
    }
    this.rest(slot, remaining);
  }

  /** One trade between a buy and a sell order at the resting order's level. */
  private fill(buy: number, sell: number, level: number, quantity: number, aggressor: Side, time: number): void {
    const resting = aggressor === Side.Buy ? sell : buy;
    const ladder = aggressor === Side.Buy ? this.asks : this.bids;
    this.ofilled[buy] = this.ofilled[buy]! + quantity;
    this.ofilled[sell] = this.ofilled[sell]! + quantity;
    this.ovisible[resting] = this.ovisible[resting]! - quantity;
    ladder.quantity[level] = ladder.quantity[level]! - quantity;
    if (aggressor === Side.Buy) this.totalAsk -= quantity;
    else this.totalBid -= quantity;

    this.recordTrade(buy, sell, level, quantity, aggressor, time);
    if (this.ovisible[resting] === 0) this.refillOrRelease(ladder, resting, level);
  }

  /** Trade statistics, the price range this command traded over (for stops) and the trade event. */
  private recordTrade(buy: number, sell: number, level: number, quantity: number, aggressor: Side, time: number): void {
    const price = this.minPrice + level * this.tickSize;
    const tradeId = this.nextTradeId++;
    this.ltp = price;
    this.ltq = quantity;
    this.ltt = time;
    this.volume += quantity;
    this.turnover += price * quantity;
    if (this.tradeCount++ === 0) {
      this.open = price;
      this.high = price;
      this.low = price;
    } else if (price > this.high) this.high = price;
    else if (price < this.low) this.low = price;
    if (this.sweepHigh === NONE || level > this.sweepHigh) this.sweepHigh = level;
    if (this.sweepLow === NONE || level < this.sweepLow) this.sweepLow = level;
    this.listener?.traded(
      tradeId,
      price,
      quantity,
      this.oid[buy]!,
      this.oid[sell]!,
      this.oref[buy]!,
      this.oref[sell]!,
      aggressor,
      time,
    );
  }

  /** A resting order whose shown part is used up leaves its level, or (iceberg) shows its next part at the back. */
  private refillOrRelease(ladder: PriceLadder, slot: number, level: number): void {
    const left = this.oqty[slot]! - this.ofilled[slot]!;
    this.unlink(ladder, slot, level);
    if (left === 0) {
      this.release(slot);
      return;
    }
    const visible = Math.min(this.odisclosed[slot]!, left);
    this.ovisible[slot] = visible;
    this.append(ladder, slot, level);
    ladder.quantity[level] = ladder.quantity[level]! + visible;
    if (ladder === this.bids) this.totalBid += visible;
    else this.totalAsk += visible;
  }

  private rest(slot: number, remaining: number): void {
    const disclosed = this.odisclosed[slot]!;
    const visible = disclosed > 0 && disclosed < remaining ? disclosed : remaining;
    const level = this.indexOf(this.oprice[slot]!);
    this.ostate[slot] = OrderState.Resting;
    this.ovisible[slot] = visible;
    if (this.oside[slot] === Side.Buy) {
      this.append(this.bids, slot, level);
      this.bids.quantity[level] = this.bids.quantity[level]! + visible;
      this.totalBid += visible;
      if (level > this.bestBid) this.bestBid = level;
    } else {
      this.append(this.asks, slot, level);
      this.asks.quantity[level] = this.asks.quantity[level]! + visible;
      this.totalAsk += visible;
      if (this.bestAsk === NONE || level < this.bestAsk) this.bestAsk = level;
    }
  }

  /** Pre-open: orders rest without matching; market orders wait at the band edge (they take any price). */
  private restPreOpen(slot: number): void {
    const type = this.otype[slot]!;
    if (type === OrderType.Market) this.oprice[slot] = this.oside[slot] === Side.Buy ? this.upperBand : this.lowerBand;
    this.rest(slot, this.oqty[slot]! - this.ofilled[slot]!);
  }

  private restStop(slot: number): void {
    const level = this.indexOf(this.otrigger[slot]!);
    this.ostate[slot] = OrderState.WaitingTrigger;
    this.ovisible[slot] = 0;
    this.append(this.oside[slot] === Side.Buy ? this.buyStops : this.sellStops, slot, level);
  }

  /** Stop orders whose trigger the last command's trades touched become live, oldest trigger level first. */
  private fireStops(time: number): void {
    for (;;) {
      const high = this.sweepHigh;
      const low = this.sweepLow;
      this.sweepHigh = NONE;
      this.sweepLow = NONE;
      if (high !== NONE) {
        for (let level = this.buyStops.findUp(0, high); level !== NONE; level = this.buyStops.findUp(level + 1, high)) {
          this.moveStopsToTriggered(this.buyStops, level, time);
        }
      }
      if (low !== NONE) {
        for (
          let level = this.sellStops.findDown(this.sellStops.size - 1, low);
          level !== NONE;
          level = this.sellStops.findDown(level - 1, low)
        ) {
          this.moveStopsToTriggered(this.sellStops, level, time);
        }
      }
      const slot = this.triggeredHead;
      if (slot === NONE) return;
      this.triggeredHead = this.onext[slot]!;
      if (this.triggeredHead === NONE) this.triggeredTail = NONE;
      this.onext[slot] = NONE;
      this.ostate[slot] = OrderState.Resting;
      this.otype[slot] = this.otype[slot] === OrderType.StopMarket ? OrderType.Market : OrderType.Limit;
      this.match(slot, time);
      if (this.sweepHigh === NONE && this.triggeredHead === NONE) return;
    }
  }

  private moveStopsToTriggered(ladder: PriceLadder, level: number, time: number): void {
    let slot = ladder.head[level]!;
    while (slot !== NONE) {
      const next = this.onext[slot]!;
      this.unlink(ladder, slot, level);
      this.onext[slot] = NONE;
      this.oprev[slot] = NONE;
      if (this.triggeredTail === NONE) this.triggeredHead = slot;
      else this.onext[this.triggeredTail] = slot;
      this.triggeredTail = slot;
      this.ostate[slot] = OrderState.Resting;
      this.listener?.triggered(this.oid[slot]!, this.oref[slot]!, time);
      slot = next;
    }
  }

  /** Call auction at the open (market-facts 2.1): one price that maximises the matched quantity. */
  private uncross(time: number): void {
    if (this.bestBid === NONE || this.bestAsk === NONE || this.bestBid < this.bestAsk) return;
    const from = this.bestAsk;
    const to = this.bestBid;
    const span = to - from + 1;
    const demand = new Float64Array(span);
    const supply = new Float64Array(span);
    let cumulative = 0;
    // Whole remaining quantities, hidden iceberg parts included, so the auction leaves nothing crossed.
    for (let i = to; i >= from; i--) {
      cumulative += this.levelRemaining(this.bids, i);
      demand[i - from] = cumulative;
    }
    cumulative = 0;
    for (let i = from; i <= to; i++) {
      cumulative += this.levelRemaining(this.asks, i);
      supply[i - from] = cumulative;
    }
    let best = from;
    let bestMatched = -1;
    let bestImbalance = Infinity;
    let bestDistance = Infinity;
    const reference = this.indexOf(this.roundToTick(this.close));
    for (let i = from; i <= to; i++) {
      const d = demand[i - from]!;
      const s = supply[i - from]!;
      const matched = Math.min(d, s);
      const imbalance = Math.abs(d - s);
      const distance = Math.abs(i - reference);
      if (
        matched > bestMatched ||
        (matched === bestMatched && imbalance < bestImbalance) ||
        (matched === bestMatched && imbalance === bestImbalance && distance < bestDistance)
      ) {
        best = i;
        bestMatched = matched;
        bestImbalance = imbalance;
        bestDistance = distance;
      }
    }
    this.sweepHigh = NONE;
    this.sweepLow = NONE;
    while (this.bestBid !== NONE && this.bestAsk !== NONE && this.bestBid >= best && this.bestAsk <= best) {
      const buy = this.bids.head[this.bestBid]!;
      const sell = this.asks.head[this.bestAsk]!;
      const quantity = Math.min(this.ovisible[buy]!, this.ovisible[sell]!);
      this.auctionFill(buy, sell, best, quantity, time);
    }
    // Unmatched pre-open market orders do not carry into continuous trading.
    this.cancelPreOpenMarket(this.bids, this.bids.size - 1, time);
    this.cancelPreOpenMarket(this.asks, 0, time);
    if (this.sweepHigh !== NONE) this.fireStops(time);
  }

  private levelRemaining(ladder: PriceLadder, level: number): number {
    let total = 0;
    for (let slot = ladder.head[level]!; slot !== NONE; slot = this.onext[slot]!)
      total += this.oqty[slot]! - this.ofilled[slot]!;
    return total;
  }

  private auctionFill(buy: number, sell: number, level: number, quantity: number, time: number): void {
    const buyLevel = this.bestBid;
    const sellLevel = this.bestAsk;
    for (const [slot, ladder, at] of [
      [buy, this.bids, buyLevel],
      [sell, this.asks, sellLevel],
    ] as const) {
      this.ofilled[slot] = this.ofilled[slot]! + quantity;
      this.ovisible[slot] = this.ovisible[slot]! - quantity;
      ladder.quantity[at] = ladder.quantity[at]! - quantity;
    }
    this.totalBid -= quantity;
    this.totalAsk -= quantity;
    this.recordTrade(buy, sell, level, quantity, this.oid[buy]! > this.oid[sell]! ? Side.Buy : Side.Sell, time);
    // An iceberg carried over from continuous trading refills at the back of its level.
    if (this.ovisible[buy] === 0) this.refillOrRelease(this.bids, buy, buyLevel);
    if (this.ovisible[sell] === 0) this.refillOrRelease(this.asks, sell, sellLevel);
    if (this.bids.head[buyLevel] === NONE) this.bestBid = this.bids.findDown(buyLevel - 1);
    if (this.asks.head[sellLevel] === NONE) this.bestAsk = this.asks.findUp(sellLevel + 1);
  }

  private cancelPreOpenMarket(ladder: PriceLadder, level: number, time: number): void {
    let slot = ladder.head[level]!;
    while (slot !== NONE) {
      const next = this.onext[slot]!;
      if (this.otype[slot] === OrderType.Market) {
        const remaining = this.oqty[slot]! - this.ofilled[slot]!;
        this.detach(slot);
        this.listener?.cancelled(this.oid[slot]!, this.oref[slot]!, remaining, CancelReason.MarketNoLiquidity, time);
        this.release(slot);
      }
      slot = next;
    }
  }

  // ---------------------------------------------------------------- queues and store

  private enqueueAmo(slot: number): void {
    this.ostate[slot] = OrderState.Queued;
    this.onext[slot] = NONE;
    this.oprev[slot] = this.queuedTail;
    if (this.queuedTail === NONE) this.queuedHead = slot;
    else this.onext[this.queuedTail] = slot;
    this.queuedTail = slot;
  }

  private releaseQueued(time: number): void {
    let slot = this.queuedHead;
    this.queuedHead = NONE;
    this.queuedTail = NONE;
    while (slot !== NONE) {
      const next = this.onext[slot]!;
      this.onext[slot] = NONE;
      this.oprev[slot] = NONE;
      this.ostate[slot] = 0;
      if (this.phase === BookPhase.PreOpen && !this.allowedInPreOpen(slot)) {
        // Stops, IOC and icebergs wait for continuous trading.
        this.enqueueAmo(slot);
      } else {
        this.enterQueued(slot, time);
      }
      slot = next;
    }
  }

  /**
   * An after-market order meets today's book: prices outside today's range are cancelled; a stop whose trigger the
   * last price has already passed becomes live at once.
   */
  private enterQueued(slot: number, time: number): void {
    const type = this.otype[slot]!;
    const hasLimit = type === OrderType.Limit || type === OrderType.StopLimit;
    const isStop = type === OrderType.StopLimit || type === OrderType.StopMarket;
    const inside = (price: number): boolean => price >= this.lowerBand && price <= this.upperBand;
    if ((hasLimit && !inside(this.oprice[slot]!)) || (isStop && !inside(this.otrigger[slot]!))) {
      const remaining = this.oqty[slot]! - this.ofilled[slot]!;
      this.listener?.cancelled(this.oid[slot]!, this.oref[slot]!, remaining, CancelReason.OutsideNewBand, time);
      this.release(slot);
      return;
    }
    if (isStop) {
      const trigger = this.otrigger[slot]!;
      const crossed = this.oside[slot] === Side.Buy ? trigger <= this.ltp : trigger >= this.ltp;
      if (crossed) {
        this.ostate[slot] = OrderState.Resting;
        this.otype[slot] = type === OrderType.StopMarket ? OrderType.Market : OrderType.Limit;
        this.listener?.triggered(this.oid[slot]!, this.oref[slot]!, time);
      }
    }
    this.enter(slot, time);
  }

  private allowedInPreOpen(slot: number): boolean {
    const type = this.otype[slot]!;
    return (
      (type === OrderType.Limit || type === OrderType.Market) &&
      this.ovalidity[slot] !== Validity.Ioc &&
      this.odisclosed[slot] === 0
    );
  }

  /** Takes a live order out of whatever list holds it (level, stop level or AMO queue). */
  private detach(slot: number): void {
    const state = this.ostate[slot]!;
    if (state === OrderState.Resting) {
      const level = this.olevel[slot]!;
      const visible = this.ovisible[slot]!;
      if (this.oside[slot] === Side.Buy) {
        this.unlink(this.bids, slot, level);
        this.bids.quantity[level] = this.bids.quantity[level]! - visible;
        this.totalBid -= visible;
        if (level === this.bestBid && this.bids.head[level] === NONE) this.bestBid = this.bids.findDown(level - 1);
      } else {
        this.unlink(this.asks, slot, level);
        this.asks.quantity[level] = this.asks.quantity[level]! - visible;
        this.totalAsk -= visible;
        if (level === this.bestAsk && this.asks.head[level] === NONE) this.bestAsk = this.asks.findUp(level + 1);
      }
      this.ovisible[slot] = 0;
    } else if (state === OrderState.WaitingTrigger) {
      this.unlink(this.oside[slot] === Side.Buy ? this.buyStops : this.sellStops, slot, this.olevel[slot]!);
    } else if (state === OrderState.Queued) {
      const prev = this.oprev[slot]!;
      const next = this.onext[slot]!;
      if (prev === NONE) this.queuedHead = next;
      else this.onext[prev] = next;
      if (next === NONE) this.queuedTail = prev;
      else this.oprev[next] = prev;
    }
    this.onext[slot] = NONE;
    this.oprev[slot] = NONE;
    this.ostate[slot] = 0;
  }

  private adjustVisible(slot: number, delta: number): void {
    if (delta === 0) return;
    const level = this.olevel[slot]!;
    this.ovisible[slot] = this.ovisible[slot]! + delta;
    if (this.oside[slot] === Side.Buy) {
      this.bids.quantity[level] = this.bids.quantity[level]! + delta;
      this.totalBid += delta;
    } else {
      this.asks.quantity[level] = this.asks.quantity[level]! + delta;
      this.totalAsk += delta;
    }
  }

  private append(ladder: PriceLadder, slot: number, level: number): void {
    const tail = ladder.tail[level]!;
    this.olevel[slot] = level;
    this.onext[slot] = NONE;
    this.oprev[slot] = tail;
    if (tail === NONE) {
      ladder.head[level] = slot;
      ladder.mark(level);
    } else {
      this.onext[tail] = slot;
    }
    ladder.tail[level] = slot;
    ladder.orders[level] = ladder.orders[level]! + 1;
  }

  private unlink(ladder: PriceLadder, slot: number, level: number): void {
    const prev = this.oprev[slot]!;
    const next = this.onext[slot]!;
    if (prev === NONE) ladder.head[level] = next;
    else this.onext[prev] = next;
    if (next === NONE) ladder.tail[level] = prev;
    else this.oprev[next] = prev;
    this.onext[slot] = NONE;
    this.oprev[slot] = NONE;
    const count = ladder.orders[level]! - 1;
    ladder.orders[level] = count;
    if (count === 0) ladder.unmark(level);
  }

  private allocate(): number {
    if (this.freeCount > 0) return this.freeSlots[--this.freeCount]!;
    if (this.highWater === this.capacity) this.grow();
    return this.highWater++;
  }

  // The id index keeps pointing at a released slot (a cold write saved per finished order); slotFor tells by the id.
  private release(slot: number): void {
    const page = (this.oid[slot]! - this.firstOrderId) >>> ID_PAGE_BITS;
    // The page the next ids go to stays; it is dropped, if its orders have finished, when the next page starts.
    if (--this.idPageLive[page]! === 0 && page !== (this.nextOrderId - this.firstOrderId) >>> ID_PAGE_BITS)
      this.idPages[page] = undefined;
    this.oid[slot] = NONE;
    this.ostate[slot] = 0;
    this.freeSlots[this.freeCount++] = slot;
  }

  private indexId(id: number, slot: number): void {
    const index = id - this.firstOrderId;
    const page = index >>> ID_PAGE_BITS;
    let ids = this.idPages[page];
    if (ids === undefined) {
      ids = new Int32Array(ID_PAGE_SIZE).fill(NONE);
      this.idPages[page] = ids;
      this.idPageLive[page] = 0;
      if (page > 0 && this.idPageLive[page - 1] === 0) this.idPages[page - 1] = undefined;
    }
    ids[index & ID_PAGE_MASK] = slot;
    this.idPageLive[page]!++;
  }

  private slotFor(orderId: number): number {
    const index = orderId - this.firstOrderId;
    if (!Number.isSafeInteger(index) || index < 0 || orderId >= this.nextOrderId) return NONE;
    const ids = this.idPages[index >>> ID_PAGE_BITS];
    if (ids === undefined) return NONE;
    const slot = ids[index & ID_PAGE_MASK]!;
    return slot !== NONE && this.oid[slot] === orderId ? slot : NONE;
  }

  /** Pages of the order-id index held: those with an order not finished, and the one the next ids go to. */
  get idIndexPages(): number {
    return this.idPages.filter((ids) => ids !== undefined).length;
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    const f64 = (a: Float64Array): Float64Array => {
      const b = new Float64Array(capacity);
      b.set(a);
      return b;
    };
    const i32 = (a: Int32Array): Int32Array => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    const u8 = (a: Uint8Array): Uint8Array => {
      const b = new Uint8Array(capacity);
      b.set(a);
      return b;
    };
    this.oid = f64(this.oid);
    this.oref = f64(this.oref);
    this.oowner = i32(this.oowner);
    this.oside = u8(this.oside);
    this.otype = u8(this.otype);
    this.ovalidity = u8(this.ovalidity);
    this.ostate = u8(this.ostate);
    this.oprice = f64(this.oprice);
    this.otrigger = f64(this.otrigger);
    this.oqty = f64(this.oqty);
    this.ofilled = f64(this.ofilled);
    this.odisclosed = f64(this.odisclosed);
    this.ovisible = f64(this.ovisible);
    this.ovtd = i32(this.ovtd);
    this.onext = i32(this.onext);
    this.oprev = i32(this.oprev);
    this.olevel = i32(this.olevel);
    this.freeSlots = i32(this.freeSlots);
    this.touchOrderStore(this.capacity);
    this.capacity = capacity;
  }

  /**
   * Writes the order store's new slots from `from` on, so the kernel maps their pages now rather than on the first
   * order each page holds: a fresh typed array is zero pages not yet mapped, and a page fault inside a submit cost tens
   * of microseconds (the matching bench's p99.9).
   */
  private touchOrderStore(from: number): void {
    for (const store of [
      this.oid,
      this.oref,
      this.oowner,
      this.oside,
      this.otype,
      this.ovalidity,
      this.ostate,
      this.oprice,
      this.otrigger,
      this.oqty,
      this.ofilled,
      this.odisclosed,
      this.ovisible,
      this.ovtd,
      this.onext,
      this.oprev,
      this.olevel,
      this.freeSlots,
    ]) {
      store.fill(0, from);
    }
  }

  // ---------------------------------------------------------------- grid

  private indexOf(price: number): number {
    return (price - this.minPrice) / this.tickSize;
  }

  private priceAt(index: number): number {
    return this.minPrice + index * this.tickSize;
  }

  private roundToTick(value: number): number {
    return Math.round(value / this.tickSize) * this.tickSize;
  }

  private buildGrid(lowerBand: number, upperBand: number): void {
    const tick = this.tickSize;
    const lower = Math.ceil(lowerBand / tick) * tick;
    const upper = Math.floor(upperBand / tick) * tick;
    if ((!(lower > 0) && !this.allowNonPositivePrices) || upper < lower)
      throw new Error(`Invalid price band ${lowerBand}-${upperBand}`);
    this.lowerBand = lower;
    this.upperBand = upper;
    this.minPrice = lower;
    const size = (upper - lower) / tick + 1;
    this.bids = new PriceLadder(size);
    this.asks = new PriceLadder(size);
    this.buyStops = new PriceLadder(size);
    this.sellStops = new PriceLadder(size);
    this.bestBid = NONE;
    this.bestAsk = NONE;
    this.totalBid = 0;
    this.totalAsk = 0;
  }

  /** New circuit limits: orders outside are cancelled, the rest keep their queue order on the new grid. */
  private rebuildGrid(lowerBand: number, upperBand: number, time: number): void {
    const resting = this.ladderSlots(this.bids, false).concat(this.ladderSlots(this.asks, true));
    const stops = this.ladderSlots(this.buyStops, true).concat(this.ladderSlots(this.sellStops, false));
    this.buildGrid(lowerBand, upperBand);
    const inside = (price: number): boolean => price >= this.lowerBand && price <= this.upperBand;
    for (const slot of resting) {
      const isMarket = this.otype[slot] === OrderType.Market;
      if (isMarket) this.oprice[slot] = this.oside[slot] === Side.Buy ? this.upperBand : this.lowerBand;
      if (!inside(this.oprice[slot]!)) {
        this.listener?.cancelled(
          this.oid[slot]!,
          this.oref[slot]!,
          this.oqty[slot]! - this.ofilled[slot]!,
          CancelReason.OutsideNewBand,
          time,
        );
        this.release(slot);
        continue;
      }
      const visible = this.ovisible[slot]!;
      this.onext[slot] = NONE;
      this.oprev[slot] = NONE;
      const level = this.indexOf(this.oprice[slot]!);
      const buy = this.oside[slot] === Side.Buy;
      const ladder = buy ? this.bids : this.asks;
      this.append(ladder, slot, level);
      ladder.quantity[level] = ladder.quantity[level]! + visible;
      if (buy) {
        this.totalBid += visible;
        if (level > this.bestBid) this.bestBid = level;
      } else {
        this.totalAsk += visible;
        if (this.bestAsk === NONE || level < this.bestAsk) this.bestAsk = level;
      }
    }
    for (const slot of stops) {
      const stopLimitOutside = this.otype[slot] === OrderType.StopLimit && !inside(this.oprice[slot]!);
      if (!inside(this.otrigger[slot]!) || stopLimitOutside) {
        this.listener?.cancelled(
          this.oid[slot]!,
          this.oref[slot]!,
          this.oqty[slot]! - this.ofilled[slot]!,
          CancelReason.OutsideNewBand,
          time,
        );
        this.release(slot);
        continue;
      }
      this.restStop(slot);
    }
  }

  /** Slots of one ladder: levels ascending (or descending), each level in queue order. */
  private ladderSlots(ladder: PriceLadder, ascending: boolean): number[] {
    const out: number[] = [];
    for (
      let level = ascending ? ladder.findUp(0) : ladder.findDown(ladder.size - 1);
      level !== NONE;
      level = ascending ? ladder.findUp(level + 1) : ladder.findDown(level - 1)
    ) {
      for (let slot = ladder.head[level]!; slot !== NONE; slot = this.onext[slot]!) out.push(slot);
    }
    return out;
  }

  private liveSlots(): number[] {
    const out = this.ladderSlots(this.bids, false)
      .concat(this.ladderSlots(this.asks, true))
      .concat(this.ladderSlots(this.buyStops, true))
      .concat(this.ladderSlots(this.sellStops, false));
    for (let slot = this.queuedHead; slot !== NONE; slot = this.onext[slot]!) out.push(slot);
    return out;
  }

  private view(slot: number): OrderView {
    return {
      orderId: this.oid[slot]!,
      ref: this.oref[slot]!,
      owner: this.oowner[slot]!,
      side: this.oside[slot]! as Side,
      type: this.otype[slot]! as OrderType,
      validity: this.ovalidity[slot]! as Validity,
      price: this.oprice[slot]!,
      triggerPrice: this.otrigger[slot]!,
      quantity: this.oqty[slot]!,
      filled: this.ofilled[slot]!,
      disclosedQuantity: this.odisclosed[slot]!,
      visible: this.ovisible[slot]!,
      vtdDay: this.ovtd[slot]!,
      state: this.ostate[slot]! as OrderState,
    };
  }
}
