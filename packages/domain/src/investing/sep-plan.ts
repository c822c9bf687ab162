import { informationText } from '../messages/information.ts';
import { parseRupees } from '../money/money.ts';

/**
 * The systematic equity plan form's rules (investing.md 2 "SEP and OFS mock-ups", 9): minimum amount 500.00,
 * installments 1 to 12, weekly, fortnightly or monthly. The screen is a mock-up that makes no call, so these rules are
 * its only check. Amounts are integer paise; dates are yyyy-mm-dd calendar dates (IST).
 */

const text = informationText.sep;

export const SEP_MIN_AMOUNT_PAISE = 50_000;
/** The number input's default maximum, 9999999 rupees (investing.md 9 "Number input defaults"). */
export const SEP_MAX_AMOUNT_PAISE = 999_999_900;
export const SEP_MAX_INSTALLMENTS = 12;
export const sepFrequencies = ['WEEKLY', 'FORTNIGHTLY', 'MONTHLY'] as const;
export type SepFrequency = (typeof sepFrequencies)[number];
export const sepExchanges = ['NSE', 'BSE'] as const;
export type SepExchange = (typeof sepExchanges)[number];

export interface SepForm {
  scrip: string;
  exchange: SepExchange;
  frequency: SepFrequency;
  /** As typed, in rupees. */
  amount: string;
  installments: number;
  startDate: string;
}

export interface SepPlan {
  scrip: string;
  exchange: SepExchange;
  frequency: SepFrequency;
  amountPaise: number;
  installments: number;
  totalPaise: number;
  startDate: string;
  endDate: string;
  /** The date of every installment, the first on the start date. */
  schedule: string[];
}

export type SepField = 'scrip' | 'amount' | 'installments' | 'startDate';
export type SepCheck = { ok: true; plan: SepPlan } | { ok: false; field: SepField; message: string };

const DAY_MS = 86_400_000;

function dayOf(iso: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return utc / DAY_MS;
}

const isoOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The same day of the month `months` later, or that month's last day when it is shorter (31 Jan -> 28 Feb). */
function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Installment dates from a valid start date: every 7 or 14 days, or monthly on the start's day of the month. */
export function sepSchedule(startDate: string, frequency: SepFrequency, installments: number): string[] {
  const start = dayOf(startDate);
  if (start === null) throw new RangeError(`Not a date: ${startDate}`);
  return Array.from({ length: installments }, (_, i) => {
    switch (frequency) {
      case 'WEEKLY':
        return isoOf(start + 7 * i);
      case 'FORTNIGHTLY':
        return isoOf(start + 14 * i);
      case 'MONTHLY':
        return addMonths(startDate, i);
      default: {
        const unknown: never = frequency;
        throw new Error(`No schedule for ${String(unknown)}`);
      }
    }
  });
}

/** The form's rules in the order the fields appear; `today` is the IST date (yyyy-mm-dd). */
export function checkSepForm(form: SepForm, today: string): SepCheck {
  if (form.scrip.trim() === '') return { ok: false, field: 'scrip', message: text.errors.scrip };
  const amount = form.amount.trim();
  if (amount === '') return { ok: false, field: 'amount', message: text.errors.amount };
  // What is wrong with the amount, said plainly: not a number, too many decimals, or too large (the number input's
  // maximum, investing.md 9).
  if (!/^\d*(\.\d*)?$/.test(amount) || !/\d/.test(amount))
    return { ok: false, field: 'amount', message: text.errors.amountNumber };
  if (!/^\d*(\.\d{0,2})?$/.test(amount)) return { ok: false, field: 'amount', message: text.errors.amountFormat };
  const amountPaise = parseRupees(amount);
  if (amountPaise === null) return { ok: false, field: 'amount', message: text.errors.amountNumber };
  if (amountPaise > SEP_MAX_AMOUNT_PAISE) return { ok: false, field: 'amount', message: text.errors.amountMax };
  if (amountPaise < SEP_MIN_AMOUNT_PAISE) return { ok: false, field: 'amount', message: text.errors.amount };
  if (!Number.isInteger(form.installments) || form.installments < 1 || form.installments > SEP_MAX_INSTALLMENTS)
    return { ok: false, field: 'installments', message: text.errors.installments };
  const start = dayOf(form.startDate);
  const todayDay = dayOf(today);
  if (start === null || todayDay === null || start <= todayDay)
    return { ok: false, field: 'startDate', message: text.errors.startDate };
  const schedule = sepSchedule(form.startDate, form.frequency, form.installments);
  return {
    ok: true,
    plan: {
      scrip: form.scrip.trim(),
      exchange: form.exchange,
      frequency: form.frequency,
      amountPaise,
      installments: form.installments,
      totalPaise: amountPaise * form.installments,
      startDate: form.startDate,
      endDate: schedule[schedule.length - 1]!,
      schedule,
    },
  };
}
