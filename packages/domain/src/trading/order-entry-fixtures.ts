import type { PriceUnits } from '../money/price.ts';
import type { InstrumentFacts, OrderEntryContext, OrderForm } from './order-entry.ts';

/** Test fixtures (only imported by tests): a clean equity buy that passes every rule. */
export const p = (value: number): PriceUnits => value as PriceUnits;

/** RELIANCE on NSE: lot 1, tick 0.10, band 1367.00 - 1671.00. */
export const reliance: InstrumentFacts = {
  symbol: 'RELIANCE-EQ',
  instr: 'STK',
  exchange: 'NSE',
  lot: 1,
  tickSize: p(10),
  priceDecimals: 2,
  dprLow: p(136_700),
  dprHigh: p(167_100),
};

/** NIFTY future: lot 65, tick 0.10, band 23500.00 - 28700.00. */
export const niftyFuture: InstrumentFacts = {
  symbol: 'NIFTY26NOVFUT',
  instr: 'FUTIDX',
  exchange: 'NFO',
  lot: 65,
  tickSize: p(10),
  priceDecimals: 2,
  dprLow: p(2_350_000),
  dprHigh: p(2_870_000),
};

/** USDINR future: counted in lots, tick 0.0025, 4 decimals. */
export const usdInr: InstrumentFacts = {
  symbol: 'USDINR26NOVFUT',
  instr: 'FUTCUR',
  exchange: 'CDS',
  lot: 1,
  tickSize: p(25),
  priceDecimals: 4,
  dprLow: p(860_000),
  dprHigh: p(910_000),
};

/** MCX crude oil option on future. */
export const crudeOption: InstrumentFacts = {
  symbol: 'CRUDEOIL26DEC5300CE',
  instr: 'OPTFUT',
  exchange: 'MCX',
  lot: 1,
  tickSize: p(10),
  priceDecimals: 2,
  dprLow: p(5),
  dprHigh: p(60_000),
};

export const niftySpread: InstrumentFacts = {
  symbol: 'NIFTY26NOVDECFUT',
  instr: 'FUTIDXSPR',
  exchange: 'NFO',
  lot: 65,
  tickSize: p(5),
  priceDecimals: 2,
  dprLow: null,
  dprHigh: null,
};

/** 2026-11-20 10:00 IST. */
export const NOW = Date.UTC(2026, 10, 20, 4, 30);
export const context: OrderEntryContext = { now: NOW };

export function form(overrides: Partial<OrderForm> = {}): OrderForm {
  return {
    entryType: 'NEW',
    action: 'buy',
    advanceType: 'REGULAR',
    orderType: 'limit',
    validity: 'DAY',
    product: 'CASH',
    quantity: '10',
    price: '1500.00',
    disclosedQuantity: '0',
    triggerPrice: '0',
    coTriggerPrice: '0',
    boTriggerPrice: '0',
    boTargetPrice: '0',
    vtdDate: '',
    isAmo: false,
    ...overrides,
  };
}
