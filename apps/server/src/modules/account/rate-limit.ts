import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountText } from '@kite/domain';
import { envelope } from '../../plugins/calls.ts';

/** The client id a request is about: the session's, else the one typed into the body. */
function userKey(request: FastifyRequest): string | null {
  if (request.session) return request.session.userId;
  const data = (request.body as { request?: { data?: Record<string, unknown> } } | undefined)?.request?.data;
  const typed = data?.userId ?? data?.userid ?? data?.pan;
  return typeof typed === 'string' && typed.trim().length > 0 ? typed.trim().toUpperCase() : null;
}

/**
 * Limits the login, OTP and recovery calls per call path, both per IP and per client id (the latter stops one
 * account being hammered from many addresses). Answers EGN003 with the seconds to wait.
 */
export async function limitCalls(app: FastifyInstance, paths: readonly string[]): Promise<void> {
  const { rateWindowMs, rateMaxPerIp, rateMaxPerUser } = app.config.auth;
  await app.register(rateLimit, { global: false });
  const limited = new Set(paths.map((p) => `/api${p}`));
  const byIp = app.createRateLimit({ max: rateMaxPerIp, timeWindow: rateWindowMs, keyGenerator: (r) => `${r.routeOptions.url}|ip|${r.ip}` });
  const byUser = app.createRateLimit({
    max: rateMaxPerUser,
    timeWindow: rateWindowMs,
    keyGenerator: (r) => `${r.routeOptions.url}|user|${userKey(r) ?? ''}`,
  });
  app.addHook('preHandler', async (request, reply) => {
    if (!limited.has(request.routeOptions.url ?? '')) return;
    const checks = [await byIp(request)];
    if (userKey(request)) checks.push(await byUser(request));
    for (const check of checks) {
      if (!check.isAllowed && check.isExceeded) {
        request.log.warn({ key: check.key }, 'rate limit reached');
        return reply
          .status(429)
          .header('retry-after', String(check.ttlInSeconds))
          .send(envelope('EGN003', accountText.tooManyRequests(check.ttlInSeconds)));
      }
    }
  });
}
