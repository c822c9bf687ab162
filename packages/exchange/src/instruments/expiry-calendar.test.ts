import { describe, expect, it } from 'vitest';
import { daysFromCivil, isoDate } from '../clock/ist.ts';
import { TradingCalendar } from '../clock/trading-calendar.ts';
import {
  commodityExpiries,
  currencyExpiries,
  monthlyCode,
  monthlyExpiries,
  weeklyCode,
  weeklyExpiries,
} from './expiry-calendar.ts';

const today = daysFromCivil(2026, 11, 20); // a Friday
const plain = new TradingCalendar();

describe('expiries roll with the trading date (market-facts 3.2)', () => {
  it('lists NIFTY weekly Tuesdays and NSE monthly last Tuesdays', () => {
    expect(weeklyExpiries(today, 2, 3, plain).map(isoDate)).toEqual(['2026-11-24', '2026-12-01', '2026-12-08']);
    expect(monthlyExpiries(today, 2, 3, plain).map(isoDate)).toEqual(['2026-11-24', '2026-12-29', '2027-01-26']);
    expect(monthlyExpiries(today, 4, 1, plain).map(isoDate)).toEqual(['2026-11-26']);
  });

  it('moves an expiry on a holiday to the previous trading day and drops passed ones', () => {
    const calendar = new TradingCalendar([daysFromCivil(2026, 11, 24)]);
    expect(weeklyExpiries(today, 2, 2, calendar).map(isoDate)).toEqual(['2026-11-23', '2026-12-01']);
    const after = daysFromCivil(2026, 11, 25);
    expect(monthlyExpiries(after, 2, 1, plain).map(isoDate)).toEqual(['2026-12-29']);
  });

  it('expires currency futures two working days before the last business day', () => {
    // Last business day of November 2026 is Monday the 30th; two working days earlier is Thursday the 26th.
    expect(currencyExpiries(today, 2, plain).map(isoDate)).toEqual(['2026-11-26', '2026-12-29']);
  });

  it('expires MCX gold on the 5th of even months', () => {
    expect(commodityExpiries(today, 2, plain, 5, [2, 4, 6, 8, 10, 12]).map(isoDate)).toEqual([
      '2026-12-04',
      '2027-02-05',
    ]);
  });

  it('writes contract codes like the exchange', () => {
    expect(monthlyCode(daysFromCivil(2026, 11, 24))).toBe('26NOV');
    expect(weeklyCode(daysFromCivil(2026, 12, 1))).toBe('26D01');
    expect(weeklyCode(daysFromCivil(2027, 1, 5))).toBe('27105');
  });
});
