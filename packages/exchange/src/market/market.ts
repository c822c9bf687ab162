import { MarketMaker, type QuoteStyle } from '../agents/market-maker.ts';
import { NoiseTrader } from '../agents/noise-trader.ts';
import { BookPhase, RejectReason, type CancelReason, type OrderCommand, type Side } from '../book/order-types.ts';
import { PERIODICITIES, type Candle, type Periodicity } from '../candles/candle.ts';
import { dayFrom, generateHistory, generateMorning } from '../candles/history.ts';
import { CandleSeries } from '../candles/live-candles.ts';
import type { Clock } from '../clock/clock.ts';
import { istDay, istInstant, istMinuteOfDay } from '../clock/ist.ts';
import { TradingCalendar } from '../clock/trading-calendar.ts';
import { IndexCalculator } from '../indices/index-calculator.ts';
import { buildInstruments, tokenKey, type KnownTokens } from '../instruments/build-instruments.ts';
import { NIFTY50_ROWS } from '../instruments/equity-data.ts';
import type { Exchange } from '../instruments/exchange-codes.ts';
import { INDEX_SPECS, SENSEX_CONSTITUENTS } from '../instruments/index-data.ts';
import type { Instrument } from '../instruments/instrument.ts';
import { InstrumentRegistry, type SearchOptions } from '../instruments/instrument-registry.ts';
import { roundToTick } from '../instruments/tick-size.ts';
import type { BookEvent, BookListener } from '../matching/book-events.ts';
import { OrderBook, type DayResume, type DepthSnapshot } from '../matching/order-book.ts';
import { carriesOpenInterest, OpenInterest, type OpenInterestNow } from './open-interest.ts';
import { blackScholes, futurePrice, smileVol, yearsToExpiry } from '../prices/option-pricing.ts';
import { PriceProcess, TRADING_YEAR_MS, type UnderlyingSpec } from '../prices/price-process.ts';
import { streamRandom, type Random } from '../random/prng.ts';
import {
  intradaySession,
  marketStatusAt,
  nextSessionDay,
  type MarketMode,
  type MarketStatus,
} from '../sessions/market-sessions.ts';

/** The markets whose trading hours move the underlying prices (each underlying's `session`). */
const PRICE_SESSIONS = ['NSE', 'CDS', 'MCX', 'NCDEX'] as const satisfies readonly Exchange[];

export interface MarketOptions {
  seed: number;
  clock: Clock;
  /** 'always' (the demo default) keeps every market open; 'real' follows exchange hours and the holiday list. */
  mode?: MarketMode;
  /** Exchange holidays as IST day numbers. */
  holidays?: readonly number[];
  /** Simulation step and tick rate, in ms (default 1000). */
  tickIntervalMs?: number;
  /**
   * Slices a step is spread over (default 1; must divide tickIntervalMs): each instrument's agents act and its tick
   * goes out in its own slice, so a step's ticks leave a slice at a time rather than all at once.
   */
  tickSlices?: number;
  /** Where an earlier market of the same seed stood (`state()`): used when it is of the same IST day. */
  resume?: MarketState;
  /**
   * Today's one-minute bars an earlier process saved (`takeMinuteBars`), by instrument id: their charts carry on from
   * them. Bars of another IST day are left out.
   */
  resumeMinutes?: ReadonlyMap<string, readonly Candle[]>;
  /** Set closed minute bars aside for `takeMinuteBars` (default false: nothing saves them). */
  keepMinuteBars?: boolean;
  /**
   * At a build during a session, move prices by the part of it gone by (`moveToBuild`), and give an instrument first
   * looked at during its session the part of the day before (`morningOf`); default false: a market its caller steps by
   * hand starts at the reference prices and each instrument's day where it is first looked at.
   */
  mornings?: boolean;
  /**
   * Instrument tokens given on earlier days (`buildInstruments` BuildOptions.tokens): a contract listed again keeps its
   * id. The caller keeps `numbered` for the next market.
   */
  tokens?: KnownTokens;
}

/** One instrument's minute bar, to be saved. */
export interface MinuteBar {
  id: string;
  bar: Candle;
}

/**
 * What carries the market over a restart within a trading day: every underlying's price, India VIX's volatility, each
 * traded book's day statistics and the day's range of instruments watched without a book. Prices are the process's
 * own (floating point, rounded to the tick when quoted). Books' resting orders are not in it: clients' orders come
 * back from the broker's records, and the agents quote afresh around the resumed prices.
 */
export interface MarketState {
  /** IST day number the state was taken on. */
  day: number;
  prices: Record<string, number>;
  indexVol: number;
  books: Record<string, DayResume>;
  dayRanges: Record<string, DayStats>;
  /** The mornings given at first looks (the look's minute and price), so the charts regenerate the same bars. */
  mornings?: Record<string, { until: number; price: number }>;
}

/** Level-1 data for an instrument (trading.md 3 "Quote" and "Stream ticks" level1). */
export interface Quote {
  id: string;
  xSym: string;
  exc: Exchange;
  trSymbol: string;
  lastPrice: number;
  lastQuantity: number;
  lastTradeTime: number;
  /** Change from the previous close, in price units, and in hundredths of a percent. */
  change: number;
  changeBasisPoints: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  averagePrice: number;
  lowerBand: number;
  upperBand: number;
  bidPrice: number;
  bidQuantity: number;
  askPrice: number;
  askQuantity: number;
  totalBuyQuantity: number;
  totalSellQuantity: number;
  updatedAt: number;
  priceDecimals: 2 | 4;
  /** 52-week high and low (daily history plus today). */
  yearHigh: number;
  yearLow: number;
  /** Open contracts in units for futures and options (open-interest.ts); null for everything else. */
  openInterest: number | null;
}

/** A stream tick: level 1 plus five-level depth (level 2). */
export interface Tick extends Quote {
  depth: DepthSnapshot;
}

/** A client order for an instrument. `account` (> 0) scopes self-trade prevention; `ref` (> 0) is the broker's id. */
export type ClientOrder = Omit<OrderCommand, 'time' | 'owner'> & { account: number };

/** CONTRACT_EXPIRING: an AMO on a contract whose last session has closed would wait for an open it does not see. */
export type MarketRejectReason = RejectReason | 'UNKNOWN_INSTRUMENT' | 'NOT_TRADABLE' | 'CONTRACT_EXPIRING';

export interface SubmitResult {
  orderId: number;
  rejectReason: MarketRejectReason | null;
  /** What happened at once: accepted, traded, cancelled (IOC rest)... */
  events: BookEvent[];
}

/** An event about a client's order (ref != 0), tagged with the instrument. */
export type OrderEventListener = (instrumentId: string, event: BookEvent) => void;
export type TickListener = (tick: Tick) => void;

const EQUITY_CARRY = 0.055;
const CURRENCY_CARRY = 0.03;
const COMMODITY_CARRY = 0.06;
const RATE = 0.065;
const CLOSE_MINUTE = 15 * 60 + 30;

/** One trading day's instruments, and those of them its build numbered. */
interface Listing {
  day: number;
  registry: InstrumentRegistry;
  numbered: readonly Instrument[];
}

interface Active {
  book: OrderBook;
  maker: MarketMaker;
  noise: NoiseTrader;
  router: BookRouter;
  lot: number;
}

export interface DayStats {
  open: number;
  high: number;
  low: number;
}

