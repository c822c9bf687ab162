import type { Paise } from '../money/money.ts';
import type { PriceDecimals, PriceUnits } from '../money/price.ts';
import {
  BROKERAGE_CAP_PAISE,
  BROKERAGE_RATE,
  chargeSegmentOf,
  exerciseSttRate,
  GST_RATE,
  MTF_BROKERAGE_RATE,
  OPTIONS_FLAT_BROKERAGE_PAISE,
  RMS_SQUARE_OFF_FEE_PAISE,
  SEBI_FEE_RATE,
  stampDutyRate,
  sttRates,
  transactionChargeRate,
} from './charges-rates.ts';
import { divRoundHalfUp, rateAsPercent } from './rational.ts';
import { brokerageUnderPlan, type PlanCover } from '../plan/plan-brokerage.ts';

/** trading.md 3 "Charges payload": product INTRADAY or NRML (9); MTF is NRML bought with margin trading. */
export type ChargesProduct = 'INTRADAY' | 'NRML' | 'MTF';

export interface ChargesInput {
  exchange: string;
  /** Instrument code (trading.md 3): STK, FUTIDX, OPTSTK, FUTCUR, FUTCOM, OPTFUT, ... */
  instr: string;
  /** Root symbol (SENSEX, RELIANCE): BSE option rates depend on it. */
  symbol: string;
  side: 'buy' | 'sell';
  product: ChargesProduct;
  /** Quantity as ordered: shares/units, or lots where the quantity is counted in lots. */
  quantity: number;
  /** Price (premium for options) in the instrument's price units. */
  price: PriceUnits;
  priceDecimals: PriceDecimals;
  /** Units per quantity (lot qualifier): 1 for equity and F&O, 1000 for USDINR, 100 for MCX CRUDEOIL (trading.md 9). */
  lotQualifier: number;
  /** IST trade date yyyy-mm-dd: chooses the STT regime. */
  tradeDate: string;
  /** Agricultural commodity (no CTT); defaults to true on NCDEX. */
  agri?: boolean;
  /** The client's trading plan in force on the trade date (investing.md 9); none: standard brokerage. */
  plan?: PlanCover;
  /** An order the RMS placed to square the position off (market-facts 1.4): its fixed fee is added to the brokerage. */
  rmsSquareOff?: boolean;
}

/** trading.md 3 "Charges response", amounts in paise, rates as percent text (e.g. "0.00307"), plus the total. */
export interface Charges {
  turnover: Paise;
  brokerage: Paise;
  stt: Paise;
  sttPercent: string;
  gstOnBrokerage: Paise;
  gstPercent: string;
  transactionCharge: Paise;
  transactionChargePercent: string;
  sebiFee: Paise;
  sebiFeePercent: string;
  stampDuty: Paise;
  stampDutyPercent: string;
  total: Paise;
}

const PER_CRORE = 10_000_000n;

/**
 * The charges of one executed order (trading.md 9; market-facts 1, 10). The confirmation page's estimate and the
 * contract note of the executed trade call this same function, so the figures are identical.
 *
 * Rounding (one rule): turnover is exact (price units x quantity x lot qualifier, a rational in paise); each component
 * is turnover x rate rounded half up to the paisa, except STT/CTT, rounded half up to the rupee as on the contract
 * note (market-facts 1.1 note) - the estimate rounds the same way so the two agree. GST is 18% of the sum of the
 * rounded brokerage, transaction charge and SEBI fee (not of STT or stamp duty), rounded half up to the paisa.
 * Brokerage: delivery 0; intraday, futures, currency and commodity futures min(0.03%, ₹20) per executed order;
 * options flat ₹20; MTF min(0.3%, ₹20).
 */
export function computeCharges(input: ChargesInput): Charges {
  const { price, ...rest } = input;
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 0)
    throw new RangeError('quantity must be a whole number');
  return computeExecutionCharges({ ...rest, value: BigInt(price) * BigInt(input.quantity) });
}

/**
 * An order's execution so far, possibly filled in pieces at several prices: its total quantity and its exact value
 * (the sum of price units x quantity over its fills).
 */
export interface ExecutionInput extends Omit<ChargesInput, 'price'> {
  value: bigint;
}

/**
 * The charges of an order's whole execution (market-facts 1.4: brokerage is per executed order, not per fill).
 * computeCharges is this with value = price x quantity, so one fill of the whole quantity and the estimate agree.
 */
