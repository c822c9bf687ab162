import { legacyStreamKey, segmentStreamKey, type StreamKey, type StreamLevel } from '@kite/domain';
import {
  Market,
  type Candle,
  type Clock,
  type Instrument,
  type InstrumentRegistry,
  type KnownTokens,
  type MarketMode,
  type MarketState,
  type MinuteBar,
  type Tick,
} from '@kite/exchange';
import type { InstrumentRef, MarketDataBus } from '../../stream/market-data-bus.ts';
import { instrumentRefOf } from './instrument-ref.ts';
import { depthUpdate, indexUpdate, level1Update } from './tick-updates.ts';

export interface MarketRuntimeOptions {
  bus: MarketDataBus;
  clock: Clock;
  seed: number;
  mode: MarketMode;
  /** Simulation step and timer period (MARKET_TICK_MS). */
  tickIntervalMs: number;
  /** Advance from a timer (the server); tests leave it off and call advance() after moving the clock. */
  autoAdvance: boolean;
  /** Publish into the bus what the stream asks for, and the indices (default true). */
  publish?: boolean;
  /** Set closed minute bars aside for takeMinuteBars: only when something saves them (default false). */
  keepMinuteBars?: boolean;
  /** A day from the open at a mid-session build and first look (`MarketOptions.mornings`; default false). */
  mornings?: boolean;
  /**
   * Keeps the instrument tokens the market numbered (`Market.numbered` when built, `Market.prepareListing` before a day
   * roll), for the next process.
   */
  saveTokens?: (numbered: readonly Instrument[]) => Promise<void>;
  onError?: (error: unknown) => void;
}

/** Who looks at one instrument on the stream: demanded keys per feed, and the exchange subscription while any. */
interface Watch {
  level1: number;
  level2: number;
  level3: number;
  stop: (() => void) | null;
}

/**
 * A step's ticks go out a slice at a time, every 25 ms (the stream gateway's flush interval): a tenth of the watched
 * instruments per slice at 250 ms steps, where a whole step at once made every client's frame due in the same pass.
 */
const TICK_SLICE_MS = 25;

/**
 * The next trading day's listing is built and its new tokens kept this long before the IST day ends (after NSE's close,
 * during MCX's evening session), so the roll at midnight finds it ready.
 */
const LISTING_AHEAD_MS = 60 * 60_000;
/** A failed save of a listing's tokens is tried again after this long (the market waits at the roll meanwhile). */
const LISTING_RETRY_MS = 5_000;

/** The keeping of a day's listing: its new tokens saved, or when to try again after a failure. */
interface Relisting {
  day: number;
  saved: boolean;
  retryAt: number | null;
}

/** Slices of TICK_SLICE_MS in a step, or one slice when the step is not a whole number of them. */
export function tickSlicesFor(tickIntervalMs: number): number {
  return tickIntervalMs % TICK_SLICE_MS === 0 ? tickIntervalMs / TICK_SLICE_MS : 1;
}

export interface RuntimeStats {
  steps: number;
  level1: number;
  level2: number;
  level3: number;
  /** Wall time spent in advance() (simulation and publishing), ns. */
  advanceNanos: number;
}

/**
 * The one simulated market of the process (ARCHITECTURE.md "The simulated market", "A tick"). It owns a seeded Market
 * of packages/exchange, advances it every tickIntervalMs by the server's clock, and publishes what the stream gateway
 * has subscribers for into the market-data bus: level 1 and level 2 of watched instruments, level 3 of the indices on
 * every step. The Market is built on first use, so apps that never look at prices pay nothing.
 */
export class MarketRuntime {
  private built: Market | null = null;
  private resumeFrom: MarketState | null = null;
  private resumeMinutes: ReadonlyMap<string, readonly Candle[]> | null = null;
  private tokens: KnownTokens | null = null;
  /** The save of the tokens the market numbered: its error, or null once saved (or with nothing to save). */
  private tokenSave: Promise<unknown> = Promise.resolve(null);
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly watches = new Map<string, Watch>();
  private readonly refs = new Map<string, InstrumentRef>();
  private keys = new Map<StreamKey, Instrument>();
  /** The listing `keys` and `indexList` were made from. */
  private keysOf: InstrumentRegistry | null = null;
  private indexList: Instrument[] = [];
  private relisting: Relisting | null = null;
  private readonly leaveDemand: () => void;
  readonly stats: RuntimeStats = { steps: 0, level1: 0, level2: 0, level3: 0, advanceNanos: 0 };

  constructor(private readonly options: MarketRuntimeOptions) {
    this.leaveDemand =
      options.publish === false
        ? () => undefined
        : options.bus.onDemand((feed, key, watched) => this.onDemand(feed, key, watched));
  }

