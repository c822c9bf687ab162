import type { FastifyInstance } from 'fastify';
import {
  getBhavCopy,
  getCorpActions,
  getExchangeMessages,
  getImportantLinks,
  getLoginAlerts,
  getOrderAndTradeAlerts,
} from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { informationService } from './information.service.ts';

/** /Info/* information pages and /Alerts/GetOrderAndTradeAlerts (investing.md 7): thin handlers over the service. */
export async function informationRoutes(app: FastifyInstance): Promise<void> {
  const service = informationService({
    db: app.db,
    now: () => app.clock.now(),
    market: () => app.marketRuntime.market,
    marketHours: app.config.marketHours,
  });

  registerCall(app, getExchangeMessages, () => service.exchangeMessages());
  registerCall(app, getImportantLinks, async () => service.importantLinks());
  registerCall(app, getBhavCopy, async ({ exchange }) => service.bhavCopy(exchange));
  registerCall(app, getLoginAlerts, (_data, { session }) => service.loginAlerts(session.clientId, session.sessionId));
  registerCall(app, getCorpActions, () => service.corporateActions());
  registerCall(app, getOrderAndTradeAlerts, (_data, { session }) => service.orderAndTradeAlerts(session.clientId));
}
