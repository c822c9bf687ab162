import { randomBytes } from 'node:crypto';
import { type ErrorCode, tradingText } from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { inTransaction, type Db, type DbClient } from '../../db/pool.ts';
import type { Contact, Message } from '../../adapters/delivery/delivery.ts';
import { verifySecret } from '../../modules/account/password-hash.ts';
import { hashOtp, newSalt, randomDigits, sameHash } from '../../modules/account/tokens.ts';
import { holdingSellCheck } from './holdings-check.ts';

/**
 * e-DIS (trading.md 3, 4.2, 8; platform.md 3.3; market-facts.md 8): a non-POA client authorises, at the depository,
 * the debit of a quantity of a holding for sale today. Submit checks the request against the client's own demat and
 * holding and files a PENDING approval; the simulated CDSL/NSDL page (adapters/depository) takes the TPIN and decides
 * it. An approval counts for its trading day only; fills use it through holdings-check.ts.
 */

const text = tradingText.portfolio;
/** Wrong TPINs (and, after it, wrong OTPs) allowed on one request before it is refused (chosen: as the login OTP). */
export const EDIS_TPIN_ATTEMPTS = 3;

export type EdisFlag = 'F' | 'S' | 'C';

export interface EdisSubmitInput {
  dpId: string;
  clientId: string;
  symbolId: string;
  exchangeId: string;
  appKey: string;
  quantity: string | number;
}

export type EdisSubmitOutcome =
  | { ok: true; answer: { Flag: EdisFlag; Message: string; depositoryUrl?: string; requestId?: string } }
  | { ok: false; code: ErrorCode; message?: string };

/** The request's scrip: an instrument id of the exchange, or an ISIN. */
function scripOf(
  market: Market,
  symbolId: string,
  exchange: string,
): { isin: string; instrument: Instrument | null } | null {
  const instrument = market.registry.byId(symbolId);
  if (instrument && instrument.exc === exchange && instrument.instr === 'STK' && instrument.isin) {
    return { isin: instrument.isin, instrument };
  }
  return /^IN[A-Z0-9]{10}$/.test(symbolId) ? { isin: symbolId, instrument: null } : null;
}