/** The part of today before an instrument's first look, as its day starts from: `generateMorning`'s bars summed. */
interface Morning {
  /** The first look's minute (after IST midnight) and price, which regenerate the bars. */
  until: number;
  price: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  turnover: number;
  bars: number;
  /**
   * A derivative's minutes, worked out from its underlying's chart at the look (so not drawn again from the seed):
   * held until its chart takes them.
   */
  minutes?: Candle[];
}

/** A morning's bars as the day starts from them, with the price at the look (a derivative's may lie outside them). */
function summed(bars: readonly Candle[], price: number): Omit<Morning, 'until' | 'minutes'> {
  const { open, high, low, volume } = dayFrom(bars, 0);
  const turnover = bars.reduce((sum, bar) => sum + bar.close * bar.volume, 0);
  return { price, open, high: Math.max(high, price), low: Math.min(low, price), volume, turnover, bars: bars.length };
}

/**
 * An instrument the price process moves (a stock, an index of stocks, a currency's or commodity's spot reference),
 * which every derivative's price is worked out from.
 */
function isPriceSource(instrument: Instrument): boolean {
  return (
    instrument.instr === 'STK' ||
    instrument.instr === 'IDX' ||
    instrument.instr === 'UNDCUR' ||
    instrument.instr === 'COM'
  );
}

/** A currency's or commodity's spot reference's annual volatility: a currency moves least, energy most. */
function spotVol(instrument: Instrument): number {
  if (instrument.instr === 'UNDCUR') return 0.05;
  return instrument.sector === 'Energy' ? 0.38 : instrument.sector === 'Bullion' ? 0.16 : 0.2;
}

/** Last price and daily price band in price units (0 and 0 for an instrument without a band). */
export interface PriceBand {
  lastPrice: number;
  lowerBand: number;
  upperBand: number;
}

/**
 * The simulated market (ARCHITECTURE.md "The simulated market"): instruments, a seeded price process, books with
 * market makers and noise traders for instruments somebody looks at, and cheap fair values for the rest. It advances
 * by clock steps; nothing happens between calls to advance().
 */
export class Market {
  /** Today's listing: replaced at the day roll by the next trading day's (`prepareListing`). */
  private listing: Listing;
  /** The next trading day's listing, built ahead by `prepareListing`. */
  private prepared: Listing | null = null;
  private readonly known: Map<string, number>;
  /** The first listing's instruments not in MarketOptions.tokens, numbered by this market, in build order. */
  readonly numbered: readonly Instrument[];
  readonly calendar: TradingCalendar;
  readonly mode: MarketMode;
  readonly tickIntervalMs: number;
  readonly tickSlices: number;
  private readonly clock: Clock;
  private readonly seed: number;
  private readonly keepMinuteBars: boolean;
  private readonly givesMornings: boolean;
  private readonly random: Random;
  private readonly process: PriceProcess;
  private readonly indexCalcs = new Map<string, IndexCalculator>();
  private readonly active = new Map<string, Active>();
  private readonly series = new Map<string, CandleSeries>();
  private readonly subscribers = new Map<string, Set<TickListener>>();
  private readonly orderListeners = new Set<OrderEventListener>();
  private readonly dayStats = new Map<string, DayStats>();
  /** Decided at each instrument's first look of the day (null: none); its bars are regenerated for the chart. */
  private readonly mornings = new Map<string, Morning | null>();
  private readonly openInterests = new Map<string, OpenInterest>();
  /** Books' day statistics from a resumed state, applied when each book is first built. */
  private readonly resumedBooks = new Map<string, DayResume>();
  private readonly startTime: number;
  /** Time of the last slice run (of the last step when a step is one slice). */
  private lastStep: number;
  /** The slice the next advance runs first. */
  private nextSlice = 0;
  /** Instrument id -> its slice, dealt out in turn as the steps first meet it (books in the order first simulated). */
  private readonly slices = new Map<string, number>();
  private day: number;
  private indexVol = 0.115;
  private readonly indexVolMean = 0.115;

  constructor(options: MarketOptions) {
    this.clock = options.clock;
    this.seed = options.seed;
    this.keepMinuteBars = options.keepMinuteBars ?? false;
    this.givesMornings = options.mornings ?? false;
    this.mode = options.mode ?? 'always';
    this.tickIntervalMs = options.tickIntervalMs ?? 1000;
    this.tickSlices = options.tickSlices ?? 1;
    if (!Number.isInteger(this.tickSlices) || this.tickSlices < 1 || this.tickIntervalMs % this.tickSlices !== 0)
      throw new Error(`tickSlices ${this.tickSlices} does not divide tickIntervalMs ${this.tickIntervalMs}`);
    this.calendar = new TradingCalendar(options.holidays ?? []);
    this.startTime = this.clock.now();
    this.lastStep = this.startTime;
    this.day = istDay(this.startTime);
    this.random = streamRandom(this.seed, 'market');
    this.known = new Map(options.tokens ?? []);
    this.listing = this.buildListing(this.listingDay(this.startTime));
    this.numbered = this.listing.numbered;
    const resume = options.resume?.day === this.day ? options.resume : undefined;
    const atReference = this.underlyingSpecs();
    const specs = resume ? atReference.map((s) => ({ ...s, price: resume.prices[s.key] ?? s.price })) : atReference;
    this.process = new PriceProcess(specs, streamRandom(this.seed, 'prices'));
    if (this.givesMornings && !resume) this.moveToBuild();
    // Indices are based on the reference prices, so a resumed market's levels carry on too.
    this.buildIndices(new Map(atReference.map((s) => [s.key, s.price])));
    if (resume) {
      this.indexVol = resume.indexVol;
      for (const [id, range] of Object.entries(resume.dayRanges)) this.dayStats.set(id, { ...range });
      for (const [id, day] of Object.entries(resume.books)) this.resumedBooks.set(id, day);
      for (const [id, { until, price }] of Object.entries(resume.mornings ?? {})) {
        const instrument = this.registry.byId(id);
        if (instrument) this.mornings.set(id, this.morningFrom(instrument, until, price));
      }
    }
    for (const [id, bars] of options.resumeMinutes ?? []) {
      const instrument = this.registry.byId(id);
      const today = bars.filter((bar) => istDay(bar.time) === this.day);
      // The series is built now, so the chart keeps its fair-value prints from here as it did before the restart. The
      // saved bars hold the morning the instrument was given, if any.
      if (instrument && today.length > 0) {
        if (!this.mornings.has(id)) this.mornings.set(id, null);
        this.seriesFor(instrument).restoreMinutes(today);
      }
    }
  }

  /** Today's instruments: the listing of the trading day the market has reached (`listedDay`). */
  get registry(): InstrumentRegistry {
    return this.listing.registry;
  }

  /**
   * Every token known: the given ones and those this market numbered, today's listing's and a prepared one's (for
   * rebuilding another day's listing with them).
   */
  get tokens(): KnownTokens {
    return this.known;
  }

  /** The trading day whose contracts are listed now. */
  get listedDay(): number {
    return this.listing.day;
  }

  /** The trading day whose contracts are listed at `time`: the IST day's, or on a closed day the next trading day's. */
  listingDay(time: number): number {
    return this.calendar.onOrAfter(istDay(time));
  }

  /**
   * Builds ahead the listing of the trading day of `time` (`listingDay`), which the day roll switches to, and answers
   * the contracts it numbers, not listed before under any token: a server keeps them before the roll, as orders may
   * name them from then on. Nothing when that day's contracts are listed now; the same contracts when asked again.
   */
  prepareListing(time: number): readonly Instrument[] {
    const day = this.listingDay(time);
    if (day === this.listing.day) return [];
    if (this.prepared?.day !== day) this.prepared = this.buildListing(day);
    return this.prepared.numbered;
  }

