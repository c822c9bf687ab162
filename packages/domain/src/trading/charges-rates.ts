import { isCommodityInstrument, isCurrencyInstrument, isOption, isSpread } from './segments.ts';

/**
 * Charge rates as exact integers in RUPEES PER CRORE of turnover (parts per 10^7): 0.00307% is 307, ₹10/cr is 10.
 * Sources: market-facts.md 1.1-1.4 and 10. Options are charged on premium turnover.
 *
 * Regimes: STT from 1-Apr-2026 (Budget 2026: futures 0.05%, options 0.15% on premium; before: 0.02% and 0.1%).
 * NSE transaction charges from 1-Mar-2026 fold IPFT in (cash 306.99 + 0.01, futures 182.99 + 0.01, options 3552 + 1
 * per crore); the earlier regime (297 + 10 IPFT, 173 + 10, 3503 + 50) totals the same, so one table serves both.
 * Not included (unverified or broker-specific): NSE currency IPFT, clearing charges, agri SEBI fee (₹1/cr), DP charges.
 */
export const STT_REGIME_2026_START = '2026-04-01';

export type ChargeSegment =
  'equity' | 'futures' | 'options' | 'currencyFutures' | 'currencyOptions' | 'commodityFutures' | 'commodityOptions';

/** Spreads execute as two futures legs: they are charged as futures of their segment, leg by leg. */
export function chargeSegmentOf(instr: string, exchange: string): ChargeSegment {
  const option = isOption(instr) && !isSpread(instr);
  if (isCurrencyInstrument(instr) || exchange === 'CDS') return option ? 'currencyOptions' : 'currencyFutures';
  if (isCommodityInstrument(instr, exchange)) return option ? 'commodityOptions' : 'commodityFutures';
  if (instr === 'STK') return 'equity';
  return option ? 'options' : 'futures';
}

/** 0.03% brokerage cap rate and the ₹20 per executed order (market-facts 1.4). MTF: 0.3% or ₹20. */
export const BROKERAGE_RATE = 3_000;
export const MTF_BROKERAGE_RATE = 30_000;
export const BROKERAGE_CAP_PAISE = 2_000;
export const OPTIONS_FLAT_BROKERAGE_PAISE = 2_000;

/**
 * Call & trade / RMS auto square-off: ₹50 + GST per order (market-facts 1.4). Booked as brokerage, as the broker's
 * contract note shows it, so GST follows from the one rule and a plan's brokerage cover does not waive it.
 */
export const RMS_SQUARE_OFF_FEE_PAISE = 5_000;

export const SEBI_FEE_RATE = 10;
/** 18% in the same parts per 10^7, so every percent in the response is formatted one way. */
export const GST_RATE = 1_800_000;

export interface SttRates {
  buy: number;
  sell: number;
}

/** STT/CTT per side. `delivery`: equity held overnight (CASH or MTF). `agri`: agricultural commodities pay no CTT. */
export function sttRates(
  segment: ChargeSegment,
  options: { delivery: boolean; agri: boolean; tradeDate: string },
): SttRates {
  const from2026 = options.tradeDate >= STT_REGIME_2026_START;
  switch (segment) {
    case 'equity':
      return options.delivery ? { buy: 10_000, sell: 10_000 } : { buy: 0, sell: 2_500 };
    case 'futures':
      return { buy: 0, sell: from2026 ? 5_000 : 2_000 };
    case 'options':
      return { buy: 0, sell: from2026 ? 15_000 : 10_000 };
    case 'currencyFutures':
    case 'currencyOptions':
      return { buy: 0, sell: 0 };
    case 'commodityFutures':
      return { buy: 0, sell: options.agri ? 0 : 1_000 };
    case 'commodityOptions':
      return { buy: 0, sell: options.agri ? 0 : 5_000 };
    default:
      return assertNever(segment);
  }
}

/**
 * STT on the intrinsic value of a long in-the-money option exercised at expiry (market-facts 1.1): equity and index
 * options 0.125%, 0.15% from 1-Apr-2026 (Budget 2026). Currency options pay no STT; commodity options' CTT on
 * exercise (levied on the resulting futures) is not modelled.
 */
export function exerciseSttRate(segment: ChargeSegment, tradeDate: string): number {
  if (segment !== 'options') return 0;
  return tradeDate >= STT_REGIME_2026_START ? 15_000 : 12_500;
}

/** Exchange transaction charge by exchange and segment (market-facts 1.1-1.3). */
export function transactionChargeRate(segment: ChargeSegment, exchange: string, symbol: string): number {
  const bse = exchange === 'BSE' || exchange === 'BFO';
  switch (segment) {
    case 'equity':
      return bse ? 375 : 307;
    case 'futures':
      return bse ? 0 : 183;
    case 'options':
      if (!bse) return 3_553;
      return symbol === 'SENSEX' || symbol === 'BANKEX' ? 3_250 : 500;
    case 'currencyFutures':
      return exchange === 'BSE' ? 45 : 35;
    case 'currencyOptions':
      return exchange === 'BSE' ? 100 : 3_110;
    case 'commodityFutures':
      return exchange === 'NCDEX' ? 580 : 210;
    case 'commodityOptions':
      return exchange === 'NCDEX' ? 3_000 : 4_180;
    default:
      return assertNever(segment);
  }
}

/** Stamp duty, buy side only (market-facts 1.1-1.3). */
export function stampDutyRate(segment: ChargeSegment, delivery: boolean): number {
  switch (segment) {
    case 'equity':
      return delivery ? 1_500 : 300;
    case 'futures':
    case 'commodityFutures':
      return 200;
    case 'options':
    case 'commodityOptions':
      return 300;
    case 'currencyFutures':
    case 'currencyOptions':
      return 10;
    default:
      return assertNever(segment);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown charge segment: ${String(value)}`);
}
