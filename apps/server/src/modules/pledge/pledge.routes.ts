import type { FastifyInstance } from 'fastify';
import {
  exchangePledgeUnpledge,
  pledgeDetail,
  pledgeDetailV2,
  pledgeOnlineCdsl,
  pledgeOnlineNsdl,
  pledgeRequest,
} from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { exchangePledgeService } from './exchange-pledge.service.ts';
import { pledgeService } from './pledge.service.ts';

/** /Pledge/* and /Exchange/PledgeUnpledge (investing.md 7): thin handlers, each scoped by the session's client. */
export async function pledgeRoutes(app: FastifyInstance): Promise<void> {
  const service = pledgeService({ db: app.db, market: () => app.marketRuntime.market, now: () => app.clock.now() });
  const exchange = exchangePledgeService({ db: app.db });

  registerCall(app, pledgeDetail, (data, { session }) => service.detail(session, data, false));
  registerCall(app, pledgeDetailV2, (data, { session }) => service.detail(session, data, true));
  registerCall(app, pledgeRequest, (data, { session }) => service.request(session, data));
  registerCall(app, pledgeOnlineNsdl, (data, { session }) =>
    data.requestFor === 'uniqueNo' ? service.nsdlUniqueNo(session) : service.nsdlStatus(session, data.requestReference),
  );
  registerCall(app, pledgeOnlineCdsl, (data, { session }) => service.cdsl(session, data));
  registerCall(app, exchangePledgeUnpledge, (data, { session }) => exchange.handle(session, data));
}
