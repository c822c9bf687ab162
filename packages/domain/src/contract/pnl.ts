import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { decimalString } from './wire-schemas.ts';
import { symbolObjectSchema } from './market-data.ts';

/**
 * Profit and loss viewers (investing.md 2 "Profit and loss viewers", 3 "Profit and loss", 7, 9): the portfolio
 * summary of a segment and one security's trade history. Money and prices are decimal strings (2 decimals, prices of
 * currency instruments 4), percentages decimal strings with 2 decimals, quantities integers.
 */

/** investing.md 9 segment mapping: Script -> Equity, Sector -> EquitySector, Fno -> Derivatives, Currency. */
export const PNL_SEGMENTS = ['Equity', 'EquitySector', 'Derivatives', 'Currency'] as const;
export type PnlSegment = (typeof PNL_SEGMENTS)[number];

/**
 * The filter dropdown (investing.md 2: "the option list is not shown"; chosen): every security, those in profit,
 * those in loss (by notional plus realised P&L).
 */
export const PNL_FILTERS = ['ALL', 'GAIN', 'LOSS'] as const;
export type PnlFilter = (typeof PNL_FILTERS)[number];

export const pnlRowSchema = z.object({
  symbol: z.string(),
  contractDescWeb: z.string(),
  contractDesc: z.string(),
  exchange: z.string(),
  securityId: z.string(),
  instrumentType: z.string(),
  expiryDateFormatted: z.string(),
  optionType: z.string(),
  strikePrice: z.string(),
  sector: z.string(),
  qty: z.number().int(),
  avgBuyPrice: decimalString,
  purchaseValue: decimalString,
  ltp: decimalString,
  prevClose: decimalString,
  currentValue: decimalString,
  todayGainLoss: decimalString,
  todayGainLossPerc: decimalString,
  plValue: decimalString,
  plPerc: decimalString,
  realised: decimalString,
  /** The security code TradeHistory takes as uniqueId (the instrument id). */
  securitycode: z.string(),
  /** investing.md 2 row menu: 0 for holdings-type rows (SCRIP INFORMATION, ADD TO WATCHLIST), 1 for F&O/currency. */
  flag: z.union([z.literal(0), z.literal(1)]),
  /** For streaming, scrip details and the watchlist. */
  sym: symbolObjectSchema,
  streamSym: z.string(),
  /** Value of one quantity unit per price unit, so a live price revalues the row exactly. */
  multiplier: z.number().int().positive(),
});
export type PnlRow = z.infer<typeof pnlRowSchema>;

const totalsShape = {
  totalInvestment: decimalString,
  totalValue: decimalString,
  todayPL: decimalString,
  totalPL: decimalString,
  totalRealisedPL: decimalString,
};

export const pnlSectorSchema = z.object({
  sectorName: z.string(),
  sectorList: z.array(pnlRowSchema),
  ...totalsShape,
});
export type PnlSector = z.infer<typeof pnlSectorSchema>;

export const pnlSummarySchema = z.object({
  ...totalsShape,
  /** Overall gain/loss %: notional P&L over the purchase value. */
  overallGainLoss: decimalString,
  /** Today's gain/loss %: today's P&L over the previous-close value. */
  totalGainLoss: decimalString,
  symbols: z.array(z.object({ sym: z.string(), exc: z.string(), xSym: z.string(), exc_seg: z.string() })),
  plDetailsList: z.array(pnlRowSchema),
  sectorData: z.array(pnlSectorSchema),
});
export type PnlSummary = z.infer<typeof pnlSummarySchema>;

const portfolioRequest = z.strictObject({ filters: z.enum(PNL_FILTERS), segment: z.enum(PNL_SEGMENTS) });

export const porfolio = defineCall({
  path: '/Business/Porfolio',
  summary: "The session client's profit and loss summary of a segment (holdings, sectors, F&O or currency)",
  access: 'session',
  request: portfolioRequest,
  response: z.object({ data: pnlSummarySchema }),
});

