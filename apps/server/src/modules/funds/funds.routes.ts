import type { FastifyInstance } from 'fastify';
import {
  TRADE_SEGMENTS,
  allocateFundsReport,
  cancelPayoutRequest,
  deriveAbilities,
  gatewayPayInStatus,
  getBankDetails,
  getFundTransferLogs,
  getPayInOptions,
  pendingPayouts,
  placePayInRequest,
  placePayOutRequest,
} from '@kite/domain';
import { registerCall, reject } from '../../plugins/calls.ts';
import { accountDetailsOf, extraFlagsOf, findClientById } from '../account/client.repo.ts';
import { FundsSchedule, startFundsSchedule } from './funds-schedule.ts';
import { FundsService } from './funds.service.ts';

/** Fund transfer calls (investing.md 7 "Alerts, funds, reports, info"), each for the session's client. */
export async function fundsRoutes(app: FastifyInstance): Promise<void> {
  const service = new FundsService(app.db, app.paymentGateway, {
    merchantId: app.config.payment.merchantId,
    market: () => app.marketRuntime.market,
  });

  registerCall(app, getBankDetails, async (_data, { session }) => service.bankDetails(session.clientId));
  registerCall(app, getPayInOptions, async (_data, { session, appId }) =>
    service.payInOptions(session.clientId, appId),
  );
  registerCall(app, placePayInRequest, async (data, { session, appId }) =>
    service.placePayIn(session.clientId, data, appId),
  );
  registerCall(app, gatewayPayInStatus, async ({ reference }, { session }) =>
    service.payInStatus(session.clientId, reference),
  );
  registerCall(app, placePayOutRequest, async (data, { session }) => service.placePayOut(session.clientId, data));
  registerCall(app, cancelPayoutRequest, async ({ reference }, { session }) =>
    service.cancelPayOut(session.clientId, reference),
  );
  registerCall(app, pendingPayouts, async (_data, { session }) => service.pendingPayOuts(session.clientId));
  registerCall(app, getFundTransferLogs, async (_data, { session }) => service.logs(session.clientId));
  registerCall(app, allocateFundsReport, async (_data, { session }) => {
    const permissions = session.permissions ?? (await findClientById(app.db, session.clientId));
    if (!permissions) return reject('EGN006');
    const abilities = deriveAbilities(accountDetailsOf(permissions), extraFlagsOf(permissions));
    return service.allocation(session.clientId, new Set(TRADE_SEGMENTS.filter((segment) => abilities[segment])));
  });

  startFundsSchedule(app, new FundsSchedule(service, app.paymentGateway, () => app.marketRuntime.market.calendar));

  // The settlement run's pay-out step on demand, every pending pay-out whatever its time (not in production).
  if (app.config.env !== 'production') {
    app.post('/dev/process-payouts', async () => ({ processed: await service.runPayOuts(null) }));
  }
}