  /** A trading day's contracts under the known tokens; the tokens of the ones it numbers are known from then on. */
  private buildListing(day: number): Listing {
    const registry = new InstrumentRegistry(
      buildInstruments({ today: day, calendar: this.calendar, tokens: this.known }),
    );
    const numbered = registry.all().filter((i) => !this.known.has(tokenKey(i.exc, i.trSymbol)));
    for (const i of numbered) this.known.set(tokenKey(i.exc, i.trSymbol), i.token);
    return { day, registry, numbered };
  }

  /**
   * The market's day rolls into the listing of `today`'s trading day: the prepared one, or one built now (a market no
   * server prepares for). With a later day's listing prepared, today's contracts stay listed until that day (a clock
   * that jumped over days: nothing the server has not kept is listed). Instruments listed on both days keep their ids,
   * so what is kept by id carries on; the books, charts and figures of contracts no longer listed go.
   */
  private relist(today: number, time: number, previous: number): void {
    const day = this.calendar.onOrAfter(today);
    if (day === this.listing.day || (this.prepared !== null && this.prepared.day > day)) return;
    const next = this.prepared?.day === day ? this.prepared : this.buildListing(day);
    this.prepared = null;
    const registry = next.registry;
    for (const [id, a] of this.active) {
      if (registry.byId(id)) continue;
      // The contract's resting orders expire with it (under real hours its day has ended already).
      if (this.mode !== 'real') a.book.endOfDay(previous, time);
      this.active.delete(id);
    }
    const listed = (id: string) => registry.byId(id) !== undefined;
    const byId = [this.series, this.subscribers, this.openInterests, this.resumedBooks, this.yearRanges, this.slices];
    for (const map of byId) for (const id of map.keys()) if (!listed(id)) map.delete(id);
    this.listing = next;
  }

  /**
   * The minute bars closed since the last call, of every instrument with a chart, and with `includeOpen` the minutes
   * still running too (at close). Cheap: the series keep their closed bars aside as a minute ends.
   */
  takeMinuteBars(includeOpen = false): MinuteBar[] {
    const out: MinuteBar[] = [];
    for (const [id, series] of this.series) for (const bar of series.takeMinuteBars(includeOpen)) out.push({ id, bar });
    return out;
  }

  /** Where the market stands, for a later market of the same seed to resume from (MarketOptions.resume). */
  state(): MarketState {
    const books: Record<string, DayResume> = {};
    for (const [id, a] of this.active) {
      const { averagePrice: _average, close: _close, ...day } = a.book.stats();
      if (day.trades > 0) books[id] = day;
    }
    for (const [id, day] of this.resumedBooks) books[id] ??= day;
    return {
      day: this.day,
      prices: this.process.prices(),
      indexVol: this.indexVol,
      books,
      dayRanges: Object.fromEntries([...this.dayStats].map(([id, range]) => [id, { ...range }])),
      // A derivative's morning was valued along its root's chart, not drawn: only its saved minutes bring it back.
      mornings: Object.fromEntries(
        [...this.mornings].flatMap(([id, m]) =>
          m && isPriceSource(this.registry.byId(id)!) ? [[id, { until: m.until, price: m.price }]] : [],
        ),
      ),
    };
  }

  // ---------------------------------------------------------------- time

  /**
   * Runs the simulation up to the clock's time in steps of tickIntervalMs, each spread over its slices, emitting ticks
   * to subscribers. Answers the number of whole steps completed.
   */
  advance(): number {
    const now = this.clock.now();
    const sliceMs = this.tickIntervalMs / this.tickSlices;
    let due = Math.floor((now - this.lastStep) / sliceMs);
    if (due <= 0) return 0;
    const maxSlices = 60 * this.tickSlices;
    if (due > maxSlices) {
      // A long pause: move prices in one go by whole steps, then simulate only the last steps in detail.
      const skippedSteps = Math.floor((due - maxSlices) / this.tickSlices);
      this.movePrices(skippedSteps * this.tickIntervalMs);
      this.lastStep += skippedSteps * this.tickIntervalMs;
      due -= skippedSteps * this.tickSlices;
    }
    let steps = 0;
    for (let i = 0; i < due; i++) {
      this.lastStep += sliceMs;
      if (this.runSlice(this.lastStep)) steps++;
    }
    return steps;
  }

  /**
   * One slice of a step: prices move on the step's first slice (by the whole step, so the price path does not depend
   * on the slicing), the books of this slice act and their ticks go out. True when it completes a step.
   */
  private runSlice(time: number): boolean {
    const slice = this.nextSlice;
    this.nextSlice = (slice + 1) % this.tickSlices;
    const today = istDay(time);
    if (today !== this.day) this.rollDay(today, time);
    if (slice === 0) this.movePrices(this.tickIntervalMs);
    for (const [id, a] of this.active) {
      if (this.sliceOf(id) !== slice) continue;
      const instrument = this.registry.byId(id)!;
      this.syncPhase(instrument, a.book, time);
      if (a.book.phase !== BookPhase.Open) continue;
      const fair = this.fairValue(instrument, time);
      a.maker.requote(a.book, fair, a.lot, this.random, time);
      a.noise.act(a.book, fair, a.lot, this.random, time);
    }
    const completesStep = slice === this.tickSlices - 1;
    if (completesStep) {
      const inSession = this.inSessionAt(time);
      for (const [id, s] of this.series) {
        if (this.active.has(id)) continue;
        const instrument = this.registry.byId(id)!;
        if (inSession(instrument.exc)) s.record(time, this.lastPriceOf(instrument, time), 0);
      }
    }
    for (const [id, listeners] of this.subscribers) {
      if (listeners.size === 0 || this.sliceOf(id) !== slice) continue;
      const tick = this.tick(id);
      for (const listener of listeners) listener(tick);
    }
    return completesStep;
  }

  /**
   * Whether an exchange is in its continuous session at `time` (asked once per exchange): a chart's fair-value prints
   * are made only then, so under real hours no bar appears after an instrument's close, on a weekend or a holiday, as
   * no trade can print one then (its book is closed).
   */
  private inSessionAt(time: number): (exchange: Exchange) => boolean {
    if (this.mode === 'always') return () => true;
    const known = new Map<Exchange, boolean>();
    return (exchange) => {
      let open = known.get(exchange);
      if (open === undefined) {
        open = marketStatusAt(exchange, time, { mode: 'real', calendar: this.calendar }).status === 'open';
        known.set(exchange, open);
      }
      return open;
    };
  }

  /** An instrument's slice: dealt out in turn, so each slice holds about as many books and watched instruments. */
  private sliceOf(id: string): number {
    let slice = this.slices.get(id);
    if (slice === undefined) {
      slice = this.slices.size % this.tickSlices;
      this.slices.set(id, slice);
    }
    return slice;
  }

