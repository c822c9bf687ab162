import {
  type Result,
  accountText,
  checkNewPassword,
  checkPasswordsMatch,
  checkTpin,
  checkTpinsMatch,
  ok,
  reject,
} from '@kite/domain';
import { inTransaction } from '../../db/pool.ts';
import type { SessionContext } from '../../plugins/session-context.ts';
import { type AccountDeps, contactOf } from './account-deps.ts';
import { type RequestMeta, countRecentEvents, writeAudit } from './audit.repo.ts';
import { findClientById, listDemats } from './client.repo.ts';
import { hashSecret, verifySecret } from './password-hash.ts';
import { revokeClientSessions } from './session.repo.ts';
import { randomDigits } from './tokens.ts';

const TPIN_DIGITS = 4;
/**
 * Wrong current passwords or TPINs per client per hour before the change is refused: a session (left open, or
 * stolen) must not be able to guess the 4-digit TPIN or the password by trying them all.
 */
export const CHANGE_FAILURES_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

/** /Account/ChangePassword: only the caller's own password, checked against the current one. */
export async function changePassword(
  deps: AccountDeps,
  session: SessionContext,
  input: { oldPassword: string; newPassword: string; confirmPassword: string },
  meta: RequestMeta,
): Promise<Result<{ message: string }>> {
  const mismatch = checkPasswordsMatch(input.newPassword, input.confirmPassword);
  if (mismatch) return reject('ACC013', mismatch);
  const rule = checkNewPassword(input.newPassword);
  if (rule) return reject('ACC013', rule);
  if (input.newPassword === input.oldPassword) return reject('ACC015');
  const client = await findClientById(deps.db, session.clientId);
  if (!client) return reject('EGN006');
  if ((await countRecentEvents(deps.db, client.id, 'password_change_failed', HOUR_MS)) >= CHANGE_FAILURES_PER_HOUR) return reject('EGN003');
  if (!(await verifySecret(client.password_hash, input.oldPassword))) {
    await writeAudit(deps.db, { clientId: client.id, userId: client.user_id, event: 'password_change_failed', meta });
    return reject('ACC014');
  }
  const passwordHash = await hashSecret(input.newPassword);
  const ended = await inTransaction(deps.db, async (tx) => {
    await tx.query('UPDATE clients SET password_hash = $2, password_changed_at = now() WHERE id = $1', [session.clientId, passwordHash]);
    // Other browsers signed in with the old password are signed out; this one stays.
    const ids = await revokeClientSessions(tx, session.clientId, 'password_changed', session.sessionId);
    await writeAudit(tx, { clientId: session.clientId, userId: session.userId, event: 'password_changed', detail: { sessionsEnded: ids.length }, meta });
    return ids;
  });
  deps.sessions.forgetClient(session.clientId);
  deps.endSockets?.(ended);
  return ok({ message: accountText.passwordChanged });
}

/** /Account/ChangeTPIN (platform.md 5 TPIN rules). */
export async function changeTpin(
  deps: AccountDeps,
  session: SessionContext,
  input: { oldTpin: string; newTpin: string; confirmTpin: string },
  meta: RequestMeta,
): Promise<Result<{ message: string }>> {
  for (const value of [input.oldTpin, input.newTpin]) {
    const problem = checkTpin(value);
    if (problem) return reject('ACC016', problem);
  }
  const mismatch = checkTpinsMatch(input.newTpin, input.confirmTpin);
  if (mismatch) return reject('ACC016', mismatch);
  const client = await findClientById(deps.db, session.clientId);
  if (!client) return reject('EGN006');
  if ((await countRecentEvents(deps.db, client.id, 'tpin_change_failed', HOUR_MS)) >= CHANGE_FAILURES_PER_HOUR) return reject('EGN003');
  if (!(await verifySecret(client.tpin_hash, input.oldTpin))) {
    await writeAudit(deps.db, { clientId: client.id, userId: client.user_id, event: 'tpin_change_failed', meta });
    return reject('ACC017');
  }
  const tpinHash = await hashSecret(input.newTpin);
  await deps.db.query('UPDATE clients SET tpin_hash = $2 WHERE id = $1', [session.clientId, tpinHash]);
  await writeAudit(deps.db, { clientId: session.clientId, userId: session.userId, event: 'tpin_changed', meta });
  return ok({ message: accountText.tpinChanged });
}

/** Generates a new TPIN for the caller and sends it to the registered mobile and e-mail. */
async function regenerateTpin(deps: AccountDeps, session: SessionContext, meta: RequestMeta, via: string): Promise<boolean> {
  const client = await findClientById(deps.db, session.clientId);
  if (!client) return false;
  const tpin = randomDigits(TPIN_DIGITS);
  await deps.db.query('UPDATE clients SET tpin_hash = $2 WHERE id = $1', [client.id, await hashSecret(tpin)]);
  await writeAudit(deps.db, { clientId: client.id, userId: client.user_id, event: 'tpin_reset', detail: { via }, meta });
  await deps.delivery.sendToClient(contactOf(client), { subject: accountText.tpinSubject, body: accountText.tpinBody(tpin) });
  return true;
}

/** /Account/ResetTPIN. */
export async function resetTpin(deps: AccountDeps, session: SessionContext, meta: RequestMeta): Promise<Result<{ message: string }>> {
  if (!(await regenerateTpin(deps, session, meta, 'ResetTPIN'))) return reject('EGN006');
  return ok({ message: accountText.tpinReset });
}

/** /Client/ForgotTPIN (trading.md 7, 8): CDSL clients get a new TPIN; STATUS F with the reason otherwise. */
export async function forgotTpin(
  deps: AccountDeps,
  session: SessionContext,
  input: { clientId: string; source: string },
  meta: RequestMeta,
): Promise<Result<{ STATUS: 'S' | 'F'; MESSAGE: string }>> {
  if (input.clientId !== session.userId) return reject('ACC019');
  const demats = await listDemats(deps.db, session.clientId);
  if (!demats.some((d) => d.dp_type === 'CDSL')) return ok({ STATUS: 'F', MESSAGE: accountText.forgotTpinNoCdsl });
  if (!(await regenerateTpin(deps, session, meta, `ForgotTPIN:${input.source}`))) return reject('EGN006');
  return ok({ STATUS: 'S', MESSAGE: accountText.forgotTpinSuccess });
}
