import { type Result, accountText, ok, reject } from '@kite/domain';
import type { AuthConfig } from '../../config/env.ts';
import type { Queryable } from '../../db/pool.ts';
import { hashOtp, newSalt, randomDigits, sameHash } from './tokens.ts';

export type OtpPurpose = 'login' | 'reset' | 'unlock' | 'dormant';

/**
 * platform.md 4.2, 9: the countdown starts after the third resend ("resend countdown 30 seconds, starting after the
 * third resend"), so resends one to three are immediate and the fourth and later ones wait.
 */
const FREE_RESENDS = 3;
/** Past this many sends in one flow the flow must be started again. */
export const MAX_SENDS_PER_FLOW = 10;
/**
 * Wrong OTPs a client may enter for one purpose in an hour, over every flow: a restarted flow (a new Login, VerifyPAN
 * or DormantCheck) gives no fresh tries, or a 4-digit OTP falls to a few hundred restarts.
 */
export const OTP_FAILURES_PER_HOUR = 10;
/** OTPs sent to a client for one purpose in an hour, over every flow (login flows need the password, so not them). */
export const OTP_SENDS_PER_HOUR = 15;
const HOUR_MS = 3_600_000;

export interface IssuedOtp {
  code: string;
  /** How many resends this flow has had, this one included (0 for the first send). */
  resendCount: number;
  /** Seconds the client must wait before the next resend (the countdown of platform.md 4.2). */
  waitSeconds: number;
}

/**
 * Issues a new OTP in a flow (`scope`), superseding the flow's earlier ones. Callers hold the client's row lock
 * (SELECT ... FOR UPDATE) so parallel resends cannot both pass the wait.
 */
export async function issueOtp(
  q: Queryable,
  auth: AuthConfig,
  input: { clientId: number; purpose: OtpPurpose; scope: string; digits: 4 | 6 },
): Promise<Result<IssuedOtp>> {
  const { rows } = await q.query<{ sends: number; since_ms: number | null }>(
    `SELECT count(*)::int AS sends, (EXTRACT(EPOCH FROM (now() - max(created_at))) * 1000)::float8 AS since_ms
       FROM one_time_passwords WHERE client_id = $1 AND purpose = $2 AND scope = $3`,
    [input.clientId, input.purpose, input.scope],
  );
  const sends = rows[0]?.sends ?? 0;
  const sinceMs = rows[0]?.since_ms ?? null;
  if (sends >= MAX_SENDS_PER_FLOW) return reject('ACC009');
  if (input.purpose !== 'login') {
    const { rows: hourly } = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM one_time_passwords
        WHERE client_id = $1 AND purpose = $2 AND created_at > now() - make_interval(secs => $3::double precision / 1000)`,
      [input.clientId, input.purpose, HOUR_MS],
    );
    if ((hourly[0]?.n ?? 0) >= OTP_SENDS_PER_HOUR) return reject('EGN003');
  }
  const resendCount = sends;
  if (resendCount > FREE_RESENDS && sinceMs !== null && sinceMs < auth.otpResendWaitMs) {
    return reject('ACC007', accountText.otpWait(Math.ceil((auth.otpResendWaitMs - sinceMs) / 1000)));
  }
  await q.query(
    `UPDATE one_time_passwords SET superseded_at = now()
      WHERE client_id = $1 AND purpose = $2 AND scope = $3 AND superseded_at IS NULL AND consumed_at IS NULL`,
    [input.clientId, input.purpose, input.scope],
  );
  const code = randomDigits(input.digits);
  const salt = newSalt();
  await q.query(
    `INSERT INTO one_time_passwords (client_id, purpose, scope, salt, code_hash, digits, expires_at, max_attempts)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7::double precision / 1000), $8)`,
    [input.clientId, input.purpose, input.scope, salt, hashOtp(salt, code), input.digits, auth.otpTtlMs, auth.otpMaxAttempts],
  );
  const nextIsWaited = resendCount + 1 > FREE_RESENDS;
  return ok({ code, resendCount, waitSeconds: nextIsWaited ? Math.ceil(auth.otpResendWaitMs / 1000) : 0 });
}

interface OtpRow {
  id: number;
  salt: string;
  code_hash: string;
  attempts: number;
  max_attempts: number;
  consumed: boolean;
  expired: boolean;
}

/**
 * Checks a code against the newest OTP of a flow: single use, expiring, at most max_attempts tries. Wrong tries are
 * written even though the answer is a rejection, so run it in a transaction that commits on rejections (inTransaction does).
 */
export async function verifyOtp(
  q: Queryable,
  input: { clientId: number; purpose: OtpPurpose; scope: string | null; code: string },
): Promise<Result<{ scope: string }>> {
  const { rows } = await q.query<OtpRow & { scope: string }>(
    `SELECT id, scope, salt, code_hash, attempts, max_attempts, consumed_at IS NOT NULL AS consumed, expires_at <= now() AS expired
       FROM one_time_passwords
      WHERE client_id = $1 AND purpose = $2 AND ($3::text IS NULL OR scope = $3) AND superseded_at IS NULL
      ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
    [input.clientId, input.purpose, input.scope],
  );
  const otp = rows[0];
  if (!otp) return reject('ACC008');
  // Checked before the code, so the right code is refused too once the tries are spent (no oracle).
  const { rows: failed } = await q.query<{ n: number }>(
    `SELECT (coalesce(sum(attempts), 0) - count(*) FILTER (WHERE consumed_at IS NOT NULL))::int AS n FROM one_time_passwords
      WHERE client_id = $1 AND purpose = $2 AND created_at > now() - make_interval(secs => $3::double precision / 1000)`,
    [input.clientId, input.purpose, HOUR_MS],
  );
  if ((failed[0]?.n ?? 0) >= OTP_FAILURES_PER_HOUR) return reject('EGN003');
  if (otp.consumed || otp.attempts >= otp.max_attempts) return reject('ACC006');
  if (otp.expired) return reject('ACC005');
  if (!sameHash(hashOtp(otp.salt, input.code), otp.code_hash)) {
    const attempts = otp.attempts + 1;
    await q.query('UPDATE one_time_passwords SET attempts = $2 WHERE id = $1', [otp.id, attempts]);
    const left = otp.max_attempts - attempts;
    return left > 0 ? reject('ACC004', accountText.otpAttemptsLeft(left)) : reject('ACC006');
  }
  await q.query('UPDATE one_time_passwords SET consumed_at = now(), attempts = attempts + 1 WHERE id = $1', [otp.id]);
  return ok({ scope: otp.scope });
}
