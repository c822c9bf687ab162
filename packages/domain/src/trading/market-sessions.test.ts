import { describe, expect, it } from 'vitest';
import { intradaySession, usDaylightSaving } from './market-sessions.ts';

const DAY_MS = 86_400_000;
const dayOf = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const hhmm = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const session = (exchange: Parameters<typeof intradaySession>[0], day: number): string => {
  const { start, end } = intradaySession(exchange, day);
  return `${hhmm(start)}-${hhmm(end)}`;
};

describe('intraday sessions (market-facts 2)', () => {
  const winter = dayOf('2026-11-20');
  const summer = dayOf('2026-07-01');

  it('runs equities 09:15-15:30 and F&O 09:15-15:40', () => {
    expect(session('NSE', winter)).toBe('09:15-15:30');
    expect(session('BSE', winter)).toBe('09:15-15:30');
    expect(session('NFO', winter)).toBe('09:15-15:40');
    expect(session('BFO', winter)).toBe('09:15-15:40');
  });

  it('starts currency and commodities at 09:00', () => {
    expect(session('CDS', winter)).toBe('09:00-17:00');
    expect(session('NCDEX', winter)).toBe('09:00-17:00');
    expect(session('MCX', winter)).toBe('09:00-23:55');
    expect(session('MCX', summer)).toBe('09:00-23:30');
  });

  it('switches MCX on the US daylight-saving Sundays', () => {
    expect(usDaylightSaving(dayOf('2026-03-07'))).toBe(false);
    expect(usDaylightSaving(dayOf('2026-03-08'))).toBe(true);
    expect(usDaylightSaving(dayOf('2026-10-31'))).toBe(true);
    expect(usDaylightSaving(dayOf('2026-11-01'))).toBe(false);
  });
});
