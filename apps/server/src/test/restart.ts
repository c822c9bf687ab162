import type { FastifyInstance } from 'fastify';
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
