import { pledgeText } from '../messages/pledge.ts';
import { mulDivRound } from '../money/decimal.ts';
import { EQUITY_INTRADAY_BP, FULL_VALUE_BP } from './margin-rates.ts';

/**
 * Rules of exchange pledge and depository pledge (investing.md 5 "Exchange pledge", "Depository pledge", 9), shared by
 * the screens and the server. Quantities are whole shares.
 */

/** Exchange segments a pledged security can be marked for (investing.md 7). */
export const exchangeSegments = ['CM', 'FO', 'CDS'] as const;
export type ExchangeSegment = (typeof exchangeSegments)[number];

/** investing.md 7: NSE or BSE map to CM, NFO to FO, CDS to CDS, ALL to ALL; anything else is no segment. */
export function exchangeSegmentCode(segment: string): ExchangeSegment | 'ALL' | null {
  switch (segment.trim().toUpperCase()) {
    case 'NSE':
    case 'BSE':
    case 'CM':
      return 'CM';
    case 'NFO':
    case 'FO':
      return 'FO';
    case 'CDS':
      return 'CDS';
    case 'ALL':
      return 'ALL';
    default:
      return null;
  }
}

/** investing.md 9: NSDL polling every 2 s, at most 15 waiting polls or 10 error polls. */
export const NSDL_POLL_MS = 2000;
export const NSDL_MAX_WAITING_POLLS = 15;
export const NSDL_MAX_ERROR_POLLS = 10;
/** investing.md 9: NSDL quantity is sent times 1000; CDSL value is fixed '10'. */
export const NSDL_QUANTITY_FACTOR = 1000;
export const CDSL_SECURITY_VALUE = '10';

export type PledgeSource = 'W' | 'P';

export interface ExchangePledgeLine {
  symbol: string;
  /** Free for this tab: re-pledgeable quantity on pledge, exchange-pledged quantity on unpledge. */
  freeQty: number;
  selected: boolean;
  /** Entered quantity per segment. */
  segments: readonly { name: string; quantity: number }[];
}

export const segmentTotal = (segments: readonly { quantity: number }[]): number =>
  segments.reduce((sum, s) => sum + s.quantity, 0);

/**
 * investing.md 5 "Exchange pledge": nothing selected, a selected symbol whose segment total is 0, or a total above
 * its free quantity. Answers the first message, or null when the submit may go.
 */
export function checkExchangePledge(lines: readonly ExchangePledgeLine[]): string | null {
  const chosen = lines.filter((l) => l.selected);
  if (chosen.length === 0) return pledgeText.exchange.selectSymbol;
  for (const line of chosen) {
    if (line.segments.some((s) => !Number.isSafeInteger(s.quantity) || s.quantity < 0)) {
      return pledgeText.exchange.quantityZero;
    }
    const total = segmentTotal(line.segments);
    if (total === 0) return pledgeText.exchange.quantityZero;
    if (total > line.freeQty) return pledgeText.exchange.totalOverFree(total, line.freeQty);
  }
  return null;
}

/** investing.md 5 "Depository pledge": a pledge row's quantity against what may still be pledged. */
export function checkPledgeQuantity(quantity: number, toBePledged: number): string | null {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) return pledgeText.depository.quantityZero;
  if (quantity > toBePledged) return pledgeText.depository.overToBePledged;
  return null;
}

/** investing.md 5 "Depository pledge": an unpledge row's requested quantity against the pledged quantity shown. */
export function checkUnpledgeQuantity(quantity: number, pledged: number): string | null {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) return pledgeText.depository.quantityZero;
  if (quantity > pledged) return pledgeText.depository.reqOver(pledged);
  return null;
}

/** investing.md 4: the request reference kept in session, the source letter (W web, P mobile) and the unique number. */
export function pledgeRequestReference(source: PledgeSource, uniqueNo: string): string {
  return `${source}${uniqueNo}`;
}

export interface PledgeSecurity {
  symbol: string;
  isin: string;
  isinName: string;
  quantity: number;
}

export interface NsdlSecurityDetail {
  seqNo: string;
  isin: string;
  isinName: string;
  quantity: string;
  lockInReasonCode: '';
  lockInReleaseDate: '';
}

/** investing.md 3: seqNo is the unique number followed by the 1-based index; quantity times 1000 as text. */
export function nsdlSecurityDetails(uniqueNo: string, securities: readonly PledgeSecurity[]): NsdlSecurityDetail[] {
  return securities.map((s, i) => ({
    seqNo: `${uniqueNo}${i + 1}`,
    isin: s.isin,
    isinName: s.isinName,
    quantity: String(s.quantity * NSDL_QUANTITY_FACTOR),
    lockInReasonCode: '',
    lockInReleaseDate: '',
  }));
}

export interface CdslSecurityDetail {
  symbol: string;
  isin: string;
  value: typeof CDSL_SECURITY_VALUE;
  quantity: string;
}

export function cdslSecurityDetails(securities: readonly PledgeSecurity[]): CdslSecurityDetail[] {
  return securities.map((s) => ({
    symbol: s.symbol,
    isin: s.isin,
    value: CDSL_SECURITY_VALUE,
    quantity: String(s.quantity),
  }));
}

/** NSDL quantity text back to shares; null unless a whole positive number of shares times 1000. */
export function sharesOfNsdlQuantity(text: string): number | null {
  if (!/^\d{1,15}$/.test(text)) return null;
  const units = Number(text);
  if (units <= 0 || units % NSDL_QUANTITY_FACTOR !== 0) return null;
  return units / NSDL_QUANTITY_FACTOR;
}

export type NsdlPollOutcome = 'success' | 'unauthorised' | 'failed' | 'waiting';

/** investing.md 4: status equal to the own reference is success; UNAUTHORISED; FAILED; NOT_FOUND or empty waits. */
export function nsdlPollOutcome(pledgeStatus: string, ownReference: string): NsdlPollOutcome {
  if (pledgeStatus !== '' && pledgeStatus === ownReference) return 'success';
  if (pledgeStatus === 'UNAUTHORISED') return 'unauthorised';
  if (pledgeStatus === 'FAILED') return 'failed';
  return 'waiting';
}

/** investing.md 9: the phone mask hides the first 5 characters. */
export function maskPhone(phone: string): string {
  return `${'*'.repeat(Math.min(5, phone.length))}${phone.slice(5)}`;
}

/**
 * Haircut on pledged shares' value before it counts as collateral margin (market-facts.md 5, 8: VaR-based plus a
 * broker buffer). One rate is chosen for every stock: 20%, the equity VaR + ELM floor (EQUITY_INTRADAY_BP).
 */
export const PLEDGE_HAIRCUT_BP = EQUITY_INTRADAY_BP;

/** Collateral margin of `quantity` shares at `pricePaise`: value less the haircut, in paise (half-up). */
export function collateralAfterHaircut(quantity: number, pricePaise: number): number {
  return mulDivRound(quantity * pricePaise, FULL_VALUE_BP - PLEDGE_HAIRCUT_BP, FULL_VALUE_BP);
}
