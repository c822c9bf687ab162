import type { FastifyInstance } from 'fastify';
import { ok, porfolio, porfolioV2, reject, tradeHistory } from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { portfolioSummary, tradeHistoryOf } from './pnl.service.ts';

/**
 * /Business/Porfolio, /Business/PorfolioV2 and /Business/TradeHistory (investing.md "Profit and loss viewers", 7).
 * Every statement is scoped by the session's client id; the body names only the segment, filter and security.
 */
export async function pnlRoutes(app: FastifyInstance): Promise<void> {
  const market = () => app.marketRuntime.market;

  for (const call of [porfolio, porfolioV2]) {
    registerCall(app, call, async ({ filters, segment }, { session }) =>
      ok({ data: await portfolioSummary(app.db, market(), session.clientId, segment, filters) }),
    );
  }

  registerCall(app, tradeHistory, async ({ segment, uniqueId }, { session }) => {
    const outcome = await tradeHistoryOf(app.db, market(), session.clientId, segment, uniqueId);
    return outcome.ok ? ok(outcome.answer) : reject(outcome.code);
  });
}
