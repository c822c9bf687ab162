import type { FastifyInstance } from 'fastify';
import { APP_VERSION, getAppConfig, ok } from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';

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
}