  /** The Market; building it (about 150 ms) also starts the timer when autoAdvance is on. */
  get market(): Market {
    if (this.built) return this.built;
    if (this.closed) throw new Error('The market runtime is stopped');
    const market = new Market({
      seed: this.options.seed,
      clock: this.options.clock,
      mode: this.options.mode,
      holidays: [],
      tickIntervalMs: this.options.tickIntervalMs,
      tickSlices: tickSlicesFor(this.options.tickIntervalMs),
      keepMinuteBars: this.options.keepMinuteBars ?? false,
      mornings: this.options.mornings ?? false,
      ...(this.resumeFrom && { resume: this.resumeFrom }),
      ...(this.resumeMinutes && { resumeMinutes: this.resumeMinutes }),
      ...(this.tokens && { tokens: this.tokens }),
    });
    this.built = market;
    this.resumeFrom = null;
    this.resumeMinutes = null;
    this.tokens = null;
    const save = this.options.saveTokens;
    if (save && market.numbered.length > 0)
      this.tokenSave = save(market.numbered).then(
        () => null,
        (error: unknown) => {
          this.options.onError?.(error);
          return error;
        },
      );
    this.follow(market.registry);
    if (this.options.autoAdvance) this.startTimer();
    return market;
  }

  /** Stream keys and indices of the market's listing, made again when a day roll has changed it. */
  private follow(registry: InstrumentRegistry): void {
    if (this.keysOf === registry) return;
    const keys = new Map<StreamKey, Instrument>();
    for (const id of this.refs.keys()) if (!registry.byId(id)) this.refs.delete(id);
    for (const instrument of registry.all()) {
      const ref = this.refOf(instrument);
      keys.set(legacyStreamKey(ref.exc, ref.streamSym), instrument);
      keys.set(segmentStreamKey(ref.excSeg, ref.xSym), instrument);
    }
    this.keys = keys;
    this.keysOf = registry;
    this.indexList = registry.all().filter((i) => i.instr === 'IDX');
  }

  /**
   * Whether the market may run on to now: its listing is today's, or the next trading day's contracts are listed
   * under tokens already kept (saved before the roll lists them, so no order names an id a crash could give another
   * contract). Within LISTING_AHEAD_MS of the day's end the next listing is prepared and its tokens saved ahead.
   */
  private listingReady(market: Market): boolean {
    const now = this.options.clock.now();
    if (market.listingDay(now) !== market.listedDay) return this.keepListing(market, now, now);
    const ahead = now + LISTING_AHEAD_MS;
    if (market.listingDay(ahead) !== market.listedDay) this.keepListing(market, ahead, now);
    return true;
  }

  /** Prepares the listing of `time`'s trading day and saves its new tokens once (again after a failure): whether kept. */
  private keepListing(market: Market, time: number, now: number): boolean {
    const day = market.listingDay(time);
    let relisting = this.relisting;
    if (relisting?.day === day && (relisting.saved || relisting.retryAt === null || now < relisting.retryAt))
      return relisting.saved;
    const numbered = market.prepareListing(time);
    const save = this.options.saveTokens;
    relisting = { day, saved: !save || numbered.length === 0, retryAt: null };
    this.relisting = relisting;
    if (relisting.saved || !save) return true;
    const kept = relisting;
    save(numbered).then(
      () => {
        kept.saved = true;
      },
      (error: unknown) => {
        kept.retryAt = this.options.clock.now() + LISTING_RETRY_MS;
        this.options.onError?.(error);
      },
    );
    return false;
  }

  /**
   * The market, when built, carries on from this earlier state (same seed; the exchange uses it only on the same
   * IST day). False when the market is already built, which it then ignores.
   */
  resume(state: MarketState): boolean {
    if (this.built) return false;
    this.resumeFrom = state;
    return true;
  }

  /** Today's minute bars an earlier process saved, for the charts of the market when built; false when already built. */
  resumeMinuteBars(bars: ReadonlyMap<string, readonly Candle[]>): boolean {
    if (this.built) return false;
    this.resumeMinutes = bars;
    return true;
  }

  /**
   * The market, when built, lists contracts under the tokens they were given earlier (`MarketOptions.tokens`) and
   * numbers new ones after the highest. False when the market is already built, which it then ignores.
   */
  useTokens(tokens: KnownTokens): boolean {
    if (this.built) return false;
    this.tokens = tokens;
    return true;
  }

  /** Settles once the tokens the market numbered are kept (at once when not built); rejects when keeping them failed. */
  async tokensSaved(): Promise<void> {
    const error = await this.tokenSave;
    if (error !== null) throw error;
  }

  /** Minute bars closed since the last call (with `includeOpen`, the running minutes too); none before it is built. */
  takeMinuteBars(includeOpen = false): MinuteBar[] {
    return this.built?.takeMinuteBars(includeOpen) ?? [];
  }

  /** Where the market stands, for a later process to resume from; null when it was never built. */
  state(): MarketState | null {
    return this.built?.state() ?? null;
  }

