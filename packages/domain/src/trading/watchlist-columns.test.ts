import { describe, expect, it } from 'vitest';
import { compareDecimals, matchesColumnFilter, matchesSymbolFilter, parseNumericFilter } from './column-filter.ts';
import {
  columnById,
  columnsFor,
  DEFAULT_COLUMN_IDS,
  EXPANDED_DEFAULT_COLUMN_IDS,
  MAX_WATCHLIST_COLUMNS,
  normaliseColumnChoice,
  WATCHLIST_COLUMNS,
} from './watchlist-columns.ts';

describe('trading.md 2.6 and 9 column definitions', () => {
  it('defines the 16 spec columns with unique ids and keys', () => {
    expect(WATCHLIST_COLUMNS).toHaveLength(16);
    expect(new Set(WATCHLIST_COLUMNS.map((c) => c.id)).size).toBe(16);
    expect(WATCHLIST_COLUMNS.map((c) => c.apikey).sort()).toEqual(
      [
        'companyName',
        'exc',
        'chngPer',
        'bidQty',
        'bidPrice',
        'askQty',
        'askPrice',
        'vol',
        'ltp',
        'ltq',
        'lUpdatedTime',
        'avgTradedPrice',
        'chng',
        'chart',
        'lTradedTime',
        'openInterest',
      ].sort(),
    );
  });
  it('every default id (normal and expanded) is a defined column', () => {
    for (const id of [...DEFAULT_COLUMN_IDS, ...EXPANDED_DEFAULT_COLUMN_IDS]) expect(columnById(id)).toBeDefined();
  });
  it('uses the spec labels', () => {
    const byKey = Object.fromEntries(WATCHLIST_COLUMNS.map((c) => [c.apikey, c.name]));
    expect(byKey).toMatchObject({
      companyName: 'Symbol',
      exc: 'Exchange',
      chngPer: '%Change',
      askQty: 'Offer Qty',
      askPrice: 'Offer Price',
      vol: 'Volume',
      ltp: 'LTP',
      ltq: 'LTQ',
      avgTradedPrice: 'ATP',
      chng: 'Change',
      openInterest: 'OI',
    });
  });
  it('OI is offered only for futures and options', () => {
    expect(columnsFor('EQUITY').some((c) => c.apikey === 'openInterest')).toBe(false);
    expect(columnsFor('FUTURE').some((c) => c.apikey === 'openInterest')).toBe(true);
    expect(columnsFor('OPTIONS').some((c) => c.apikey === 'openInterest')).toBe(true);
  });
  it('a saved choice keeps fixed columns, drops unknown, duplicate and inactive ids, and caps at 16', () => {
    expect(normaliseColumnChoice([6, 6, 99, 19], 'EQUITY')).toEqual([4, 5, 6]);
    expect(normaliseColumnChoice([5, 4, 7], 'FUTURE')).toEqual([5, 4, 7]);
    expect(
      normaliseColumnChoice(
        WATCHLIST_COLUMNS.map((c) => c.id),
        'OPTIONS',
      ),
    ).toHaveLength(MAX_WATCHLIST_COLUMNS);
  });
});

describe('trading.md 5.3 column filters', () => {
  it('text columns: lower-cased contains', () => {
    expect(matchesColumnFilter('NSE', 'string', 'ns')).toBe(true);
    expect(matchesColumnFilter('BSE', 'string', 'ns')).toBe(false);
  });
  it('numeric operators compare exact decimals', () => {
    expect(matchesColumnFilter('1500.05', 'num', '>1500')).toBe(true);
    expect(matchesColumnFilter('1500.00', 'num', '>1500')).toBe(false);
    expect(matchesColumnFilter('1500.00', 'num', '>=1500')).toBe(true);
    expect(matchesColumnFilter('1500', 'num', '=1500.00')).toBe(true);
    expect(matchesColumnFilter('-2.5', 'num', '<0')).toBe(true);
    expect(matchesColumnFilter('0.1', 'num', '<=0.10')).toBe(true);
    expect(matchesColumnFilter('12,50,000', 'num', '> 1000000')).toBe(true);
  });
  it('a half-typed expression does not filter; a dash cell never matches a comparison', () => {
    expect(matchesColumnFilter('10', 'num', '>')).toBe(true);
    expect(matchesColumnFilter('10', 'num', '>=abc')).toBe(true);
    expect(matchesColumnFilter('-', 'num', '>0')).toBe(false);
  });
  it('a number without operator matches as text', () => {
    expect(matchesColumnFilter('1500.05', 'num', '500')).toBe(true);
  });
  it('parses and compares', () => {
    expect(parseNumericFilter('<= 3.5')).toEqual({ operator: '<=', value: '3.5' });
    expect(parseNumericFilter('3.5')).toBeNull();
    expect(compareDecimals('0.30000000000000004', '0.3')).toBe(1);
    expect(compareDecimals('-1.5', '-1.25')).toBe(-1);
  });
  it('symbol filters match the id or the company', () => {
    const row = { id: 'RELIANCE', companyName: 'Reliance Industries Ltd.' };
    expect(matchesSymbolFilter(row, 'indus')).toBe(true);
    expect(matchesSymbolFilter(row, 'rel')).toBe(true);
    expect(matchesSymbolFilter(row, 'tcs')).toBe(false);
  });
});
