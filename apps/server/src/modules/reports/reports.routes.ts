import type { FastifyInstance } from 'fastify';
import {
  backOfficeReport,
  capitalGlReport,
  downloadPdf,
  segmentReport,
  clientMaster,
  digitalContract,
  gainSummary,
  reportWebService,
  tradeRegister,
} from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { reportsService } from './reports.service.ts';

/** /Reports/* and /Report/* (investing.md 7 "Alerts, funds, reports, info"): thin handlers, the session's client only. */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const service = reportsService({
    db: app.db,
    now: () => app.clock.now(),
    symbolOf: (id) => app.marketRuntime.market.registry.byId(id)?.symbol ?? null,
  });

  registerCall(app, reportWebService, ({ fromDate, toDate }, { session }) =>
    service.ledger(session.clientId, fromDate, toDate),
  );
  registerCall(app, digitalContract, ({ tradeDate }, { session }) => service.contractNote(session.clientId, tradeDate));
  registerCall(app, tradeRegister, ({ fromDate, toDate }, { session }) =>
    service.tradeRegister(session.clientId, fromDate, toDate),
  );
  registerCall(app, clientMaster, (_data, { session }) => service.clientMaster(session.clientId));
  registerCall(app, downloadPdf, ({ tradeDate }, { session }) => service.downloadPdf(session.clientId, tradeDate));
  registerCall(app, backOfficeReport, ({ year }, { session }) => service.backOffice(session.clientId, year));
  registerCall(app, segmentReport, ({ segment, fromDate, toDate }, { session }) =>
    service.segmentReport(session.clientId, segment, fromDate, toDate),
  );
  registerCall(app, capitalGlReport, ({ financialYear }, { session }) =>
    service.capitalGain(session.clientId, financialYear),
  );
  registerCall(app, gainSummary, ({ financialYear }, { session }) =>
    service.gainSummary(session.clientId, financialYear),
  );
}
