import { describe, expect, it } from 'vitest';
import { checkSepForm, sepSchedule, type SepForm } from './sep-plan.ts';

const today = '2026-11-27';
const form = (change: Partial<SepForm> = {}): SepForm => ({
  scrip: 'INFY',
  exchange: 'NSE',
  frequency: 'MONTHLY',
  amount: '500',
  installments: 3,
  startDate: '2026-11-30',
  ...change,
});

describe('SEP form rules (investing.md 9: minimum 500.00, installments 1 to 12)', () => {
  it('accepts the minimum amount and works out the total and the end date', () => {
    const check = checkSepForm(form(), today);
    expect(check).toEqual({
      ok: true,
      plan: {
        scrip: 'INFY',
        exchange: 'NSE',
        frequency: 'MONTHLY',
        amountPaise: 50_000,
        installments: 3,
        totalPaise: 150_000,
        startDate: '2026-11-30',
        endDate: '2027-01-30',
        schedule: ['2026-11-30', '2026-12-30', '2027-01-30'],
      },
    });
  });

  it('refuses an amount under 500.00 by a paisa, and one with 3 decimals', () => {
    expect(checkSepForm(form({ amount: '499.99' }), today)).toMatchObject({
      ok: false,
      field: 'amount',
      message: 'Please enter an amount of at least 500.00.',
    });
    expect(checkSepForm(form({ amount: '' }), today)).toMatchObject({ ok: false, field: 'amount' });
    expect(checkSepForm(form({ amount: '600.125' }), today)).toMatchObject({
      ok: false,
      message: 'Please enter an amount with at most 2 decimals.',
    });
    expect(checkSepForm(form({ amount: '-500' }), today)).toMatchObject({ ok: false, field: 'amount' });
  });

  it('says plainly what is wrong with an amount that is not a number or is too large', () => {
    const message = (amount: string) => {
      const checked = checkSepForm(form({ amount }), today);
      return checked.ok ? 'ok' : checked.message;
    };
    for (const amount of ['abc', '-600', '1e3', '5,000', '.', '12a'])
      expect(message(amount), amount).toBe('Please enter the amount in rupees as a number, for example 1500.50.');
    expect(message('10000000000')).toBe('Please enter an amount of at most 99,99,999.00.');
    expect(message('10000000.00')).toBe('Please enter an amount of at most 99,99,999.00.');
    expect(message('9999999.00')).toBe('ok');
    expect(message('600.125')).toBe('Please enter an amount with at most 2 decimals.');
    expect(message('500.')).toBe('ok');
  });

  it('takes 1 to 12 installments and nothing else', () => {
    expect(checkSepForm(form({ installments: 1 }), today).ok).toBe(true);
    expect(checkSepForm(form({ installments: 12 }), today).ok).toBe(true);
    for (const installments of [0, 13, 2.5, Number.NaN]) {
      expect(checkSepForm(form({ installments }), today)).toMatchObject({
        ok: false,
        field: 'installments',
        message: 'Installments must be between 1 and 12.',
      });
    }
  });

  it('starts tomorrow at the earliest, on a real calendar date', () => {
    expect(checkSepForm(form({ startDate: '2026-11-28' }), today).ok).toBe(true);
    for (const startDate of [today, '2026-11-01', '2026-02-30', '']) {
      expect(checkSepForm(form({ startDate }), today)).toMatchObject({ ok: false, field: 'startDate' });
    }
  });

  it('asks for a scrip first', () => {
    expect(checkSepForm(form({ scrip: ' ' }), today)).toMatchObject({ ok: false, field: 'scrip' });
  });

  it('schedules weekly and fortnightly installments 7 and 14 days apart, monthly ones clamped to the month end', () => {
    expect(sepSchedule('2026-12-28', 'WEEKLY', 3)).toEqual(['2026-12-28', '2027-01-04', '2027-01-11']);
    expect(sepSchedule('2026-12-28', 'FORTNIGHTLY', 2)).toEqual(['2026-12-28', '2027-01-11']);
    expect(sepSchedule('2027-01-31', 'MONTHLY', 3)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(sepSchedule('2027-12-15', 'MONTHLY', 2)).toEqual(['2027-12-15', '2028-01-15']);
  });
});