export const porfolioV2 = defineCall({
  path: '/Business/PorfolioV2',
  summary: 'The new profit and loss view: the same summary as /Business/Porfolio',
  access: 'session',
  request: portfolioRequest,
  response: z.object({ data: pnlSummarySchema }),
});

export const tradeHistoryRowSchema = z.object({
  /** dd-mm-yyyy HH:MM:ss (IST). */
  dateoftransaction: z.string(),
  /** BUY, SELL, or the opening balance (HOLDING for demat shares, CARRIED for a carried position). */
  TransactonType: z.enum(['BUY', 'SELL', 'HOLDING', 'CARRIED']),
  quantity: z.number().int(),
  price: decimalString,
  /** Brokerage + GST + transaction charges of the trade (paise as rupees). */
  brokercommission: decimalString,
  /** Quantity x price x multiplier, plus the charges for a buy, less them for a sell. */
  value: decimalString,
});
export type TradeHistoryRow = z.infer<typeof tradeHistoryRowSchema>;

export const tradeHistory = defineCall({
  path: '/Business/TradeHistory',
  summary: "One security's trades of the session client with totals, booked and notional P&L",
  access: 'session',
  request: z.strictObject({
    segment: z.enum(PNL_SEGMENTS),
    uniqueId: z.string().min(1).max(64),
    /** The last price the screen shows; the server values at its own live price (see the module README). */
    tradedPrice: decimalString.max(24).optional(),
  }),
  response: z.object({
    dataSet: z.array(tradeHistoryRowSchema),
    totalBuyQty: z.number().int(),
    totalSellQty: z.number().int(),
    totalBuyValue: decimalString,
    totalSellValue: decimalString,
    bookedPL: decimalString,
    notionalPL: decimalString,
    /** Bought less sold quantity. */
    netBuySell: z.number().int(),
    ltp: decimalString,
  }),
});

/** Standalone viewer summary row (investing.md 3 "clientsData"): per client. */
export const viewerSummarySchema = z.object({
  clientId: z.string(),
  bookedPnl: decimalString,
  unRealPnl: decimalString,
  /** Booked + notional. */
  mtm: decimalString,
  /** Absolute notional value of short positions (net qty below 0) at the last price. */
  anov: decimalString,
});
export type ViewerSummary = z.infer<typeof viewerSummarySchema>;

export const viewerDetailSchema = z.object({
  userId: z.string(),
  contraDesc: z.string(),
  mktPrice: decimalString,
  prevPos: z.number().int(),
  prevAvgPrice: decimalString,
  buyQty: z.number().int(),
  buyAvgPrice: decimalString,
  sellQty: z.number().int(),
  sellAvgPrice: decimalString,
  netQty: z.number().int(),
  netAvgPrice: decimalString,
  Anov: decimalString,
  bookedPnl: decimalString,
  unRealPnl: decimalString,
  prdType: z.string(),
});
export type ViewerDetail = z.infer<typeof viewerDetailSchema>;

/**
 * The standalone password-protected viewer's call (investing.md 2, 4 "Standalone portfolio viewer", 7): its path is
 * not shown beside it, and /Client/PortFolio is the one client-portfolio path the spec lists ("/Client/PortFolio and
 * /Report/* exist in the list of paths"). The password is the signed-in client's own login password, checked on every
 * call.
 */
export const clientPortfolio = defineCall({
  path: '/Client/PortFolio',
  summary: "The standalone viewer's positions of the session client, after its login password",
  access: 'session',
  request: z.strictObject({
    isCustomized: z.enum(['0', '1']),
    password: z.string().min(1).max(128),
    /** The new view only: the client to show (the session's own). */
    client_id: z.string().min(1).max(12).optional(),
  }),
  response: z.object({
    clientsData: z.object({
      validUser: z.boolean(),
      summary: z.array(viewerSummarySchema),
      details: z.array(viewerDetailSchema),
    }),
  }),
  objectIdFields: ['client_id'],
});

export const pnlCalls = [porfolio, porfolioV2, tradeHistory, clientPortfolio] as const;
