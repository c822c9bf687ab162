import { randomBytes } from 'node:crypto';
import type { SignedIn } from '@kite/domain';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../db/pool.ts';
import { type RequestMeta, writeAudit } from '../account/audit.repo.ts';
import { findClientById, listDemats, recordSuccessfulLogin } from '../account/client.repo.ts';
import { createSession } from '../account/session.repo.ts';
import { signedInAnswer } from '../account/signed-in.ts';
import { readSsoToken } from './sso-token.ts';

export type SsoAnswer =
  | { result: 'FAILED'; reason: string }
  | { result: 'SUCCESS'; userId: string; source: string; appkey: string; session: SignedIn; sessionToken: string };

/**
 * /Business/SSOService (platform.md 2.2, 6): a partner's token signs its client in. Only a well-signed, unexpired,
 * unused token of an active client succeeds; the token is spent in the same transaction that opens the session.
 */
export async function signOn(db: Db, config: Config, token: string, meta: RequestMeta): Promise<SsoAnswer> {
  const claims = readSsoToken(config, token);
  if (!claims) return { result: 'FAILED', reason: 'bad_token' };
  return inTransaction(db, async (tx): Promise<SsoAnswer> => {
    const spent = await tx.query(
      'UPDATE sso_tokens SET used_at = now() WHERE jti = $1 AND client_id = $2 AND used_at IS NULL AND expires_at > now()',
      [claims.jti, claims.sub],
    );
    if (spent.rowCount !== 1) return { result: 'FAILED', reason: 'token_used_or_unknown' };
    const client = await findClientById(tx, claims.sub, true);
    if (!client || client.locked || client.dormant) return { result: 'FAILED', reason: 'client_inactive' };
    const previous = await recordSuccessfulLogin(tx, client.id);
    const session = await createSession(tx, { clientId: client.id, otpPending: false, ip: meta.ip, userAgent: meta.userAgent });
    if (!session.streamToken) throw new Error('a signed-in session has a stream token');
    await writeAudit(tx, {
      clientId: client.id,
      userId: client.user_id,
      event: 'login_success',
      detail: { via: 'sso', source: claims.src, sessionId: session.sessionId },
      meta,
    });
    const demats = await listDemats(tx, client.id);
    return {
      result: 'SUCCESS',
      userId: client.user_id,
      source: claims.src,
      appkey: randomBytes(16).toString('hex'),
      session: signedInAnswer(client, demats, session.streamToken, previous),
      sessionToken: session.token,
    };
  });
}
