import { randomBytes } from 'node:crypto';
import { pledgeText, sharesOfNsdlQuantity } from '@kite/domain';
import type { Market } from '@kite/exchange';
import { type Db, inTransaction } from '../../db/pool.ts';
import type { Contact, Message } from '../../adapters/delivery/delivery.ts';
import { hashOtp, newSalt, randomDigits, sameHash } from '../account/tokens.ts';
import { applyPledge } from './pledge-apply.ts';
import * as repo from './pledge.repo.ts';
import type { PledgeService } from './pledge.service.ts';

/**
 * The simulated depository's side of a margin pledge (market-facts.md 8): the NSDL gateway's form intake, then, for
 * NSDL and CDSL alike, a page that sends an OTP to the client's registered mobile and e-mail and applies the pledge
 * when it is entered. The page's handle is the request's random 128-bit number; the OTP is its authorisation.
 */

const text = pledgeText.gateway;
export const PLEDGE_OTP_DIGITS = 6;
export const PLEDGE_OTP_TTL_MINUTES = 10;
export const PLEDGE_OTP_ATTEMPTS = 3;

export interface GatewayView {
  requestNo: string;
  dpType: 'CDSL' | 'NSDL';
  reference: string;
  clientName: string;
  dematAcc: string;
  status: repo.RequestRow['status'];
  message: string;
  /** What the page asks for next: to send the OTP, then the OTP. */
  stage: 'send' | 'otp';
  items: { symbol: string; isinName: string; isin: string; quantity: number; message: string }[];
}

async function viewOf(db: Db | Parameters<typeof repo.itemsOf>[0], row: repo.RequestRow): Promise<GatewayView | null> {
  const owner = await repo.ownerOf(db, row);
  if (!owner || !row.request_no) return null;
  const items = await repo.itemsOf(db, row.id);
  return {
    requestNo: row.request_no,
    dpType: owner.dp_type,
    reference: row.unique_no ? `${row.source}${row.unique_no}` : row.request_no.slice(0, 12).toUpperCase(),
    clientName: owner.name,
    dematAcc: owner.dp_account,
    status: row.status,
    message: row.message,
    stage: row.otp_hash ? 'otp' : 'send',
    items: items.map((i) => ({
      symbol: i.symbol,
      isinName: i.isin_name,
      isin: i.isin,
      quantity: i.quantity,
      message: i.message,
    })),
  };
}

const isRequestNo = (value: string): boolean => /^[0-9a-f]{32}$/.test(value);

export async function gatewayRequest(db: Db, requestNo: string): Promise<GatewayView | null> {
  if (!isRequestNo(requestNo)) return null;
  const row = await repo.findRequestByRequestNo(db, requestNo, false);
  return row ? viewOf(db, row) : null;
}

export type NsdlIntake =
  | { kind: 'not-found' }
  | { kind: 'unauthorised' }
  | { kind: 'failed'; message: string }
  | { kind: 'page'; requestNo: string };

interface NsdlSecurityForm {
  seqNo?: unknown;
  isin?: unknown;
  quantity?: unknown;
}

/**
 * The NSDL gateway's form (investing.md 7): the request reference must be one the broker issued (source letter and
 * unique number) and still NEW; clientId, dpId and dematAcc must be that request's client and demat, else the
 * request is UNAUTHORISED. The securities are checked as the broker would (free less pending) and kept PENDING.
 */
export async function nsdlFormIntake(
  db: Db,
  service: PledgeService,
  form: Record<string, string>,
): Promise<NsdlIntake> {
  const reference = form.requestReference ?? '';
  const match = /^([WP])(\d{1,20})$/.exec(reference);
  if (!match) return { kind: 'not-found' };
  const source = match[1] as 'W' | 'P';
  const uniqueNo = match[2]!;
  return inTransaction(db, async (tx): Promise<NsdlIntake> => {
    const row = await repo.findRequestByUniqueNo(tx, uniqueNo, true);
    if (!row || row.channel !== 'NSDL' || row.status !== 'NEW') return { kind: 'not-found' };
    const owner = await repo.ownerOf(tx, row);
    if (
      !owner ||
      (form.clientId ?? '').trim().toUpperCase() !== owner.user_id ||
      form.dpId !== owner.dp_id ||
      form.dematAcc !== owner.dp_account
    ) {
      await repo.updateRequest(tx, row.id, { status: 'UNAUTHORISED', message: text.unauthorised });
      return { kind: 'unauthorised' };
    }
    const fail = async (message: string): Promise<NsdlIntake> => {
      await repo.updateRequest(tx, row.id, { status: 'FAILED', message });
      return { kind: 'failed', message };
    };
    let securities: NsdlSecurityForm[];
    try {
      const parsed: unknown = JSON.parse(form.secDtls ?? '');
      if (!Array.isArray(parsed)) return fail(pledgeText.depository.nsdlUnreadable);
      securities = parsed as NsdlSecurityForm[];
    } catch {
      return fail(pledgeText.depository.nsdlUnreadable);
    }
    if (securities.length === 0 || String(securities.length) !== form.noOfSecurities) {
      return fail(pledgeText.depository.nsdlUnreadable);
    }
    const items: { isin: string; quantity: number }[] = [];
    for (const [i, s] of securities.entries()) {
      const shares = typeof s.quantity === 'string' ? sharesOfNsdlQuantity(s.quantity) : null;
      if (s.seqNo !== `${uniqueNo}${i + 1}` || typeof s.isin !== 'string' || shares === null) {
        return fail(pledgeText.depository.nsdlUnreadable);
      }
      items.push({ isin: s.isin, quantity: shares });
    }
    const demat = await repo.findDemat(tx, row.client_id, owner.dp_account);
    if (!demat) return { kind: 'not-found' };
    const lines = await service.linesOf(row.client_id, demat, 'PLEDGE', items);
    if (!lines.ok) return fail(lines.message);
    const requestNo = randomBytes(16).toString('hex');
    await repo.insertItems(tx, row.id, lines.data);
    await tx.query('UPDATE pledge_requests SET source = $2 WHERE id = $1', [row.id, source]);
    await repo.updateRequest(tx, row.id, { status: 'PENDING', requestNo });
    return { kind: 'page', requestNo };
  });
}

