import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import type { Db } from './db/pool.ts';
import { moduleRoutes } from './modules/index.ts';
import { openApiRoutes } from './openapi/openapi.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface AppDeps {
  config: Config;
  db: Db;
}

/** Builds the server without listening, so tests can call app.inject() against a real database. */
export async function build({ config, db }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
  });
  app.decorate('config', config);
  app.decorate('db', db);
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(authPlugin);
  for (const routes of moduleRoutes) await app.register(routes);
  await app.register(openApiRoutes);
  await app.register(webAppPlugin);
  return app;
}