  /**
   * Under real hours each underlying moves while its own market is open: equities with NSE's session, currencies with
   * CDS's and commodities with MCX's or NCDEX's, so an MCX price moves through its evening session after NSE closes.
   */
  private movePrices(ms: number): void {
    let open: ReadonlySet<string> | undefined;
    if (this.mode === 'real') {
      open = new Set(
        PRICE_SESSIONS.filter(
          (exchange) =>
            marketStatusAt(exchange, this.lastStep, { mode: 'real', calendar: this.calendar }).status === 'open',
        ),
      );
      if (open.size === 0) return;
    }
    const dt = ms / TRADING_YEAR_MS;
    this.process.step(dt, open);
    if (open === undefined || open.has('NSE')) this.moveIndexVol(dt);
    for (const [key, stats] of this.dayStats) {
      const instrument = this.registry.byId(key)!;
      const price = this.lastPriceOf(instrument, this.lastStep);
      if (price > stats.high) stats.high = price;
      if (price < stats.low) stats.low = price;
    }
  }

  /** INDIA VIX: NIFTY's implied volatility, mean-reverting with its own noise, over `dt` years of NSE's session. */
  private moveIndexVol(dt: number): void {
    const kappa = 8;
    this.indexVol +=
      kappa * (this.indexVolMean - this.indexVol) * dt + 0.25 * this.indexVol * Math.sqrt(dt) * this.random.normal();
    this.indexVol = Math.min(0.8, Math.max(0.06, this.indexVol));
  }

  private rollDay(today: number, time: number): void {
    const previous = this.day;
    this.day = today;
    this.dayStats.clear();
    this.mornings.clear();
    if (this.mode === 'real') for (const a of this.active.values()) a.book.endOfDay(previous, time);
    this.relist(today, time, previous);
    if (this.mode !== 'real') return;
    for (const [id, a] of this.active) {
      const instrument = this.registry.byId(id)!;
      const band = this.bandFor(instrument, a.book.stats().close);
      a.book.startDay(today, band.lower, band.upper, time);
      this.startVolume(instrument, a.book, time);
    }
  }

  private syncPhase(instrument: Instrument, book: OrderBook, time: number): void {
    if (this.mode === 'always') return;
    const status = marketStatusAt(instrument.exc, time, { mode: 'real', calendar: this.calendar }).status;
    const want = status === 'open' ? BookPhase.Open : status === 'pre-open' ? BookPhase.PreOpen : BookPhase.Closed;
    if (want === book.phase) return;
    if (want === BookPhase.Open) book.openSession(time);
    else if (want === BookPhase.PreOpen) book.preOpen(time);
    else book.closeSession(time);
  }

  // ---------------------------------------------------------------- market data

  /** Level-1 quote; looking at a tradable instrument starts its full simulation. */
  quote(id: string): Quote | undefined {
    const instrument = this.registry.byId(id);
    if (!instrument) return undefined;
    return this.tick(id, instrument);
  }

  /**
   * The last price and the day's price band, as quote() has them, without building the whole quote (depth, year
   * range): what an order's checks and margin read several times per order. Starts the simulation as quote() does.
   */
  priceBand(id: string): PriceBand | undefined {
    const instrument = this.registry.byId(id);
    if (!instrument) return undefined;
    const now = this.clock.now();
    const a = this.activate(instrument);
    if (!a) return { lastPrice: this.lastPriceOf(instrument, now), lowerBand: 0, upperBand: 0 };
    const stats = a.book.stats();
    const lastPrice = stats.trades > 0 ? stats.lastPrice : this.roundPrice(instrument, this.fairValue(instrument, now));
    return { lastPrice, lowerBand: a.book.lowerBand, upperBand: a.book.upperBand };
  }

  depth(id: string): DepthSnapshot | undefined {
    const instrument = this.registry.byId(id);
    if (!instrument) return undefined;
    return (
      this.activate(instrument)?.book.depth(5) ?? { bids: [], asks: [], totalBuyQuantity: 0, totalSellQuantity: 0 }
    );
  }

  /** Ticks for one instrument on every step; returns the unsubscribe function. */
  subscribe(id: string, listener: TickListener): () => void {
    const instrument = this.registry.byId(id);
    if (!instrument) throw new Error(`Unknown instrument ${id}`);
    this.activate(instrument);
    this.dayStatsFor(instrument);
    const set = this.subscribers.get(id) ?? new Set<TickListener>();
    set.add(listener);
    this.subscribers.set(id, set);
    return () => {
      set.delete(listener);
    };
  }

  /** Events about clients' orders (acceptance, trades, cancellations, expiry, triggers) across all books. */
  onOrderEvent(listener: OrderEventListener): () => void {
    this.orderListeners.add(listener);
    return () => {
      this.orderListeners.delete(listener);
    };
  }

  search(text: string, options?: SearchOptions): Instrument[] {
    return this.registry.search(text, options);
  }

  /** The IST day (days since the epoch) the simulation has reached: the trading day its orders belong to. */
  currentDay(): number {
    return this.day;
  }

  status(exchange: Exchange): MarketStatus {
    return marketStatusAt(exchange, this.clock.now(), { mode: this.mode, calendar: this.calendar });
  }

  /** Chart bars: generated history, then live bars from trades (or fair-value prints for instruments not traded). */
  candles(id: string, periodicity: Periodicity, from: number, to: number): Candle[] {
    if (!PERIODICITIES.includes(periodicity)) return [];
    const instrument = this.registry.byId(id);
    if (!instrument) return [];
    const first = !this.series.has(id);
    const series = this.seriesFor(instrument);
    const now = this.clock.now();
    if (first && !this.active.has(id) && !this.resumedBooks.has(id) && this.inSessionAt(now)(instrument.exc)) {
      // The print the next step would make, made now: the first answer then holds today's minute, and a day chart asked
      // for the first time shows today's session, not yesterday's with today's bars arriving after it. A book resumed
      // with the day's trades prints its trades when built instead; outside the session no step prints either.
      series.record(now, this.lastPriceOf(instrument, now), 0);
    }
    return series.candles(periodicity, from, to);
  }

  /** The underlyings an index is computed from (their symbols), or an empty list for anything else. */
  indexConstituents(id: string): readonly string[] {
    return this.indexCalcs.get(id)?.constituents ?? [];
  }

  /** The fair value the agents quote around (price units, rounded to the tick). */
  fairPrice(id: string): number | undefined {
    const instrument = this.registry.byId(id);
    if (!instrument) return undefined;
    return this.roundPrice(instrument, this.fairValue(instrument, this.clock.now()));
  }

  /**
   * Last price and previous close without starting the instrument's simulation or recording anything: for lists
   * (search results) that show many instruments nobody is looking at yet.
   */
  snapshot(id: string): { lastPrice: number; close: number; priceDecimals: 2 | 4 } | undefined {
    const instrument = this.registry.byId(id);
    if (!instrument) return undefined;
    const a = this.active.get(id);
    const close = a ? a.book.stats().close : this.previousClose(instrument);
    return {
      lastPrice: this.lastPriceOf(instrument, this.clock.now()),
      close,
      priceDecimals: instrument.priceDecimals,
    };
  }

  /**
   * A futures or options contract's open interest now and at the start of the day (units), as quote() has it, without
   * starting its simulation: for statistics ranking thousands of contracts. Undefined for anything without one.
   */
  openInterest(id: string): OpenInterestNow | undefined {
    const instrument = this.registry.byId(id);
    const oi = instrument && this.openInterestOf(instrument)?.at(this.clock.now());
    if (!oi) return undefined;
    // A book's volume, the quote's, is the contract's from the moment the book starts (startVolume).
    const booked = this.active.get(id)?.book.stats().volume ?? this.resumedBooks.get(id)?.volume;
    return booked === undefined ? oi : { ...oi, volume: booked };
  }

  // ---------------------------------------------------------------- orders

