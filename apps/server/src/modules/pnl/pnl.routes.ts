import type { FastifyInstance } from 'fastify';
import { clientPortfolio, deriveAbilities, ok, porfolio, porfolioV2, reject, tradeHistory } from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { accountDetailsOf, extraFlagsOf, findClientById } from '../account/client.repo.ts';
import { verifySecret } from '../account/password-hash.ts';
import { portfolioSummary, tradeHistoryOf } from './pnl.service.ts';
import { ViewerUnlocks } from './viewer-unlocks.ts';
import { viewerTables } from './viewer.service.ts';

/**
 * /Business/Porfolio, /Business/PorfolioV2 and /Business/TradeHistory (investing.md "Profit and loss viewers", 7).
 * Every statement is scoped by the session's client id; the body names only the segment, filter and security.
 */
export async function pnlRoutes(app: FastifyInstance): Promise<void> {
  const market = () => app.marketRuntime.market;

  registerCall(app, porfolio, async ({ filters, segment }, { session }) =>
    ok({ data: await portfolioSummary(app.db, market(), session.clientId, segment, filters) }),
  );

  // The new view is for the clients with the new profit-and-loss flag (investing.md 6), as the menu shows it: the
  // call is refused to the others, who could otherwise open /home/portfolioTrackerDion by its address.
  registerCall(app, porfolioV2, async ({ filters, segment }, { session }) => {
    const client = await findClientById(app.db, session.clientId);
    if (!client) return reject('EGN006');
    if (!deriveAbilities(accountDetailsOf(client), extraFlagsOf(client)).newPnlReport) return reject('EGN004');
    return ok({ data: await portfolioSummary(app.db, market(), session.clientId, segment, filters) });
  });

  registerCall(app, tradeHistory, async ({ segment, uniqueId }, { session }) => {
    const outcome = await tradeHistoryOf(app.db, market(), session.clientId, segment, uniqueId);
    return outcome.ok ? ok(outcome.answer) : reject(outcome.code);
  });

  // The standalone viewer (investing.md 4): the client's own login password on every call; a wrong one answers
  // validUser false (the page stays on its prompt), and after VIEWER_ATTEMPTS wrong ones the session is refused
  // (POR009). The new view's client id must be the signed-in client's.
  const unlocks = new ViewerUnlocks();
  registerCall(app, clientPortfolio, async ({ password, client_id }, { session }) => {
    const client = await findClientById(app.db, session.clientId);
    if (!client) return reject('POR008');
    if (client_id !== undefined && client_id.trim().toUpperCase() !== client.user_id) return reject('POR008');
    const check = await unlocks.check(session.sessionId, password, () => verifySecret(client.password_hash, password));
    if (check === 'locked') return reject('POR009');
    if (check === 'wrong') return ok({ clientsData: { validUser: false, summary: [], details: [] } });
    const tables = await viewerTables(app.db, market(), session.clientId, client.user_id);
    return ok({ clientsData: { validUser: true, ...tables } });
  });
}
