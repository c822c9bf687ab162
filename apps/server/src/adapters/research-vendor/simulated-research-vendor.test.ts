import { describe, expect, it } from 'vitest';
import { daysFromCivil, istInstant, Market, VirtualClock } from '@kite/exchange';
import { createSimulatedResearchVendor } from './simulated-research-vendor.ts';

describe('the simulated research desk', () => {
  it('sends technical calls with a stop-loss, fundamental ones without, and calls held for months as buys', () => {
    const firstDay = daysFromCivil(2026, 11, 2);
    const clock = new VirtualClock(istInstant(firstDay + 20, 16, 0));
    const market = new Market({ seed: 5, clock, mode: 'always', tickIntervalMs: 1000 });
    const vendor = createSimulatedResearchVendor(5);
    const calls = [];
    for (let day = firstDay; day < firstDay + 20; day++)
      calls.push(...vendor.callsOf(day, 'EQUITY', clock.now(), market, () => false));
    const technical = calls.filter((c) => c.category === 'technical');
    const fundamental = calls.filter((c) => c.category === 'fundamental');
    expect(technical.length).toBeGreaterThan(50);
    expect(fundamental.length).toBeGreaterThan(10);
    for (const call of technical) {
      expect(call.stoploss, call.description).not.toBeNull();
      expect(call.calltype === 'BUY' ? call.stoploss! < call.entry : call.stoploss! > call.entry).toBe(true);
    }
    expect(technical.some((c) => c.calltype === 'SELL')).toBe(true);
    for (const call of fundamental) expect(call.stoploss, call.description).toBeNull();
    const heldForMonths = calls.filter((c) => c.subcategory === 'LONGTERM IDEAS' || c.subcategory === 'MIDCAP IDEAS');
    expect(heldForMonths.length).toBeGreaterThan(20);
    expect(heldForMonths.every((c) => c.calltype === 'BUY')).toBe(true);
  });
});