  submit(id: string, order: ClientOrder): SubmitResult {
    const instrument = this.registry.byId(id);
    if (!instrument) return { orderId: 0, rejectReason: 'UNKNOWN_INSTRUMENT', events: [] };
    if (order.amo && this.nextOpenAfterExpiry(instrument))
      return { orderId: 0, rejectReason: 'CONTRACT_EXPIRING', events: [] };
    const a = this.activate(instrument);
    if (!a) return { orderId: 0, rejectReason: 'NOT_TRADABLE', events: [] };
    let orderId = 0;
    const events = a.router.capture(() => {
      // Field by field: a spread that adds fields takes V8's slow path, and every client order passes here.
      orderId = a.book.submit({
        side: order.side,
        type: order.type,
        validity: order.validity,
        price: order.price,
        quantity: order.quantity,
        triggerPrice: order.triggerPrice,
        disclosedQuantity: order.disclosedQuantity,
        vtdDay: order.vtdDay,
        amo: order.amo,
        owner: order.account,
        ref: order.ref,
        time: this.clock.now(),
      });
    });
    const rejected = events.find((e) => e.kind === 'rejected');
    return { orderId, rejectReason: rejected?.kind === 'rejected' ? rejected.reason : null, events };
  }

  /** Under real hours: the contract's exchange has no session left before the contract expires. */
  private nextOpenAfterExpiry(instrument: Instrument): boolean {
    if (this.mode !== 'real' || instrument.expiryDay === null) return false;
    return nextSessionDay(instrument.exc, this.clock.now(), this.calendar) > instrument.expiryDay;
  }

  modify(
    id: string,
    change: { orderId: number; price: number; quantity: number; triggerPrice: number; disclosedQuantity: number },
  ): { rejectReason: MarketRejectReason | null; events: BookEvent[] } {
    const a = this.active.get(id);
    if (!a)
      return { rejectReason: this.registry.byId(id) ? RejectReason.UnknownOrder : 'UNKNOWN_INSTRUMENT', events: [] };
    let reason: RejectReason | null = null;
    const events = a.router.capture(() => {
      reason = a.book.modify({ ...change, time: this.clock.now() });
    });
    return { rejectReason: reason, events };
  }

  /** Why `modify` would refuse this change of an order, or null: asked first, it changes nothing and journals nothing. */
  modifyRefusal(
    id: string,
    change: { orderId: number; price: number; quantity: number; triggerPrice: number; disclosedQuantity: number },
  ): MarketRejectReason | null {
    const a = this.active.get(id);
    if (!a) return this.registry.byId(id) ? RejectReason.UnknownOrder : 'UNKNOWN_INSTRUMENT';
    return a.book.modifyRefusal({ ...change, time: this.clock.now() });
  }

  cancel(id: string, orderId: number): { rejectReason: MarketRejectReason | null; events: BookEvent[] } {
    const a = this.active.get(id);
    if (!a)
      return { rejectReason: this.registry.byId(id) ? RejectReason.UnknownOrder : 'UNKNOWN_INSTRUMENT', events: [] };
    let reason: RejectReason | null = null;
    const events = a.router.capture(() => {
      reason = a.book.cancel(orderId, this.clock.now());
    });
    return { rejectReason: reason, events };
  }

  /** The book of an instrument (activating it), for tests and the server's order views. */
  book(id: string): OrderBook | undefined {
    const instrument = this.registry.byId(id);
    return instrument ? this.activate(instrument)?.book : undefined;
  }

  // ---------------------------------------------------------------- internals

  private activate(instrument: Instrument): Active | undefined {
    const existing = this.active.get(instrument.id);
    if (existing) return existing;
    if (!instrument.tradable) return undefined;
    const morning = this.morningOf(instrument);
    const close = this.previousClose(instrument);
    const band = this.bandFor(instrument, close);
    const book = new OrderBook({
      tickSize: instrument.tickSize,
      lowerBand: band.lower,
      upperBand: band.upper,
      previousClose: close,
      lotSize: instrument.lot,
      freezeQuantity: instrument.freezeQuantity,
      disclosedMinPercent:
        instrument.exc === 'MCX' || instrument.exc === 'NCDEX' || instrument.instr === 'OPTFUT' ? 25 : 10,
      tradingDay: this.calendar.onOrAfter(this.day),
      phase: this.mode === 'always' ? BookPhase.Open : BookPhase.Closed,
      allowNonPositivePrices: instrument.assetClass === 'SPREAD',
      capacity: 256,
    });
    const router = new BookRouter(
      instrument.id,
      this.orderListeners,
      () => this.series.get(instrument.id),
      (quantity) => this.openInterestOf(instrument)?.trade(quantity, this.clock.now()),
    );
    book.listener = router;
    const a: Active = {
      book,
      maker: new MarketMaker(this.quoteStyle(instrument)),
      noise: new NoiseTrader(0.35, instrument.assetClass === 'EQUITY' ? 50 : 5),
      router,
      lot: instrument.lot,
    };
    this.active.set(instrument.id, a);
    const resumed = this.resumedBooks.get(instrument.id);
    if (resumed) {
      book.resumeDay(resumed, this.clock.now());
      this.resumedBooks.delete(instrument.id);
    } else if (morning) {
      const { price, open, high, low, volume, turnover, bars } = morning;
      book.resumeDay(
        {
          lastPrice: price,
          lastQuantity: 0,
          lastTradeTime: this.clock.now(),
          volume,
          turnover,
          open,
          high,
          low,
          trades: bars,
        },
        this.clock.now(),
      );
    } else this.startVolume(instrument, book, this.clock.now());
    this.syncPhase(instrument, book, this.clock.now());
    if (book.phase === BookPhase.Open)
      a.maker.requote(book, this.fairValue(instrument, this.clock.now()), a.lot, this.random, this.clock.now());
    return a;
  }

  /**
   * A futures or options book starts its day's volume from the contract's drawn volume at that moment
   * (open-interest.ts), as a resumed book starts from its statistics: the volume the statistics pages ranked the
   * contract by does not drop to the book's few trades once somebody looks. Traded, for the average price, at the fair
   * price of that moment.
   */
  private startVolume(instrument: Instrument, book: OrderBook, time: number): void {
    const volume = this.openInterestOf(instrument)?.at(time).volume ?? 0;
    if (volume === 0) return;
    const { averagePrice: _average, close: _close, ...day } = book.stats();
    const price = this.roundPrice(instrument, this.fairValue(instrument, time));
    book.resumeDay({ ...day, volume, turnover: volume * price }, time);
  }

  private quoteStyle(instrument: Instrument): QuoteStyle {
    switch (instrument.assetClass) {
      case 'EQUITY':
        return { halfSpread: 0.00005, levelGap: 1, maxLots: 400, levels: 5 };
      case 'OPTION':
        return { halfSpread: 0.004, levelGap: 1, maxLots: 30, levels: 5 };
      case 'SPREAD':
        return { halfSpread: 0, levelGap: 2, maxLots: 10, levels: 5 };
      default:
        return { halfSpread: 0.00003, levelGap: 1, maxLots: 20, levels: 5 };
    }
  }

