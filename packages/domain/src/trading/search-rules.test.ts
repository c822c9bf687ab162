import { describe, expect, it } from 'vitest';
import { matchesSearchText, shouldSearch } from './search-rules.ts';

describe('trading.md 5.2 search minimum length', () => {
  it('3 characters on equity, index, currency and commodity', () => {
    expect(shouldSearch('re', 'equity')).toBe(false);
    expect(shouldSearch('rel', 'equity')).toBe(true);
    expect(shouldSearch('  re ', 'commodity')).toBe(false);
  });
  it('2 characters on FnO', () => {
    expect(shouldSearch('n', 'fno')).toBe(false);
    expect(shouldSearch('ni', 'fno')).toBe(true);
  });
  it('filters by symbol or company, case-insensitively', () => {
    const row = { symbol: 'RELIANCE', companyName: 'Reliance Industries Ltd.' };
    expect(matchesSearchText(row, 'indus')).toBe(true);
    expect(matchesSearchText(row, 'RELI')).toBe(true);
    expect(matchesSearchText(row, 'tata')).toBe(false);
  });
});