export type GatewayAction = { action: 'send' } | { action: 'otp'; otp: string } | { action: 'cancel' };

export type GatewayDecision =
  | { kind: 'not-found' }
  | { kind: 'retry'; view: GatewayView; message: string }
  | { kind: 'answered'; view: GatewayView; approved: boolean; message: string };

export type PledgeOtpSender = (contact: Contact, message: Message) => Promise<void>;

/** The client's answers on the gateway page: send the OTP, enter it (the pledge is applied), or cancel. */
export async function decideGateway(
  db: Db,
  market: Market,
  requestNo: string,
  answer: GatewayAction,
  tradingDay: string,
  sendOtp: PledgeOtpSender,
): Promise<GatewayDecision> {
  if (!isRequestNo(requestNo)) return { kind: 'not-found' };
  return inTransaction(db, async (tx): Promise<GatewayDecision> => {
    const row = await repo.findRequestByRequestNo(tx, requestNo, true);
    const view = row ? await viewOf(tx, row) : null;
    if (!row || !view) return { kind: 'not-found' };
    const finish = async (status: 'SUCCESS' | 'FAILED', message: string, lineMessages: string[] = []) => {
      await repo.updateRequest(tx, row.id, { status, message });
      for (const i of view.items.keys()) {
        const line = lineMessages[i] ?? '';
        await repo.setItemOutcome(tx, row.id, i + 1, status === 'SUCCESS' ? 'SUCCESS' : 'FAILED', line || message);
      }
      const decided = await repo.findRequestByRequestNo(tx, requestNo, false);
      const after = decided ? await viewOf(tx, decided) : null;
      return { kind: 'answered', view: after ?? view, approved: status === 'SUCCESS', message } as const;
    };
    if (row.status !== 'PENDING') {
      return { kind: 'answered', view, approved: row.status === 'SUCCESS', message: text.alreadyDecided };
    }
    if (answer.action === 'cancel') return finish('FAILED', text.cancelled);
    if (row.stale) return finish('FAILED', text.requestExpired);
    const owner = await repo.ownerOf(tx, row);
    if (!owner) return { kind: 'not-found' };

    if (answer.action === 'send') {
      const code = randomDigits(PLEDGE_OTP_DIGITS);
      const salt = newSalt();
      await repo.setOtp(tx, row.id, salt, hashOtp(salt, code), PLEDGE_OTP_TTL_MINUTES);
      await sendOtp(
        { clientId: row.client_id, userId: owner.user_id, mobile: owner.mobile, email: owner.email },
        { subject: text.otpSubject, body: text.otpBody(code, view.items.length), otp: code },
      );
      return { kind: 'retry', view: { ...view, stage: 'otp' }, message: text.otpSent };
    }

    if (!row.otp_salt || !row.otp_hash) return { kind: 'retry', view, message: '' };
    if (row.otp_expired) return finish('FAILED', text.otpExpired);
    if (!/^\d+$/.test(answer.otp) || !sameHash(hashOtp(row.otp_salt, answer.otp), row.otp_hash)) {
      const attempts = await repo.countOtpAttempt(tx, row.id);
      if (attempts >= PLEDGE_OTP_ATTEMPTS) return finish('FAILED', text.otpLocked);
      return { kind: 'retry', view, message: text.wrongOtp(PLEDGE_OTP_ATTEMPTS - attempts) };
    }
    const lines = view.items.map((i) => ({ isin: i.isin, quantity: i.quantity }));
    const outcome = await applyPledge(tx, market, row.client_id, row.demat_account_id, lines, tradingDay);
    if (!outcome.ok) return finish('FAILED', pledgeText.depository.failedWithDetails, outcome.lineMessages);
    return finish('SUCCESS', text.approved);
  });
}
