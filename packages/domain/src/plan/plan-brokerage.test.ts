import { describe, expect, it } from 'vitest';
import type { PriceUnits } from '../money/price.ts';
import { computeCharges, type ChargesInput } from '../trading/charges.ts';
import { brokerageUnderPlan } from './plan-brokerage.ts';

const equityIntraday: ChargesInput = {
  exchange: 'NSE',
  instr: 'STK',
  symbol: 'RELIANCE',
  side: 'buy',
  product: 'INTRADAY',
  quantity: 100,
  price: 150_000 as PriceUnits,
  priceDecimals: 2,
  lotQualifier: 1,
  tradeDate: '2026-11-20',
};
const niftyOption: ChargesInput = {
  ...equityIntraday,
  exchange: 'NFO',
  instr: 'OPTIDX',
  symbol: 'NIFTY',
  product: 'NRML',
  quantity: 75,
  price: 12_000 as PriceUnits,
};
const equityPlan = { equity: true, fno: false };
const bothPlans = { equity: true, fno: true };

describe('brokerage under the trading plan (investing.md 9)', () => {
  it('equity intraday pays Rs 0.01 per executed order under the equity plan instead of Rs 20', () => {
    expect(computeCharges(equityIntraday).brokerage).toBe(2_000);
    expect(computeCharges({ ...equityIntraday, plan: equityPlan }).brokerage).toBe(1);
  });

  it('GST follows the lower brokerage', () => {
    const standard = computeCharges(equityIntraday);
    const planned = computeCharges({ ...equityIntraday, plan: equityPlan });
    expect(standard.gstOnBrokerage - planned.gstOnBrokerage).toBe(360);
    expect(standard.total - planned.total).toBe(1_999 + 360);
  });

  it('F&O pays Rs 15 per executed order with the equity plan alone, Rs 0.01 with the F&O plan', () => {
    expect(computeCharges(niftyOption).brokerage).toBe(2_000);
    expect(computeCharges({ ...niftyOption, plan: equityPlan }).brokerage).toBe(1_500);
    expect(computeCharges({ ...niftyOption, plan: bothPlans }).brokerage).toBe(1);
    expect(computeCharges({ ...niftyOption, plan: { equity: false, fno: true } }).brokerage).toBe(1);
  });

  it('never raises brokerage: delivery stays free, a small future keeps 0.03% under Rs 15', () => {
    expect(computeCharges({ ...equityIntraday, product: 'NRML', plan: equityPlan }).brokerage).toBe(0);
    expect(brokerageUnderPlan('futures', 900, equityPlan)).toBe(900);
  });

  it('covers currency with the equity plan and leaves commodity at the standard rate', () => {
    expect(brokerageUnderPlan('currencyFutures', 2_000, equityPlan)).toBe(1);
    expect(brokerageUnderPlan('commodityFutures', 2_000, bothPlans)).toBe(2_000);
    expect(brokerageUnderPlan('options', 2_000, { equity: false, fno: false })).toBe(2_000);
    expect(brokerageUnderPlan('options', 2_000, undefined)).toBe(2_000);
  });
});
