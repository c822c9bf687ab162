import type { PaymentGateway } from '../adapters/payment-gateway/payment-gateway.ts';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/pool.ts';
import type { SessionContext } from '../plugins/session-context.ts';
import type { ServerClock } from '../services/clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    clock: ServerClock;
    paymentGateway: PaymentGateway;
  }
  interface FastifyRequest {
    /** The signed-in client's session, resolved from the cookie by the auth plugin; null when none. */
    session: SessionContext | null;
  }
}
