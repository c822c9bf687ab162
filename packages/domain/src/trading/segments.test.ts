import { describe, expect, it } from 'vitest';
import {
  orderExchangeForSwitch,
  disclosedMinimumPercent,
  isCurrencyOrCommodity,
  priceDecimalsOf,
  productTabsFor,
  quantityLabel,
  segmentOf,
  SEGMENT_EXCHANGES,
} from './segments.ts';

describe('segment tables (trading.md 2.3, 3, 4.1, 9)', () => {
  it('segments of the instrument codes', () => {
    expect(
      ['STK', 'FUTIDX', 'OPTSTK', 'FUTIDXSPR', 'FUTCURSPR', 'FUTCUR', 'OPTCUR', 'FUTCOM', 'OPTFUT'].map((i) =>
        segmentOf(i),
      ),
    ).toEqual(['equity', 'fno', 'fno', 'spread', 'spread', 'currency', 'currency', 'commodity', 'commodity']);
  });
  it('exchanges per My Orders tab', () => {
    expect(SEGMENT_EXCHANGES).toEqual({
      equity: ['NSE', 'BSE'],
      fno: ['NFO', 'BFO'],
      spread: ['NSE', 'BSE'],
      currency: ['NSE', 'BSE'],
      commodity: ['MCX', 'NCDEX'],
    });
  });
  it('QTY, or LOT for currency and commodity; 4 price decimals for currency', () => {
    expect([
      quantityLabel('STK'),
      quantityLabel('FUTIDX'),
      quantityLabel('FUTCUR'),
      quantityLabel('FUTCOM', 'NCDEX'),
    ]).toEqual(['QTY', 'QTY', 'LOT', 'LOT']);
    expect([priceDecimalsOf('FUTCUR'), priceDecimalsOf('STK'), priceDecimalsOf('FUTCOM')]).toEqual([4, 2, 2]);
  });
  it('disclosed minimum 25% for commodity and options on futures, else 10%', () => {
    expect([
      disclosedMinimumPercent('STK'),
      disclosedMinimumPercent('OPTFUT'),
      disclosedMinimumPercent('FUTCOM', 'MCX'),
      disclosedMinimumPercent('FUTCUR'),
    ]).toEqual([10, 25, 25, 10]);
  });
  it('product tabs: equity three, derivatives two, options one, spreads SP', () => {
    expect(productTabsFor('STK')).toEqual(['CASH', 'MARGIN', 'INTRADAY']);
    expect(productTabsFor('FUTSTK')).toEqual(['CARRY FORWARD', 'INTRADAY']);
    expect(productTabsFor('OPTIDX')).toEqual(['CARRY FORWARD']);
    expect(productTabsFor('FUTIDXSPR')).toEqual(['SP']);
  });
});

describe('the My Orders exchange switch (trading.md 2.3)', () => {
  it('maps the currency and spread tabs to the exchanges their orders trade on', () => {
    expect(orderExchangeForSwitch('currency', 'NSE')).toBe('CDS');
    expect(orderExchangeForSwitch('spread', 'NSE')).toBe('NFO');
    expect(orderExchangeForSwitch('spread', 'BSE')).toBe('BFO');
    expect(orderExchangeForSwitch('equity', 'BSE')).toBe('BSE');
    expect(orderExchangeForSwitch('fno', 'NFO')).toBe('NFO');
  });
  it('currency (currency spreads too) and commodity instruments, by code or exchange', () => {
    const cases: [string, string][] = [
      ['STK', 'NSE'],
      ['FUTIDX', 'NFO'],
      ['FUTCUR', 'CDS'],
      ['FUTCURSPR', 'CDS'],
      ['FUTCOM', 'MCX'],
      ['OPTFUT', 'MCX'],
      ['FUTCOM', 'NCDEX'],
    ];
    expect(cases.map(([instr, exc]) => isCurrencyOrCommodity(instr, exc))).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
  });
});
