import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/clock.ts';
import { daysFromCivil, istInstant } from '../clock/ist.ts';
import { tokenKey } from '../instruments/build-instruments.ts';
import { Market } from './market.ts';

const marketOn = (day: number, tokens?: ReadonlyMap<string, number>): Market =>
  new Market({
    seed: 7,
    clock: new VirtualClock(istInstant(day, 10, 0)),
    tickIntervalMs: 1000,
    ...(tokens && { tokens }),
  });

describe('a market built with the tokens of an earlier one', () => {
  it('lists a contract of both days under the same id and says which contracts it numbered', () => {
    const first = marketOn(daysFromCivil(2026, 12, 2));
    expect(first.numbered).toEqual(first.registry.all());
    expect(first.tokens.size).toBe(first.registry.all().length);

    const later = marketOn(daysFromCivil(2026, 12, 23), first.tokens);
    const future = (m: Market) => m.registry.bySymbol('NFO', 'BANKNIFTY27FEBFUT')!;
    expect(future(later).id).toBe(future(first).id);
    expect(later.numbered.length).toBeGreaterThan(0);
    for (const i of later.numbered) {
      expect(first.tokens.has(tokenKey(i.exc, i.trSymbol))).toBe(false);
      expect(i.token).toBeGreaterThan(Math.max(...first.tokens.values()));
    }
    expect(later.tokens.size).toBe(first.tokens.size + later.numbered.length);
    // The kept future trades and quotes under its id.
    expect(later.quote(future(first).id)?.trSymbol).toBe('BANKNIFTY27FEBFUT');
  });
});
