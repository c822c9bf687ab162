import type { FastifyInstance } from 'fastify';
import { infoMarketStatus, marketExchanges, marketStatusService, ok } from '@kite/domain';
import { istDateTime } from '@kite/exchange';
import { registerCall } from '../../plugins/calls.ts';
import { exchangeStatus, mktStatusLabel } from './market-status.ts';

/** Market status calls; the clock is the server's, the sessions are the exchange package's (IST). */
export async function marketRoutes(app: FastifyInstance): Promise<void> {
  const mode = app.config.marketHours;
  const now = (): number => app.clock.now();

  registerCall(app, marketStatusService, async () => {
    const at = now();
    const exchanges = marketExchanges.map((exchange) => exchangeStatus(exchange, at, mode));
    const nse = exchanges.find((e) => e.exchange === 'NSE');
    return ok({ isMarketOpen: nse?.isOpen ?? false, exchfeedtime: istDateTime(at), mode, exchanges });
  });

  registerCall(app, infoMarketStatus, async ({ exchange }) => {
    const at = now();
    const status = exchangeStatus(exchange, at, mode);
    return ok({ exchange, MktStatus: mktStatusLabel(status.status), exchfeedtime: istDateTime(at) });
  });
}
