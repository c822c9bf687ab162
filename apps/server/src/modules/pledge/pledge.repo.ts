import { randomInt } from 'node:crypto';
import type { Queryable } from '../../db/pool.ts';
import { randomDigits } from '../account/tokens.ts';

/** SQL of the pledge area (db/migrations/0017_pledge.sql). Every client row is read by the session's client id. */

/**
 * How long a request waits at the depository for the client (chosen): an abandoned gateway page then no longer holds
 * its quantity, and the page refuses it.
 */
export const PENDING_TTL_MINUTES = 30;
const PENDING_LIVE = `r.created_at > now() - make_interval(mins => ${PENDING_TTL_MINUTES})`;

export interface DematRow {
  id: number;
  dp_type: 'CDSL' | 'NSDL';
  dp_id: string;
  dp_account: string;
  dp_api_status: 'Y' | 'N';
  client_name: string;
  user_id: string;
  mobile: string;
  app_key: string | null;
}

const DEMAT_COLUMNS = `d.id, d.dp_type, d.dp_id, d.dp_account, d.dp_api_status, c.name AS client_name, c.user_id, c.mobile,
       c.non_poa_app_key AS app_key`;

export async function listDemats(q: Queryable, clientId: number): Promise<DematRow[]> {
  const { rows } = await q.query<DematRow>(
    `SELECT ${DEMAT_COLUMNS} FROM demat_accounts d JOIN clients c ON c.id = d.client_id WHERE d.client_id = $1 ORDER BY d.id`,
    [clientId],
  );
  return rows;
}

/** The client's demat with this beneficiary id (the spec's `demat`), or undefined for anybody else's. */
export async function findDemat(q: Queryable, clientId: number, dpAccount: string): Promise<DematRow | undefined> {
  const { rows } = await q.query<DematRow>(
    `SELECT ${DEMAT_COLUMNS} FROM demat_accounts d JOIN clients c ON c.id = d.client_id
      WHERE d.client_id = $1 AND d.dp_account = $2`,
    [clientId, dpAccount],
  );
  return rows[0];
}

export interface HoldingRow {
  id: number;
  exchange: string;
  symbol: string;
  isin: string;
  quantity: number;
  pledged_qty: number;
  collateral_paise: number;
}

/** Holdings in a demat (a holding with no demat recorded belongs to the client's only one). */
export async function holdingsOfDemat(q: Queryable, clientId: number, dematId: number): Promise<HoldingRow[]> {
  const { rows } = await q.query<HoldingRow>(
    `SELECT id, exchange, symbol, isin, quantity, pledged_qty, collateral_paise FROM holdings
      WHERE client_id = $1 AND (demat_account_id = $2 OR demat_account_id IS NULL) AND quantity > 0 ORDER BY symbol`,
    [clientId, dematId],
  );
  return rows;
}

export async function lockHolding(
  q: Queryable,
  clientId: number,
  dematId: number,
  isin: string,
): Promise<HoldingRow | undefined> {
  const { rows } = await q.query<HoldingRow>(
    `SELECT id, exchange, symbol, isin, quantity, pledged_qty, collateral_paise FROM holdings
      WHERE client_id = $1 AND (demat_account_id = $2 OR demat_account_id IS NULL) AND isin = $3 FOR UPDATE`,
    [clientId, dematId, isin],
  );
  return rows[0];
}

export async function changePledge(
  q: Queryable,
  holdingId: number,
  pledgedDelta: number,
  collateralDelta: number,
): Promise<void> {
  await q.query(
    `UPDATE holdings SET pledged_qty = pledged_qty + $2, collateral_paise = collateral_paise + $3, updated_at = now()
      WHERE id = $1`,
    [holdingId, pledgedDelta, collateralDelta],
  );
}

export async function changeCollateral(q: Queryable, clientId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  await q.query(
    'UPDATE client_funds SET collateral_paise = collateral_paise + $2, updated_at = now() WHERE client_id = $1',
    [clientId, delta],
  );
}

/** Quantity per ISIN waiting at the depository in the client's PENDING pledge or unpledge requests. */
export async function pendingQuantities(
  q: Queryable,
  clientId: number,
  reqType: 'PLEDGE' | 'UNPLEDGE',
): Promise<Map<string, number>> {
  const { rows } = await q.query<{ isin: string; qty: number }>(
    `SELECT i.isin, sum(i.quantity)::bigint AS qty FROM pledge_request_items i JOIN pledge_requests r ON r.id = i.request_id
      WHERE r.client_id = $1 AND r.req_type = $2 AND r.status = 'PENDING' AND ${PENDING_LIVE} GROUP BY i.isin`,
    [clientId, reqType],
  );
  return new Map(rows.map((r) => [r.isin, r.qty]));
}

