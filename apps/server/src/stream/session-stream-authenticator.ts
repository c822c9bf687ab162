import type { Config } from '../config/env.ts';
import type { Db } from '../db/pool.ts';
import { verifyStreamToken } from '../plugins/auth.ts';
import { sessionStreamAuthenticator, type StreamAuthenticator } from './stream-authenticator.ts';

/** The server's authenticator: the login sessions' check, with the configured idle limit (platform.md 9). */
export function defaultStreamAuthenticator(db: Db, config: Config): StreamAuthenticator {
  return sessionStreamAuthenticator(db, (q, userId, token) =>
    verifyStreamToken(q, userId, token, config.sessionIdleMs),
  );
}
