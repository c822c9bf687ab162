import type { FastifyInstance } from 'fastify';
import { isoDate, istDay } from '@kite/exchange';
import { masterSubscriptionPlan, myTradingPlan, subscriptionReq } from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { metaOf } from '../account/account.routes.ts';
import { planService, renewDuePlans } from './plan.service.ts';

/** Plans due are renewed or ended this often, besides whenever their client reads or changes them. */
const RENEWAL_SWEEP_MS = 15 * 60_000;

/** /Business/MyTradingPlan, MasterSubscriptionPlan, SubscriptionReq (investing.md 7): thin handlers over plan.service.ts. */
export async function planRoutes(app: FastifyInstance): Promise<void> {
  const service = planService({ db: app.db, now: () => app.clock.now() });

  registerCall(app, myTradingPlan, (_data, { session }) => service.myTradingPlan(session.clientId));
  registerCall(app, masterSubscriptionPlan, (_data, { session }) => service.masterPlans(session.clientId));
  registerCall(app, subscriptionReq, ({ planId }, { session, request }) =>
    service.subscribe(session.clientId, planId, { userId: session.userId, meta: metaOf(request) }),
  );

  if (!app.config.market.simulate) return;
  const sweep = () =>
    renewDuePlans(app.db, isoDate(istDay(app.clock.now()))).catch((error: unknown) =>
      app.log.error({ err: error }, 'trading plan renewals'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), RENEWAL_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
