import { describe, expect, it } from 'vitest';
import {
  checkAddScrip,
  checkAddToWatchlistTarget,
  checkCanAddWatchlist,
  checkDeleteScrips,
  checkDeleteWatchlists,
  checkExport,
  checkNewWatchlistName,
  checkWatchlistRename,
  selectionAfterDelete,
  toggleFavourite,
  type WatchlistGroupFacts,
} from './watchlist-rules.ts';

const group = (id: string, name: string, extra: Partial<WatchlistGroupFacts> = {}): WatchlistGroupFacts => ({
  id,
  name,
  isEditable: true,
  favid: '0',
  ...extra,
});
const predefined = group('p1', 'NIFTY 50', { isEditable: false });

describe('trading.md 5.3 add watchlist', () => {
  it('a name that differs only in case: Given Name is already in list', () => {
    expect(checkNewWatchlistName('banks', [predefined, group('1', 'Banks')])).toBe('Given Name is already in list');
    expect(checkNewWatchlistName('nifty 50', [predefined])).toBe('Given Name is already in list');
  });
  it("a sixth editable watchlist: Can't Add More than 5 Watchlist (predefined ones do not count)", () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((n) => group(n, n));
    expect(checkNewWatchlistName('f', [predefined, ...five])).toBe("Can't Add More than 5 Watchlist");
    expect(checkCanAddWatchlist([predefined, ...five])).toBe("Can't Add More than 5 Watchlist");
    expect(checkCanAddWatchlist([predefined, ...five.slice(1)])).toBeNull();
  });
  it('names up to 10 characters; blank, longer or with # refused by the shared validator', () => {
    expect(checkNewWatchlistName('ABCDEFGHIJ', [])).toBeNull();
    expect(checkNewWatchlistName('ABCDEFGHIJK', [])).toBe('Please enter valid input');
    expect(checkNewWatchlistName('  ', [])).toBe('Please enter valid input');
    expect(checkNewWatchlistName('a#b', [])).toBe('Please enter valid input');
  });
  it('rename may keep its own name but not take another one', () => {
    const groups = [group('1', 'Banks'), group('2', 'IT')];
    expect(checkWatchlistRename('BANKS', '1', groups)).toBeNull();
    expect(checkWatchlistRename('it', '1', groups)).toBe('Given Name is already in list');
  });
});

describe('trading.md 5.3 deletes and export', () => {
  it('deleting watchlists needs at least one chosen (the spec spelling "atleast")', () => {
    expect(checkDeleteWatchlists([])).toBe('Please select atleast one watchlist');
    expect(checkDeleteWatchlists(['1'])).toBeNull();
  });
  it('deleting every remaining scrip: Cannot delete the last Scrip', () => {
    expect(checkDeleteScrips(1, 1)).toBe('Cannot delete the last Scrip');
    expect(checkDeleteScrips(3, 3)).toBe('Cannot delete the last Scrip');
    expect(checkDeleteScrips(2, 3)).toBeNull();
    expect(checkDeleteScrips(0, 3)).toBeNull();
  });
  it('export of an empty list', () => {
    expect(checkExport(0)).toBe('No data available in the watchlist');
    expect(checkExport(4)).toBeNull();
  });
});

describe('trading.md 5.3 scrips', () => {
  const reliance = { id: '2885', exc: 'NSE', assetClass: 'EQUITY', trSymbol: 'RELIANCE-EQ' };
  it('the same id, exchange, asset class and trading symbol is a duplicate', () => {
    expect(checkAddScrip(reliance, [reliance])).toBe('Symbol is already added in the watchlist');
  });
  it('the same id on another exchange is not', () => {
    expect(checkAddScrip({ ...reliance, exc: 'BSE' }, [reliance])).toBeNull();
  });
  it('adding from elsewhere: no editable watchlist, then none selected', () => {
    expect(checkAddToWatchlistTarget([predefined], null)).toBe('Please add watchlist and try again.');
    expect(checkAddToWatchlistTarget([predefined, group('1', 'A')], null)).toBe('Please Select Watchlist');
    expect(checkAddToWatchlistTarget([predefined, group('1', 'A')], 'p1')).toBe('Please Select Watchlist');
    expect(checkAddToWatchlistTarget([predefined, group('1', 'A')], '1')).toBeNull();
  });
});

describe('trading.md 4.5 favourites and selection after delete', () => {
  it('takes slot 1 when free, else slot 2; a favourite toggles back to 0', () => {
    expect(toggleFavourite([group('1', 'A'), group('2', 'B')], '1')).toEqual({ ok: true, favid: '1' });
    expect(toggleFavourite([group('1', 'A', { favid: '1' }), group('2', 'B')], '2')).toEqual({ ok: true, favid: '2' });
    expect(toggleFavourite([group('1', 'A', { favid: '2' }), group('2', 'B')], '2')).toEqual({ ok: true, favid: '1' });
    expect(toggleFavourite([group('1', 'A', { favid: '1' })], '1')).toEqual({ ok: true, favid: '0' });
  });
  it('with both slots taken: Only two watchlists can be set as favourites', () => {
    const groups = [group('1', 'A', { favid: '1' }), group('2', 'B', { favid: '2' }), group('3', 'C')];
    expect(toggleFavourite(groups, '3')).toEqual({
      ok: false,
      message: 'Only two watchlists can be set as favourites',
    });
  });
  it('selects the first editable group, else a mobile group, else the first non-editable one', () => {
    const mobile = group('m', 'Mobile', { isEditable: false, isMobile: true });
    expect(selectionAfterDelete([predefined, mobile, group('9', 'Mine')])?.id).toBe('9');
    expect(selectionAfterDelete([predefined, mobile])?.id).toBe('m');
    expect(selectionAfterDelete([predefined])?.id).toBe('p1');
    expect(selectionAfterDelete([])).toBeNull();
  });
});
