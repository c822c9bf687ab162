import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MarketRuntime } from './market-runtime.ts';
import { loadMarketState, saveMarketState } from './market-state-store.ts';

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
  /** false: nothing goes to the stream (tests that publish into app.marketData themselves). */
  publish?: boolean;
  /** Save the market's state every few seconds and at close, and resume from it at start (default: MARKET_SIM). */
  persist?: boolean;
}

/** Often enough that a crash loses a few seconds of the market's moves; one small upsert. */
const STATE_SAVE_MS = 5_000;

/**
 * Creates the runtime on app.clock and app.marketData; app.close() stops it (timer and subscriptions). When the market
 * persists, it resumes at ready from the state an earlier process saved (the same trading day carries on where it
 * was) and saves its own; an order restored at start (oms-plugin, ready after this) meets the resumed prices.
 */
export const marketRuntimePlugin = fp(async (app: FastifyInstance, settings: MarketRuntimeSettings) => {
  const seed = settings.seed ?? app.config.market.seed;
  const runtime = new MarketRuntime({
    bus: app.marketData,
    clock: app.clock,
    seed,
    mode: app.config.marketHours,
    tickIntervalMs: settings.tickIntervalMs ?? app.config.market.tickMs,
    autoAdvance: settings.autoAdvance ?? app.config.market.simulate,
    publish: settings.publish ?? app.config.market.simulate,
    onError: (error) => app.log.error({ err: error }, 'market runtime'),
  });
  app.decorate('marketRuntime', runtime);
  const persist = settings.persist ?? app.config.market.simulate;
  let saver: NodeJS.Timeout | null = null;
  const save = async () => {
    const state = runtime.state();
    if (!state) return;
    try {
      await saveMarketState(app.db, seed, state);
    } catch (error) {
      // The next save tries again; the market itself never waits for the database.
      app.log.warn({ err: error }, 'market state not saved');
    }
  };
  if (persist) {
    app.addHook('onReady', async () => {
      const saved = await loadMarketState(app.db, seed);
      if (saved && !runtime.resume(saved)) app.log.warn('market built before ready: the saved state is not resumed');
      saver = setInterval(() => void save(), STATE_SAVE_MS);
      saver.unref();
    });
  }
  app.addHook('onClose', async () => {
    if (saver) clearInterval(saver);
    if (persist) await save();
    runtime.stop();
  });
});
