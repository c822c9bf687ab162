import { invalidRequestText } from '@kite/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/pool.ts';
import { envelope, rejection } from './calls.ts';

/** The one error path: every fault under /api answers with the envelope; only transport faults are non-2xx. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Unparseable JSON, wrong content type, body too large: the request never reached a handler.
      request.log.info({ err: error }, 'bad request');
      return reply.status(status).send(envelope('EGN001', invalidRequestText(error.message)));
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing was committed, so nothing was acknowledged: the client may retry once the database is back.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send(rejection('EGN008'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(rejection('EGN002'));
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send(envelope('EGN005', 'No such call'));
    return reply.status(404).send({ error: 'Not Found' });
  });
});
