import { type Result, type SignedIn, accountText, checkOtp, ok, platformText, reject } from '@kite/domain';
import type { z } from 'zod';
import type { login as loginCall, sendLoginOtp } from '@kite/domain';
import { maskMobile } from '../../adapters/delivery/mask.ts';
import { inTransaction } from '../../db/pool.ts';
import type { SessionContext } from '../../plugins/session-context.ts';
import { type AccountDeps, contactOf } from './account-deps.ts';
import { type RequestMeta, countRecentEventsByUserId, writeAudit } from './audit.repo.ts';
import { type ClientRow, findClientById, findClientByUserId, listDemats, recordFailedLogin, recordSuccessfulLogin } from './client.repo.ts';
import { issueOtp, verifyOtp } from './otp.service.ts';
import { verifyAgainstDummy, verifySecret } from './password-hash.ts';
import { createSession, revokeSession, revokeSessionByToken } from './session.repo.ts';
import { sha256 } from './tokens.ts';
import { signedInAnswer } from './signed-in.ts';

type LoginAnswer = z.output<typeof loginCall.response>;
type SendOtpAnswer = z.output<typeof sendLoginOtp.response>;

/** An answer that also starts a session: the route sets `sessionToken` as the cookie. */
export interface WithSession<T> {
  answer: T;
  sessionToken: string;
}

const LOGIN_OTP_DIGITS = 4;
/** How long wrong passwords for an unknown client id are remembered, so it "locks" as a known id does. */
const UNKNOWN_ID_LOCK_MS = 24 * 3_600_000;
const loginScope = (sessionId: string) => `session:${sessionId}`;

async function completeLogin(deps: AccountDeps, client: ClientRow, meta: RequestMeta, viaOtp: boolean): Promise<WithSession<SignedIn>> {
  return inTransaction(deps.db, async (tx) => {
    const previous = await recordSuccessfulLogin(tx, client.id);
    // A new session id at every login: nothing from before the login is trusted (no fixation).
    const session = await createSession(tx, { clientId: client.id, otpPending: false, ip: meta.ip, userAgent: meta.userAgent });
    await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'login_success', detail: { viaOtp, sessionId: session.sessionId }, meta });
    const demats = await listDemats(tx, client.id);
    if (!session.streamToken) throw new Error('a signed-in session has a stream token');
    return { answer: signedInAnswer(client, demats, session.streamToken, previous), sessionToken: session.token };
  });
}

/** /Account/Login (platform.md 4.1): password, lockout, dormant, then either a session or an OTP. */
export async function login(
  deps: AccountDeps,
  input: { userId: string; password: string },
  meta: RequestMeta,
  previousToken: string | undefined,
): Promise<Result<WithSession<LoginAnswer>>> {
  const { db, config } = deps;

  const client = await findClientByUserId(db, input.userId);
  if (!client) {
    // An unknown id answers as a known one would, lockout included: ACC001 until the limit, then ACC002 (told before
    // any password check, as for a locked client). Otherwise five wrong passwords tell which ids exist.
    const earlier = await countRecentEventsByUserId(db, input.userId, 'login_failure', UNKNOWN_ID_LOCK_MS);
    if (earlier >= config.auth.lockoutLimit) return reject('ACC002');
    await verifyAgainstDummy(input.password);
    await writeAudit(db, { clientId: null, userId: input.userId, event: 'login_failure', detail: { reason: 'unknown_client' }, meta });
    return reject(earlier + 1 >= config.auth.lockoutLimit ? 'ACC002' : 'ACC001');
  }
  if (client.locked) {
    await writeAudit(db, { clientId: client.id, userId: client.user_id, event: 'login_locked', meta });
    return reject('ACC002');
  }
  if (!(await verifySecret(client.password_hash, input.password))) {
    const after = await recordFailedLogin(db, client.id, config.auth.lockoutLimit);
    if (after.locked) {
      await writeAudit(db, { clientId: client.id, userId: client.user_id, event: 'login_lockout', detail: { failedAttempts: after.failedAttempts }, meta });
      return reject('ACC002');
    }
    await writeAudit(db, {
      clientId: client.id,
      userId: client.user_id,
      event: 'login_failure',
      detail: { reason: 'wrong_password', failedAttempts: after.failedAttempts },
      meta,
    });
    return reject('ACC001');
  }
  if (client.dormant) {
    await writeAudit(db, { clientId: client.id, userId: client.user_id, event: 'login_dormant', meta });
    return reject('ACC003');
  }
  // The session this browser had (if any) ends with a successful password; the new one gets a new id.
  if (previousToken) {
    await revokeSessionByToken(db, previousToken, 'replaced');
    deps.sessions.forgetToken(sha256(previousToken));
  }
  if (!client.login_with_otp) return ok(await completeLogin(deps, client, meta, false));

  // platform.md 3.2, 7.2: with OTP, the session is only OTP-pending until ValidateOTP.
  const pending = await inTransaction(db, async (tx) => {
    await findClientById(tx, client.id, true);
    const session = await createSession(tx, { clientId: client.id, otpPending: true, ip: meta.ip, userAgent: meta.userAgent });
    const issued = await issueOtp(tx, config.auth, { clientId: client.id, purpose: 'login', scope: loginScope(session.sessionId), digits: LOGIN_OTP_DIGITS });
    if (!issued.ok) throw new Error(`first login OTP refused: ${issued.message}`);
    await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'login_otp_sent', detail: { sessionId: session.sessionId }, meta });
    return { session, code: issued.data.code };
  });
  await sendOtpMessage(deps, client, pending.code, 'login');
  return ok({
    answer: { otpRequired: true, userId: client.user_id, otpLength: LOGIN_OTP_DIGITS, sentTo: maskMobile(client.mobile) },
    sessionToken: pending.session.token,
  });
}

