import { describe, expect, it } from 'vitest';
import type { PriceUnits } from '../money/price.ts';
import { chargeSegmentOf } from './charges-rates.ts';
import { chargesProductOf, computeCharges, type ChargesInput } from './charges.ts';
import { rateAsPercent } from './rational.ts';

const p = (v: number) => v as PriceUnits;
const base: ChargesInput = {
  exchange: 'NSE',
  instr: 'STK',
  symbol: 'RELIANCE',
  side: 'buy',
  product: 'NRML',
  quantity: 10,
  price: p(150_000),
  priceDecimals: 2,
  lotQualifier: 1,
  tradeDate: '2026-11-20',
};

describe('charges: hand-computed examples (amounts in paise)', () => {
  it('equity delivery buy 10 x 1500.00 = ₹15,000: STT 0.1% ₹15; txn 0.00307% ₹0.4605 -> 46p; SEBI ₹0.015 -> 2p; stamp 0.015% ₹2.25; GST 18% x 48p = 8.64 -> 9p; total ₹17.82', () => {
    expect(computeCharges(base)).toEqual({
      turnover: 1_500_000,
      brokerage: 0,
      stt: 1_500,
      sttPercent: '0.1',
      gstOnBrokerage: 9,
      gstPercent: '18',
      transactionCharge: 46,
      transactionChargePercent: '0.00307',
      sebiFee: 2,
      sebiFeePercent: '0.0001',
      stampDuty: 225,
      stampDutyPercent: '0.015',
      total: 1_782,
    });
  });

  it('equity delivery sell pays STT too but no stamp duty: 1500 + 46 + 2 + 9 = 1557p', () => {
    const c = computeCharges({ ...base, side: 'sell' });
    expect([c.stt, c.stampDuty, c.stampDutyPercent, c.total]).toEqual([1_500, 0, '0', 1_557]);
  });

  it('intraday sell 100 x 1000.00 = ₹1,00,000: brokerage min(₹30, ₹20) = ₹20; STT 0.025% ₹25; txn ₹3.07; SEBI ₹0.10; GST 18% x 2317p = 417.06 -> 417p; total 5234p', () => {
    const c = computeCharges({ ...base, side: 'sell', product: 'INTRADAY', quantity: 100, price: p(100_000) });
    expect([c.brokerage, c.stt, c.transactionCharge, c.sebiFee, c.stampDuty, c.gstOnBrokerage, c.total]).toEqual([
      2_000, 2_500, 307, 10, 0, 417, 5_234,
    ]);
    expect(c.sttPercent).toBe('0.025');
  });

  it('intraday buy of ₹5,000: brokerage 0.03% = ₹1.50 (below the ₹20 cap); STT 0 on the buy; stamp 0.003% = 15p', () => {
    const c = computeCharges({ ...base, product: 'INTRADAY', quantity: 5, price: p(100_000) });
    expect([c.brokerage, c.stt, c.stampDuty]).toEqual([150, 0, 15]);
  });

  it('NIFTY future sell 65 x 26100.00 = ₹16,96,500 after 1-Apr-2026: STT 0.05% ₹848.25 -> ₹848; txn 0.00183% ₹31.04595 -> 3105p; SEBI ₹1.6965 -> 170p; GST 18% x 5275p = 949.5 -> 950p; total 91025p', () => {
    const c = computeCharges({
      ...base,
      exchange: 'NFO',
      instr: 'FUTIDX',
      symbol: 'NIFTY',
      side: 'sell',
      quantity: 65,
      price: p(2_610_000),
    });
    expect([c.brokerage, c.stt, c.transactionCharge, c.sebiFee, c.gstOnBrokerage, c.total]).toEqual([
      2_000, 84_800, 3_105, 170, 950, 91_025,
    ]);
    expect(c.sttPercent).toBe('0.05');
  });

  it('the same future sell on 31-Mar-2026 uses the old STT 0.02%: ₹339.30 -> ₹339; total 40125p', () => {
    const c = computeCharges({
      ...base,
      exchange: 'NFO',
      instr: 'FUTIDX',
      symbol: 'NIFTY',
      side: 'sell',
      quantity: 65,
      price: p(2_610_000),
      tradeDate: '2026-03-31',
    });
    expect([c.stt, c.sttPercent, c.total]).toEqual([33_900, '0.02', 40_125]);
  });

  it('NIFTY option buy 65 x 120.50 = ₹7,832.50 premium: flat ₹20; txn 0.03553% ₹2.7829 -> 278p; SEBI 0.78p -> 1p; stamp 0.003% 23.4975p -> 23p; GST 18% x 2279p = 410.22 -> 410p; total 2712p', () => {
    const c = computeCharges({
      ...base,
      exchange: 'NFO',
      instr: 'OPTIDX',
      symbol: 'NIFTY',
      quantity: 65,
      price: p(12_050),
    });
    expect([c.brokerage, c.stt, c.transactionCharge, c.sebiFee, c.stampDuty, c.gstOnBrokerage, c.total]).toEqual([
      2_000, 0, 278, 1, 23, 410, 2_712,
    ]);
  });

  it('the option sell after 1-Apr-2026: STT 0.15% of premium ₹11.74875 -> ₹12; no stamp; total 3889p', () => {
    const c = computeCharges({
      ...base,
      exchange: 'NFO',
      instr: 'OPTIDX',
      symbol: 'NIFTY',
      side: 'sell',
      quantity: 65,
      price: p(12_050),
    });
    expect([c.stt, c.sttPercent, c.stampDuty, c.total]).toEqual([1_200, '0.15', 0, 3_889]);
  });

  it('USDINR future buy 2 lots x 88.5025 x lot qualifier 1000 = ₹1,77,005: brokerage ₹20 (0.03% is ₹53.10); no STT; txn 0.00035% 61.95p -> 62p; SEBI 17.7p -> 18p; stamp 0.0001% 17.7p -> 18p; GST 18% x 2080p = 374.4 -> 374p; total 2472p', () => {
    const c = computeCharges({
      ...base,
      exchange: 'CDS',
      instr: 'FUTCUR',
      symbol: 'USDINR',
      quantity: 2,
      price: p(885_025),
      priceDecimals: 4,
      lotQualifier: 1_000,
    });
    expect([
      c.turnover,
      c.brokerage,
      c.stt,
      c.transactionCharge,
      c.sebiFee,
      c.stampDuty,
      c.gstOnBrokerage,
      c.total,
    ]).toEqual([17_700_500, 2_000, 0, 62, 18, 18, 374, 2_472]);
  });

  it('MCX CRUDEOIL future sell 1 lot x 5300.00 x 100 = ₹5,30,000: CTT 0.01% ₹53; txn 0.0021% ₹11.13; SEBI ₹0.53; GST 18% x 3166p = 569.88 -> 570p; total 9036p', () => {
    const c = computeCharges({
      ...base,
      exchange: 'MCX',
      instr: 'FUTCOM',
      symbol: 'CRUDEOIL',
      side: 'sell',
      quantity: 1,
      price: p(530_000),
      lotQualifier: 100,
    });
    expect([c.brokerage, c.stt, c.transactionCharge, c.sebiFee, c.gstOnBrokerage, c.total]).toEqual([
      2_000, 5_300, 1_113, 53, 570, 9_036,
    ]);
  });

  it('NCDEX agri future sell pays no CTT; NCDEX txn 0.0058%', () => {
    const c = computeCharges({
      ...base,
      exchange: 'NCDEX',
      instr: 'FUTCOM',
      symbol: 'JEERA',
      side: 'sell',
      quantity: 1,
      price: p(2_500_000),
      lotQualifier: 30,
    });
    expect([c.stt, c.transactionChargePercent]).toEqual([0, '0.0058']);
  });

  it('BSE: equity txn 0.00375%; SENSEX options 0.0325%; stock options 0.005%; futures 0', () => {
    expect(computeCharges({ ...base, exchange: 'BSE' }).transactionChargePercent).toBe('0.00375');
    expect(
      computeCharges({ ...base, exchange: 'BFO', instr: 'OPTIDX', symbol: 'SENSEX' }).transactionChargePercent,
    ).toBe('0.0325');
    expect(
      computeCharges({ ...base, exchange: 'BFO', instr: 'OPTSTK', symbol: 'RELIANCE' }).transactionChargePercent,
    ).toBe('0.005');
    expect(computeCharges({ ...base, exchange: 'BFO', instr: 'FUTIDX', symbol: 'SENSEX' }).transactionCharge).toBe(0);
  });

  it('MTF buy of ₹15,000: brokerage min(0.3% = ₹45, ₹20) = ₹20; delivery STT and stamp', () => {
    const c = computeCharges({ ...base, product: 'MTF' });
    expect([c.brokerage, c.stt, c.stampDuty]).toEqual([2_000, 1_500, 225]);
  });

  it('STT rounds half up to the rupee: intraday sell of ₹2,000 gives 0.025% = ₹0.50 -> ₹1; ₹1,800 gives ₹0.45 -> ₹0', () => {
    expect(computeCharges({ ...base, side: 'sell', product: 'INTRADAY', quantity: 20, price: p(10_000) }).stt).toBe(
      100,
    );
    expect(computeCharges({ ...base, side: 'sell', product: 'INTRADAY', quantity: 18, price: p(10_000) }).stt).toBe(0);
  });

  it('the total is the sum of the components', () => {
    const c = computeCharges({
      ...base,
      exchange: 'NFO',
      instr: 'FUTSTK',
      symbol: 'SBIN',
      quantity: 750,
      price: p(96_785),
    });
    expect(c.total).toBe(c.brokerage + c.stt + c.gstOnBrokerage + c.transactionCharge + c.sebiFee + c.stampDuty);
  });

  it('refuses a fractional quantity (a broken invariant, not a user error)', () => {
    expect(() => computeCharges({ ...base, quantity: 1.5 })).toThrow(RangeError);
  });
});

