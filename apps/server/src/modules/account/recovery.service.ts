import { type Result, accountText, checkNewPassword, checkOtp, checkPanTpinYear, checkPasswordsMatch, ok, platformText, reject } from '@kite/domain';
import { maskMobile } from '../../adapters/delivery/mask.ts';
import { inTransaction, type Queryable } from '../../db/pool.ts';
import { type AccountDeps, contactOf } from './account-deps.ts';
import { type RequestMeta, countRecentEventsByUserId, writeAudit } from './audit.repo.ts';
import { type ClientRow, findClientById, findClientByUserId } from './client.repo.ts';
import { sendOtpMessage } from './login.service.ts';
import { issueOtp, verifyOtp } from './otp.service.ts';
import { hashSecret, verifyAgainstDummy, verifySecret } from './password-hash.ts';
import { revokeClientSessions } from './session.repo.ts';
import { newToken, sha256 } from './tokens.ts';

export type RecoveryType = 'reset' | 'unlock';

/** How long each step of the chain stays open (VerifyPAN -> OTP, and VerifyOTP -> token). */
const RECOVERY_WINDOW_MS = 15 * 60_000;
const RESET_TOKEN_MS = 10 * 60_000;
/** Wrong PAN/TPIN/year answers allowed per client per hour before the chain refuses to start. */
const VERIFY_FAILURES_PER_HOUR = 5;
const RECOVERY_OTP_DIGITS = 4;

const recoveryScope = (id: number) => `recovery:${id}`;

interface OpenRecovery {
  id: number;
  otp_verified: boolean;
}

async function openRecovery(q: Queryable, clientId: number, purpose: RecoveryType): Promise<OpenRecovery | null> {
  const { rows } = await q.query<OpenRecovery>(
    `SELECT id, otp_verified_at IS NOT NULL AS otp_verified FROM recovery_requests
      WHERE client_id = $1 AND purpose = $2 AND consumed_at IS NULL AND cancelled_at IS NULL AND expires_at > now()
      ORDER BY verified_at DESC, id DESC LIMIT 1`,
    [clientId, purpose],
  );
  return rows[0] ?? null;
}

/** A 4-digit answer may be the TPIN or the birth/incorporation year (platform.md 5); 10 characters are the PAN. */
async function detailsMatch(client: ClientRow, value: string): Promise<boolean> {
  const v = value.trim().toUpperCase();
  // The TPIN hash is checked whatever the answer, so every answer costs one argon2 verification, as an unknown id's
  // does: a fast PAN comparison would tell known client ids from unknown ones by timing.
  const tpinMatches = await verifySecret(client.tpin_hash, v);
  if (v.length === 10) return v === client.pan;
  return String(client.birth_year) === v || tpinMatches;
}

/** /Account/VerifyPAN: the first step of password reset or unlock. */
export async function verifyPan(
  deps: AccountDeps,
  input: { userId: string; panOrTpin: string; type: RecoveryType },
  meta: RequestMeta,
): Promise<Result<{ message: string }>> {
  const fieldError = checkPanTpinYear(input.panOrTpin);
  if (fieldError) return reject('EGN001', fieldError);
  // Counted by the typed id, known or not: a cap reached only by known ids would tell them apart.
  if ((await countRecentEventsByUserId(deps.db, input.userId, 'recovery_verify_failed', 3_600_000)) >= VERIFY_FAILURES_PER_HOUR) {
    return reject('EGN003');
  }
  const client = await findClientByUserId(deps.db, input.userId);
  if (!client) {
    await verifyAgainstDummy(input.panOrTpin);
    await writeAudit(deps.db, { clientId: null, userId: input.userId, event: 'recovery_verify_failed', detail: { type: input.type, reason: 'unknown_client' }, meta });
    return reject('ACC010');
  }
  if (!(await detailsMatch(client, input.panOrTpin))) {
    await writeAudit(deps.db, { clientId: client.id, userId: client.user_id, event: 'recovery_verify_failed', detail: { type: input.type }, meta });
    return reject('ACC010');
  }
  // Only after the details match, so the lock state is not told to strangers.
  if (input.type === 'unlock' && !client.locked) return reject('ACC012');
  await inTransaction(deps.db, async (tx) => {
    await tx.query(
      `UPDATE recovery_requests SET cancelled_at = now() WHERE client_id = $1 AND consumed_at IS NULL AND cancelled_at IS NULL`,
      [client.id],
    );
    await tx.query(
      `INSERT INTO recovery_requests (client_id, purpose, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))`,
      [client.id, input.type, RECOVERY_WINDOW_MS],
    );
    await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'recovery_verified', detail: { type: input.type }, meta });
  });
  return ok({ message: accountText.panVerified });
}

/** /Account/GenerateOTP: sends (or resends) the chain's OTP once the details were verified. */
export async function generateRecoveryOtp(
  deps: AccountDeps,
  input: { userId: string; type: RecoveryType },
  meta: RequestMeta,
): Promise<Result<{ message: string; sentTo: string }>> {
  const client = await findClientByUserId(deps.db, input.userId);
  if (!client) return reject('ACC011');
  const issued = await inTransaction(deps.db, async (tx) => {
    await findClientById(tx, client.id, true);
    const recovery = await openRecovery(tx, client.id, input.type);
    if (!recovery || recovery.otp_verified) return reject('ACC011');
    const result = await issueOtp(tx, deps.config.auth, { clientId: client.id, purpose: input.type, scope: recoveryScope(recovery.id), digits: RECOVERY_OTP_DIGITS });
    if (result.ok) await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'otp_sent', detail: { purpose: input.type, resendCount: result.data.resendCount }, meta });
    return result;
  });
  if (!issued.ok) return issued;
  await sendOtpMessage(deps, client, issued.data.code, input.type);
  const sentTo = maskMobile(client.mobile);
  return ok({ message: accountText.resetOtpSent(sentTo), sentTo });
}

