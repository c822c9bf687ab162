import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountText } from '@kite/domain';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/pool.ts';
import { writeAudit } from '../modules/account/audit.repo.ts';
import { SessionCache } from '../modules/account/session-cache.ts';
import {
  OTP_PENDING_SESSION_MS,
  findLiveSessionByStreamToken,
  findLiveSessionByTokenHash,
  revokeSession,
  touchSession,
  type LiveSession,
} from '../modules/account/session.repo.ts';
import { sha256 } from '../modules/account/tokens.ts';
import { envelope } from './calls.ts';
import type { SessionContext } from './session-context.ts';

/** The session cookie: 32 random bytes; the database keeps only its hash. */
export const SESSION_COOKIE = 'sid';

/** The spec's idle figure (platform.md 9) when no config is at hand. */
const DEFAULT_IDLE_MS = 18_000_000;

function expired(session: LiveSession, idleMs: number): boolean {
  if (session.idle_ms > idleMs) return true;
  return session.otp_pending && session.age_ms > OTP_PENDING_SESSION_MS;
}

function contextOf(session: LiveSession): SessionContext {
  return {
    sessionId: session.id,
    clientId: session.client_id,
    userId: session.user_id,
    otpPending: session.otp_pending,
    permissions: session,
  };
}

/**
 * Resolves a cookie value to a live session, ending it when idle too long and sliding its last-seen time. The session
 * comes from the cache when it holds it (see SessionCache), else from the database.
 */
export async function resolveSession(
  deps: { db: Db; config: Config; sessions: SessionCache },
  token: string,
  request?: FastifyRequest,
): Promise<SessionContext | null> {
  const { db, config, sessions } = deps;
  const tokenHash = sha256(token);
  let session = sessions.get(tokenHash);
  if (!session) {
    const generation = sessions.generation;
    session = (await findLiveSessionByTokenHash(db, tokenHash)) ?? undefined;
    if (!session) return null;
    sessions.put(tokenHash, session, generation);
  }
  if (expired(session, config.sessionIdleMs)) {
    sessions.forgetToken(tokenHash);
    if (await revokeSession(db, session.id, 'idle')) {
      await writeAudit(db, {
        clientId: session.client_id,
        userId: session.user_id,
        event: 'session_expired',
        meta: request ? { ip: request.ip, userAgent: request.headers['user-agent'] ?? null } : null,
      });
    }
    return null;
  }
  // Sliding expiry without a write on every call: last_seen moves at most once per touch interval.
  if (session.idle_ms >= config.auth.sessionTouchMs) {
    await touchSession(db, session.id);
    sessions.touched(tokenHash);
  }
  return contextOf(session);
}

/**
 * Authorises the websocket with the login answer's userSessionId (platform.md 6: "The live socket is authorised with
 * the account id and session token"). Null when the token is unknown, revoked, idle too long or of another client.
 */
export async function verifyStreamToken(db: Db, userId: string, token: string, idleMs = DEFAULT_IDLE_MS): Promise<SessionContext | null> {
  if (token.length === 0 || userId.length === 0) return null;
  const session = await findLiveSessionByStreamToken(db, userId.toUpperCase(), token);
  if (!session || expired(session, idleMs)) return null;
  return contextOf(session);
}

function secureCookie(request: FastifyRequest, config: Config): boolean {
  switch (config.auth.cookieSecure) {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'auto':
      return request.protocol === 'https';
    default: {
      const unknown: never = config.auth.cookieSecure;
      throw new Error(`Unknown COOKIE_SECURE ${String(unknown)}`);
    }
  }
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: secureCookie(request, request.server.config),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: secureCookie(request, request.server.config),
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a browser sent this request from another site. Sec-Fetch-Site when the browser sends it (only same-origin
 * and user-initiated 'none' pass), else the Origin header against the Host. A request with neither is not a browser's
 * cross-site request (API clients, curl), so it passes: without a victim's browser there is no victim's cookie.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true; // 'null' (sandboxed frames, file pages) or garbage
  }
}

/**
 * Resolves request.session from the session cookie on every request. State-changing API calls from another site are
 * refused before any work (cross-site request forgery, beside the SameSite=Strict cookie).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const sessions = new SessionCache(app.db);
  await sessions.start();
  app.decorate('sessionCache', sessions);
  app.addHook('onClose', async () => sessions.stop());
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!SAFE_METHODS.has(request.method) && request.url.startsWith('/api/') && isCrossSite(request)) {
      request.log.warn({ origin: request.headers.origin, fetchSite: request.headers['sec-fetch-site'] }, 'cross-site request refused');
      return reply.status(403).send(envelope('EGN004', accountText.crossSiteRefused));
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.session = await resolveSession({ db: app.db, config: app.config, sessions }, token, request);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Live sessions served from memory (modules/account/session-cache.ts). */
    sessionCache: SessionCache;
  }
}
