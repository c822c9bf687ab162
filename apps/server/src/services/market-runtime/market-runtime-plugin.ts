import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MarketRuntime } from './market-runtime.ts';
import { istDay, type MinuteBar } from '@kite/exchange';
import { loadMinuteBars, pruneMinuteBars, saveMinuteBars } from './intraday-bars-store.ts';
import { loadMarketState, saveMarketState } from './market-state-store.ts';
import { loadInstrumentTokens, saveInstrumentTokens } from './instrument-tokens-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The simulated market of this process and its publisher into app.marketData. */
    marketRuntime: MarketRuntime;
  }
}

/** How build() runs the market; each field defaults to the config (MARKET_SEED, MARKET_TICK_MS, MARKET_SIM). */
export interface MarketRuntimeSettings {
  seed?: number;
  tickIntervalMs?: number;
  /** false: no timer, the caller advances with app.marketRuntime.advance() (tests). */
  autoAdvance?: boolean;
  /**
   * Move prices by the session gone by at a mid-session build, and give an instrument first looked at the day before
   * the look (default: as autoAdvance): a market its timer moves through the day shows a day from the open; one a test
   * steps by hand starts at the reference prices, each day where it looks.
   */
  mornings?: boolean;
  /** false: nothing goes to the stream (tests that publish into app.marketData themselves). */
  publish?: boolean;
  /** Save the market's state every few seconds and at close, and resume from it at start (default: MARKET_SIM). */
  persist?: boolean;
}

/**
 * Often enough that a crash loses a few seconds of the market's moves; one small upsert, and one INSERT of the minute
 * bars closed since (each minute's closed bars of every charted instrument go together in one statement).
 */
const STATE_SAVE_MS = 5_000;

/**
 * Creates the runtime on app.clock and app.marketData; app.close() stops it (timer and subscriptions). At ready the
 * market is built with the instrument tokens kept so far (instrument-tokens-store.ts) and the ones it numbers are kept
 * before ready ends. When the market persists, it resumes at ready from the state an earlier process saved (the same
 * trading day carries on where it was) and saves its own; an order restored at start (oms-plugin, ready after this)
 * meets the resumed prices.
 */
export const marketRuntimePlugin = fp(async (app: FastifyInstance, settings: MarketRuntimeSettings) => {
  const seed = settings.seed ?? app.config.market.seed;
  const persist = settings.persist ?? app.config.market.simulate;
  const autoAdvance = settings.autoAdvance ?? app.config.market.simulate;
  const runtime = new MarketRuntime({
    bus: app.marketData,
    clock: app.clock,
    seed,
    mode: app.config.marketHours,
    tickIntervalMs: settings.tickIntervalMs ?? app.config.market.tickMs,
    autoAdvance,
    mornings: settings.mornings ?? autoAdvance,
    publish: settings.publish ?? app.config.market.simulate,
    // Without persistence nothing takes the closed minute bars: kept aside they would grow all the process's life.
    keepMinuteBars: persist,
    saveTokens: (numbered) => saveInstrumentTokens(app.db, numbered),
    onError: (error) => app.log.error({ err: error }, 'market runtime'),
  });
  app.decorate('marketRuntime', runtime);
  let saver: NodeJS.Timeout | null = null;
  // Bars taken from the market but not yet written (a failed write keeps them for the next save).
  let unsaved: MinuteBar[] = [];
  let prunedBefore = istDay(app.clock.now());
  /** Writes the minute bars closed since the last save in one statement (at close, the running minutes too). */
  const saveBars = async (includeOpen: boolean) => {
    unsaved.push(...runtime.takeMinuteBars(includeOpen));
    if (unsaved.length === 0) return;
    const bars = unsaved;
    unsaved = [];
    try {
      await saveMinuteBars(app.db, seed, bars);
      const today = istDay(app.clock.now());
      if (today > prunedBefore) {
        await pruneMinuteBars(app.db, seed, today);
        prunedBefore = today;
      }
    } catch (error) {
      unsaved = bars.concat(unsaved);
      app.log.warn({ err: error }, 'intraday bars not saved');
    }
  };
  const save = async (closing: boolean) => {
    const state = runtime.state();
    if (!state) return;
    try {
      await saveMarketState(app.db, seed, state);
    } catch (error) {
      // The next save tries again; the market itself never waits for the database.
      app.log.warn({ err: error }, 'market state not saved');
    }
    await saveBars(closing);
  };
  app.addHook('onReady', async () => {
    if (persist) {
      const today = istDay(app.clock.now());
      await pruneMinuteBars(app.db, seed, today);
      const [saved, bars] = await Promise.all([loadMarketState(app.db, seed), loadMinuteBars(app.db, seed, today)]);
      if (saved && !runtime.resume(saved)) app.log.warn('market built before ready: the saved state is not resumed');
      if (bars.size > 0 && !runtime.resumeMinuteBars(bars))
        app.log.warn('market built before ready: the saved intraday bars are not resumed');
      saver = setInterval(() => void save(false), STATE_SAVE_MS);
      saver.unref();
    }
    // Contracts keep their ids across days whether or not the market persists its prices: orders and positions do.
    if (!runtime.useTokens(await loadInstrumentTokens(app.db)))
      app.log.warn('market built before ready: its contracts are numbered without the kept tokens');
    // Built now (the OMS restores its open orders into it next), and the contracts it lists for the first time are
    // kept before anything can save an order, a position or a watchlist row under their ids; a failed save fails ready.
    await runtime.start();
  });
  app.addHook('onClose', async () => {
    if (saver) clearInterval(saver);
    if (persist) await save(true);
    runtime.stop();
  });
});
