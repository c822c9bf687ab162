import type { Config } from '../config/env.ts';
import type { Db } from '../db/pool.ts';
import { touchSession } from '../modules/account/session.repo.ts';
import { verifyStreamToken } from '../plugins/auth.ts';
import { sessionStreamAuthenticator, type StreamAuthenticator } from './stream-authenticator.ts';

/**
 * The server's authenticator: the login sessions' check, with the configured idle limit (platform.md 9). A live
 * stream is a screen in use: every good check (the connect, then the gateway's revalidation every minute) slides the
 * session, so a client who only watches prices is not signed out by the server's idle clock while the browser's
 * inactivity timer (platform.md 4.1, trading.md 4.10), which decides the timeout, still counts them as active. A closed
 * tab closes its socket, and the idle clock runs again.
 */
export function defaultStreamAuthenticator(db: Db, config: Config): StreamAuthenticator {
  return sessionStreamAuthenticator(db, async (q, userId, token) => {
    const session = await verifyStreamToken(q, userId, token, config.sessionIdleMs);
    if (session && !session.otpPending) await touchSession(q, session.sessionId);
    return session;
  });
}
