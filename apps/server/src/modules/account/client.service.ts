import { type Result, type Success, accountText, ok } from '@kite/domain';
import type { SessionContext } from '../../plugins/session-context.ts';
import type { AccountDeps } from './account-deps.ts';
import { type RequestMeta, writeAudit } from './audit.repo.ts';
import { findClientById } from './client.repo.ts';
import { inTransaction } from '../../db/pool.ts';

/** /Client/VerifyContactEmail: compares with the caller's own registered address only. */
export async function verifyContactEmail(
  deps: AccountDeps,
  session: SessionContext,
  input: { email: string },
): Promise<Result<{ verified: boolean; message: string }>> {
  const { rows } = await deps.db.query<{ email: string }>('SELECT email FROM clients WHERE id = $1', [session.clientId]);
  const verified = rows[0]?.email.toLowerCase() === input.email.toLowerCase();
  return ok({ verified, message: verified ? accountText.emailVerified : accountText.emailNotMatching });
}

function inProgress(): Success<{ activatedMTF: boolean }> {
  return { ok: true, data: { activatedMTF: false }, message: accountText.mtfInProgress, infoID: 'EGN012' };
}

/**
 * /Account/MTFActivation (platform.md 3.7, 4.5): the first call files the request and answers EGN012 (in progress);
 * the simulated back office activates it after config.auth.mtfActivationDelayMs, turning the per-exchange mta flags on.
 */
export async function mtfActivation(deps: AccountDeps, session: SessionContext, meta: RequestMeta): Promise<Result<{ activatedMTF: boolean }>> {
  return inTransaction(deps.db, async (tx) => {
    const client = await findClientById(tx, session.clientId, true);
    if (!client) return inProgress();
    if (client.mtf_status === 'active') return ok({ activatedMTF: true }, accountText.mtfActivated);
    if (client.mtf_status === 'none') {
      await tx.query(`UPDATE clients SET mtf_status = 'requested', mtf_requested_at = now() WHERE id = $1`, [client.id]);
      await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'mtf_requested', meta });
      return inProgress();
    }
    const { rowCount } = await tx.query(
      `UPDATE clients SET mtf_status = 'active', mtf_activated_at = now(), mta_nse_permission = 'Y', mta_bse_permission = 'Y'
        WHERE id = $1 AND mtf_requested_at + make_interval(secs => $2::double precision / 1000) <= now()`,
      [client.id, deps.config.auth.mtfActivationDelayMs],
    );
    if ((rowCount ?? 0) === 0) return inProgress();
    await writeAudit(tx, { clientId: client.id, userId: client.user_id, event: 'mtf_activated', meta });
    return ok({ activatedMTF: true }, accountText.mtfActivated);
  });
}

/** /Pledging/LimitAgainstHoldingReq: grant (Y) or revoke (N) the consent to use holdings as collateral. */
export async function limitAgainstHolding(
  deps: AccountDeps,
  session: SessionContext,
  input: { status: 'Y' | 'N' },
  meta: RequestMeta,
): Promise<Result<{ Success: boolean; Error_Mesg: string }>> {
  const consent = input.status === 'Y';
  await inTransaction(deps.db, async (tx) => {
    await tx.query('UPDATE clients SET limit_against_holding = $2, limit_against_holding_at = now() WHERE id = $1', [session.clientId, consent]);
    await writeAudit(tx, { clientId: session.clientId, userId: session.userId, event: 'limit_against_holding', detail: { status: input.status }, meta });
  });
  return ok({ Success: true, Error_Mesg: '' });
}

/** /RiskDisclosure (platform.md 2.9): records each acknowledgement. */
export async function acknowledgeRiskDisclosure(deps: AccountDeps, session: SessionContext, meta: RequestMeta): Promise<Result<{ message: string }>> {
  await inTransaction(deps.db, async (tx) => {
    await tx.query('INSERT INTO risk_disclosure_acks (client_id, ip, user_agent) VALUES ($1, $2, $3)', [session.clientId, meta.ip, meta.userAgent]);
    await tx.query('UPDATE clients SET risk_disclosure_ack_at = now() WHERE id = $1', [session.clientId]);
    await writeAudit(tx, { clientId: session.clientId, userId: session.userId, event: 'risk_disclosure_ack', meta });
  });
  return ok({ message: accountText.riskDisclosureRecorded });
}
