import type { FastifyInstance } from 'fastify';

/** Development-only views; registered only when config.devOutbox is on (never by default in production). */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  if (!app.config.devOutbox) return;
  // The browser tests read OTPs from here (e2e/support/auth.ts latestOtp).
  app.get('/dev/outbox', async (_request, reply) => reply.header('cache-control', 'no-store').send(app.delivery.outbox()));
}
