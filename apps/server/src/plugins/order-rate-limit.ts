import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  addOrder,
  addSpreadOrder,
  cancelOrder,
  executeBasket,
  exitBracketOrder,
  exitCoverOrder,
  modifyOrder,
} from '@kite/domain';
import { FixedWindowLimiter, sendOverLimit } from './rate-limit.ts';

/** The calls that send orders to the exchange. */
const ORDER_ENTRY_URLS = new Set(
  [addOrder, modifyOrder, cancelOrder, exitCoverOrder, exitBracketOrder, addSpreadOrder, executeBasket].map(
    (call) => `/api${call.path}`,
  ),
);

/**
 * Bounds the order-entry calls of one client (config ORDER_RATE_MAX_PER_CLIENT per ORDER_RATE_WINDOW_MS): a runaway
 * script or a stuck retry loop is answered 429 EGN003 with the seconds to wait before any order is made.
 */
export const orderRateLimitPlugin = fp(async (app: FastifyInstance) => {
  const { orderRateMaxPerClient, orderRateWindowMs } = app.config.auth;
  const limiter = new FixedWindowLimiter(orderRateMaxPerClient, orderRateWindowMs);
  app.addHook('preHandler', async (request, reply) => {
    const session = request.session;
    if (!session || !ORDER_ENTRY_URLS.has(request.routeOptions.url ?? '')) return;
    const key = String(session.clientId);
    if (limiter.allow(key)) return;
    request.log.warn({ clientId: session.clientId, url: request.url }, 'order rate limit reached');
    return sendOverLimit(reply, limiter, key);
  });
});
