import type { Db } from '../db/pool.ts';
import type { SessionContext } from '../plugins/session-context.ts';

/** What the connect message carries (platform.md 6, 7.3): user, account id and the session token (userSessionId). */
export interface StreamCredentials {
  user: string;
  acctid: string;
  token: string;
}

/** Decides whether a connect message belongs to a live, fully signed-in session. */
export interface StreamAuthenticator {
  authenticate(credentials: StreamCredentials): Promise<SessionContext | null>;
}

/** The sessions module's check, in the shape it is to be exported (verifyStreamToken(db, userId, token)). */
export type VerifyStreamToken = (db: Db, userId: string, token: string) => Promise<SessionContext | null>;

/** Adapts the sessions module's verifyStreamToken; wiring it into build() is then one line. */
export function sessionStreamAuthenticator(db: Db, verify: VerifyStreamToken): StreamAuthenticator {
  return {
    async authenticate({ user, token }) {
      const session = await verify(db, user, token);
      // A session waiting for its OTP is not signed in yet (platform.md 3.2).
      return session && !session.otpPending ? session : null;
    },
  };
}