  /** Circuit limits (market-facts 4.1): percentage bands; options from the underlying's 10% move; spreads around 0. */
  private bandFor(instrument: Instrument, close: number): { lower: number; upper: number } {
    const tick = instrument.tickSize;
    if (instrument.assetClass === 'OPTION') {
      const underlying = this.registry.byId(instrument.underlying!)!;
      const reach = Math.round((this.previousClose(underlying) * 0.1) / tick) * tick;
      return { lower: tick, upper: close + reach };
    }
    if (instrument.assetClass === 'SPREAD') {
      const near = this.registry.byId(instrument.underlying!)!;
      const reach = Math.round((this.previousClose(near) * 0.05) / tick) * tick;
      return { lower: close - reach, upper: close + reach };
    }
    const percent = instrument.bandPercent || 10;
    const width = Math.round((close * percent) / 100 / tick) * tick;
    return { lower: Math.max(tick, close - width), upper: close + width };
  }

  /** Yesterday's close: the reference price, or for derivatives the fair value at the start from the underlying's. */
  private previousClose(instrument: Instrument): number {
    if (
      instrument.assetClass === 'OPTION' ||
      instrument.assetClass === 'SPREAD' ||
      instrument.instr.startsWith('FUT')
    ) {
      return this.roundPrice(instrument, this.fairValue(instrument, this.startTime, true));
    }
    return instrument.referencePrice;
  }

  private roundPrice(instrument: Instrument, value: number): number {
    const tick = instrument.tickSize;
    if (instrument.assetClass === 'SPREAD') return Math.round(value / tick) * tick;
    return roundToTick(value, tick);
  }

  /**
   * Fair value in price units (floating point); `reference` prices from the reference data instead of the walk; `spot`
   * puts the root price source (`isPriceSource`) at that price instead.
   */
  private fairValue(instrument: Instrument, time: number, reference = false, spot?: number): number {
    if (spot !== undefined && isPriceSource(instrument)) return spot;
    switch (instrument.instr) {
      case 'STK':
        return reference ? instrument.referencePrice : this.process.price(instrument.symbol);
      case 'UNDCUR':
      case 'COM':
        return reference ? instrument.referencePrice : this.process.price(instrument.symbol);
      case 'IDX':
        // INDIA VIX reads NIFTY's implied volatility against its mean: at the mean it is the reference level (the
        // previous close), so the index does not jump at the open.
        if (instrument.symbol === 'INDIAVIX')
          return reference
            ? instrument.referencePrice
            : (instrument.referencePrice * this.indexVol) / this.indexVolMean;
        return reference
          ? instrument.referencePrice
          : this.indexCalcs.get(instrument.id)!.level((k) => this.process.price(k));
      case 'FUTIDX':
      case 'FUTSTK':
      case 'FUTCUR':
      case 'FUTCOM': {
        const underlyingPrice = this.fairValue(this.registry.byId(instrument.underlying!)!, time, reference, spot);
        const carry =
          instrument.instr === 'FUTCUR'
            ? CURRENCY_CARRY
            : instrument.instr === 'FUTCOM'
              ? COMMODITY_CARRY
              : EQUITY_CARRY;
        return futurePrice(underlyingPrice, carry, yearsToExpiry(time, this.expiryInstant(instrument)));
      }
      case 'FUTIDXSPR':
      case 'FUTSTKSPR':
      case 'FUTCURSPR': {
        const near = this.registry.byId(instrument.underlying!)!;
        const far = this.registry.byId(instrument.farLeg!)!;
        return this.fairValue(far, time, reference, spot) - this.fairValue(near, time, reference, spot);
      }
      case 'OPTIDX':
      case 'OPTSTK':
      case 'OPTCUR':
      case 'OPTFUT':
      case 'OPTCOM': {
        const underlying = this.registry.byId(instrument.underlying!)!;
        const years = yearsToExpiry(time, this.expiryInstant(instrument));
        const underlyingPrice = this.fairValue(underlying, time, reference, spot);
        const forward =
          underlying.assetClass === 'FUTURE'
            ? underlyingPrice
            : futurePrice(underlyingPrice, instrument.instr === 'OPTCUR' ? CURRENCY_CARRY : EQUITY_CARRY, years);
        const atm = this.atmVol(instrument, reference);
        const vol = smileVol(atm, forward, instrument.strike!, years, instrument.instr === 'OPTIDX' ? 0.15 : 0.08);
        return Math.max(
          instrument.tickSize,
          blackScholes(instrument.optType === 'CE', forward, instrument.strike!, years, RATE, vol),
        );
      }
      default: {
        const unknown: never = instrument.instr;
        throw new Error(`No fair value for ${String(unknown)}`);
      }
    }
  }

  private atmVol(instrument: Instrument, reference: boolean): number {
    const vix = reference ? this.indexVolMean : this.indexVol;
    switch (instrument.instr) {
      case 'OPTIDX':
        return instrument.symbol === 'NIFTY' ? vix : vix * 1.15;
      case 'OPTSTK':
        return vix * 2.2;
      case 'OPTCUR':
        return 0.05;
      default:
        return instrument.sector === 'Energy' ? 0.38 : 0.2;
    }
  }

  private expiryInstant(instrument: Instrument): number {
    return istInstant(instrument.expiryDay ?? this.day, 0, CLOSE_MINUTE);
  }

  private lastPriceOf(instrument: Instrument, time: number): number {
    const a = this.active.get(instrument.id);
    if (a && a.book.stats().trades > 0) return a.book.lastPrice;
    return this.roundPrice(instrument, this.fairValue(instrument, time));
  }

  private dayStatsFor(instrument: Instrument): DayStats {
    let stats = this.dayStats.get(instrument.id);
    if (!stats) {
      const morning = this.morningOf(instrument);
      const price = this.lastPriceOf(instrument, this.clock.now());
      stats = morning
        ? { open: morning.open, high: Math.max(morning.high, price), low: Math.min(morning.low, price) }
        : { open: price, high: price, low: price };
      this.dayStats.set(instrument.id, stats);
    }
    return stats;
  }

  private seriesFor(instrument: Instrument): CandleSeries {
    let s = this.series.get(instrument.id);
    if (!s) {
      const morning = this.morningOf(instrument);
      s = new CandleSeries(
        generateHistory({
          seed: this.seed,
          key: instrument.id,
          previousClose: this.previousClose(instrument),
          tickSize: instrument.tickSize,
          today: this.calendar.onOrAfter(this.day),
          calendar: this.calendar,
          ...this.historyShape(instrument),
          session: (day) => intradaySession(instrument.exc, day),
        }),
        intradaySession(instrument.exc, this.day).start,
        this.keepMinuteBars,
      );
      this.series.set(instrument.id, s);
      // Trades the book made before the series existed (before a restart, or before anyone asked for the chart) are
      // only in its statistics: the day's bar starts from them, so the chart agrees with the quote.
      const day = this.active.get(instrument.id)?.book.stats() ?? this.resumedBooks.get(instrument.id);
      const range = this.dayStats.get(instrument.id);
      if (day && day.trades > 0) s.startDay({ ...day, close: day.lastPrice });
      else if (range && !this.active.has(instrument.id)) {
        // Not traded (an index, an untouched contract): the day's range followed so far, at the price now.
        const now = this.clock.now();
        const last = this.lastPriceOf(instrument, now);
        const { open } = range;
        const [high, low] = [Math.max(range.high, last), Math.min(range.low, last)];
        s.startDay({ open, high, low, close: last, volume: 0, lastTradeTime: now });
      }
      if (morning) {
        s.addMorning(morning.minutes ?? this.morningBars(instrument, morning.until, morning.price));
        delete morning.minutes;
      }
    }
    return s;
  }

