import { deriveAbilities } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { cellValue, sortValueOf } from './position-sort.ts';
import { niftyFut, position, tcs } from './testing/position-fixtures.ts';
import {
  positionColumns,
  positionTabs,
  requestFilters,
  rowAction,
  showsAllPositionButton,
  squareOffSide,
  todayFilters,
} from './positions-view.ts';

function abilities(details: Parameters<typeof loginFixture>[0]) {
  const login = loginFixture(details);
  return deriveAbilities(login.accountDetails, login.flags);
}

describe('net positions rules (trading.md 2.5, 4.4)', () => {
  it('offers a tab per permitted segment and never a Spread tab', () => {
    expect(positionTabs(abilities({ equity_flag: 'Y', fno_permission: 'Y', fno_nse_spd_permission: 'Y', commodity_flag_ncdex: 'Y' }))).toEqual([
      'equity',
      'fno',
      'commodity',
    ]);
    expect(positionTabs(abilities({ cds_nse_permission: 'Y' }))).toEqual(['currency']);
    expect(positionTabs(abilities({}))).toEqual([]);
  });

  it('starts every tab on today, the commodity tab holding the enabled exchange', () => {
    expect(todayFilters('fno', abilities({ fno_permission: 'Y' }))).toEqual({ day: 'today', exchange: 'NSE', product: 'ALL', asset: 'all' });
    expect(todayFilters('commodity', abilities({ commodity_flag_ncdex: 'Y' })).exchange).toBe('NCDEX');
    expect(todayFilters('commodity', abilities({ commodity_flag_mcx: 'Y', commodity_flag_ncdex: 'Y' })).exchange).toBe('MCX');
    expect(showsAllPositionButton('equity')).toBe(false);
    expect(showsAllPositionButton('fno')).toBe(true);
  });

  it('sends prdType, exc for equity and commodity, assetClass and positionDay elsewhere', () => {
    const filters = { day: 'all' as const, exchange: 'BSE', product: 'CASH', asset: 'future' as const };
    expect(requestFilters('equity', filters)).toEqual([
      { key: 'prdType', value: 'CASH' },
      { key: 'exc', value: 'BSE' },
    ]);
    expect(requestFilters('fno', filters)).toEqual([
      { key: 'prdType', value: 'CASH' },
      { key: 'assetClass', value: 'future' },
      { key: 'positionDay', value: 'all' },
    ]);
    expect(requestFilters('commodity', filters).map((f) => f.key)).toEqual(['prdType', 'exc', 'assetClass', 'positionDay']);
  });

  it('relabels the buy and sell columns in the ALL POSITION view', () => {
    expect(positionColumns('today').slice(8).map((c) => c.label)).toEqual(['BUY QTY', 'BUY AVG', 'SELL QTY', 'SELL AVG']);
    expect(positionColumns('all').slice(8).map((c) => c.label)).toEqual([
      'CURRENT NET QTY',
      'CURRENT AVG PRICE',
      'PREVIOUS QTY',
      'PREVIOUS AVG PRICE',
    ]);
    expect(positionColumns('all').map((c) => c.key)).toHaveLength(12);
    expect(cellValue(niftyFut, 'sellQty', 'all')).toBe(150);
    expect(cellValue(niftyFut, 'sellQty', 'today')).toBe(0);
  });

  it('shows BUY/SELL for BO and CO, SQUARE OFF otherwise, nothing at net 0 or for SHORTSELL', () => {
    expect(rowAction(position({ prdType: 'BO' }))).toBe('buySell');
    expect(rowAction(position({ prdType: 'CO', netQty: 0 }))).toBe('buySell');
    expect(rowAction(position({ prdType: 'INTRADAY' }))).toBe('squareOff');
    expect(rowAction(position({ prdType: 'CASH', netQty: -3 }))).toBe('squareOff');
    expect(rowAction(position({ netQty: 0 }))).toBe('none');
    expect(rowAction({ prdType: 'INTRADAY', netQty: 'abc' })).toBe('none');
    expect(rowAction({ prdType: 'INTRADAY', netQty: '' })).toBe('none');
    expect(rowAction(position({ prdType: 'SHORTSELL', netQty: -5 }))).toBe('none');
    expect(squareOffSide(10)).toBe('SELL');
    expect(squareOffSide(-5)).toBe('BUY');
  });

  it('sorts by exact integers on one scale, text for symbol and product', () => {
    expect(sortValueOf(position(), 'ltp', 'today')).toBe(12500000);
    expect(sortValueOf(position({ ltp: '84.2525' }), 'ltp', 'today')).toBe(842525);
    expect(sortValueOf(tcs, 'netQty', 'today')).toBe(-5);
    expect(sortValueOf(tcs, 'unrealisedPnl', 'today')).toBe(975000);
    expect(sortValueOf(tcs, 'symbol', 'today')).toBe('TCS');
    expect(sortValueOf(niftyFut, 'sellAvg', 'all')).toBe(259000000);
    expect(sortValueOf(position({ ltp: 'n/a' }), 'ltp', 'today')).toBeNull();
  });
});
