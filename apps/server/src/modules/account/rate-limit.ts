import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FixedWindowLimiter, sendOverLimit } from '../../plugins/rate-limit.ts';

/** The client id a request is about: the session's, else the one typed into the body. */
function userKey(request: FastifyRequest): string | null {
  if (request.session) return request.session.userId;
  const data = (request.body as { request?: { data?: Record<string, unknown> } } | undefined)?.request?.data;
  const typed = data?.userId ?? data?.userid ?? data?.pan;
  return typeof typed === 'string' && typed.trim().length > 0 ? typed.trim().toUpperCase() : null;
}

/**
 * Limits the login, OTP and recovery calls per call path, both per IP and per client id (the latter stops one
 * account being hammered from many addresses); each attempt counts against both. Answers 429 EGN003 with the seconds
 * to wait.
 */
export function limitCalls(app: FastifyInstance, paths: readonly string[]): void {
  const { rateWindowMs, rateMaxPerIp, rateMaxPerUser } = app.config.auth;
  const byIp = new FixedWindowLimiter(rateMaxPerIp, rateWindowMs);
  const byUser = new FixedWindowLimiter(rateMaxPerUser, rateWindowMs);
  const limited = new Set(paths.map((p) => `/api${p}`));
  app.addHook('preHandler', async (request, reply) => {
    const url = request.routeOptions.url ?? '';
    if (!limited.has(url)) return;
    const user = userKey(request);
    const checks: [FixedWindowLimiter, string][] = [[byIp, `${url}|ip|${request.ip}`]];
    if (user) checks.push([byUser, `${url}|user|${user}`]);
    const exceeded = checks.filter(([limiter, key]) => !limiter.allow(key));
    const [limiter, key] = exceeded[0] ?? [];
    if (!limiter || key === undefined) return;
    request.log.warn({ key }, 'rate limit reached');
    return sendOverLimit(reply, limiter, key);
  });
}