  /**
   * A market built during the day without its state (a first start) moves each price by the part of today's session
   * gone by, in one step, as a market running since the open would have moved it: the day's changes are then a day's,
   * not nothing, and the mornings end at these prices. Derivatives follow their underlyings; indices their constituents;
   * INDIA VIX its own walk.
   */
  private moveToBuild(): void {
    if (this.mode === 'real' && !this.calendar.isTradingDay(this.day)) return;
    const minute = istMinuteOfDay(this.startTime);
    for (const exchange of PRICE_SESSIONS) {
      const { start, end } = intradaySession(exchange, this.day);
      const elapsed = (this.mode === 'always' ? minute : Math.min(minute, end)) - start;
      if (elapsed <= 0) continue;
      const dt = (elapsed * 60_000) / TRADING_YEAR_MS;
      this.process.step(dt, new Set([exchange]));
      if (exchange === 'NSE') this.moveIndexVol(dt);
    }
  }

  /** How an instrument's generated bars move and trade: annual volatility, a day's volume, years of history. */
  private historyShape(instrument: Instrument): { vol: number; dailyVolume: number; years: number } {
    const equityLike = instrument.assetClass === 'EQUITY' || instrument.assetClass === 'INDEX';
    const spot = instrument.instr === 'UNDCUR' || instrument.instr === 'COM';
    return {
      vol: spot
        ? spotVol(instrument)
        : instrument.assetClass === 'INDEX'
          ? 0.13
          : instrument.assetClass === 'OPTION'
            ? 0.9
            : 0.25,
      // An index and a currency's or commodity's spot reference are prices, not traded.
      dailyVolume: instrument.instr === 'IDX' || spot ? 0 : equityLike ? 2_000_000 : 20_000 * instrument.lot,
      // Expiring contracts only have history since listing; a year is plenty for futures and options.
      years: equityLike ? 5 : 0.25,
    };
  }

  /**
   * Today before the instrument's first look (a quote, a chart or an order, whichever comes first), decided then and
   * kept for the day: its day then opens at the session's start, as a market running since the open would have shown
   * it, rather than at the look. None for an instrument with state of the day (a book, a range, a chart, or what a
   * restart restored), before its session's start, or on a day its exchange does not trade under real hours. A price
   * source's (a stock, an index, a currency's or commodity's spot reference) is drawn; a future's, option's or spread's
   * is its fair value along its root price source's chart (`derivedMorning`), so it follows that day.
   */
  private morningOf(instrument: Instrument): Morning | null {
    if (!this.givesMornings) return null;
    const id = instrument.id;
    const known = this.mornings.get(id);
    if (known !== undefined) return known;
    const hasDay = this.dayStats.has(id) || this.active.has(id) || this.resumedBooks.has(id) || this.series.has(id);
    const tradingDay = this.mode === 'always' || this.calendar.isTradingDay(this.day);
    const now = this.clock.now();
    let morning: Morning | null = null;
    if (!hasDay && isPriceSource(instrument) && tradingDay) {
      const { end } = intradaySession(instrument.exc, this.day);
      const until = this.mode === 'always' ? istMinuteOfDay(now) : Math.min(istMinuteOfDay(now), end);
      morning = this.morningFrom(instrument, until, this.lastPriceOf(instrument, now));
    } else if (!hasDay && !isPriceSource(instrument)) {
      const root = this.rootOf(instrument);
      if (root) morning = this.derivedMorning(instrument, root, now);
    }
    this.mornings.set(id, morning);
    return morning;
  }

  /** The price source a derivative's price comes from, through a future or a spread's legs. */
  private rootOf(instrument: Instrument): Instrument | undefined {
    let current: Instrument | undefined = instrument;
    while (current?.underlying) current = this.registry.byId(current.underlying);
    return current && current !== instrument && isPriceSource(current) ? current : undefined;
  }

  /**
   * A derivative's morning: each of today's minutes of its root (the stock's or index's chart before this minute, its
   * own morning included) valued at the bar's prices; the contract's drawn volume of the day so far (open-interest.ts),
   * spread evenly over the minutes in whole lots.
   */
  private derivedMorning(instrument: Instrument, root: Instrument, now: number): Morning | null {
    const { start } = intradaySession(instrument.exc, this.day);
    const minuteNow = istInstant(this.day, 0, istMinuteOfDay(now));
    const rootBars = this.seriesFor(root).candles('1m', istInstant(this.day, 0, start), minuteNow - 1);
    if (rootBars.length === 0) return null;
    const lots = Math.floor((this.openInterestOf(instrument)?.at(now).volume ?? 0) / instrument.lot);
    const n = rootBars.length;
    const minutes = rootBars.map((bar, i): Candle => {
      const [open, high, low, close] = [bar.open, bar.high, bar.low, bar.close].map((spot) =>
        this.roundPrice(instrument, this.fairValue(instrument, bar.time, false, spot)),
      ) as [number, number, number, number];
      const volume = (Math.floor((lots * (i + 1)) / n) - Math.floor((lots * i) / n)) * instrument.lot;
      // A put falls as its underlying rises: its high and low come from the bar's low and high.
      return {
        time: bar.time,
        open,
        high: Math.max(open, high, low, close),
        low: Math.min(open, high, low, close),
        close,
        volume,
      };
    });
    return {
      ...summed(minutes, this.lastPriceOf(instrument, now)),
      until: istMinuteOfDay(now),
      minutes,
    };
  }

  private morningFrom(instrument: Instrument, until: number, price: number): Morning | null {
    const bars = this.morningBars(instrument, until, price);
    return bars.length === 0 ? null : { ...summed(bars, price), until };
  }

  private morningBars(instrument: Instrument, until: number, price: number): Candle[] {
    const { start, end } = intradaySession(instrument.exc, this.day);
    const { vol, dailyVolume } = this.historyShape(instrument);
    const { seed, day } = this;
    const previousClose = this.previousClose(instrument);
    return generateMorning({
      seed,
      key: instrument.id,
      day,
      previousClose,
      price,
      tickSize: instrument.tickSize,
      vol,
      dailyVolume,
      start,
      end,
      until,
    });
  }