export async function sendOtpMessage(deps: AccountDeps, client: ClientRow, code: string, purpose: keyof typeof accountText.otpSubject): Promise<void> {
  await deps.delivery.sendToClient(contactOf(client), {
    subject: accountText.otpSubject[purpose],
    body: accountText.otpBody(code, Math.round(deps.config.auth.otpTtlMs / 60_000)),
    otp: code,
  });
}

/** /Account/Login/SendOTP: a new login OTP for the pending session (resend rules in otp.service). */
export async function resendLoginOtp(
  deps: AccountDeps,
  session: SessionContext,
  input: { userid?: string | undefined },
  meta: RequestMeta,
): Promise<Result<SendOtpAnswer>> {
  if (!session.otpPending) return reject('ACC020');
  if (input.userid !== undefined && input.userid !== session.userId) return reject('ACC019');
  const outcome = await inTransaction(deps.db, async (tx) => {
    const client = await findClientById(tx, session.clientId, true);
    if (!client) return null;
    const issued = await issueOtp(tx, deps.config.auth, { clientId: client.id, purpose: 'login', scope: loginScope(session.sessionId), digits: LOGIN_OTP_DIGITS });
    if (issued.ok) {
      await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'login_otp_sent', detail: { resendCount: issued.data.resendCount }, meta });
    }
    return { client, issued };
  });
  if (!outcome) return reject('EGN006');
  if (!outcome.issued.ok) return outcome.issued;
  await sendOtpMessage(deps, outcome.client, outcome.issued.data.code, 'login');
  return ok({
    message: accountText.loginOtpSent(maskMobile(outcome.client.mobile)),
    resendCount: outcome.issued.data.resendCount,
    waitSeconds: outcome.issued.data.waitSeconds,
  });
}

/** /Account/Login/ValidateOTP: on success the pending session is replaced by a full one (a new id). */
export async function validateLoginOtp(
  deps: AccountDeps,
  session: SessionContext,
  input: { userid: string; otp: string },
  meta: RequestMeta,
): Promise<Result<WithSession<SignedIn>>> {
  if (!session.otpPending) return reject('ACC020');
  if (input.userid !== session.userId) return reject('ACC019');
  if (checkOtp(input.otp, LOGIN_OTP_DIGITS) !== null) return reject('EGN001', platformText.invalidOtp);
  const verified = await inTransaction(deps.db, async (tx) => {
    const result = await verifyOtp(tx, { clientId: session.clientId, purpose: 'login', scope: loginScope(session.sessionId), code: input.otp });
    if (!result.ok) {
      await writeAudit(tx, { clientId: session.clientId, userId: session.userId, event: 'login_otp_failed', detail: { code: result.code }, meta });
    }
    return result;
  });
  if (!verified.ok) return verified;
  await revokeSession(deps.db, session.sessionId, 'otp_validated');
  deps.sessions.forgetSession(session.sessionId);
  const client = await findClientById(deps.db, session.clientId);
  if (!client) return reject('EGN006');
  if (client.locked) return reject('ACC002');
  if (client.dormant) return reject('ACC003');
  return ok(await completeLogin(deps, client, meta, true));
}

/** /Account/Logout: the session is revoked server-side, so the old cookie is worthless. */
export async function logout(deps: AccountDeps, session: SessionContext, meta: RequestMeta): Promise<Result<{ message: string }>> {
  await revokeSession(deps.db, session.sessionId, 'logout');
  deps.sessions.forgetSession(session.sessionId);
  deps.endSockets?.([session.sessionId]);
  await writeAudit(deps.db, { clientId: session.clientId, userId: session.userId, event: 'logout', detail: { sessionId: session.sessionId }, meta });
  return ok({ message: accountText.loggedOut });
}
