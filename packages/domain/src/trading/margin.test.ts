import { describe, expect, it } from 'vitest';
import type { PriceUnits } from '../money/price.ts';
import { requiredMargin, type MarginInput } from './margin.ts';

const p = (v: number) => v as PriceUnits;
const equity: MarginInput = {
  instr: 'STK',
  exchange: 'NSE',
  symbol: 'RELIANCE',
  product: 'CASH',
  side: 'buy',
  quantity: 10,
  price: p(150_000),
  priceDecimals: 2,
  lotQualifier: 1,
};
const nifty: MarginInput = {
  ...equity,
  instr: 'FUTIDX',
  exchange: 'NFO',
  symbol: 'NIFTY',
  product: 'CARRY FORWARD',
  quantity: 65,
  price: p(2_610_000),
};
const total = (input: MarginInput) => requiredMargin(input).total;

describe('equity margins (value 10 x 1500.00 = ₹15,000 = 1500000p)', () => {
  it('CASH buy blocks the full value; a CASH sell uses the held shares', () => {
    expect(total(equity)).toBe(1_500_000);
    expect(total({ ...equity, side: 'sell' })).toBe(0);
  });
  it('INTRADAY and SHORTSELL: 20% = 300000p, either side', () => {
    expect(total({ ...equity, product: 'INTRADAY' })).toBe(300_000);
    expect(total({ ...equity, product: 'INTRADAY', side: 'sell' })).toBe(300_000);
    expect(total({ ...equity, product: 'SHORTSELL', side: 'sell' })).toBe(300_000);
  });
  it('MTF buy: F&O stock 25% = 375000p; other Group I 35% = 525000p; not eligible = full value; sell 0', () => {
    expect(total({ ...equity, product: 'MARGIN', mtfGroup: 'FNO' })).toBe(375_000);
    expect(total({ ...equity, product: 'MARGIN', mtfGroup: 'GROUP1' })).toBe(525_000);
    expect(total({ ...equity, product: 'MARGIN' })).toBe(1_500_000);
    expect(total({ ...equity, product: 'MARGIN', side: 'sell', mtfGroup: 'FNO' })).toBe(0);
  });
  it('cover order: stop 20.00 away loses ₹200, below the 20% minimum, so 300000p', () => {
    expect(total({ ...equity, product: 'CO', coTriggerPrice: p(148_000) })).toBe(300_000);
  });
  it('cover order with a stop 400.00 away: loss ₹4,000 = 400000p is above the minimum', () => {
    expect(total({ ...equity, product: 'CO', coTriggerPrice: p(110_000) })).toBe(400_000);
  });
  it('bracket order: stop distance 10.00 loses ₹100, the 20% minimum applies', () => {
    expect(total({ ...equity, product: 'BO', boTriggerPrice: p(1_000) })).toBe(300_000);
  });
});

describe('futures: SPAN + exposure on notional', () => {
  it('NIFTY 65 x 26100.00 = ₹16,96,500: SPAN 9% 15268500p + exposure 2% 3393000p = 18661500p', () => {
    expect(requiredMargin(nifty)).toEqual({
      total: 18_661_500,
      span: 15_268_500,
      exposure: 3_393_000,
      premium: 0,
      value: 169_650_000,
    });
  });
  it('intraday futures need the same margin', () => {
    expect(total({ ...nifty, product: 'INTRADAY', side: 'sell' })).toBe(18_661_500);
  });
  it('SBIN stock future 750 x 967.85 = ₹7,25,887.50: SPAN 15% 10888312.5 -> 10888313p; exposure 3.5% 2540606.25 -> 2540606p', () => {
    const m = requiredMargin({ ...nifty, instr: 'FUTSTK', symbol: 'SBIN', quantity: 750, price: p(96_785) });
    expect([m.span, m.exposure, m.total]).toEqual([10_888_313, 2_540_606, 13_428_919]);
  });
  it('USDINR 2 lots x 88.5025 x 1000 = ₹1,77,005: SPAN 2% 354010p + ELM 1% 177005p', () => {
    expect(
      total({
        ...nifty,
        instr: 'FUTCUR',
        exchange: 'CDS',
        symbol: 'USDINR',
        quantity: 2,
        price: p(885_025),
        priceDecimals: 4,
        lotQualifier: 1_000,
      }),
    ).toBe(531_015);
  });
  it('EURINR uses its 0.3% ELM', () => {
    const m = requiredMargin({
      ...nifty,
      instr: 'FUTCUR',
      exchange: 'CDS',
      symbol: 'EURINR',
      quantity: 1,
      price: p(1_000_000),
      priceDecimals: 4,
      lotQualifier: 1_000,
    });
    expect(m.exposure).toBe(30_000);
  });
  it('CRUDEOIL 1 lot x 5300.00 x 100 = ₹5,30,000: 15% + 1% = 8480000p', () => {
    expect(
      total({
        ...nifty,
        instr: 'FUTCOM',
        exchange: 'MCX',
        symbol: 'CRUDEOIL',
        quantity: 1,
        price: p(530_000),
        lotQualifier: 100,
      }),
    ).toBe(8_480_000);
  });
  it('GOLD 1 lot x 136258.00 x 100 = ₹1,36,25,800: 6% + 1% = 95380600p', () => {
    expect(
      total({
        ...nifty,
        instr: 'FUTCOM',
        exchange: 'MCX',
        symbol: 'GOLD',
        quantity: 1,
        price: p(13_625_800),
        lotQualifier: 100,
      }),
    ).toBe(95_380_600);
  });
  it('calendar spread: a third of one NIFTY leg: 5089500p + 1131000p', () => {
    expect(total({ ...nifty, instr: 'FUTIDXSPR', product: 'SP' })).toBe(6_220_500);
  });
});

describe('options', () => {
  const option: MarginInput = {
    ...nifty,
    instr: 'OPTIDX',
    price: p(12_050),
    underlyingPrice: p(2_610_000),
    strike: p(2_650_000),
    optType: 'CE',
  };
  it('long option: the premium 65 x 120.50 = 783250p', () => {
    expect(requiredMargin(option)).toMatchObject({ total: 783_250, premium: 783_250, span: 0 });
  });
  it('short 26500 CE with NIFTY at 26100: SPAN 15268500 - OTM 400 x 65 (2600000) = 12668500p, + exposure 3393000p', () => {
    expect(requiredMargin({ ...option, side: 'sell' })).toMatchObject({
      span: 12_668_500,
      exposure: 3_393_000,
      total: 16_061_500,
    });
  });
  it('a deep OTM short call never goes below a third of SPAN: 5089500p + 3393000p', () => {
    expect(total({ ...option, side: 'sell', strike: p(3_000_000) })).toBe(8_482_500);
  });
  it('an in-the-money short put has no OTM relief', () => {
    expect(total({ ...option, side: 'sell', optType: 'PE' })).toBe(18_661_500);
  });
  it('expiry day: a short index option adds 2% ELM on the underlying (3393000p more): exposure 6786000p', () => {
    expect(requiredMargin({ ...option, side: 'sell', expiresToday: true })).toMatchObject({
      span: 12_668_500,
      exposure: 6_786_000,
      total: 19_454_500,
    });
  });
  it('expiry day: a long index option and a short stock option carry no extra ELM', () => {
    expect(total({ ...option, expiresToday: true })).toBe(783_250);
    const stock: MarginInput = { ...option, instr: 'OPTSTK', symbol: 'SBIN', side: 'sell' };
    expect(total({ ...stock, expiresToday: true })).toBe(total(stock));
  });
});
