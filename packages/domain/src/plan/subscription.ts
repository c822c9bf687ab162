import { mulDivRound } from '../money/decimal.ts';
import { planText } from '../messages/plan.ts';

/**
 * My Trading Plan rules shared by the screen and the server (investing.md 4 "Trading plan flow", 7, 9).
 * A SubscriptionReq's planId carries segments planId^mode^autoRenewalFlag joined with '|'.
 */

export type PlanSegment = 'EQ' | 'FO';
export const EQUITY_PLAN_MODES = ['I', 'U', 'D', 'O', 'OI'] as const;
export const FNO_PLAN_MODES = ['I', 'O'] as const;
export type PlanMode = (typeof EQUITY_PLAN_MODES)[number];

export interface PlanChoice {
  planId: string;
  mode: PlanMode;
  autoRenew: boolean;
}

const PLAN_ID = /^[A-Z0-9]{1,16}$/;
const MODES: readonly string[] = EQUITY_PLAN_MODES;

export function formatSubscriptionRequest(choices: readonly PlanChoice[]): string {
  return choices.map((c) => `${c.planId}^${c.mode}^${c.autoRenew ? 'Y' : 'N'}`).join('|');
}

/** The segments of a SubscriptionReq, or null when any is not planId^mode^Y|N (the segment of each plan is the server's). */
export function parseSubscriptionRequest(text: string): PlanChoice[] | null {
  if (text === '') return null;
  const choices: PlanChoice[] = [];
  for (const part of text.split('|')) {
    const [planId, mode, flag, ...rest] = part.split('^');
    if (rest.length > 0 || planId === undefined || mode === undefined || flag === undefined) return null;
    if (!PLAN_ID.test(planId) || !MODES.includes(mode) || (flag !== 'Y' && flag !== 'N')) return null;
    choices.push({ planId, mode: mode as PlanMode, autoRenew: flag === 'Y' });
  }
  return choices;
}

/** Whether a mode is one the segment has (F&O plans are only subscribed, I, or left, O). */
export function modeAllowed(segment: PlanSegment, mode: PlanMode): boolean {
  return segment === 'EQ' || (FNO_PLAN_MODES as readonly string[]).includes(mode);
}

export interface PlanRef {
  planId: string;
  /** Paise. */
  amount: number;
}

/**
 * The change mode of the equity plan from the current plan and the chosen one (investing.md 4): none chosen with a
 * plan is O, a new or same-amount plan I, a higher amount U, a lower D; null when there is nothing to send.
 */
export function equityChangeMode(current: PlanRef | null, chosen: PlanRef | null): PlanMode | null {
  if (!chosen) return current ? 'O' : null;
  if (!current || chosen.amount === current.amount) return 'I';
  return chosen.amount > current.amount ? 'U' : 'D';
}

/** GST in hundredths of a percent (1800 = 18%): the amount, GST rounded half up to the paisa, and their total. */
export function planCharge(amountPaise: number, gstHundredths: number): { amount: number; gst: number; total: number } {
  const gst = mulDivRound(amountPaise, gstHundredths, 10_000);
  return { amount: amountPaise, gst, total: amountPaise + gst };
}

export type SegmentChange = 'subscribe' | 'unsubscribe' | 'modify' | 'none';

/** The review's summary sentence (investing.md 4): 'You have made no changes in the plan' when nothing changes. */
export function summarySentence(equity: SegmentChange, fno: SegmentChange): string {
  const t = planText.summary;
  const parts: string[] = [];
  for (const [change, plan] of [
    [equity, t.equity],
    [fno, t.fno],
  ] as const) {
    if (change !== 'none') parts.push(t[change](plan));
  }
  return parts.length === 0 ? planText.review.noChanges : t.sentence(parts);
}

const DAY_MS = 86_400_000;

/**
 * The validity of a plan started on IST day `startDay` (days since 1970-01-01): a calendar month, to the day before the
 * same date next month (the 31st runs to the day before the next month's last day when that month is shorter);
 * it renews on the day after its end.
 */
export function planPeriod(startDay: number): { start: number; end: number; renew: number } {
  const start = new Date(startDay * DAY_MS);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + 1;
  const lastOfNext = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const renew = Date.UTC(year, month, Math.min(start.getUTCDate(), lastOfNext)) / DAY_MS;
  return { start: startDay, end: renew - 1, renew };
}
