import type { Paise } from '../money/money.ts';
import type { PriceDecimals, PriceUnits } from '../money/price.ts';
import {
  derivativeRates,
  EQUITY_INTRADAY_BP,
  FULL_VALUE_BP,
  MTF_MARGIN_BP,
  SHORT_OPTION_MINIMUM_DIVISOR,
  SPREAD_MARGIN_DIVISOR,
  type MtfGroup,
} from './margin-rates.ts';
import type { OrderAction, ProductType } from './order-enums.ts';
import { divRoundHalfUp } from './rational.ts';
import { isOption, isSpread, segmentOf } from './segments.ts';

export interface MarginInput {
  instr: string;
  exchange: string;
  /** Root symbol (NIFTY, RELIANCE, USDINR, CRUDEOIL). */
  symbol: string;
  product: ProductType;
  side: OrderAction;
  quantity: number;
  /** Order price (the last price for market orders); for spreads the near leg's price. */
  price: PriceUnits;
  priceDecimals: PriceDecimals;
  /** Units per quantity: 1 for shares and F&O, 1000 for USDINR, 100 for MCX GOLD. */
  lotQualifier: number;
  /** Options: the underlying's price and the strike, in the same price units. */
  underlyingPrice?: PriceUnits | null;
  strike?: PriceUnits | null;
  optType?: 'CE' | 'PE' | null;
  /** Cover order: the stop-loss trigger (an absolute price). */
  coTriggerPrice?: PriceUnits;
  /** Bracket order: the stop-loss distance ("Abs Value"). */
  boTriggerPrice?: PriceUnits;
  /** Margin trading eligibility; null or absent: not eligible, full value. */
  mtfGroup?: MtfGroup | null;
}

export interface MarginRequirement {
  /** What the RMS blocks. */
  total: Paise;
  span: Paise;
  exposure: Paise;
  /** Option premium paid (long options). */
  premium: Paise;
  /** The order's value at the order price. */
  value: Paise;
}

/**
 * Required margin for an order (market-facts 5, 10), in paise. The order dialog shows it and the server's RMS blocks
 * exactly this amount. Rounding: each component half up to the paisa; the total is their sum.
 *
 * - Equity CASH buy: full value; CASH/MARGIN sells use the held shares: 0. INTRADAY and SHORTSELL: 20% (5x).
 * - MARGIN (MTF) buy: the group's percentage (F&O stocks 25%, other Group I 35%); not eligible: full value.
 * - Futures (any product): SPAN + exposure on notional (index 9% + 2%, stock 15% + 3.5%; currency 2% + pair ELM;
 *   commodity bullion 6%, energy 15%, other 8% / NCDEX 10%, + 1%).
 * - Long options: the premium. Short options: SPAN on the underlying's notional less the out-of-the-money amount, not
 *   below a third of SPAN, plus exposure on the notional.
 * - Spreads: a third of one futures leg's margin at the near leg's price.
 * - Cover and bracket: the loss to the stop-loss, but never below the instrument's normal intraday margin (the
 *   exchange minimum: 20% for equity, SPAN + exposure for futures).
 */
export function requiredMargin(input: MarginInput): MarginRequirement {
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 0)
    throw new RangeError('quantity must be a whole number');
  const unitsPerPaisa = 10n ** BigInt(input.priceDecimals - 2);
  const notionalUnits = (price: number): bigint => BigInt(price) * BigInt(input.quantity) * BigInt(input.lotQualifier);
  const atBp = (units: bigint, bp: number): number => divRoundHalfUp(units * BigInt(bp), unitsPerPaisa * 10_000n);
  const value = atBp(notionalUnits(input.price), FULL_VALUE_BP);
  const result = (parts: { span?: number; exposure?: number; premium?: number; flat?: number }): MarginRequirement => {
    const span = parts.span ?? 0;
    const exposure = parts.exposure ?? 0;
    const premium = parts.premium ?? 0;
    const flat = parts.flat ?? 0;
    return {
      total: (span + exposure + premium + flat) as Paise,
      span: span as Paise,
      exposure: exposure as Paise,
      premium: premium as Paise,
      value: value as Paise,
    };
  };

  const segment = segmentOf(input.instr, input.exchange);
  const normal = (): MarginRequirement => {
    if (segment === 'equity') return result({ flat: atBp(notionalUnits(input.price), EQUITY_INTRADAY_BP) });
    if (isSpread(input.instr)) {
      const rates = derivativeRates(input.instr, input.exchange, input.symbol);
      const units = notionalUnits(input.price);
      return result({
        span: divRoundHalfUp(BigInt(atBp(units, rates.spanBp)), BigInt(SPREAD_MARGIN_DIVISOR)),
        exposure: divRoundHalfUp(BigInt(atBp(units, rates.exposureBp)), BigInt(SPREAD_MARGIN_DIVISOR)),
      });
    }
    if (isOption(input.instr)) {
      if (input.side === 'buy') return result({ premium: value });
      return shortOption();
    }
    const rates = derivativeRates(input.instr, input.exchange, input.symbol);
    const units = notionalUnits(input.price);
    return result({ span: atBp(units, rates.spanBp), exposure: atBp(units, rates.exposureBp) });
  };
  const shortOption = (): MarginRequirement => {
    const rates = derivativeRates(input.instr, input.exchange, input.symbol);
    const underlying = input.underlyingPrice ?? input.strike ?? input.price;
    const units = notionalUnits(underlying);
    const strike = input.strike ?? underlying;
    const otmPerUnit =
      input.optType === 'PE'
        ? Math.max(underlying - strike, 0)
        : input.optType === 'CE'
          ? Math.max(strike - underlying, 0)
          : 0;
    const fullSpan = atBp(units, rates.spanBp);
    const otm = atBp(notionalUnits(otmPerUnit), FULL_VALUE_BP);
    const floor = divRoundHalfUp(BigInt(fullSpan), BigInt(SHORT_OPTION_MINIMUM_DIVISOR));
    return result({ span: Math.max(fullSpan - otm, floor), exposure: atBp(units, rates.exposureBp) });
  };

  switch (input.product) {
    case 'CASH':
    case 'L':
    case 'CARRY FORWARD':
      if (segment === 'equity') return input.side === 'buy' ? result({ flat: value }) : result({});
      return normal();
    case 'MARGIN':
      if (segment !== 'equity') return normal();
      if (input.side === 'sell') return result({});
      return result({ flat: input.mtfGroup ? atBp(notionalUnits(input.price), MTF_MARGIN_BP[input.mtfGroup]) : value });
    case 'INTRADAY':
    case 'SHORTSELL':
    case 'SP':
      return normal();
    case 'CO':
    case 'BO': {
      const floor = normal();
      const stop =
        input.product === 'CO'
          ? Math.abs(input.price - (input.coTriggerPrice ?? input.price))
          : (input.boTriggerPrice ?? 0);
      const loss = atBp(notionalUnits(stop), FULL_VALUE_BP);
      return loss > floor.total ? result({ flat: loss }) : floor;
    }
    default: {
      const unknown: never = input.product;
      throw new Error(`Unknown product: ${String(unknown)}`);
    }
  }
}
