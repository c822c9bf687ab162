import { describe, expect, it } from 'vitest';
import {
  buttonsFor,
  canChoose,
  contractsOf,
  expiriesOf,
  filterResults,
  initialButton,
  moveActive,
  nearestStrike,
  searchRuns,
  searchTabsFor,
} from './search-model.ts';
import { niftyFuture, niftyOptions, niftySpread, relaxo, reliance, result, symbolObject, unrelated } from './testing/search-fixtures.ts';

describe('symbol search rules (trading.md 2.7, 5.2, 9)', () => {
  it('searches text longer than 2 characters, longer than 1 on FnO', () => {
    expect(searchRuns('re', 'equity')).toBe(false);
    expect(searchRuns(' re ', 'equity')).toBe(false);
    expect(searchRuns('rel', 'equity')).toBe(true);
    expect(searchRuns('n', 'fno')).toBe(false);
    expect(searchRuns('ni', 'fno')).toBe(true);
    expect(searchRuns('ni', 'commodity')).toBe(false);
  });

  it('offers Future, Option, Spread on non-equity tabs and Spot on currency and commodity; spread needs its flag', () => {
    const all = { equity: true, fno: true, currency: true, commodity: true, spreadSearch: true };
    const noSpread = { ...all, spreadSearch: false };
    expect(buttonsFor('equity', all)).toEqual([]);
    expect(buttonsFor('fno', all)).toEqual(['FUTURE', 'OPTION', 'SPREAD']);
    expect(buttonsFor('fno', noSpread)).toEqual(['FUTURE', 'OPTION']);
    expect(buttonsFor('index', all)).toEqual(['FUTURE', 'OPTION', 'SPREAD']);
    expect(buttonsFor('currency', all)).toEqual(['FUTURE', 'OPTION', 'SPREAD', 'SPOT']);
    expect(buttonsFor('commodity', noSpread)).toEqual(['FUTURE', 'OPTION', 'SPOT']);
    expect(initialButton('fno', noSpread)).toBe('FUTURE');
    expect(initialButton('index', all)).toBeNull();
    expect(initialButton('equity', all)).toBeNull();
  });

  it('shows the tabs of the client segments only (trading.md 6); the Index tab always, its derivatives with F&O', () => {
    const none = { equity: false, fno: false, currency: false, commodity: false, spreadSearch: false };
    const equityOnly = { ...none, equity: true };
    expect(searchTabsFor({ equity: true, fno: true, currency: true, commodity: true, spreadSearch: true })).toEqual([
      'equity',
      'fno',
      'index',
      'currency',
      'commodity',
    ]);
    expect(searchTabsFor(equityOnly)).toEqual(['equity', 'index']);
    expect(buttonsFor('index', equityOnly)).toEqual([]);
    expect(searchTabsFor({ ...none, fno: true })).toEqual(['fno', 'index']);
    expect(searchTabsFor({ ...none, currency: true, commodity: true })).toEqual(['index', 'currency', 'commodity']);
    expect(searchTabsFor(none)).toEqual(['index']);
  });

  it('filters the answer by symbol or company containing the text, ignoring case', () => {
    expect(filterResults([reliance, relaxo, unrelated], 'REL').map((r) => r.displaySym)).toEqual(['RELIANCE', 'RELAXO']);
    expect(filterResults([reliance, relaxo, unrelated], 'footwear').map((r) => r.displaySym)).toEqual(['RELAXO']);
    expect(filterResults([reliance, unrelated], 'consultancy').map((r) => r.displaySym)).toEqual(['TCS']);
  });

  it('keeps spot and spread rows out of order and basket contexts, currency and commodity out of details', () => {
    const usdSpot = result({ sym: symbolObject({ id: 'U', exc: 'CDS', instr: 'UNDCUR', xSym: 'USDINR' }), displaySym: 'USDINR', tradable: false });
    const gold = result({ sym: symbolObject({ id: 'G', exc: 'MCX', instr: 'FUTCOM', xSym: 'GOLD26DECFUT' }), displaySym: 'GOLD DEC FUT' });
    expect(canChoose(niftySpread, 'order')).toBe(false);
    expect(canChoose(niftySpread, 'basket')).toBe(false);
    expect(canChoose(niftySpread, 'watchlist')).toBe(true);
    expect(canChoose(niftyFuture, 'order')).toBe(true);
    expect(canChoose(usdSpot, 'order')).toBe(false);
    expect(canChoose(gold, 'order')).toBe(true);
    expect(canChoose(gold, 'header')).toBe(false);
    // The Charts screen's own search charts them (investing.md "Charts"); the watchlist's chart button does not.
    expect(canChoose(gold, 'chart')).toBe(true);
    expect(canChoose(usdSpot, 'chart')).toBe(true);
    expect(canChoose(gold, 'watchlist')).toBe(true);
    expect(canChoose(reliance, 'header')).toBe(true);
    const [niftyPut] = contractsOf(niftyOptions, expiriesOf(niftyOptions)[0] ?? '', 'PE');
    expect(niftyPut && canChoose(niftyPut, 'option-calculator')).toBe(true);
    expect(canChoose(niftyFuture, 'option-calculator')).toBe(false);
    expect(canChoose(reliance, 'option-calculator')).toBe(false);
  });

  it('moves the selection one result per arrow press and stops at the ends', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 3)).toBe(1);
    expect(moveActive(2, 1, 3)).toBe(2);
    expect(moveActive(0, -1, 3)).toBe(0);
    expect(moveActive(-1, 1, 0)).toBe(-1);
  });

  it('orders expiries nearest first and strikes ascending, and starts at the strike nearest the price', () => {
    expect(expiriesOf(niftyOptions)).toEqual(['2026-11-24', '2026-12-01']);
    const calls = contractsOf(niftyOptions, '2026-11-24', 'CE');
    expect(calls.map((c) => c.sym.strike)).toEqual(['25900', '26000', '26100']);
    expect(nearestStrike(calls, '26040.00')?.sym.strike).toBe('26000');
    expect(nearestStrike(calls, '26070.00')?.sym.strike).toBe('26100');
    expect(contractsOf(niftyOptions, '2026-11-24', 'PE').map((c) => c.sym.strike)).toEqual(['26000', '26100']);
  });
});
