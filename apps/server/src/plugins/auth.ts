import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Resolves request.session from the session cookie. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('session', null);
});