export interface LatestRequest {
  isin: string;
  status: string;
  channel: string;
  req_type: string;
}

/** The latest pledge request item per ISIN of the client (for the Status column). */
export async function latestRequests(q: Queryable, clientId: number): Promise<Map<string, LatestRequest>> {
  const { rows } = await q.query<LatestRequest>(
    `SELECT DISTINCT ON (i.isin) i.isin, r.channel, r.req_type,
            CASE WHEN r.status = 'PENDING' AND NOT (${PENDING_LIVE}) THEN 'EXPIRED' ELSE r.status END AS status
       FROM pledge_request_items i JOIN pledge_requests r ON r.id = i.request_id
      WHERE r.client_id = $1 ORDER BY i.isin, r.created_at DESC, r.id DESC`,
    [clientId],
  );
  return new Map(rows.map((r) => [r.isin, r]));
}

/** Exchange-pledged quantity per ISIN and segment. */
export async function exchangeMarks(q: Queryable, clientId: number): Promise<Map<string, Map<string, number>>> {
  const { rows } = await q.query<{ isin: string; segment: string; quantity: number }>(
    'SELECT isin, segment, quantity FROM exchange_pledges WHERE client_id = $1 AND quantity > 0',
    [clientId],
  );
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const bySegment = out.get(r.isin) ?? new Map<string, number>();
    bySegment.set(r.segment, r.quantity);
    out.set(r.isin, bySegment);
  }
  return out;
}

export async function changeExchangeMark(
  q: Queryable,
  clientId: number,
  isin: string,
  segment: string,
  delta: number,
): Promise<void> {
  // A negative delta only ever lowers an existing mark (the inserted row would break quantity >= 0).
  await q.query(
    delta < 0
      ? `UPDATE exchange_pledges SET quantity = quantity + $4, updated_at = now()
          WHERE client_id = $1 AND isin = $2 AND segment = $3`
      : `INSERT INTO exchange_pledges (client_id, isin, segment, quantity) VALUES ($1, $2, $3, $4)
         ON CONFLICT (client_id, isin, segment) DO UPDATE SET quantity = exchange_pledges.quantity + $4, updated_at = now()`,
    [clientId, isin, segment, delta],
  );
}

export interface NewItem {
  isin: string;
  symbol: string;
  isinName: string;
  segment: string;
  quantity: number;
}

export interface RequestRow {
  id: number;
  client_id: number;
  demat_account_id: number;
  req_type: 'PLEDGE' | 'UNPLEDGE';
  channel: 'DIRECT' | 'CDSL' | 'NSDL';
  source: 'W' | 'P';
  unique_no: string | null;
  request_no: string | null;
  status: 'NEW' | 'PENDING' | 'SUCCESS' | 'FAILED' | 'UNAUTHORISED';
  message: string;
  otp_salt: string | null;
  otp_hash: string | null;
  otp_expired: boolean;
  /** PENDING for longer than PENDING_TTL_MINUTES. */
  stale: boolean;
  otp_attempts: number;
}

const REQUEST_COLUMNS = `id, client_id, demat_account_id, req_type, channel, source, unique_no, request_no, status, message,
  otp_salt, otp_hash, COALESCE(otp_expires_at <= now(), false) AS otp_expired, otp_attempts,
  created_at <= now() - make_interval(mins => ${PENDING_TTL_MINUTES}) AS stale`;

/**
 * A new NSDL unique number: 15 random digits. The number is the whole handle of a request at the NSDL gateway's form
 * intake, which has no broker session (investing.md 7 "NSDL gateway": a browser form post), so it must not be
 * guessable: a sequence let anyone post a form for the next client's number and turn that client's pledge
 * UNAUTHORISED.
 */
export function newUniqueNo(): string {
  return `${randomInt(1, 10)}${randomDigits(14)}`;
}