describe('charge segments, products and percent text', () => {
  it('classifies instrument codes', () => {
    expect(chargeSegmentOf('STK', 'NSE')).toBe('equity');
    expect(chargeSegmentOf('FUTSTK', 'NFO')).toBe('futures');
    expect(chargeSegmentOf('FUTIDXSPR', 'NFO')).toBe('futures');
    expect(chargeSegmentOf('OPTSTK', 'NFO')).toBe('options');
    expect(chargeSegmentOf('OPTCUR', 'CDS')).toBe('currencyOptions');
    expect(chargeSegmentOf('FUTCURSPR', 'CDS')).toBe('currencyFutures');
    expect(chargeSegmentOf('OPTFUT', 'MCX')).toBe('commodityOptions');
    expect(chargeSegmentOf('FUTCOM', 'NCDEX')).toBe('commodityFutures');
  });
  it('maps order products to INTRADAY or NRML (MTF for margin trading)', () => {
    expect(['INTRADAY', 'CO', 'BO', 'SHORTSELL', 'CASH', 'CARRY FORWARD', 'MARGIN'].map(chargesProductOf)).toEqual([
      'INTRADAY',
      'INTRADAY',
      'INTRADAY',
      'INTRADAY',
      'NRML',
      'NRML',
      'MTF',
    ]);
  });
  it('writes rates per crore as percent text', () => {
    expect([
      rateAsPercent(307, 7),
      rateAsPercent(10, 7),
      rateAsPercent(1_800_000, 7),
      rateAsPercent(0, 7),
      rateAsPercent(15_000, 7),
    ]).toEqual(['0.00307', '0.0001', '18', '0', '0.15']);
  });
});
