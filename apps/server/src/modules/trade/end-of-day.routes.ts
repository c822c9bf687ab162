import type { FastifyInstance } from 'fastify';
import { endOfDay } from '../../services/oms/end-of-day.ts';

/** POST /dev/end-of-day: runs the end-of-day job now (not in production; the demo's 'always' market never closes). */
export async function endOfDayRoutes(app: FastifyInstance): Promise<void> {
  if (app.config.env === 'production') return;
  app.post('/dev/end-of-day', async () => endOfDay(app, app.oms));
}
