import { describe, expect, it } from 'vitest';
import { daysFromCivil } from '../clock/ist.ts';
import { TradingCalendar } from '../clock/trading-calendar.ts';
import { buildInstruments, tokenKey } from './build-instruments.ts';
import type { Instrument } from './instrument.ts';

const calendar = new TradingCalendar();
const build = (year: number, month: number, day: number, tokens?: ReadonlyMap<string, number>): Instrument[] =>
  buildInstruments({ today: daysFromCivil(year, month, day), calendar, ...(tokens && { tokens }) });
const tokensOf = (instruments: readonly Instrument[]): Map<string, number> =>
  new Map(instruments.map((i) => [tokenKey(i.exc, i.trSymbol), i.token]));
const contractOf = (i: Instrument): string =>
  JSON.stringify([i.instr, i.symbol, i.expiry, i.expiry2, i.strike, i.optType, i.lot, i.multiplier]);

describe('instrument tokens kept per contract', () => {
  it('a trading symbol names one contract on its exchange, on every day', () => {
    const seen = new Map<string, string>();
    const dates = [
      [2026, 11, 20],
      [2026, 12, 2],
      [2026, 12, 10],
      [2027, 1, 27],
      [2027, 3, 31],
      [2027, 7, 1],
      [2027, 12, 29],
      [2028, 2, 29],
    ] as const;
    for (const [year, month, day] of dates) {
      const instruments = build(year, month, day);
      expect(tokensOf(instruments).size).toBe(instruments.length);
      for (const i of instruments) {
        const key = tokenKey(i.exc, i.trSymbol);
        const contract = contractOf(i);
        expect(seen.get(key) ?? contract, `${key} on ${year}-${month}-${day}`).toBe(contract);
        seen.set(key, contract);
      }
    }
  });

  it('with no tokens known numbers from 1001 in build order, as before tokens were kept', () => {
    const instruments = build(2026, 12, 2);
    expect(instruments.map((i) => i.token)).toEqual(instruments.map((_, n) => 1001 + n));
    expect(instruments[0]).toMatchObject({ id: '1001', xSym: '1001_NSE', trSymbol: 'ADANIENT-EQ' });
    // Ids the clients and the stream docs already know (market-runtime README "Stream keys").
    expect(instruments.find((i) => i.trSymbol === 'RELIANCE-EQ')!.xSym).toBe('1037_NSE');
    expect(instruments.find((i) => i.trSymbol === 'NIFTY 50')!.xSym).toBe('1355_NSE');
    expect(build(2026, 12, 2, new Map()).map((i) => i.id)).toEqual(instruments.map((i) => i.id));
  });

  it('keeps a contract listed again under its token weeks later and numbers new ones after the highest', () => {
    const first = build(2026, 12, 2);
    const known = tokensOf(first);
    const highest = Math.max(...known.values());
    const later = build(2027, 1, 13, known);
    const byKey = tokensOf(later);
    expect(byKey.size).toBe(later.length);
    expect(new Set(later.map((i) => i.id)).size).toBe(later.length);

    const kept = later.filter((i) => known.has(tokenKey(i.exc, i.trSymbol)));
    const added = later.filter((i) => !known.has(tokenKey(i.exc, i.trSymbol)));
    for (const i of kept) expect(i.token).toBe(known.get(tokenKey(i.exc, i.trSymbol)));
    // New strikes and expiries: numbered in build order right after the first day's highest token.
    expect(added.length).toBeGreaterThan(1000);
    expect(added.map((i) => i.token)).toEqual(added.map((_, n) => highest + 1 + n));
    expect(added.every((i) => i.id === String(i.token) && i.xSym === `${i.token}_${i.exc}`)).toBe(true);

    const future = (list: readonly Instrument[]) =>
      list.find((i) => i.exc === 'NFO' && i.trSymbol === 'NIFTY27FEBFUT')!;
    expect(future(later).id).toBe(future(first).id);
    // Without the tokens the same future took another contract's id: the bug this fixes.
    expect(future(build(2027, 1, 13)).id).not.toBe(future(first).id);

    // Links between instruments (an option's underlying, a spread's legs) name the kept ids.
    const ids = new Set(later.map((i) => i.id));
    for (const i of later) {
      if (i.underlying !== null) expect(ids.has(i.underlying)).toBe(true);
      if (i.farLeg !== null) expect(ids.has(i.farLeg)).toBe(true);
    }
    const spread = later.find((i) => i.exc === 'NFO' && i.trSymbol === 'NIFTY27JANFEBFUT')!;
    expect(spread.farLeg).toBe(future(first).id);

    // The same known tokens number the same new contracts the same way (a start that did not keep them repeats it).
    expect(build(2027, 1, 13, known).map((i) => i.id)).toEqual(later.map((i) => i.id));
  });
});