  // Every field is written out: built by spreading the instrument's header and year range into it, a tick cost four
  // times as much end to end (bench/src/market-runtime.ts: 42-44 against 9-13 µs a tick).
  private tick(id: string, known?: Instrument): Tick {
    const instrument = known ?? this.registry.byId(id)!;
    const now = this.clock.now();
    const a = this.activate(instrument);
    if (a) {
      const book = a.book;
      const stats = book.stats();
      const depth = book.depth(5);
      const last = stats.trades > 0 ? stats.lastPrice : this.roundPrice(instrument, this.fairValue(instrument, now));
      const year = this.yearRange(
        instrument,
        stats.trades > 0 ? stats.high : last,
        stats.trades > 0 ? stats.low : last,
      );
      return {
        id: instrument.id,
        xSym: instrument.xSym,
        exc: instrument.exc,
        trSymbol: instrument.trSymbol,
        priceDecimals: instrument.priceDecimals,
        lastPrice: last,
        lastQuantity: stats.lastQuantity,
        lastTradeTime: stats.lastTradeTime,
        change: last - stats.close,
        changeBasisPoints: stats.close === 0 ? 0 : Math.round(((last - stats.close) * 10_000) / Math.abs(stats.close)),
        open: stats.trades > 0 ? stats.open : last,
        high: stats.trades > 0 ? stats.high : last,
        low: stats.trades > 0 ? stats.low : last,
        close: stats.close,
        volume: stats.volume,
        averagePrice: stats.averagePrice,
        lowerBand: book.lowerBand,
        upperBand: book.upperBand,
        bidPrice: book.bestBidPrice(),
        bidQuantity: book.bestBidQuantity(),
        askPrice: book.bestAskPrice(),
        askQuantity: book.bestAskQuantity(),
        totalBuyQuantity: depth.totalBuyQuantity,
        totalSellQuantity: depth.totalSellQuantity,
        updatedAt: now,
        yearHigh: year.yearHigh,
        yearLow: year.yearLow,
        openInterest: this.openInterestOf(instrument)?.at(now).value ?? null,
        depth,
      };
    }
    const stats = this.dayStatsFor(instrument);
    const last = this.lastPriceOf(instrument, now);
    const close = this.previousClose(instrument);
    const year = this.yearRange(instrument, Math.max(stats.high, last), Math.min(stats.low, last));
    return {
      id: instrument.id,
      xSym: instrument.xSym,
      exc: instrument.exc,
      trSymbol: instrument.trSymbol,
      priceDecimals: instrument.priceDecimals,
      lastPrice: last,
      lastQuantity: 0,
      lastTradeTime: now,
      change: last - close,
      changeBasisPoints: close === 0 ? 0 : Math.round(((last - close) * 10_000) / close),
      open: stats.open,
      high: Math.max(stats.high, last),
      low: Math.min(stats.low, last),
      close,
      volume: 0,
      averagePrice: 0,
      lowerBand: 0,
      upperBand: 0,
      bidPrice: 0,
      bidQuantity: 0,
      askPrice: 0,
      askQuantity: 0,
      totalBuyQuantity: 0,
      totalSellQuantity: 0,
      updatedAt: now,
      yearHigh: year.yearHigh,
      yearLow: year.yearLow,
      openInterest: this.openInterestOf(instrument)?.at(now).value ?? null,
      depth: { bids: [], asks: [], totalBuyQuantity: 0, totalSellQuantity: 0 },
    };
  }

  private readonly yearRanges = new Map<string, { high: number; low: number }>();

  private yearRange(
    instrument: Instrument,
    todayHigh: number,
    todayLow: number,
  ): { yearHigh: number; yearLow: number } {
    let range = this.yearRanges.get(instrument.id);
    if (!range) {
      const now = this.clock.now();
      const year = this.seriesFor(instrument).candles('day', now - 365 * 86_400_000, istInstant(this.day));
      range = {
        high: year.reduce((h, c) => Math.max(h, c.high), 0),
        low: year.reduce((l, c) => Math.min(l, c.low), Number.MAX_SAFE_INTEGER),
      };
      this.yearRanges.set(instrument.id, range);
    }
    return { yearHigh: Math.max(range.high, todayHigh), yearLow: Math.min(range.low, todayLow) };
  }

  /** Whether an instrument has a fully simulated book (somebody looked at it). */
  isSimulated(id: string): boolean {
    return this.active.has(id);
  }

  private openInterestOf(instrument: Instrument): OpenInterest | undefined {
    if (!carriesOpenInterest(instrument)) return undefined;
    let oi = this.openInterests.get(instrument.id);
    if (!oi) {
      oi = new OpenInterest(this.seed, instrument, this.mode, this.calendar);
      this.openInterests.set(instrument.id, oi);
    }
    return oi;
  }

  private underlyingSpecs(): UnderlyingSpec[] {
    const specs: UnderlyingSpec[] = [];
    const seen = new Set<string>();
    const r = streamRandom(this.seed, 'vols');
    for (const instrument of this.registry.all()) {
      if (seen.has(instrument.symbol)) continue;
      if (instrument.instr === 'STK') {
        seen.add(instrument.symbol);
        specs.push({
          key: instrument.symbol,
          price: instrument.referencePrice,
          sector: instrument.sector,
          vol: 0.14 + r.next() * 0.16,
          beta: 0.7 + r.next() * 0.6,
          session: 'NSE',
        });
      } else if (instrument.instr === 'UNDCUR' || instrument.instr === 'COM') {
        seen.add(instrument.symbol);
        specs.push({
          key: instrument.symbol,
          price: instrument.referencePrice,
          sector: null,
          vol: spotVol(instrument),
          beta: 0,
          session: instrument.exc,
        });
      }
    }
    return specs;
  }

  private buildIndices(referencePrices: ReadonlyMap<string, number>): void {
    const nifty = NIFTY50_ROWS.map((row) => row[0]);
    for (const spec of INDEX_SPECS) {
      const instrument = this.registry.bySymbol(spec.exchange, spec.name)!;
      const members =
        spec.constituents === 'NIFTY50'
          ? nifty
          : spec.constituents === 'SENSEX'
            ? [...SENSEX_CONSTITUENTS]
            : spec.constituents;
      const constituents = members
        .filter((m) => this.process.has(m))
        .map((key) => ({ key, basePrice: referencePrices.get(key)! }));
      this.indexCalcs.set(instrument.id, new IndexCalculator(instrument.referencePrice, constituents, spec.weights));
    }
  }
}

/** Forwards a book's events: trades to the candles, client-order events to the market's listeners. */
class BookRouter implements BookListener {
  private captured: BookEvent[] | null = null;

  constructor(
    private readonly instrumentId: string,
    private readonly listeners: Set<OrderEventListener>,
    private readonly series: () => CandleSeries | undefined,
    private readonly onTrade: (quantity: number) => void,
  ) {}

  capture(action: () => void): BookEvent[] {
    const events: BookEvent[] = [];
    this.captured = events;
    try {
      action();
    } finally {
      this.captured = null;
    }
    return events;
  }

  /** Everything is captured during a client's own call; only events about client orders (ref != 0) go out. */
  private emit(event: BookEvent, forward: boolean): void {
    if (this.captured) this.captured.push(event);
    if (!forward) return;
    for (const listener of this.listeners) listener(this.instrumentId, event);
  }

  accepted(orderId: number, ref: number, time: number): void {
    if (this.captured || ref !== 0) this.emit({ kind: 'accepted', orderId, ref, time }, ref !== 0);
  }
  rejected(ref: number, reason: RejectReason, time: number): void {
    if (this.captured || ref !== 0) this.emit({ kind: 'rejected', ref, reason, time }, ref !== 0);
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
    this.series()?.record(time, price, quantity);
    this.onTrade(quantity);
    const event: BookEvent = {
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
    };
    if (this.captured || buyRef !== 0 || sellRef !== 0) this.emit(event, buyRef !== 0 || sellRef !== 0);
  }
  cancelled(orderId: number, ref: number, remaining: number, reason: CancelReason, time: number): void {
    if (this.captured || ref !== 0) this.emit({ kind: 'cancelled', orderId, ref, remaining, reason, time }, ref !== 0);
  }
  expired(orderId: number, ref: number, remaining: number, time: number): void {
    if (this.captured || ref !== 0) this.emit({ kind: 'expired', orderId, ref, remaining, time }, ref !== 0);
  }
  triggered(orderId: number, ref: number, time: number): void {
    if (this.captured || ref !== 0) this.emit({ kind: 'triggered', orderId, ref, time }, ref !== 0);
  }
  modified(orderId: number, ref: number, price: number, quantity: number, triggerPrice: number, time: number): void {
    if (this.captured || ref !== 0)
      this.emit({ kind: 'modified', orderId, ref, price, quantity, triggerPrice, time }, ref !== 0);
  }
}
