import { randomUUID } from 'node:crypto';
import { type Result, accountText, ok, reject } from '@kite/domain';
import { maskMobile } from '../../adapters/delivery/mask.ts';
import { inTransaction, type Queryable } from '../../db/pool.ts';
import type { AccountDeps } from './account-deps.ts';
import { type RequestMeta, writeAudit } from './audit.repo.ts';
import { type ClientRow, findClientById, findClientByUserId } from './client.repo.ts';
import { sendOtpMessage } from './login.service.ts';
import { issueOtp, verifyOtp } from './otp.service.ts';

/** platform.md 4.2, 9: the dormant flow uses 6 digits. */
const DORMANT_OTP_DIGITS = 6;
/** A reactivation flow may be resent within this window after its last OTP. */
const FLOW_WINDOW_MS = 30 * 60_000;

async function dormantClient(q: Queryable, userId: string): Promise<ClientRow | null> {
  const client = await findClientByUserId(q, userId);
  return client?.dormant ? client : null;
}

async function currentFlow(q: Queryable, clientId: number): Promise<string | null> {
  const { rows } = await q.query<{ scope: string }>(
    `SELECT scope FROM one_time_passwords
      WHERE client_id = $1 AND purpose = 'dormant' AND created_at > now() - make_interval(secs => $2::double precision / 1000)
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [clientId, FLOW_WINDOW_MS],
  );
  return rows[0]?.scope ?? null;
}

async function send(deps: AccountDeps, client: ClientRow, scope: string | null, meta: RequestMeta): Promise<Result<string>> {
  const issued = await inTransaction(deps.db, async (tx) => {
    await findClientById(tx, client.id, true);
    const flow = scope ?? (await currentFlow(tx, client.id));
    if (!flow) return reject('ACC008');
    const result = await issueOtp(tx, deps.config.auth, { clientId: client.id, purpose: 'dormant', scope: flow, digits: DORMANT_OTP_DIGITS });
    if (result.ok) await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'dormant_otp_sent', detail: { resendCount: result.data.resendCount }, meta });
    return result;
  });
  if (!issued.ok) return issued;
  await sendOtpMessage(deps, client, issued.data.code, 'dormant');
  return ok(maskMobile(client.mobile));
}

/** /Dormant/DormantCheck: starts a reactivation flow for a dormant client with a 6-digit OTP. */
export async function dormantCheck(deps: AccountDeps, input: { userId: string }, meta: RequestMeta): Promise<Result<{ msg: string }>> {
  const client = await dormantClient(deps.db, input.userId);
  if (!client) return reject('ACC018');
  const sent = await send(deps, client, `dormant:${randomUUID()}`, meta);
  return sent.ok ? ok({ msg: accountText.dormantOtpSent(sent.data) }) : sent;
}

/** /Dormant/RegenerateOTP: a new OTP in the current flow (resend rules of platform.md 4.2). */
export async function dormantRegenerateOtp(deps: AccountDeps, input: { userId: string }, meta: RequestMeta): Promise<Result<{ msg: string }>> {
  const client = await dormantClient(deps.db, input.userId);
  if (!client) return reject('ACC018');
  const sent = await send(deps, client, null, meta);
  return sent.ok ? ok({ msg: accountText.dormantOtpResent(sent.data) }) : sent;
}

/** /Dormant/VerifyOTP: a correct OTP reactivates the client. */
export async function dormantVerifyOtp(deps: AccountDeps, input: { userId: string; otp: string }, meta: RequestMeta): Promise<Result<{ msg: string }>> {
  const client = await dormantClient(deps.db, input.userId);
  if (!client) return reject('ACC018');
  return inTransaction(deps.db, async (tx) => {
    const verified = await verifyOtp(tx, { clientId: client.id, purpose: 'dormant', scope: null, code: input.otp });
    if (!verified.ok) {
      await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'dormant_otp_failed', detail: { code: verified.code }, meta });
      return verified;
    }
    await tx.query('UPDATE clients SET dormant = false, failed_attempts = 0 WHERE id = $1', [client.id]);
    await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'dormant_reactivated', meta });
    return ok({ msg: accountText.dormantReactivated });
  });
}