/** /Account/VerifyOTP: a correct OTP yields a one-time token for ResetPassword or UnlockAccount. */
export async function verifyRecoveryOtp(
  deps: AccountDeps,
  input: { userId: string; otp: string; type: RecoveryType },
  meta: RequestMeta,
): Promise<Result<{ message: string; resetToken: string }>> {
  if (checkOtp(input.otp, RECOVERY_OTP_DIGITS) !== null) return reject('EGN001', platformText.invalidOtp);
  const client = await findClientByUserId(deps.db, input.userId);
  if (!client) return reject('ACC011');
  return inTransaction(deps.db, async (tx) => {
    const recovery = await openRecovery(tx, client.id, input.type);
    if (!recovery || recovery.otp_verified) return reject('ACC011');
    const verified = await verifyOtp(tx, { clientId: client.id, purpose: input.type, scope: recoveryScope(recovery.id), code: input.otp });
    if (!verified.ok) {
      await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'otp_failed', detail: { purpose: input.type, code: verified.code }, meta });
      return verified;
    }
    const token = newToken();
    await tx.query(
      `UPDATE recovery_requests SET otp_verified_at = now(), token_hash = $2,
              token_expires_at = now() + make_interval(secs => $3::double precision / 1000)
        WHERE id = $1`,
      [recovery.id, sha256(token), RESET_TOKEN_MS],
    );
    await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'recovery_otp_verified', detail: { type: input.type }, meta });
    return ok({ message: accountText.otpVerified, resetToken: token });
  });
}

/** Consumes a reset token of this client (one use); null when unknown, used, expired or another client's. */
async function consumeToken(q: Queryable, userId: string, token: string, purposes: readonly RecoveryType[]): Promise<ClientRow | null> {
  const { rows } = await q.query<{ client_id: number }>(
    `UPDATE recovery_requests r SET consumed_at = now()
       FROM clients c
      WHERE c.id = r.client_id AND c.user_id = $1 AND r.token_hash = $2 AND r.purpose = ANY($3::text[])
        AND r.consumed_at IS NULL AND r.cancelled_at IS NULL AND r.token_expires_at > now()
      RETURNING r.client_id`,
    [userId, sha256(token), purposes],
  );
  const clientId = rows[0]?.client_id;
  return clientId === undefined ? null : findClientById(q, clientId, true);
}

/** /Account/ResetPassword: new password with the chain's token; also unlocks the account and ends every session. */
export async function resetPassword(
  deps: AccountDeps,
  input: { userId: string; resetToken: string; newPassword: string; confirmPassword: string },
  meta: RequestMeta,
): Promise<Result<{ message: string }>> {
  const mismatch = checkPasswordsMatch(input.newPassword, input.confirmPassword);
  if (mismatch) return reject('ACC013', mismatch);
  const rule = checkNewPassword(input.newPassword);
  if (rule) return reject('ACC013', rule);
  const passwordHash = await hashSecret(input.newPassword);
  const reset: { clientId: number; sessionIds: string[] }[] = [];
  const answer = await inTransaction(deps.db, async (tx) => {
    const client = await consumeToken(tx, input.userId, input.resetToken, ['reset', 'unlock']);
    if (!client) return reject('ACC011');
    await tx.query(
      `UPDATE clients SET password_hash = $2, password_changed_at = now(), locked = false, locked_at = NULL, failed_attempts = 0 WHERE id = $1`,
      [client.id, passwordHash],
    );
    const ended = await revokeClientSessions(tx, client.id, 'password_reset');
    await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'password_reset', detail: { wasLocked: client.locked, sessionsEnded: ended.length }, meta });
    reset.push({ clientId: client.id, sessionIds: ended });
    return ok({ message: accountText.passwordReset });
  });
  for (const done of reset) {
    deps.sessions.forgetClient(done.clientId);
    deps.endSockets?.(done.sessionIds);
  }
  return answer;
}

/** /Account/UnlockAccount: unlocks with the token of a VerifyOTP of type 'unlock' (platform.md 4.4). */
export async function unlockAccount(
  deps: AccountDeps,
  input: { userId: string; resetToken: string },
  meta: RequestMeta,
): Promise<Result<{ message: string }>> {
  return inTransaction(deps.db, async (tx) => {
    const client = await consumeToken(tx, input.userId, input.resetToken, ['unlock']);
    if (!client) return reject('ACC011');
    await tx.query('UPDATE clients SET locked = false, locked_at = NULL, failed_attempts = 0 WHERE id = $1', [client.id]);
    await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'account_unlocked', meta });
    return ok({ message: accountText.accountUnlocked });
  });
}

/** /Account/GetClientId: the id goes only to the registered contacts; the answer is the same whether or not it matched. */
export async function sendClientId(deps: AccountDeps, input: { pan: string; mobile: string }, meta: RequestMeta): Promise<Result<{ message: string }>> {
  const pan = input.pan.toUpperCase();
  const { rows } = await deps.db.query<ClientRow>('SELECT * FROM clients WHERE pan = $1 AND mobile = $2', [pan, input.mobile]);
  const client = rows[0];
  if (client) {
    await deps.delivery.sendToClient(contactOf(client), { subject: accountText.clientIdSubject, body: accountText.clientIdBody(client.user_id) });
    await writeAudit(deps.db, { clientId: client.id, userId: client.user_id, event: 'client_id_sent', meta });
  }
  return ok({ message: accountText.clientIdSent });
}
