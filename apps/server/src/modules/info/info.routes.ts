import type { FastifyInstance } from 'fastify';
import { APP_VERSION, getAppConfig, getStreamStatus, logStreamEvent, ok } from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { FixedWindowLimiter, refuseOverLimit } from '../../plugins/rate-limit.ts';

export async function infoRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, getAppConfig, async () =>
    ok({
      appVersion: APP_VERSION,
      environment: app.config.env === 'production' ? 'prod' : app.config.env,
      encryption: app.config.encryption,
      sessionIdleMs: app.config.sessionIdleMs,
      sqrOffTimeLimit: app.config.sqrOffTimeLimit,
      newPnlForAll: true,
      customerCare: { phones: ['1800-000-0000', '022-4000-0000'], email: 'helpdesk@kite-india.example' },
      ipoHelpHours: '09:00 to 18:00 Monday to Friday except trading holidays',
    }),
  );

  // platform.md 4.7: 'N' selects the older feed, anything else the newer one.
  registerCall(app, getStreamStatus, async () => ok({ trStreamStatus: app.config.streamFeed === 'old' ? ('N' as const) : ('Y' as const) }));

  // Anybody may call it, so it is bounded (schema) and rate limited per IP; the record goes to the structured log.
  const streamLogLimiter = new FixedWindowLimiter(app.config.streamLogPerMinute, 60_000);
  registerCall(app, logStreamEvent, async ({ level, event, message, context }, { request, reply, session }) => {
    if (!streamLogLimiter.allow(request.ip)) return refuseOverLimit(reply, streamLogLimiter, request.ip);
    request.log[level]({ source: 'stream-client', event, context, userId: session?.userId ?? null }, message || event);
    return ok({ logged: true });
  });
}
