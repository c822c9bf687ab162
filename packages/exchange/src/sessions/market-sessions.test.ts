import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/clock.ts';
import { daysFromCivil, istDateTime, istInstant } from '../clock/ist.ts';
import { TradingCalendar } from '../clock/trading-calendar.ts';
import { marketStatus, marketStatusAt, nextSessionDay, sessionWindows, usDaylightSaving } from './market-sessions.ts';

const friday = daysFromCivil(2026, 11, 20);
const real = { mode: 'real' as const };

describe('market sessions (market-facts 2)', () => {
  it('walks NSE equity through pre-open, continuous trading, post-close and closed', () => {
    const status = (h: number, m: number) => marketStatusAt('NSE', istInstant(friday, h, m), real);
    expect(status(8, 59)).toMatchObject({ status: 'closed', nextStatus: 'pre-open' });
    expect(istDateTime(status(8, 59).nextChange!)).toBe('2026-11-20 09:00:00');
    expect(status(9, 5)).toMatchObject({ status: 'pre-open', nextStatus: 'open' });
    expect(status(9, 15).status).toBe('open');
    expect(istDateTime(status(12, 0).nextChange!)).toBe('2026-11-20 15:30:00');
    expect(status(15, 35)).toMatchObject({ status: 'closed', nextStatus: 'post-close' });
    expect(status(15, 55).status).toBe('post-close');
  });

  it('closes F&O at 15:40 and reopens on Monday after a Friday close', () => {
    expect(marketStatusAt('NFO', istInstant(friday, 15, 35), real).status).toBe('open');
    const evening = marketStatusAt('NFO', istInstant(friday, 15, 45), real);
    expect(evening.status).toBe('closed');
    expect(istDateTime(evening.nextChange!)).toBe('2026-11-23 09:00:00');
  });

  it('skips holidays given as input', () => {
    const monday = daysFromCivil(2026, 11, 23);
    const status = marketStatusAt('CDS', istInstant(friday, 18, 0), {
      mode: 'real',
      calendar: new TradingCalendar([monday]),
    });
    expect(istDateTime(status.nextChange!)).toBe('2026-11-24 09:00:00');
  });

  it('closes MCX at 23:30 in US daylight saving time and 23:55 otherwise', () => {
    expect(usDaylightSaving(daysFromCivil(2026, 7, 1))).toBe(true);
    expect(usDaylightSaving(friday)).toBe(false);
    expect(sessionWindows('MCX', daysFromCivil(2026, 7, 1))[0]!.end).toBe(23 * 60 + 30);
    expect(sessionWindows('MCX', friday)[0]!.end).toBe(23 * 60 + 55);
  });

  it("keeps every market open in 'always' mode", () => {
    const clock = new VirtualClock(istInstant(daysFromCivil(2026, 11, 22), 3, 0)); // a Sunday night
    expect(marketStatus('NSE', clock, { mode: 'always' })).toEqual({
      exchange: 'NSE',
      status: 'open',
      nextChange: null,
      nextStatus: null,
    });
  });
});

describe("the day of an exchange's next session", () => {
  // Friday 27-Nov-2026, Monday 30-Nov-2026 (US daylight saving over: MCX closes at 23:55).
  const calendar = new TradingCalendar();
  const friday = daysFromCivil(2026, 11, 27);
  const monday = daysFromCivil(2026, 11, 30);
  const next = (exchange: 'NSE' | 'NFO' | 'CDS' | 'MCX', day: number, hour: number, minute = 0) =>
    nextSessionDay(exchange, istInstant(day, hour, minute), calendar);

  it('is today until the continuous session closes, then the next trading day', () => {
    expect(next('NSE', friday, 8, 30)).toBe(friday);
    expect(next('NSE', friday, 15, 29)).toBe(friday);
    expect(next('NSE', friday, 15, 30)).toBe(monday);
    expect(next('NFO', friday, 15, 35)).toBe(friday);
    expect(next('NFO', friday, 15, 40)).toBe(monday);
    expect(next('CDS', friday, 16, 30)).toBe(friday);
    expect(next('MCX', friday, 17)).toBe(friday);
    expect(next('MCX', friday, 23, 55)).toBe(monday);
    expect(next('NSE', daysFromCivil(2026, 11, 29), 12)).toBe(monday);
  });
});
