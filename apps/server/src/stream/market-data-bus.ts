import { legacyStreamKey, segmentStreamKey, type PriceDecimals, type StreamKey, type StreamLevel } from '@kite/domain';

/**
 * The market-data bus: the exchange publishes into it, the stream gateway listens (ARCHITECTURE.md "A tick").
 * In-process by default; a NATS implementation may come later behind this same interface, with one subject per
 * feed and key. Prices are integers in the instrument's smallest unit; the gateway formats them for the wire.
 */

/** How an instrument (or index) is named on both feeds (trading.md 4.9). */
export interface InstrumentRef {
  exc: string;
  excSeg: string;
  /** The older feed's symbol; for an index, its name ("NIFTY 50"). */
  streamSym: string;
  /** The newer feed's symbol. */
  xSym: string;
  /** 2, or 4 for currency instruments (platform.md 9). */
  decimals: PriceDecimals;
}

export interface Level1Update {
  feed: 'level1';
  instrument: InstrumentRef;
  /** Publish time, epoch ms. */
  ts: number;
  lastTradedAt: number;
  ltp: number;
  ltq: number;
  bidPrice: number | null;
  bidQty: number;
  askPrice: number | null;
  askQty: number;
  avgTradedPrice: number;
  vol: number;
  openInterest: number;
  totBuyQty: number;
  totSellQty: number;
  open: number;
  high: number;
  low: number;
  /** Previous close: change and change percent are measured from it. */
  close: number;
  yearlyHigh: number;
  yearlyLow: number;
  dprLow: number;
  dprHigh: number;
  /** Paise; null for derivatives and currency. */
  marketCap: number | null;
}

export interface DepthLevel {
  price: number;
  qty: number;
  orders: number;
}

export interface DepthUpdate {
  feed: 'level2';
  instrument: InstrumentRef;
  ts: number;
  /** Best first, at most five used. */
  bids: readonly DepthLevel[];
  asks: readonly DepthLevel[];
  totBuyQty: number;
  totSellQty: number;
}

export interface IndexUpdate {
  feed: 'level3';
  index: InstrumentRef;
  ts: number;
  value: number;
  high: number;
  low: number;
  close: number;
}

export type MarketUpdate = Level1Update | DepthUpdate | IndexUpdate;
export type MarketListener = (update: MarketUpdate) => void;
/** Called when a feed and key gains its first listener (true) or loses its last (false). */
export type DemandListener = (feed: StreamLevel, key: StreamKey, watched: boolean) => void;

export interface MarketDataBus {
  publish(update: MarketUpdate): void;
  /** Listens to one feed of one key; the latest value published so far, if any, is delivered at once. */
  subscribe(feed: StreamLevel, key: StreamKey, listener: MarketListener): () => void;
  /** Lets the exchange fully simulate only the books someone looks at (ARCHITECTURE.md "The simulated market"). */
  onDemand(listener: DemandListener): () => void;
}

function refOf(update: MarketUpdate): InstrumentRef {
  return update.feed === 'level3' ? update.index : update.instrument;
}

/** Both keys an update is published under: the older feed's and the newer feed's (trading.md 4.9). */
export function keysOf(update: MarketUpdate): StreamKey[] {
  const ref = refOf(update);
  const legacy = legacyStreamKey(ref.exc, ref.streamSym);
  const segment = segmentStreamKey(ref.excSeg, ref.xSym);
  return legacy === segment ? [legacy] : [legacy, segment];
}

interface Subject {
  listeners: Set<MarketListener>;
  latest: MarketUpdate | null;
}

/** The embedded bus: synchronous delivery in the publisher's turn, last value kept per feed and key. */
export class InProcessMarketDataBus implements MarketDataBus {
  private readonly subjects = new Map<string, Subject>();
  private readonly demandListeners = new Set<DemandListener>();

  publish(update: MarketUpdate): void {
    for (const key of keysOf(update)) {
      const subject = this.subject(update.feed, key);
      subject.latest = update;
      for (const listener of subject.listeners) listener(update);
    }
  }

  subscribe(feed: StreamLevel, key: StreamKey, listener: MarketListener): () => void {
    const subject = this.subject(feed, key);
    subject.listeners.add(listener);
    if (subject.listeners.size === 1) for (const demand of this.demandListeners) demand(feed, key, true);
    if (subject.latest) listener(subject.latest);
    return () => {
      if (!subject.listeners.delete(listener)) return;
      if (subject.listeners.size === 0) for (const demand of this.demandListeners) demand(feed, key, false);
    };
  }

  onDemand(listener: DemandListener): () => void {
    this.demandListeners.add(listener);
    return () => this.demandListeners.delete(listener);
  }

  private subject(feed: StreamLevel, key: StreamKey): Subject {
    const id = `${feed} ${key}`;
    let subject = this.subjects.get(id);
    if (!subject) {
      subject = { listeners: new Set(), latest: null };
      this.subjects.set(id, subject);
    }
    return subject;
  }
}
