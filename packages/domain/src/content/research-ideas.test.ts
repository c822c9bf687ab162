import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  ideaFilters,
  ideaTabs,
  isCategoryOfSegment,
  isFilterOfCategory,
  matchesIdeaKeyword,
  sortByNumber,
  stopLossShown,
  subcategoriesOf,
} from './research-ideas.ts';

describe('research ideas rules (investing.md 4, 5, 9)', () => {
  it('keeps the spec filter lists, ALL CALLS first', () => {
    expect(ideaFilters.fundamental).toEqual(['ALL CALLS', 'MIDCAP IDEAS', 'LONGTERM IDEAS']);
    expect(ideaFilters.technical).toHaveLength(7);
    expect(ideaFilters.derivative).toContain('DERIVATIVE STRATEGY');
    expect(subcategoriesOf('technical')).not.toContain('ALL CALLS');
    expect(isFilterOfCategory('fundamental', 'SWING')).toBe(false);
    expect(isFilterOfCategory('technical', 'SWING')).toBe(true);
  });

  it('pairs the derivative category with the FNO segment only', () => {
    expect(isCategoryOfSegment('DERIVATIVE', 'derivative')).toBe(true);
    expect(isCategoryOfSegment('DERIVATIVE', 'technical')).toBe(false);
    expect(isCategoryOfSegment('EQUITY', 'derivative')).toBe(false);
    expect(isCategoryOfSegment('COM', 'fundamental')).toBe(true);
  });

  it('resets each tab to its own category and hides the radio for FNO', () => {
    expect(ideaTabs.map((t) => [t.id, t.category, t.showsCategory])).toEqual([
      ['equity', 'technical', true],
      ['fno', 'derivative', false],
      ['currency', 'fundamental', true],
      ['commodity', 'fundamental', true],
    ]);
  });

  it('shows NA for a stop-loss of 230 or empty, the value otherwise', () => {
    expect(stopLossShown('230')).toBe('NA');
    expect(stopLossShown(' ')).toBe('NA');
    expect(stopLossShown('230.00')).toBe('230.00');
    expect(stopLossShown('1412.50')).toBe('1412.50');
  });

  it('searches symbol, exchange and description case-insensitively', () => {
    const idea = { displaySym: 'RELIANCE', exchange: 'NSE', calldescription: 'Breakout above resistance' };
    expect(matchesIdeaKeyword(idea, 'relian')).toBe(true);
    expect(matchesIdeaKeyword(idea, 'nse')).toBe(true);
    expect(matchesIdeaKeyword(idea, 'BREAKOUT')).toBe(true);
    expect(matchesIdeaKeyword(idea, 'gold')).toBe(false);
    expect(matchesIdeaKeyword(idea, '  ')).toBe(true);
  });

  it('compares decimal strings exactly and sorts ASC or DSC', () => {
    expect(compareDecimal('10.5', '9.99')).toBe(1);
    expect(compareDecimal('-1.20', '-1.3')).toBe(1);
    expect(compareDecimal('0.10', '0.1')).toBe(0);
    expect(compareDecimal('-0.5', '0.1')).toBe(-1);
    const rows = [{ p: '100.05' }, { p: '99.95' }, { p: '1000.00' }];
    expect(sortByNumber(rows, (r) => r.p, 'ASC').map((r) => r.p)).toEqual(['99.95', '100.05', '1000.00']);
    expect(sortByNumber(rows, (r) => r.p, 'DSC').map((r) => r.p)).toEqual(['1000.00', '100.05', '99.95']);
  });
});
