import type { FastifyInstance } from 'fastify';
import { ok, ssoSignOn } from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { SESSION_COOKIE, setSessionCookie } from '../../plugins/auth.ts';
import { revokeSessionByToken } from '../account/session.repo.ts';
import { sha256 } from '../account/tokens.ts';
import { FixedWindowLimiter, refuseOverLimit } from '../../plugins/rate-limit.ts';
import { signOn } from './sso.service.ts';

const SIGN_ONS_PER_MINUTE = 30;

/** Single sign-on for the embedded entry routes (platform.md 2.2, 7.2 /Business/SSOService). */
export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const limiter = new FixedWindowLimiter(SIGN_ONS_PER_MINUTE, 60_000);
  registerCall(app, ssoSignOn, async ({ data }, { request, reply }) => {
    if (!limiter.allow(request.ip)) return refuseOverLimit(reply, limiter, request.ip);
    const answer = await signOn(app.db, app.config, data, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
    if (answer.result === 'FAILED') {
      request.log.info({ reason: answer.reason }, 'sso sign-on failed');
      return ok({ result: 'FAILED' as const, userId: null, source: null, appkey: null, session: null }, 'Sign-on failed');
    }
    // As at login: the session this browser had before is ended, never carried over.
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) {
      await revokeSessionByToken(app.db, previous, 'replaced');
      app.sessionCache.forgetToken(sha256(previous));
    }
    setSessionCookie(request, reply, answer.sessionToken);
    const { result, userId, source, appkey, session } = answer;
    return ok({ result, userId, source, appkey, session });
  });
}
