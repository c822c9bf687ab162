import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '@kite/domain';
import { build } from '../app.ts';
import { ServerClock } from '../services/clock.ts';
import type { TestApp } from './harness.ts';

/** A second server process on the same database: the exchange starts empty, the rows are what the first one left. */
export async function restart(t: TestApp, previous: FastifyInstance, clockAt?: number): Promise<FastifyInstance> {
  await previous.close();
  const clock = new ServerClock();
  if (clockAt !== undefined) clock.set(clockAt);
  const app = await build({ config: t.config, db: t.db, clock });
  await app.ready();
  return app;
}

/** A call (POST /api<path>) to a restarted server: `TestApp.call` goes to the first one. Answers the envelope. */
export async function callOn<T>(app: FastifyInstance, path: string, data: unknown, cookie: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { 'content-type': 'application/json', cookie },
    payload: JSON.stringify({ request: { data, appVersion: APP_VERSION } }),
  });
  return (response.json() as { response: { infoID: string; infoMsg: string; data: T } }).response;
}
