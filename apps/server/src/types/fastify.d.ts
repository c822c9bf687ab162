import type { Config } from '../config/env.ts';
import type { Db } from '../db/pool.ts';
import type { SessionContext } from '../plugins/session-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
  interface FastifyRequest {
    /** The signed-in client's session, resolved from the cookie by the auth plugin; null when none. */
    session: SessionContext | null;
  }
}