  /**
   * Builds the market at once (the server does so at start rather than on the first request); settles when the tokens
   * it numbered are kept, so no order names an instrument by an id a later start could give another contract.
   */
  start(): Promise<void> {
    void this.market;
    return this.tokensSaved();
  }

  /** Stops the timer and every exchange subscription; the runtime cannot be used afterwards. */
  stop(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.leaveDemand();
    for (const watch of this.watches.values()) watch.stop?.();
    this.watches.clear();
  }

  get running(): boolean {
    return this.timer !== null;
  }

  get indices(): readonly Instrument[] {
    this.follow(this.market.registry);
    return this.indexList;
  }

  /** Runs the steps due by the clock (ticks of watched instruments go out from inside), then the index values. */
  advance(): number {
    if (this.closed) return 0;
    const started = process.hrtime.bigint();
    const market = this.market;
    const steps = this.listingReady(market) ? market.advance() : 0;
    this.follow(market.registry);
    if (steps > 0) {
      this.stats.steps += steps;
      if (this.options.publish !== false) for (const index of this.indexList) this.publishIndex(index);
    }
    this.stats.advanceNanos += Number(process.hrtime.bigint() - started);
    return steps;
  }

  /** Both names of an instrument on the stream (the same object every time). */
  refOf(instrument: Instrument): InstrumentRef {
    let ref = this.refs.get(instrument.id);
    if (!ref) {
      ref = instrumentRefOf(instrument);
      this.refs.set(instrument.id, ref);
    }
    return ref;
  }

  /** The instrument a stream key names, on either feed. */
  instrumentByKey(key: StreamKey): Instrument | undefined {
    this.follow(this.market.registry);
    return this.keys.get(key);
  }

  /** Number of instruments with stream subscribers. */
  get watchedCount(): number {
    return this.watches.size;
  }

  private startTimer(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(
      () => {
        try {
          this.advance();
        } catch (error) {
          this.options.onError?.(error);
        }
      },
      this.options.tickIntervalMs / tickSlicesFor(this.options.tickIntervalMs),
    );
    // The app's close hook stops it; an app left open must not keep a test process alive.
    this.timer.unref();
  }

  private onDemand(feed: StreamLevel, key: StreamKey, watched: boolean): void {
    if (this.closed) return;
    const instrument = this.instrumentByKey(key);
    if (!instrument) return;
    let watch = this.watches.get(instrument.id);
    if (!watch) {
      if (!watched) return;
      watch = { level1: 0, level2: 0, level3: 0, stop: null };
      this.watches.set(instrument.id, watch);
    }
    watch[feed] += watched ? 1 : -1;
    const needsTicks = watch.level1 > 0 || watch.level2 > 0;
    if (needsTicks && !watch.stop) {
      // Subscribing makes the exchange simulate the book fully (market maker, noise trader).
      const w = watch;
      watch.stop = this.market.subscribe(instrument.id, (tick) => this.publishTick(instrument, w, tick));
    } else if (!needsTicks && watch.stop) {
      watch.stop();
      watch.stop = null;
    }
    if (watch.level1 + watch.level2 + watch.level3 === 0) {
      this.watches.delete(instrument.id);
      return;
    }
    // The first subscriber of a feed gets a value at once rather than at the next step: right after the bus has
    // finished subscribing, so the value is delivered once. Later subscribers get the bus's latest value (both keys).
    if (watched && watch[feed] === 1) queueMicrotask(() => this.publishNow(instrument, feed));
  }

  private publishNow(instrument: Instrument, feed: StreamLevel): void {
    if (this.closed || !this.watches.has(instrument.id)) return;
    const market = this.market;
    const quote = market.quote(instrument.id);
    if (!quote) return;
    const ref = this.refOf(instrument);
    if (feed === 'level1') this.options.bus.publish(level1Update(instrument, ref, quote));
    else if (feed === 'level2') {
      const depth = market.depth(instrument.id);
      if (depth) this.options.bus.publish(depthUpdate(ref, depth, quote.updatedAt));
    } else if (instrument.instr === 'IDX') this.options.bus.publish(indexUpdate(ref, quote));
  }

  private publishTick(instrument: Instrument, watch: Watch, tick: Tick): void {
    const ref = this.refOf(instrument);
    if (watch.level1 > 0) {
      this.options.bus.publish(level1Update(instrument, ref, tick));
      this.stats.level1++;
    }
    if (watch.level2 > 0) {
      this.options.bus.publish(depthUpdate(ref, tick.depth, tick.updatedAt));
      this.stats.level2++;
    }
  }

  private publishIndex(index: Instrument): void {
    const quote = this.built?.quote(index.id);
    if (!quote) return;
    this.options.bus.publish(indexUpdate(this.refOf(index), quote));
    this.stats.level3++;
  }
}