function wholeQuantity(value: string | number): number | null {
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export async function submitEdis(
  db: Db,
  market: Market,
  session: { clientId: number; userId: string },
  input: EdisSubmitInput,
  tradingDay: string,
): Promise<EdisSubmitOutcome> {
  if (input.clientId.trim().toUpperCase() !== session.userId) return { ok: false, code: 'POR005' };
  const { rows: demats } = await db.query<{
    id: number;
    dp_type: 'CDSL' | 'NSDL';
    dp_api_status: string;
    app_key: string | null;
  }>(
    `SELECT d.id, d.dp_type, d.dp_api_status, c.non_poa_app_key AS app_key
       FROM demat_accounts d JOIN clients c ON c.id = d.client_id
      WHERE d.client_id = $1 AND d.dp_id = $2 ORDER BY d.id LIMIT 1`,
    [session.clientId, input.dpId.trim()],
  );
  const demat = demats[0];
  if (!demat || (demat.app_key !== null && demat.app_key !== input.appKey)) return { ok: false, code: 'POR005' };
  // trading.md 8: dpApiStatus N -> 'Api Status' dialog with the depository's message.
  if (demat.dp_api_status === 'N') {
    return {
      ok: true,
      answer: { Flag: 'F', Message: demat.dp_type === 'NSDL' ? tradingText.edis.nsdlDown : tradingText.edis.cdslDown },
    };
  }
  const scrip = scripOf(market, input.symbolId.trim(), input.exchangeId);
  if (!scrip) return { ok: false, code: 'POR002' };
  const { rows: holdings } = await db.query<{ symbol: string; exchange: string; poa_free: boolean }>(
    'SELECT symbol, exchange, poa_free FROM holdings WHERE client_id = $1 AND isin = $2',
    [session.clientId, scrip.isin],
  );
  const holding = holdings[0];
  if (!holding) return { ok: false, code: 'POR002' };
  if (!holding.poa_free) return { ok: false, code: 'POR003' };
  const quantity = wholeQuantity(input.quantity);
  const check = await holdingSellCheck(db, market, session.clientId, scrip.isin, tradingDay);
  const open = Math.max(check.freeQty - check.edisApprovedQty, 0);
  if (quantity === null || quantity > open) return { ok: false, code: 'POR004' };

  const requestNo = randomBytes(16).toString('hex');
  await db.query(
    `INSERT INTO edis_approvals (client_id, isin, symbol, exchange, request_no, quantity, status, trading_day, dp_type)
     VALUES ($1, $2, $3, $4, $5, $6, 'PENDING', $7::date, $8)`,
    [
      session.clientId,
      scrip.isin,
      holding.symbol,
      scrip.instrument?.exc ?? holding.exchange,
      requestNo,
      quantity,
      tradingDay,
      demat.dp_type,
    ],
  );
  return {
    ok: true,
    answer: {
      Flag: 'S',
      Message: text.edisRedirect(demat.dp_type),
      depositoryUrl: depositoryPath(requestNo),
      requestId: requestNo,
    },
  };
}

export function depositoryPath(requestNo: string): string {
  return `/depository/edis/${requestNo}`;
}

export interface EdisRequestView {
  requestNo: string;
  dpType: 'CDSL' | 'NSDL';
  symbol: string;
  exchange: string;
  isin: string;
  quantity: number;
  status: string;
  tradingDay: string;
  clientName: string;
  /** What the page asks for next: the TPIN, then the OTP sent after it. */
  stage: 'tpin' | 'otp';
  flag: EdisFlag | null;
  message: string;
}

interface EdisRow {
  id: number;
  client_id: number;
  request_no: string;
  dp_type: 'CDSL' | 'NSDL';
  symbol: string;
  exchange: string;
  isin: string;
  quantity: number;
  status: string;
  trading_day: string;
  tpin_attempts: number;
  tpin_verified: boolean;
  otp_salt: string | null;
  otp_hash: string | null;
  otp_expired: boolean;
  otp_attempts: number;
  answer_flag: EdisFlag | null;
  answer_message: string;
  name: string;
  user_id: string;
  mobile: string;
  email: string;
  tpin_hash: string;
}

async function loadRequest(q: Db | DbClient, requestNo: string, lock: boolean): Promise<EdisRow | undefined> {
  const { rows } = await q.query<EdisRow>(
    `SELECT e.id, e.client_id, e.request_no, e.dp_type, e.symbol, e.exchange, e.isin, e.quantity, e.status,
            to_char(e.trading_day, 'YYYY-MM-DD') AS trading_day, e.tpin_attempts, e.tpin_verified_at IS NOT NULL AS tpin_verified,
            e.otp_salt, e.otp_hash, COALESCE(e.otp_expires_at <= now(), false) AS otp_expired, e.otp_attempts,
            e.answer_flag, e.answer_message, c.name, c.user_id, c.mobile, c.email, c.tpin_hash
       FROM edis_approvals e JOIN clients c ON c.id = e.client_id WHERE e.request_no = $1 ${lock ? 'FOR UPDATE OF e' : ''}`,
    [requestNo],
  );
  return rows[0];
}

function viewOf(r: EdisRow): EdisRequestView {
  return {
    requestNo: r.request_no,
    dpType: r.dp_type,
    symbol: r.symbol,
    exchange: r.exchange,
    isin: r.isin,
    quantity: r.quantity,
    status: r.status,
    tradingDay: r.trading_day,
    clientName: r.name,
    stage: r.tpin_verified ? 'otp' : 'tpin',
    flag: r.answer_flag,
    message: r.answer_message,
  };
}

/** The request as the depository page shows it (the request number is the page's unguessable handle). */
export async function edisRequest(db: Db, requestNo: string): Promise<EdisRequestView | null> {
  if (!/^[0-9a-f]{32}$/.test(requestNo)) return null;
  const row = await loadRequest(db, requestNo, false);
  return row ? viewOf(row) : null;
}

export type EdisDecision =
  | { kind: 'not-found' }
  | { kind: 'retry'; request: EdisRequestView; message: string }
  | { kind: 'answered'; request: EdisRequestView; Flag: EdisFlag; Message: string };

export type EdisAction = { action: 'cancel' } | { action: 'approve'; tpin: string } | { action: 'otp'; otp: string };

/** Sends the depository's OTP to the client's registered mobile and e-mail. */
export type EdisOtpSender = (contact: Contact, message: Message) => Promise<void>;

/** Digits of the depository OTP, and how long it lasts (market-facts.md 8: about 10 minutes). */
export const EDIS_OTP_DIGITS = 6;
export const EDIS_OTP_TTL_MINUTES = 10;

/**
 * The client's answers on the depository page: the TPIN (checked against the client's TPIN hash), then the OTP the
 * depository sends (market-facts.md 8), or cancel. S approves the quantity for the request's trading day; C is a
 * cancel; F a failure (TPIN or OTP attempts used up, the OTP or the day over, or the holding no longer free).
 */
export async function decideEdis(
  db: Db,
  market: Market,
  requestNo: string,
  answer: EdisAction,
  tradingDay: string,
  sendOtp: EdisOtpSender,
): Promise<EdisDecision> {
  if (!/^[0-9a-f]{32}$/.test(requestNo)) return { kind: 'not-found' };
  return inTransaction(db, async (tx) => {
    const row = await loadRequest(tx, requestNo, true);
    if (!row) return { kind: 'not-found' } as const;
    const finish = async (status: string, flag: EdisFlag, message: string): Promise<EdisDecision> => {
      await tx.query(
        `UPDATE edis_approvals SET status = $2, answer_flag = $3, answer_message = $4, decided_at = now(), otp_hash = NULL,
                approved_at = CASE WHEN $2 = 'APPROVED' THEN now() ELSE approved_at END
          WHERE id = $1`,
        [row.id, status, flag, message],
      );
      return { kind: 'answered', request: { ...viewOf(row), status, flag, message }, Flag: flag, Message: message };
    };
    if (row.status !== 'PENDING') {
      return { kind: 'answered', request: viewOf(row), Flag: row.answer_flag ?? 'F', Message: text.edisAlreadyDecided };
    }
    if (row.trading_day !== tradingDay) return finish('EXPIRED', 'F', text.edisExpired);
    if (answer.action === 'cancel') return finish('REJECTED', 'C', text.edisCancelled);

    if (answer.action === 'approve') {
      if (row.tpin_verified) return { kind: 'retry', request: viewOf(row), message: '' };
      if (!/^\d{4,6}$/.test(answer.tpin) || !(await verifySecret(row.tpin_hash, answer.tpin))) {
        const attempts = row.tpin_attempts + 1;
        await tx.query('UPDATE edis_approvals SET tpin_attempts = $2 WHERE id = $1', [row.id, attempts]);
        if (attempts >= EDIS_TPIN_ATTEMPTS) return finish('REJECTED', 'F', text.edisTpinLocked);
        return { kind: 'retry', request: viewOf(row), message: text.edisWrongTpin(EDIS_TPIN_ATTEMPTS - attempts) };
      }
      const code = randomDigits(EDIS_OTP_DIGITS);
      const salt = newSalt();
      await tx.query(
        `UPDATE edis_approvals SET tpin_verified_at = now(), otp_salt = $2, otp_hash = $3, otp_attempts = 0,
                otp_expires_at = now() + make_interval(mins => $4) WHERE id = $1`,
        [row.id, salt, hashOtp(salt, code), EDIS_OTP_TTL_MINUTES],
      );
      await sendOtp(
        { clientId: row.client_id, userId: row.user_id, mobile: row.mobile, email: row.email },
        { subject: text.edisOtpSubject, body: text.edisOtpBody(code, row.quantity, row.symbol), otp: code },
      );
      return { kind: 'retry', request: { ...viewOf(row), stage: 'otp' }, message: '' };
    }

    if (!row.tpin_verified || !row.otp_salt || !row.otp_hash)
      return { kind: 'retry', request: viewOf(row), message: '' };
    if (row.otp_expired) return finish('REJECTED', 'F', text.edisOtpExpired);
    if (!/^\d+$/.test(answer.otp) || !sameHash(hashOtp(row.otp_salt, answer.otp), row.otp_hash)) {
      const attempts = row.otp_attempts + 1;
      await tx.query('UPDATE edis_approvals SET otp_attempts = $2 WHERE id = $1', [row.id, attempts]);
      if (attempts >= EDIS_TPIN_ATTEMPTS) return finish('REJECTED', 'F', text.edisOtpLocked);
      return { kind: 'retry', request: viewOf(row), message: text.edisWrongOtp(EDIS_TPIN_ATTEMPTS - attempts) };
    }
    // The holding may have been sold or pledged since the request was filed.
    const check = await holdingSellCheck(tx, market, row.client_id, row.isin, tradingDay);
    if (row.quantity > Math.max(check.freeQty - check.edisApprovedQty, 0)) {
      return finish('REJECTED', 'F', tradingText.orderEntry.invalidQuantity);
    }
    return finish('APPROVED', 'S', text.edisApproved(row.quantity, row.symbol));
  });
}
