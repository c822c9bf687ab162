import type { Queryable } from '../../db/pool.ts';

/** Where a request came from, for the audit trail. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export type AuditEvent =
  | 'login_success'
  | 'login_failure'
  | 'login_locked'
  | 'login_lockout'
  | 'login_dormant'
  | 'login_otp_sent'
  | 'login_otp_failed'
  | 'logout'
  | 'session_expired'
  | 'otp_sent'
  | 'otp_failed'
  | 'recovery_verified'
  | 'recovery_verify_failed'
  | 'recovery_otp_verified'
  | 'password_reset'
  | 'account_unlocked'
  | 'client_id_sent'
  | 'password_changed'
  | 'password_change_failed'
  | 'tpin_changed'
  | 'tpin_change_failed'
  | 'tpin_reset'
  | 'mtf_requested'
  | 'mtf_activated'
  | 'limit_against_holding'
  | 'risk_disclosure_ack'
  | 'dormant_otp_sent'
  | 'dormant_otp_failed'
  | 'dormant_reactivated'
  | 'ipo_bid_placed'
  | 'ipo_bid_modified'
  | 'ipo_bid_cancelled'
  | 'trading_plan_changed';

export interface AuditEntry {
  clientId: number | null;
  userId: string | null;
  event: AuditEvent;
  detail?: Record<string, unknown>;
  meta: RequestMeta | null;
}

export async function writeAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.query('INSERT INTO audit_log (client_id, user_id, event, detail, ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6)', [
    entry.clientId,
    entry.userId,
    entry.event,
    JSON.stringify(entry.detail ?? {}),
    entry.meta?.ip ?? null,
    entry.meta?.userAgent ?? null,
  ]);
}

/** How many times an event was recorded for a client within the last `withinMs`. */
export async function countRecentEvents(q: Queryable, clientId: number, event: AuditEvent, withinMs: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE client_id = $1 AND event = $2 AND at > now() - make_interval(secs => $3::double precision / 1000)`,
    [clientId, event, withinMs],
  );
  return rows[0]?.n ?? 0;
}

/** The same count by the typed client id, known or not (so a cap answers an unknown id as it answers a known one). */
export async function countRecentEventsByUserId(q: Queryable, userId: string, event: AuditEvent, withinMs: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE user_id = $1 AND event = $2 AND at > now() - make_interval(secs => $3::double precision / 1000)`,
    [userId, event, withinMs],
  );
  return rows[0]?.n ?? 0;
}
