import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { decimalString, exchange } from './wire-schemas.ts';
import { ORDER_ACTIONS, PRODUCT_TYPES } from '../trading/order-enums.ts';

/**
 * Market data calls (trading.md 3, 5.2, 7; investing.md "Charts", 7). Prices cross the API as decimal strings with
 * 2 decimals (4 for currency instruments): never computed in floating point on either side.
 */

/** The spec's symbol object (trading.md 3), as the client sends it back in later calls. */
export const symbolObjectSchema = z.object({
  id: z.string().min(1).max(64),
  exc: exchange,
  exc_seg: z.string().max(20),
  instr: z.string().max(12),
  trExc: exchange.optional(),
  trSymbol: z.string().max(64).optional(),
  xSym: z.string().max(64),
  assetClass: z.string().max(20).optional(),
  expiry: z.string().nullable().optional(),
  expiry2: z.string().nullable().optional(),
  strike: decimalString.nullable().optional(),
  optType: z.enum(['CE', 'PE']).nullable().optional(),
  calStretch: z.string().nullable().optional(),
});
export type SymbolObject = z.infer<typeof symbolObjectSchema>;

const symbolRowSchema = z.object({
  sym: symbolObjectSchema,
  displaySym: z.string(),
  companyName: z.string(),
  streamSym: z.string(),
  lot: z.number().int(),
  tickSize: decimalString,
  /** Spot and spread-reference rows are not tradable (trading.md 2.7). */
  tradable: z.boolean(),
});

