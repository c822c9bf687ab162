import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { decimalString } from './wire-schemas.ts';
import { symbolObjectSchema } from './market-data.ts';

/**
 * A scrip page's "Technicals" section: indicators over the instrument's daily bars (the history /Chart/PriceChart
 * answers for interval 'D'), today's running bar last. Prices are decimal strings in the instrument's decimals (2, 4
 * for currency); RSI and stochastic are percentages with 2 decimals. An indicator the history is too short for is
 * null, and is left out of the summary.
 */

const signal = z.enum(['bullish', 'bearish', 'neutral']);
const reading = z.enum(['overbought', 'oversold', 'neutral']);
/** Where the last price stands against an average. */
const position = z.enum(['above', 'below', 'at']);

export const technicalPeriods = [5, 10, 20, 50, 100, 200] as const;

const signalCountsSchema = z.object({
  bullish: z.number().int(),
  bearish: z.number().int(),
  neutral: z.number().int(),
  /** Indicators counted: those given (not null). */
  total: z.number().int(),
});

export const technicalsSchema = z.object({
  sym: symbolObjectSchema,
  displaySym: z.string(),
  /** IST date (yyyy-mm-dd) of the newest daily bar; null when the instrument has no bars. */
  asOf: z.string().nullable(),
  /** Daily bars the indicators were computed from. */
  bars: z.number().int(),
  /** Close of the newest daily bar (today's last price while it trades). */
  ltp: decimalString.nullable(),
  /** One row per period of `technicalPeriods`: a moving average above the last price reads bearish, below bullish. */
  movingAverages: z.array(
    z.object({
      period: z.number().int(),
      sma: decimalString.nullable(),
      smaPosition: position.nullable(),
      ema: decimalString.nullable(),
      emaPosition: position.nullable(),
    }),
  ),
  oscillators: z.object({
    /** RSI(14), Wilder's smoothing: above 70 overbought (bearish), below 30 oversold (bullish). */
    rsi: z.object({
      period: z.number().int(),
      value: decimalString.nullable(),
      reading: reading.nullable(),
      signal: signal.nullable(),
    }),
    /** MACD(12, 26) and its 9-day signal line, as prices: the line above its signal reads bullish. */
    macd: z.object({
      fast: z.number().int(),
      slow: z.number().int(),
      signalPeriod: z.number().int(),
      macd: decimalString.nullable(),
      signalLine: decimalString.nullable(),
      histogram: decimalString.nullable(),
      signal: signal.nullable(),
    }),
    /** Fast stochastic %K(14), %D(3): %K above 80 overbought (bearish), below 20 oversold (bullish). */
    stochastic: z.object({
      kPeriod: z.number().int(),
      dPeriod: z.number().int(),
      k: decimalString.nullable(),
      d: decimalString.nullable(),
      reading: reading.nullable(),
      signal: signal.nullable(),
    }),
  }),
  /** Classic pivots from the previous completed day's bar (`date`); null without one. */
  pivots: z
    .object({
      date: z.string(),
      pivot: decimalString,
      r1: decimalString,
      r2: decimalString,
      r3: decimalString,
      s1: decimalString,
      s2: decimalString,
      s3: decimalString,
    })
    .nullable(),
  summary: z.object({
    /** SMA and EMA of each period given. */
    movingAverages: signalCountsSchema,
    /** RSI, MACD and stochastic, those given. */
    oscillators: signalCountsSchema,
    overall: signalCountsSchema,
    /** More bullish than bearish readings: bullish; more bearish: bearish; a tie: neutral. */
    verdict: signal,
  }),
});
export type Technicals = z.infer<typeof technicalsSchema>;

export const technicals = defineCall({
  path: '/Market/Technicals',
  summary: "Technical indicators of a symbol object's daily bars: moving averages, oscillators, pivots and a summary",
  access: 'session',
  request: z.strictObject({ sym: symbolObjectSchema }),
  response: technicalsSchema,
});

export const technicalsCalls = [technicals] as const;
