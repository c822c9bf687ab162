import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { createLogDelivery } from './adapters/delivery/log-delivery.ts';
import { depositoryRoutes } from './adapters/depository/depository.routes.ts';
import type { Delivery } from './adapters/delivery/delivery.ts';
import { SimulatedPaymentGateway } from './adapters/payment-gateway/simulated-gateway.ts';
import type { Config } from './config/env.ts';
import type { Db } from './db/pool.ts';
import { ServerClock } from './services/clock.ts';
import { marketRuntimePlugin, type MarketRuntimeSettings } from './services/market-runtime/market-runtime-plugin.ts';
import { omsPlugin } from './services/oms/oms-plugin.ts';
import { moduleRoutes } from './modules/index.ts';
import { openApiRoutes } from './openapi/openapi.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { encryptionPlugin } from './plugins/encryption.ts';
import { orderRateLimitPlugin } from './plugins/order-rate-limit.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { InProcessMarketDataBus, type MarketDataBus } from './stream/market-data-bus.ts';
import { defaultStreamAuthenticator } from './stream/session-stream-authenticator.ts';
import type { StreamAuthenticator } from './stream/stream-authenticator.ts';
import { streamPlugin } from './stream/stream-plugin.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Where the exchange publishes ticks; defaults to the in-process bus. */
  marketData?: MarketDataBus;
  /** Checks the stream's connect message; defaults to the login sessions (verifyStreamToken). */
  streamAuthenticator?: StreamAuthenticator;
  /** OTP/SMS/e-mail delivery; defaults to the log (and the dev outbox). */
  delivery?: Delivery;
  /** Market time (IST sessions, the simulated exchange); defaults to system time. */
  clock?: ServerClock;
  /** The simulated market: seed, step and whether a timer advances it (defaults from config). */
  market?: MarketRuntimeSettings;
}

/** Builds the server without listening, so tests can call app.inject() against a real database. */
export async function build({ config, db, delivery, marketData, streamAuthenticator, clock, market }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock ?? new ServerClock());
  app.decorate('delivery', delivery ?? createLogDelivery(app.log, { keepOutbox: config.devOutbox }));
  // One provider for every payer: demat charges and fund pay-ins listen to the outcomes of the same transactions.
  app.decorate('paymentGateway', new SimulatedPaymentGateway(db));
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(authPlugin);
  await app.register(orderRateLimitPlugin);
  await app.register(streamPlugin, {
    bus: marketData ?? new InProcessMarketDataBus(),
    authenticator: streamAuthenticator ?? defaultStreamAuthenticator(db, config),
  });
  await app.register(marketRuntimePlugin, market ?? {});
  await app.register(omsPlugin);
  await app.register(encryptionPlugin, { keyTtlMs: config.encryptionKeyTtlMs, agreementsPerMinute: config.keyExchangePerMinute });
  for (const routes of moduleRoutes) await app.register(routes);
  await app.register(depositoryRoutes);
  await app.register(openApiRoutes);
  await app.register(webAppPlugin);
  return app;
}
