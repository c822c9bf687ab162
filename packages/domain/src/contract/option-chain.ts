import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { decimalString, isoDay } from './wire-schemas.ts';
import { symbolObjectSchema } from './market-data.ts';

/**
 * The option chain (the spec lists /Market/GetOptionChain without its payload; the shape here is chosen after NSE's
 * and Kite's chains). Prices are decimal strings as in GetQuote; open interest and volume are units, as GetQuote has
 * them. Expiries are yyyy-mm-dd, as in SymbolSearch's option flow and the SPAN calculator.
 */

/** One side (call or put) of a strike. */
export const optionChainLegSchema = z.object({
  sym: symbolObjectSchema,
  displaySym: z.string(),
  companyName: z.string(),
  /** The option's name on the older feed (trading.md 4.9), as symbol search gives it. */
  streamSym: z.string(),
  ltp: decimalString,
  chng: decimalString,
  chngPer: decimalString,
  /** Units open now (lots x lot size). */
  openInterest: z.number().int(),
  /** Units opened (negative: closed) since the start of the trading day. */
  oiChange: z.number().int(),
  vol: z.number().int(),
});
export type OptionChainLeg = z.infer<typeof optionChainLegSchema>;

export const optionChainRowSchema = z.object({
  strike: decimalString,
  /** The strike nearest the underlying's last price (the lower of two as near). */
  atm: z.boolean(),
  call: optionChainLegSchema.nullable(),
  put: optionChainLegSchema.nullable(),
});
export type OptionChainRow = z.infer<typeof optionChainRowSchema>;

export const getOptionChain = defineCall({
  path: '/Market/GetOptionChain',
  summary: 'Calls and puts by ascending strike for an expiry of the underlying of an index, stock or F&O contract',
  access: 'session',
  request: z.strictObject({
    sym: symbolObjectSchema,
    /** Defaults to the nearest expiry with options. */
    expiry: isoDay.optional(),
  }),
  response: z.object({
    /** What the options of the expiry are written on: the index or stock, or for commodity options their future. */
    underlying: z.object({
      sym: symbolObjectSchema,
      displaySym: z.string(),
      ltp: decimalString,
      chng: decimalString,
      chngPer: decimalString,
    }),
    /** Every expiry with options, nearest first. */
    expiries: z.array(isoDay),
    expiry: isoDay,
    strikes: z.array(optionChainRowSchema),
  }),
});

export const optionChainCalls = [getOptionChain] as const;