export const searchResultSchema = symbolRowSchema.extend({
  ltp: decimalString,
  chng: decimalString,
  chngPer: decimalString,
  isResearchAvail: z.boolean(),
  underlier: z.string().nullable(),
  /** Options: expiry (yyyy-mm-dd) -> the calls and puts of that expiry, by strike. */
  expiries: z
    .record(z.string(), z.object({ calls: z.array(symbolRowSchema), puts: z.array(symbolRowSchema) }))
    .optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchTabs = ['equity', 'fno', 'index', 'currency', 'commodity'] as const;

export const symbolSearch = defineCall({
  path: '/Trade/SymbolSearch',
  summary: 'Search scrips by symbol or company name within a tab (trading.md 2.7, 5.2)',
  access: 'session',
  request: z.strictObject({
    search: z.string().trim().max(40),
    tab: z.enum(searchTabs),
    /** e.g. [{name:'assetClass', value:'FUTURE'|'OPTION'|'SPREAD'|'SPOT'}] */
    filters: z
      .array(z.strictObject({ name: z.string().max(20), value: z.string().max(40) }))
      .max(5)
      .default([]),
    sorting: z
      .array(z.strictObject({ name: z.string().max(20), value: z.enum(['asc', 'desc']) }))
      .max(2)
      .default([]),
  }),
  response: z.object({ searchResults: z.array(searchResultSchema) }),
});

const depthLevelSchema = z.object({ price: decimalString, qty: z.number().int(), orders: z.number().int() });

export const quoteSchema = z.object({
  sym: symbolObjectSchema,
  displaySym: z.string(),
  companyName: z.string(),
  ltp: decimalString,
  chng: decimalString,
  chngPer: decimalString,
  /** Daily price range 'low - high'. */
  dpr: z.string(),
  openPrice: decimalString,
  highPrice: decimalString,
  lowPrice: decimalString,
  closePrice: decimalString,
  lot: z.number().int(),
  tickSize: decimalString,
  lotQualifier: z.number().int(),
  priceQualifier: z.number().int(),
  bidQty: z.number().int(),
  bidPrice: decimalString,
  askQty: z.number().int(),
  askPrice: decimalString,
  streamSym: z.string(),
  totBuyQty: z.number().int(),
  totSellQty: z.number().int(),
  vol: z.number().int(),
  avgTradedPrice: decimalString,
  yearHigh: decimalString,
  yearLow: decimalString,
  openInterest: z.number().int().nullable(),
  /** IST time stamp, trimmed to 20 characters (trading.md 3). */
  lUpdatedTime: z.string().max(20),
  survId: z.string().nullable(),
  survMsg: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const getQuote = defineCall({
  path: '/Market/GetQuote',
  summary: 'Quote with five levels of bids and asks for a symbol object from search',
  access: 'session',
  request: z.strictObject({ sym: symbolObjectSchema }),
  response: z.object({ quote: quoteSchema, bids: z.array(depthLevelSchema), asks: z.array(depthLevelSchema) }),
});

/** What one lot of the contract blocks, at its last price, for a product and side (the RMS's own sum, market-facts 5). */
export const lotMarginSchema = z.object({
  product: z.enum(PRODUCT_TYPES),
  side: z.enum(ORDER_ACTIONS),
  /** Rupees: what the RMS blocks. */
  total: decimalString,
  span: decimalString,
  exposure: decimalString,
  /** A bought option's premium. */
  premium: decimalString,
});
export type LotMargin = z.infer<typeof lotMarginSchema>;

export const contractDetailsSchema = z.object({
  sym: symbolObjectSchema,
  displaySym: z.string(),
  tradingSymbol: z.string(),
  name: z.string(),
  exchange,
  segment: z.string(),
  instrument: z.string(),
  assetClass: z.string(),
  /** Equities only; null where the reference data has no real one. */
  isin: z.string().nullable(),
  sector: z.string().nullable(),
  /** The indices the stock is a constituent of. */
  indices: z.array(z.string()),
  tradable: z.boolean(),
  lot: z.number().int(),
  tickSize: decimalString,
  /** Units per quantity (1,000 for USDINR, 100 for MCX GOLD): value = price x quantity x multiplier. */
  multiplier: z.number().int(),
  /** Largest quantity one order may carry; null when the exchange sets none. */
  freezeQuantity: z.number().int().nullable(),
  /** The day's price band, 'low - high' (null for what is not traded), and its width in percent of the base price. */
  dpr: z.string().nullable(),
  bandPercent: z.number().int(),
  /** ISO dates (IST); the far leg's for a calendar spread. */
  expiry: z.string().nullable(),
  expiry2: z.string().nullable(),
  /** Calendar days from today (IST) to expiry, 0 on the expiry day. */
  daysToExpiry: z.number().int().nullable(),
  strike: decimalString.nullable(),
  optType: z.enum(['CE', 'PE']).nullable(),
  /** A derivative's underlying (a spread's near leg) and a spread's far leg. */
  underlying: z.object({ sym: symbolObjectSchema, displaySym: z.string() }).nullable(),
  farLeg: z.object({ sym: symbolObjectSchema, displaySym: z.string() }).nullable(),
  /** The last price, which the lot margins are worked out at. */
  ltp: decimalString,
  /** One lot at the last price, per product and side a client may trade it in; empty for what is not tradable. */
  lotMargins: z.array(lotMarginSchema),
});
export type ContractDetails = z.infer<typeof contractDetailsSchema>;

export const getContractDetails = defineCall({
  path: '/Market/GetContractDetails',
  summary: "A contract's reference data (lot, tick, band, expiry, strike, underlying) and what one lot blocks",
  access: 'session',
  request: z.strictObject({ sym: symbolObjectSchema }),
  response: z.object({ contract: contractDetailsSchema }),
});

export const indexQuoteSchema = z.object({
  index: z.string(),
  exc: exchange,
  /** Older feed's key of the index at level3: `${exc}|${streamSym}` ("NSE|NIFTY 50"). */
  streamSym: z.string(),
  /** Newer feed's key: `${exc_seg}|${xSym}` ("nse_cm|1355_NSE"). */
  exc_seg: z.string(),
  xSym: z.string(),
  value: decimalString,
  chng: decimalString,
  chngPer: decimalString,
  high: decimalString,
  low: decimalString,
  open: decimalString,
  close: decimalString,
});
export type IndexQuote = z.infer<typeof indexQuoteSchema>;

/** The seven indices the market computes (market-facts 6.3); 'FINNIFTY' is accepted as another name of NIFTY FIN SERVICE. */
export const indexNames = [
  'NIFTY 50',
  'NIFTY BANK',
  'NIFTY IT',
  'NIFTY FIN SERVICE',
  'SENSEX',
  'BANKEX',
  'INDIA VIX',
] as const;

export const getIndexQuote = defineCall({
  path: '/Market/GetIndexQuote',
  summary: 'Index values (investing.md 7); an empty list answers every index',
  access: 'session',
  request: z.strictObject({
    indices: z
      .array(z.strictObject({ index: z.string().max(30), exc: exchange }))
      .max(20)
      .default([]),
  }),
  response: z.object({ indices: z.array(indexQuoteSchema) }),
});

export const chartIntervals = ['1', '3', '5', '10', '15', '30', '60', 'D', 'W', 'M'] as const;

export const candleSchema = z.object({
  /** IST "yyyy-mm-dd HH:MM:ss" of the candle's start. */
  updDate: z.string(),
  open: decimalString,
  high: decimalString,
  low: decimalString,
  /** The close (investing.md 3 "Charts": price). */
  price: decimalString,
  volume: z.number().int(),
});
export type Candle = z.infer<typeof candleSchema>;

const chartDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'format yyyy-mm-dd HH:MM:ss');

export const priceChart = defineCall({
  path: '/Chart/PriceChart',
  summary: 'Candles for a symbol between two IST times at an interval (minutes, D, W or M)',
  access: 'session',
  request: z.strictObject({
    sym: symbolObjectSchema,
    period: z.string().max(10).optional(),
    fromDate: chartDateTime,
    toDate: chartDateTime,
    interval: z.enum(chartIntervals),
    extended: z.enum(['0', '1']).default('0'),
  }),
  response: z.object({ chart: z.array(candleSchema) }),
});

/** The period dropdown's values are not shown in the spec: today (against the previous close) is the one built. */
export const moverPeriods = ['today'] as const;

/** The indices with constituents on each exchange, whose movers the lists can rank (the expanded list's dropdown). */
export const moverIndices = {
  NSE: ['NIFTY 50', 'NIFTY BANK', 'NIFTY IT', 'NIFTY FIN SERVICE'],
  BSE: ['SENSEX', 'BANKEX'],
} as const;

const moversRequest = z.strictObject({
  exc: z.enum(['NSE', 'BSE']),
  period: z.enum(moverPeriods).default('today'),
  /** Rows wanted; the dashboard sends a few, the expanded list more. */
  recordcount: z.coerce.number().int().min(1).max(50).default(10),
  /** An index of the exchange whose constituents are ranked; all its equities when absent. */
  index: z.string().max(30).optional(),
});

export const topGainers = defineCall({
  path: '/Market/TopGainers',
  summary: "The exchange's (or an index's) equities that rose most today, as quotes, largest change percent first",
  access: 'session',
  request: moversRequest,
  response: z.object({ gainers: z.array(quoteSchema) }),
});

export const topLosers = defineCall({
  path: '/Market/TopLosers',
  summary: "The exchange's (or an index's) equities that fell most today, as quotes, largest fall first",
  access: 'session',
  request: moversRequest,
  response: z.object({ losers: z.array(quoteSchema) }),
});

export const marketDataCalls = [
  symbolSearch,
  getQuote,
  getContractDetails,
  getIndexQuote,
  priceChart,
  topGainers,
  topLosers,
] as const;
