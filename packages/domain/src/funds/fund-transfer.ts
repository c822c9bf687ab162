import { parseRupees } from '../money/money.ts';

/** Rs 1: the smallest pay-in or pay-out. */
export const MIN_TRANSFER_PAISE = 100;
/** Rs 10 crore: the most one pay-in (and all of one day's pay-ins together) may bring in. */
export const MAX_PAYIN_PER_DAY_PAISE = 10_000_000_000;
/** Rs 10 crore: the most one pay-out request may take out (the withdrawable balance usually limits it first). */
export const MAX_PAYOUT_PAISE = 10_000_000_000;

/**
 * The day's pay-out run: pay-outs requested before 18:00 IST on a trading day are paid to the bank by that evening's
 * run (chosen: brokers publish such a cut-off; the spec names none). Minutes after IST midnight.
 */
export const PAYOUT_RUN_IST_MINUTE = 18 * 60;

/** The pay-out run's time as the client reads it: "6:00 PM". */
export function payOutRunTimeText(minuteOfDay: number = PAYOUT_RUN_IST_MINUTE): string {
  const hour = Math.floor(minuteOfDay / 60);
  const minute = String(minuteOfDay % 60).padStart(2, '0');
  return `${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}
/** A pay-in whose payment page is left open this long is failed by the gateway, releasing nothing (chosen). */
export const PAYIN_TIMEOUT_MS = 15 * 60_000;

export const payInModes = ['UPI', 'NETBANKING'] as const;
export type PayInMode = (typeof payInModes)[number];

export type AmountCheck =
  | { ok: true; paise: number }
  | { ok: false; reason: 'required' | 'invalid' | 'too-small' | 'too-large'; limitPaise?: number };

/** A typed rupee amount ("1,00,000.50" allowed) within [min, max] paise; integer paise, no floating point. */
export function checkTransferAmount(input: string, maxPaise: number, minPaise = MIN_TRANSFER_PAISE): AmountCheck {
  const text = input.replaceAll(',', '').trim();
  if (text === '') return { ok: false, reason: 'required' };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { ok: false, reason: 'invalid' };
  const paise = parseRupees(text);
  if (paise === null) return { ok: false, reason: 'invalid' };
  if (paise < minPaise) return { ok: false, reason: 'too-small', limitPaise: minPaise };
  if (paise > maxPaise) return { ok: false, reason: 'too-large', limitPaise: maxPaise };
  return { ok: true, paise };
}

/** Only the last four digits of a bank account leave the server. */
export function maskBankAccount(account: string): string {
  return `XXXXXXXX${account.slice(-4)}`;
}

export interface WithdrawableInputs {
  ledger: number;
  blocked: number;
  used: number;
  /**
   * Credits the exchange has not yet paid (it settles at T+1): today's delivery sale proceeds and today's net realised
   * profit of intraday and F&O trades (a net loss is already out of the ledger).
   */
  unsettledCredits: number;
  /** The net unrealised loss of open margin positions at the live price: owed, though not yet in the ledger. */
  unrealisedLoss: number;
}

/**
 * Cash the client may take out: the ledger less what margin holds (blocked by orders and pending pay-outs, used by
 * positions), less credits not yet settled and less the loss open positions carry; pledged collateral is margin only,
 * never cash, and an unrealised profit is never cash either. Never below zero.
 */
export function withdrawablePaise(f: WithdrawableInputs): number {
  return Math.max(0, f.ledger - f.blocked - f.used - f.unsettledCredits - f.unrealisedLoss);
}
