import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { APP_VERSION } from '@kite/domain';
import { build } from '../app.ts';
import { loadConfig, type Config } from '../config/env.ts';
import { createPool, type Db } from '../db/pool.ts';
import type { ServerClock } from '../services/clock.ts';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from './template.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** POST /api<path> with the envelope; returns the parsed answer and the raw response. */
  call<T = unknown>(path: string, data?: unknown, options?: CallOptions): Promise<CallAnswer<T>>;
  close(): Promise<void>;
}

export interface CallOptions {
  cookie?: string;
  headers?: Record<string, string>;
}

export interface CallAnswer<T> {
  status: number;
  infoID: string;
  infoMsg: string;
  data: T;
  headers: Record<string, unknown>;
  /** The sid cookie set by this answer, as a Cookie header value. */
  setCookie: string | undefined;
}

/** A real server on its own fresh copy of the migrated database (on `clock`: the market is built at ready). */
export async function createTestApp(env: Record<string, string> = {}, clock?: ServerClock): Promise<TestApp> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = await createDatabaseFromTemplate(adminUrl, inject('templateDatabase'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ENCRYPTION: 'off', ...env });
  const db = createPool(databaseUrl(adminUrl, name), 10);
  const app = await build({ config, db, ...(clock && { clock }) });
  await app.ready();
  return {
    app,
    db,
    config,
    async call<T>(path: string, data: unknown = {}, options: CallOptions = {}): Promise<CallAnswer<T>> {
      const response = await app.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: {
          'content-type': 'application/json',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...options.headers,
        },
        payload: JSON.stringify({ request: { data, appVersion: APP_VERSION } }),
      });
      const body = response.json() as { response: { infoID: string; infoMsg: string; data: T } };
      const sid = response.cookies.find((c) => c.name === 'sid');
      return {
        status: response.statusCode,
        infoID: body.response.infoID,
        infoMsg: body.response.infoMsg,
        data: body.response.data,
        headers: response.headers,
        setCookie: sid ? `sid=${sid.value}` : undefined,
      };
    },
    async close() {
      await app.close();
      await db.end();
      await dropDatabase(adminUrl, name);
    },
  };
}
