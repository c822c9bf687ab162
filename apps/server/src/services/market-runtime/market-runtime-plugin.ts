import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MarketRuntime } from './market-runtime.ts';

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
}

/** Creates the runtime on app.clock and app.marketData; app.close() stops it (timer and subscriptions). */
export const marketRuntimePlugin = fp(async (app: FastifyInstance, settings: MarketRuntimeSettings) => {
  const runtime = new MarketRuntime({
    bus: app.marketData,
    clock: app.clock,
    seed: settings.seed ?? app.config.market.seed,
    mode: app.config.marketHours,
    tickIntervalMs: settings.tickIntervalMs ?? app.config.market.tickMs,
    autoAdvance: settings.autoAdvance ?? app.config.market.simulate,
    publish: settings.publish ?? app.config.market.simulate,
    onError: (error) => app.log.error({ err: error }, 'market runtime'),
  });
  app.decorate('marketRuntime', runtime);
  app.addHook('onClose', async () => runtime.stop());
});
