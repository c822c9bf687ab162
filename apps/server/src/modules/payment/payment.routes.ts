import type { FastifyInstance } from 'fastify';

/** Public demat-charges payment pages' calls (platform.md 2.6, 7.3). */
export async function paymentRoutes(_app: FastifyInstance): Promise<void> {}