export function computeExecutionCharges(input: ExecutionInput): Charges {
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 0)
    throw new RangeError('quantity must be a whole number');
  if (!Number.isSafeInteger(input.lotQualifier) || input.lotQualifier < 1)
    throw new RangeError('lotQualifier must be >= 1');
  const segment = chargeSegmentOf(input.instr, input.exchange);
  const delivery = segment === 'equity' && input.product !== 'INTRADAY';
  const agri = input.agri ?? input.exchange === 'NCDEX';

  // Turnover in paise = units / unitsPerPaisa, kept as a fraction until each component is rounded.
  const units = input.value * BigInt(input.lotQualifier);
  const unitsPerPaisa = 10n ** BigInt(input.priceDecimals - 2);
  const atRate = (rate: number): number => divRoundHalfUp(units * BigInt(rate), unitsPerPaisa * PER_CRORE);
  const turnover = divRoundHalfUp(units, unitsPerPaisa);

  let brokerage = 0;
  if (segment === 'options' || segment === 'currencyOptions' || segment === 'commodityOptions') {
    brokerage = input.quantity > 0 ? OPTIONS_FLAT_BROKERAGE_PAISE : 0;
  } else if (input.product === 'MTF' && segment === 'equity') {
    brokerage = Math.min(atRate(MTF_BROKERAGE_RATE), BROKERAGE_CAP_PAISE);
  } else if (!delivery) {
    brokerage = Math.min(atRate(BROKERAGE_RATE), BROKERAGE_CAP_PAISE);
  }
  brokerage = brokerageUnderPlan(segment, brokerage, input.plan);
  if (input.rmsSquareOff && input.quantity > 0) brokerage += RMS_SQUARE_OFF_FEE_PAISE;

  const stt = sttRates(segment, { delivery, agri, tradeDate: input.tradeDate });
  const sttRate = input.side === 'buy' ? stt.buy : stt.sell;
  const sttAmount = sttPaise(units, sttRate, unitsPerPaisa);

  const txnRate = transactionChargeRate(segment, input.exchange, input.symbol);
  const transactionCharge = atRate(txnRate);
  const sebiFee = atRate(SEBI_FEE_RATE);
  const stampRate = input.side === 'buy' ? stampDutyRate(segment, delivery) : 0;
  const stampDuty = atRate(stampRate);
  const gst = divRoundHalfUp(BigInt(brokerage + transactionCharge + sebiFee) * BigInt(GST_RATE), PER_CRORE);

  return {
    turnover: turnover as Paise,
    brokerage: brokerage as Paise,
    stt: sttAmount as Paise,
    sttPercent: rateAsPercent(sttRate, 7),
    gstOnBrokerage: gst as Paise,
    gstPercent: rateAsPercent(GST_RATE, 7),
    transactionCharge: transactionCharge as Paise,
    transactionChargePercent: rateAsPercent(txnRate, 7),
    sebiFee: sebiFee as Paise,
    sebiFeePercent: rateAsPercent(SEBI_FEE_RATE, 7),
    stampDuty: stampDuty as Paise,
    stampDutyPercent: rateAsPercent(stampRate, 7),
    total: (brokerage + sttAmount + gst + transactionCharge + sebiFee + stampDuty) as Paise,
  };
}

/** An option exercised at expiry: its intrinsic value (price units x quantity) and what chooses the rate. */
export interface ExerciseInput {
  exchange: string;
  instr: string;
  priceDecimals: PriceDecimals;
  lotQualifier: number;
  /** Intrinsic value (settlement price x quantity) in price units. */
  value: bigint;
  /** IST expiry date yyyy-mm-dd: chooses the STT regime. */
  tradeDate: string;
}

/**
 * STT on exercise of a long in-the-money option (market-facts 1.1): the intrinsic value in paise times
 * `exerciseSttRate`, rounded half up to the rupee as the contract note rounds STT (`computeExecutionCharges`).
 */
export function exerciseStt(input: ExerciseInput): Paise {
  const rate = exerciseSttRate(chargeSegmentOf(input.instr, input.exchange), input.tradeDate);
  const units = input.value * BigInt(input.lotQualifier);
  return sttPaise(units, rate, 10n ** BigInt(input.priceDecimals - 2)) as Paise;
}

/** STT/CTT on a turnover of `units` price units at a rate per crore: half up to the rupee, in paise. */
function sttPaise(units: bigint, rate: number, unitsPerPaisa: bigint): number {
  return divRoundHalfUp(units * BigInt(rate), unitsPerPaisa * PER_CRORE * 100n) * 100;
}

/** The money components of Charges (the percent texts are rates, not amounts). */
export const CHARGE_AMOUNTS = [
  'turnover',
  'brokerage',
  'stt',
  'gstOnBrokerage',
  'transactionCharge',
  'sebiFee',
  'stampDuty',
  'total',
] as const;

export type ChargeAmounts = Record<(typeof CHARGE_AMOUNTS)[number], number>;

/**
 * What one more fill of an order pays: the charges of the execution so far (this fill included) less what the
 * earlier fills already paid, component by component, so an order's fills add up to exactly its charges. Amounts
 * only: a trade keeps what it paid, and the rates are the schedule's.
 */
export function chargesDifference(cumulative: Charges, alreadyCharged: ChargeAmounts): ChargeAmounts {
  const out = noChargeAmounts();
  for (const key of CHARGE_AMOUNTS) out[key] = cumulative[key] - alreadyCharged[key];
  return out;
}

/** No charges yet (the first fill of an order). */
export function noChargeAmounts(): ChargeAmounts {
  return {
    turnover: 0,
    brokerage: 0,
    stt: 0,
    gstOnBrokerage: 0,
    transactionCharge: 0,
    sebiFee: 0,
    stampDuty: 0,
    total: 0,
  };
}

/** Order products to the charges payload's product (trading.md 9: INTRADAY or NRML). */
export function chargesProductOf(product: string): ChargesProduct {
  if (product === 'INTRADAY' || product === 'CO' || product === 'BO' || product === 'SHORTSELL') return 'INTRADAY';
  if (product === 'MARGIN') return 'MTF';
  return 'NRML';
}
