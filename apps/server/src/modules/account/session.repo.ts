import type { Queryable } from '../../db/pool.ts';
import { PERMISSION_COLUMNS, type PermissionRow } from './client.repo.ts';
import { newToken, sha256 } from './tokens.ts';

/** A session waiting for its login OTP lives at most this long, however long the idle timeout is. */
export const OTP_PENDING_SESSION_MS = 15 * 60_000;

export interface NewSession {
  sessionId: string;
  /** The cookie value; only its hash is stored. */
  token: string;
  /** The userSessionId of the login answer (platform.md 3.2); null while the OTP is pending. */
  streamToken: string | null;
}

export async function createSession(
  q: Queryable,
  input: { clientId: number; otpPending: boolean; ip: string | null; userAgent: string | null },
): Promise<NewSession> {
  const token = newToken();
  const streamToken = input.otpPending ? null : newToken();
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO sessions (client_id, token_hash, stream_token_hash, otp_pending, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [input.clientId, sha256(token), streamToken ? sha256(streamToken) : null, input.otpPending, input.ip, input.userAgent],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('session insert returned no id');
  return { sessionId: id, token, streamToken };
}

export interface LiveSession extends PermissionRow {
  id: string;
  client_id: number;
  user_id: string;
  otp_pending: boolean;
  /** Milliseconds since the session was last seen, by the database clock. */
  idle_ms: number;
  /** Milliseconds since the session was created. */
  age_ms: number;
}

// The client's permission columns come with the session (one statement): an order's checks need no second read.
const SESSION_COLUMNS = `s.id, s.client_id, s.otp_pending, ${PERMISSION_COLUMNS.map((column) => `c.${column}`).join(', ')},
  (EXTRACT(EPOCH FROM (now() - s.last_seen_at)) * 1000)::float8 AS idle_ms,
  (EXTRACT(EPOCH FROM (now() - s.created_at)) * 1000)::float8 AS age_ms`;

/** The live session of a cookie, by the cookie's hash (`sha256(token)`). */
export async function findLiveSessionByTokenHash(q: Queryable, tokenHash: string): Promise<LiveSession | null> {
  const { rows } = await q.query<LiveSession>({
    name: 'live-session-by-token',
    text: `SELECT ${SESSION_COLUMNS} FROM sessions s JOIN clients c ON c.id = s.client_id
            WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
    values: [tokenHash],
  });
  return rows[0] ?? null;
}

export async function findLiveSessionByStreamToken(q: Queryable, userId: string, streamToken: string): Promise<LiveSession | null> {
  const { rows } = await q.query<LiveSession>(
    `SELECT ${SESSION_COLUMNS} FROM sessions s JOIN clients c ON c.id = s.client_id
      WHERE s.stream_token_hash = $1 AND c.user_id = $2 AND s.revoked_at IS NULL AND NOT s.otp_pending`,
    [sha256(streamToken), userId],
  );
  return rows[0] ?? null;
}

export async function touchSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/** Revokes one session; true when it was live. */
export async function revokeSession(q: Queryable, sessionId: string, reason: string): Promise<boolean> {
  const result = await q.query('UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
    reason,
  ]);
  return (result.rowCount ?? 0) > 0;
}

export async function revokeSessionByToken(q: Queryable, token: string, reason: string): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [
    sha256(token),
    reason,
  ]);
}

/** Revokes every live session of a client (after a password reset), optionally keeping the caller's own; their ids. */
export async function revokeClientSessions(q: Queryable, clientId: number, reason: string, keepSessionId?: string): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2
      WHERE client_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)
      RETURNING id`,
    [clientId, reason, keepSessionId ?? null],
  );
  return rows.map((row) => row.id);
}
