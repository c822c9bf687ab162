import { describe, expect, it } from 'vitest';
import { planText } from '../messages/plan.ts';
import {
  equityChangeMode,
  formatSubscriptionRequest,
  modeAllowed,
  parseSubscriptionRequest,
  planCharge,
  planPeriod,
  summarySentence,
} from './subscription.ts';

const DAY_MS = 86_400_000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const iso = (d: number) => new Date(d * DAY_MS).toISOString().slice(0, 10);

describe('SubscriptionReq segments (investing.md 7: planId^mode^autoRenewalFlag joined with |)', () => {
  it('formats and parses back the equity and F&O segments', () => {
    const text = formatSubscriptionRequest([
      { planId: 'EQ500', mode: 'U', autoRenew: true },
      { planId: 'FO250', mode: 'O', autoRenew: false },
    ]);
    expect(text).toBe('EQ500^U^Y|FO250^O^N');
    expect(parseSubscriptionRequest(text)).toEqual([
      { planId: 'EQ500', mode: 'U', autoRenew: true },
      { planId: 'FO250', mode: 'O', autoRenew: false },
    ]);
  });

  it.each(['', 'EQ500', 'EQ500^I', 'EQ500^X^Y', 'EQ500^I^y', 'EQ500^I^Y^1', 'EQ500^I^Y|', 'eq500^I^Y', '^I^Y'])(
    'refuses %j',
    (text) => expect(parseSubscriptionRequest(text)).toBeNull(),
  );

  it('lets the F&O plan only subscribe (I) or opt out (O)', () => {
    expect(['I', 'U', 'D', 'O', 'OI'].map((m) => modeAllowed('FO', m as 'I'))).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
    expect(['I', 'U', 'D', 'O', 'OI'].every((m) => modeAllowed('EQ', m as 'I'))).toBe(true);
  });
});

describe('equity change mode (investing.md 4)', () => {
  const p500 = { planId: 'EQ500', amount: 50_000 };
  const p999 = { planId: 'EQ999', amount: 99_900 };
  it('I for a new plan or the same amount, U higher, D lower, O when unchecked, nothing without either', () => {
    expect(equityChangeMode(null, p500)).toBe('I');
    expect(equityChangeMode(p500, p500)).toBe('I');
    expect(equityChangeMode(p500, p999)).toBe('U');
    expect(equityChangeMode(p999, p500)).toBe('D');
    expect(equityChangeMode(p500, null)).toBe('O');
    expect(equityChangeMode(null, null)).toBeNull();
  });
});

describe('plan charge with GST', () => {
  it('Rs 500 at 18% is Rs 90 GST, Rs 590 in all', () => {
    expect(planCharge(50_000, 1_800)).toEqual({ amount: 50_000, gst: 9_000, total: 59_000 });
  });
  it('rounds GST half up to the paisa: Rs 999 at 18% = 179.82; 0.05 at 18% = 0.009 -> 1 paisa', () => {
    expect(planCharge(99_900, 1_800).gst).toBe(17_982);
    expect(planCharge(5, 1_800).gst).toBe(1);
  });
});

describe('summary sentence', () => {
  it('reads no changes when nothing changes', () => {
    expect(summarySentence('none', 'none')).toBe('You have made no changes in the plan');
  });
  it('names each plan subscribed, unsubscribed or modified', () => {
    expect(summarySentence('subscribe', 'none')).toBe('You have chosen to subscribe to the Equity plan.');
    expect(summarySentence('modify', 'unsubscribe')).toBe(
      'You have chosen to modify the Equity plan and unsubscribe from the F&O plan.',
    );
    expect(summarySentence('none', 'subscribe')).toBe(planText.summary.sentence(['subscribe to the F&O plan']));
  });
});

describe('plan validity: a calendar month (IST days)', () => {
  it.each([
    ['2026-11-27', '2026-12-26', '2026-12-27'],
    ['2026-12-15', '2027-01-14', '2027-01-15'],
    ['2027-01-31', '2027-02-27', '2027-02-28'],
    ['2028-01-31', '2028-02-28', '2028-02-29'],
    ['2026-03-01', '2026-03-31', '2026-04-01'],
  ])('started %s ends %s and renews %s', (start, end, renew) => {
    const period = planPeriod(day(start));
    expect([iso(period.start), iso(period.end), iso(period.renew)]).toEqual([start, end, renew]);
  });
});
