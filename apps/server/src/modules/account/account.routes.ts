import type { FastifyInstance } from 'fastify';

/** Account, login and session calls (platform.md 7.2). */
export async function accountRoutes(_app: FastifyInstance): Promise<void> {}
