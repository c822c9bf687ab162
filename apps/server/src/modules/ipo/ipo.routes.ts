import type { FastifyInstance } from 'fastify';
import { addIpo, getIpo, getIpoData, ipoDpDetails, ipoOrderBook, validateDematAcc } from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { metaOf } from '../account/account.routes.ts';
import { ipoService } from './ipo.service.ts';

/** /IPO/* (investing.md 7 "IPO"): thin handlers over ipo.service.ts, each scoped by the session's client. */
export async function ipoRoutes(app: FastifyInstance): Promise<void> {
  const service = ipoService({ db: app.db, now: () => app.clock.now(), marketHours: app.config.marketHours });

  registerCall(app, getIpo, ({ tab }, { session }) => service.getIpo(session.clientId, tab));
  registerCall(app, getIpoData, ({ tab }, { session }) => service.getIpoData(session.clientId, tab));
  registerCall(app, ipoDpDetails, (_data, { session }) => service.dpDetails(session.clientId));
  registerCall(app, validateDematAcc, ({ dematAcc }, { session }) => service.validateDemat(session.clientId, dematAcc));
  registerCall(app, addIpo, (data, { session, request }) =>
    service.addIpo(session.clientId, data, { userId: session.userId, meta: metaOf(request) }),
  );
  registerCall(app, ipoOrderBook, ({ selectedFromDate, selectedToDate }, { session }) =>
    service.orderBook(session.clientId, selectedFromDate, selectedToDate),
  );
}