export async function insertRequest(
  q: Queryable,
  r: {
    clientId: number;
    dematId: number;
    reqType: 'PLEDGE' | 'UNPLEDGE';
    channel: 'DIRECT' | 'CDSL' | 'NSDL';
    source: 'W' | 'P';
    status: RequestRow['status'];
    requestNo: string | null;
    withUniqueNo: boolean;
    message?: string;
  },
): Promise<RequestRow> {
  const { rows } = await q.query<RequestRow>(
    `INSERT INTO pledge_requests (client_id, demat_account_id, req_type, channel, source, status, request_no, unique_no,
            message, decided_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
             CASE WHEN $6 IN ('SUCCESS', 'FAILED') THEN now() END)
     RETURNING ${REQUEST_COLUMNS}`,
    [
      r.clientId,
      r.dematId,
      r.reqType,
      r.channel,
      r.source,
      r.status,
      r.requestNo,
      r.withUniqueNo ? newUniqueNo() : null,
      r.message ?? '',
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('pledge request not inserted');
  return row;
}

export async function insertItems(q: Queryable, requestId: number, items: readonly NewItem[], status = 'PENDING') {
  for (const [i, item] of items.entries()) {
    await q.query(
      `INSERT INTO pledge_request_items (request_id, seq, isin, symbol, isin_name, segment, quantity, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [requestId, i + 1, item.isin, item.symbol, item.isinName, item.segment, item.quantity, status],
    );
  }
}

export interface ItemRow {
  seq: number;
  isin: string;
  symbol: string;
  isin_name: string;
  segment: string;
  quantity: number;
  status: string;
  message: string;
}

export async function itemsOf(q: Queryable, requestId: number): Promise<ItemRow[]> {
  const { rows } = await q.query<ItemRow>(
    `SELECT seq, isin, symbol, isin_name, segment, quantity, status, message FROM pledge_request_items
      WHERE request_id = $1 ORDER BY seq`,
    [requestId],
  );
  return rows;
}

export async function setItemOutcome(q: Queryable, requestId: number, seq: number, status: string, message: string) {
  await q.query('UPDATE pledge_request_items SET status = $3, message = $4 WHERE request_id = $1 AND seq = $2', [
    requestId,
    seq,
    status,
    message,
  ]);
}

export async function findRequestByUniqueNo(
  q: Queryable,
  uniqueNo: string,
  lock: boolean,
): Promise<RequestRow | undefined> {
  const { rows } = await q.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM pledge_requests WHERE unique_no = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [uniqueNo],
  );
  return rows[0];
}

/** The session client's own request by its NSDL unique number: the client is part of the lookup. */
export async function findClientRequestByUniqueNo(
  q: Queryable,
  clientId: number,
  uniqueNo: string,
): Promise<RequestRow | undefined> {
  const { rows } = await q.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM pledge_requests WHERE client_id = $1 AND unique_no = $2`,
    [clientId, uniqueNo],
  );
  return rows[0];
}

export async function findRequestByRequestNo(
  q: Queryable,
  requestNo: string,
  lock: boolean,
): Promise<RequestRow | undefined> {
  const { rows } = await q.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM pledge_requests WHERE request_no = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [requestNo],
  );
  return rows[0];
}

export async function updateRequest(
  q: Queryable,
  id: number,
  change: { status?: RequestRow['status']; message?: string; requestNo?: string },
): Promise<void> {
  await q.query(
    `UPDATE pledge_requests SET status = COALESCE($2, status), message = COALESCE($3, message),
            request_no = COALESCE($4, request_no),
            decided_at = CASE WHEN $2 IN ('SUCCESS', 'FAILED', 'UNAUTHORISED') THEN now() ELSE decided_at END,
            otp_hash = CASE WHEN $2 IN ('SUCCESS', 'FAILED', 'UNAUTHORISED') THEN NULL ELSE otp_hash END
      WHERE id = $1`,
    [id, change.status ?? null, change.message ?? null, change.requestNo ?? null],
  );
}

export async function setOtp(q: Queryable, id: number, salt: string, hash: string, ttlMinutes: number): Promise<void> {
  await q.query(
    `UPDATE pledge_requests SET otp_salt = $2, otp_hash = $3, otp_attempts = 0,
            otp_expires_at = now() + make_interval(mins => $4) WHERE id = $1`,
    [id, salt, hash, ttlMinutes],
  );
}

export async function countOtpAttempt(q: Queryable, id: number): Promise<number> {
  const { rows } = await q.query<{ otp_attempts: number }>(
    'UPDATE pledge_requests SET otp_attempts = otp_attempts + 1 WHERE id = $1 RETURNING otp_attempts',
    [id],
  );
  return rows[0]?.otp_attempts ?? 0;
}

export interface RequestOwner {
  user_id: string;
  name: string;
  mobile: string;
  email: string;
  dp_type: 'CDSL' | 'NSDL';
  dp_id: string;
  dp_account: string;
}

export async function ownerOf(q: Queryable, request: RequestRow): Promise<RequestOwner | undefined> {
  const { rows } = await q.query<RequestOwner>(
    `SELECT c.user_id, c.name, c.mobile, c.email, d.dp_type, d.dp_id, d.dp_account
       FROM clients c JOIN demat_accounts d ON d.client_id = c.id WHERE c.id = $1 AND d.id = $2`,
    [request.client_id, request.demat_account_id],
  );
  return rows[0];
}
