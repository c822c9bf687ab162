import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { isoDay } from './wire-schemas.ts';

/**
 * The option and SPAN calculators (investing.md 7 "Alerts, funds, reports, info": /Calculators/CalculateOptions and
 * /Span/GetInstruments, GetSymbols, GetContracts, GetExpiries, CalculateSpan, CalculateSpanFromPositions). The spec
 * names the calls only: every shape here is chosen. Prices and amounts are decimal strings (integers inside).
 */

const figure = z.string().trim().max(24);
const amount = z.string().regex(/^-?\d+\.\d{2}$/, 'an amount with 2 decimals');
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal number');

export const optionGreeksSchema = z.object({
  price: decimal,
  delta: decimal,
  gamma: decimal,
  theta: decimal,
  vega: decimal,
  rho: decimal,
});
export type OptionGreeks = z.infer<typeof optionGreeksSchema>;

export const calculateOptions = defineCall({
  path: '/Calculators/CalculateOptions',
  summary: 'Black-Scholes-Merton value and Greeks of a call and a put, and the volatility a market premium implies',
  access: 'session',
  request: z.strictObject({
    underlyingPrice: figure,
    strikePrice: figure,
    daysToExpiry: figure,
    volatility: figure,
    interestRate: figure,
    dividendYield: figure.default(''),
    optionPremium: figure.default(''),
    premiumType: z.enum(['CE', 'PE']).default('CE'),
  }),
  response: z.object({
    call: optionGreeksSchema,
    put: optionGreeksSchema,
    /** Percent a year with 2 decimals; null without a premium or when no volatility gives it. */
    impliedVolatility: decimal.nullable(),
  }),
});

export const spanExchangeSchema = z.enum(['NFO', 'BFO', 'CDS', 'MCX', 'NCDEX']);
export const spanInstrumentSchema = z.enum([
  'FUTIDX',
  'OPTIDX',
  'FUTSTK',
  'OPTSTK',
  'FUTCUR',
  'OPTCUR',
  'FUTCOM',
  'OPTFUT',
]);
export type SpanInstrument = z.infer<typeof spanInstrumentSchema>;

const symbol = z.string().trim().min(1).max(40);

export const getSpanInstruments = defineCall({
  path: '/Span/GetInstruments',
  summary: 'The derivative instrument types the market lists, per exchange',
  access: 'session',
  request: z.strictObject({}),
  response: z.object({
    instruments: z.array(z.object({ exchange: spanExchangeSchema, instrument: spanInstrumentSchema })),
  }),
});

export const getSpanSymbols = defineCall({
  path: '/Span/GetSymbols',
  summary: 'The underlyings with contracts of one instrument type on one exchange',
  access: 'session',
  request: z.strictObject({ exchange: spanExchangeSchema, instrument: spanInstrumentSchema }),
  response: z.object({ symbols: z.array(z.string()) }),
});

export const getSpanExpiries = defineCall({
  path: '/Span/GetExpiries',
  summary: 'The expiries of an underlying for one instrument type, nearest first',
  access: 'session',
  request: z.strictObject({ exchange: spanExchangeSchema, instrument: spanInstrumentSchema, symbol }),
  response: z.object({ expiries: z.array(isoDay) }),
});

export const spanContractSchema = z.object({
  trSymbol: z.string(),
  displaySym: z.string(),
  /** Null for futures. */
  strike: decimal.nullable(),
  optType: z.enum(['CE', 'PE']).nullable(),
  /** Quantity of one lot. */
  lot: z.number().int().positive(),
  ltp: decimal,
});
export type SpanContract = z.infer<typeof spanContractSchema>;

export const getSpanContracts = defineCall({
  path: '/Span/GetContracts',
  summary: 'The contracts of an underlying for one instrument type and expiry (every strike of an option)',
  access: 'session',
  request: z.strictObject({ exchange: spanExchangeSchema, instrument: spanInstrumentSchema, symbol, expiry: isoDay }),
  response: z.object({ contracts: z.array(spanContractSchema) }),
});

export const SPAN_MAX_POSITIONS = 30;
export const SPAN_MAX_LOTS = 10_000;

export const spanPositionSchema = z.strictObject({
  exchange: spanExchangeSchema,
  trSymbol: symbol,
  side: z.enum(['buy', 'sell']),
  lots: z.number().int().min(1).max(SPAN_MAX_LOTS),
});
export type SpanPosition = z.infer<typeof spanPositionSchema>;

const spanFigures = { span: amount, exposure: amount, premium: amount, total: amount };

export const spanResultSchema = z.object({
  positions: z.array(
    z.object({
      exchange: spanExchangeSchema,
      trSymbol: z.string(),
      displaySym: z.string(),
      side: z.enum(['buy', 'sell']),
      lots: z.number().int().positive(),
      quantity: z.number().int().positive(),
      /** The last price the margin is worked out at. */
      price: decimal,
      ...spanFigures,
    }),
  ),
  total: z.object(spanFigures),
});
export type SpanResult = z.infer<typeof spanResultSchema>;

export const calculateSpan = defineCall({
  path: '/Span/CalculateSpan',
  summary:
    'The margin (SPAN, exposure, premium) each position needs carried overnight at the last price, and the total',
  access: 'session',
  request: z.strictObject({ positions: z.array(spanPositionSchema).min(1).max(SPAN_MAX_POSITIONS) }),
  response: spanResultSchema,
});

export const calculateSpanFromPositions = defineCall({
  path: '/Span/CalculateSpanFromPositions',
  summary: "The same for the session client's open F&O, currency and commodity positions (whole lots)",
  access: 'session',
  request: z.strictObject({}),
  response: spanResultSchema,
});

export const getOptionInputs = defineCall({
  path: '/Calculators/OptionInputs',
  summary:
    "A listed option's figures for the option calculator: its underlying's last price, the strike, calendar days to expiry, the option's last price, and the volatility that price implies at the given rates",
  access: 'session',
  request: z.strictObject({
    exchange: spanExchangeSchema,
    trSymbol: symbol,
    interestRate: figure,
    dividendYield: figure.default(''),
  }),
  response: z.object({
    displaySym: z.string(),
    underlyingPrice: decimal,
    strikePrice: decimal,
    daysToExpiry: z.number().int().min(0),
    /** Empty on the expiry day: no time is left for a premium to imply a volatility. */
    optionPremium: z.union([decimal, z.literal('')]),
    premiumType: z.enum(['CE', 'PE']),
    /** Percent a year with 2 decimals; null when no volatility gives the premium. */
    volatility: decimal.nullable(),
  }),
});

export const calculatorCalls = [
  calculateOptions,
  getOptionInputs,
  getSpanInstruments,
  getSpanSymbols,
  getSpanExpiries,
  getSpanContracts,
  calculateSpan,
  calculateSpanFromPositions,
] as const;
