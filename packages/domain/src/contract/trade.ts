import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { decimalString, exchange } from './wire-schemas.ts';
import { chargesPayloadSchema, chargesResponseSchema } from '../trading/charges-payload.ts';
import { ORDER_STATUSES, PRODUCT_TYPES } from '../trading/order-enums.ts';
import {
  cancelOrderPayloadSchema,
  exitBracketOrderPayloadSchema,
  exitCoverOrderPayloadSchema,
  modifyOrderPayloadSchema,
  placeOrderPayloadSchema,
  spreadOrderPayloadSchema,
} from '../trading/order-payload.ts';
import { symbolObjectSchema } from './market-data.ts';

/**
 * Order management, trades, positions, holdings and margin calls (trading.md 3, 7). Prices and amounts in answers are
 * decimal strings (2 decimals, 4 for currency); quantities are integers. Every call is scoped to the session's client.
 */

const orderId = z.string().min(1).max(40);
const tab = z.enum(['equity', 'fno', 'spread', 'currency', 'commodity']);
const keyValue = z.strictObject({ key: z.string().max(20), value: z.string().max(40) });
const message = z.object({ msg: z.string(), orderId: z.string() });

export const orderLegSchema = z.object({
  orderId: z.string(),
  exchOrderId: z.string(),
  qty: z.number().int(),
  remQty: z.number().int(),
  triggerPrice: decimalString,
  limitPrice: decimalString,
  targetPrice: decimalString,
  ordAction: z.enum(['BUY', 'SELL']),
  ordStatus: z.enum(ORDER_STATUSES),
  user: z.string(),
  ordDate: z.string(),
  ordTime: z.string(),
  modifiable: z.boolean(),
  cancellable: z.boolean(),
});

/** An order-book row (trading.md 3 "Order (order book)"). */
export const orderSchema = z.object({
  orderId: z.string(),
  exchOrderId: z.string(),
  sym: symbolObjectSchema,
  displaySym: z.string(),
  ordAction: z.enum(['BUY', 'SELL']),
  prdType: z.enum(PRODUCT_TYPES),
  ordType: z.string(),
  ordDuration: z.string(),
  ordStatus: z.enum(ORDER_STATUSES),
  rejectReason: z.string(),
  limitPrice: decimalString,
  triggerPrice: decimalString,
  avgPrice: decimalString,
  qty: z.number().int(),
  remQty: z.number().int(),
  tradedQty: z.number().int(),
  disQty: z.number().int(),
  protPercent: z.string(),
  user: z.string(),
  ordDate: z.string(),
  ordTime: z.string(),
  modifiable: z.boolean(),
  cancellable: z.boolean(),
  isAmo: z.boolean(),
  boStatus: z.string(),
  nestRequestId: z.string(),
  vtdDate: z.string(),
  leg1: z.array(orderLegSchema).optional(),
  leg2: z.array(orderLegSchema).optional(),
});
export type OrderRow = z.infer<typeof orderSchema>;

export const addOrder = defineCall({
  path: '/Trade/AddOrder',
  summary: 'Place an order (regular, cover, bracket, AMO); safe to retry with an Idempotency-Key header',
  access: 'session',
  needsAppId: true,
  request: placeOrderPayloadSchema,
  response: message,
});

export const modifyOrder = defineCall({
  path: '/Trade/ModifyOrder',
  summary: 'Modify an outstanding order of the client',
  access: 'session',
  needsAppId: true,
  objectIdFields: ['orderId'],
  request: modifyOrderPayloadSchema,
  response: message,
});

export const cancelOrder = defineCall({
  path: '/Trade/CancelOrder',
  summary: 'Cancel an outstanding order of the client',
  access: 'session',
  needsAppId: true,
  objectIdFields: ['orderId'],
  request: cancelOrderPayloadSchema,
  response: z.object({ msg: z.string() }),
});

export const exitCoverOrder = defineCall({
  path: '/Trade/ExitCoverOrder',
  summary: 'Exit a cover order: executed quantity squared off at market, the rest cancelled',
  access: 'session',
  needsAppId: true,
  objectIdFields: ['orderId'],
  request: exitCoverOrderPayloadSchema,
  response: z.object({ msg: z.string() }),
});

export const exitBracketOrder = defineCall({
  path: '/Trade/ExitBracketOrder',
  summary: 'Exit a bracket order: executed quantity squared off at market, the rest cancelled',
  access: 'session',
  needsAppId: true,
  objectIdFields: ['orderId'],
  request: exitBracketOrderPayloadSchema,
  response: z.object({ msg: z.string() }),
});

export const addSpreadOrder = defineCall({
  path: '/Trade/AddSpreadOrder',
  summary: 'Place (or modify, with orderId) a calendar spread order: two opposite legs',
  access: 'session',
  needsAppId: true,
  request: spreadOrderPayloadSchema,
  response: message,
});

const outstandingOrders = {
  access: 'session',
  request: z.strictObject({}),
  response: z.object({ orders: z.array(orderSchema) }),
} as const;

export const openOrders = defineCall({
  path: '/Trade/OpenOrders',
  summary: "The client's outstanding orders (dashboard pending-orders widget)",
  ...outstandingOrders,
});

/** investing.md 7 lists it beside /Trade/OpenOrders with the same request and answer: the same list. */
export const pendingOrders = defineCall({
  path: '/Market/PendingOrders',
  summary: "The client's outstanding orders, as /Trade/OpenOrders answers them",
  ...outstandingOrders,
});

export const myOrders = defineCall({
  path: '/Trade/MyOrders',
  summary: 'Order book of a segment tab with filters ordStatus, exc (and prdType, uniqueId for the outstanding check)',
  access: 'session',
  request: z.strictObject({ tab, filters: z.array(keyValue).max(6).default([]) }),
  response: z.object({ orders: z.array(orderSchema) }),
});

export const tradeRowSchema = z.object({
  displaySym: z.string(),
  sym: symbolObjectSchema,
  ordAction: z.enum(['BUY', 'SELL']),
  exc: exchange,
  ordType: z.string(),
  tradedPrice: decimalString,
  tradedQty: z.number().int(),
  prdType: z.enum(PRODUCT_TYPES),
  orderId: z.string(),
  exchOrderId: z.string(),
  exchTradeId: z.string(),
  tradeTime: z.string(),
});

export const myTrades = defineCall({
  path: '/Trade/MyTrades',
  summary: "Today's trades of the client, optionally for one segment tab",
  access: 'session',
  request: z.strictObject({ tab: tab.optional(), filters: z.array(keyValue).max(4).default([]) }),
  response: z.object({ trades: z.array(tradeRowSchema) }),
});

export const orderLog = defineCall({
  path: '/Order/OrderLog',
  summary: 'Every state change of one order of the client',
  access: 'session',
  objectIdFields: ['orderId'],
  request: z.strictObject({ orderId, sym: symbolObjectSchema.optional() }),
  response: z.object({
    orderLog: z.array(
      z.object({
        ordStatus: z.string(),
        qty: z.number().int(),
        ordPrice: decimalString,
        disQty: z.number().int(),
        triggerPrice: decimalString,
        ordDuration: z.string(),
        lUpdatedTime: z.string(),
      }),
    ),
  }),
});

export const charges = defineCall({
  path: '/Trade/Charges',
  summary: 'Estimate of brokerage and statutory charges for an order (identical to what executed trades pay)',
  access: 'session',
  needsAppId: true,
  request: chargesPayloadSchema,
  response: z.object({ charges: chargesResponseSchema }),
});

export const checkMargin = defineCall({
  path: '/Trade/CheckMargin',
  summary: 'Required margin for an order',
  access: 'session',
  request: z.strictObject({
    sym: symbolObjectSchema,
    ordType: z.enum(['limit', 'market']),
    qty: z.union([z.string().max(24), z.number()]),
    ordAction: z.enum(['buy', 'sell']),
    limitPrice: z.union([z.string().max(24), z.number()]).default('0'),
    triggerPrice: z.union([z.string().max(24), z.number()]).default('0'),
    prdType: z.enum(PRODUCT_TYPES),
  }),
  response: z.object({ requiredMargin: decimalString, availableMargin: decimalString }),
});

export const ltpCoverTriggerPriceRange = defineCall({
  path: '/Trade/GetLtpCoverTriggerPriceRange',
  summary: 'Allowed trigger range of a cover order around the last price',
  access: 'session',
  request: z.strictObject({ sym: symbolObjectSchema, ordAction: z.enum(['buy', 'sell']) }),
  response: z.object({ trgPriceRange: z.string() }),
});

export const positionSchema = z.object({
  sym: symbolObjectSchema,
  displaySym: z.string(),
  streamSym: z.string(),
  prdType: z.enum(PRODUCT_TYPES),
  ltp: decimalString,
  netQty: z.number().int(),
  avgPrice: decimalString,
  netPnL: decimalString,
  bookedPnl: decimalString,
  unRealPnl: decimalString,
  buyQty: z.number().int(),
  sellQty: z.number().int(),
  buyAvgPrice: decimalString,
  sellAvgPrice: decimalString,
  currPos: z.number().int(),
  prevPos: z.number().int(),
  currAvgPrice: decimalString,
  prevAvgPrice: decimalString,
  isTransfer: z.boolean(),
  lot: z.number().int(),
  /**
   * Value of one quantity unit per price unit, as the P&L counts it: 1 for shares and F&O, 1000 for a USDINR lot
   * (whose prices have 4 decimals), 100 for a CRUDEOIL lot. A live price moves the row's P&L by it.
   */
  multiplier: z.number().int().positive(),
  uniqueId: z.string(),
});
export type PositionRow = z.infer<typeof positionSchema>;

export const netPositions = defineCall({
  path: '/Account/NetPositions',
  summary: 'Net positions of a segment tab: prdType, exc, assetClass, positionDay (today or all) filters',
  access: 'session',
  request: z.strictObject({
    tab: z.enum(['equity', 'fno', 'currency', 'commodity']),
    filters: z.array(keyValue).max(6).default([]),
  }),
  response: z.object({ positions: z.array(positionSchema) }),
});

export const transferPosition = defineCall({
  path: '/Account/TransferPosition',
  summary: 'Convert a position (or part) from one product to another (trading.md 5.4)',
  access: 'session',
  objectIdFields: ['sym'],
  request: z.strictObject({
    sym: symbolObjectSchema,
    qty: z.union([z.string().max(24), z.number()]),
    fromPOS: z.enum(PRODUCT_TYPES),
    toPOS: z.enum(PRODUCT_TYPES),
    ordAction: z.enum(['buy', 'sell']),
  }),
  response: z.object({ result: z.object({ status: z.string(), message: z.string() }) }),
});

export const transferLogs = defineCall({
  path: '/Trade/TransferLogs',
  summary: "The client's position transfers of the day",
  access: 'session',
  request: z.strictObject({}),
  response: z.object({
    transfers: z.array(
      z.object({
        displaySym: z.string(),
        qty: z.number().int(),
        fromPOS: z.string(),
        toPOS: z.string(),
        time: z.string(),
        status: z.string(),
      }),
    ),
  }),
});

const holdingCashSchema = z.object({
  dp: z.number().int(),
  confNonPoaQty: z.number().int(),
  nonPoaQty: z.number().int(),
});

export const holdingRowSchema = z.object({
  sym: symbolObjectSchema,
  displaySym: z.string(),
  companyName: z.string(),
  isin: z.string(),
  streamSym: z.string(),
  qty: z.number().int(),
  /** Free to sell today: not pledged, not blocked by open sell orders. */
  freeQty: z.number().int(),
  /** Bought for delivery today and not yet in the demat (settled at T+1): part of qty, not of freeQty. */
  t1Qty: z.number().int(),
  pledgedQty: z.number().int(),
  avgPrice: decimalString,
  ltp: decimalString,
  closePrice: decimalString,
  currentValue: decimalString,
  investedValue: decimalString,
  pnl: decimalString,
  dayChange: decimalString,
  poa: z.boolean(),
  edisApprovedQty: z.number().int(),
});

export const holdingsSummary = defineCall({
  path: '/Account/HoldingsSummary',
  summary: "The client's demat holdings with values at live prices (filter H, N, Z or A)",
  access: 'session',
  request: z.strictObject({ filter: z.enum(['H', 'N', 'Z', 'A']).default('H') }),
  response: z.object({
    holdings: z.array(holdingRowSchema),
    totals: z.object({
      investedValue: decimalString,
      currentValue: decimalString,
      pnl: decimalString,
      dayChange: decimalString,
    }),
  }),
});

/**
 * The dashboard's investment overview (investing.md "World markets and investment overview"; its path is not shown,
 * chosen here): the holdings' value at live prices, today's P/L on them against the previous close with its percent,
 * how many holdings, and how many of them are up, down or unchanged today.
 */
export const investmentOverview = defineCall({
  path: '/Portfolio/InvestmentOverview',
  summary: "The client's holdings in one line: value, today's P/L and percent, count, advances and declines",
  access: 'session',
  request: z.strictObject({}),
  response: z.object({
    /** investing.md 3 "Investment summary": the spec's field names; nUnchanged is ours (neither up nor down). */
    summary: z.object({
      totPtfValue: decimalString,
      todaysPl: decimalString,
      todaysPlPer: decimalString,
      nHoldings: z.number().int(),
      nAdvances: z.number().int(),
      nDeclines: z.number().int(),
      nUnchanged: z.number().int(),
    }),
  }),
});

const marginSchema = z.object({
  totMarginAvail: decimalString,
  cash: decimalString,
  stock: decimalString,
  totalMarginAvail: decimalString,
  ledgerBalance: decimalString,
});

export const holdingsBySymbol = defineCall({
  path: '/Account/HoldingsBySymbol',
  summary: 'Holdings, positions and margin for one symbol (the order dialog panel)',
  access: 'session',
  request: z.strictObject({ sym: symbolObjectSchema }),
  response: z.object({
    holdings: z.object({
      prdType: z.string(),
      dp: z.number().int(),
      prevSettle: z.number().int(),
      net: z.number().int(),
      cash: holdingCashSchema,
    }),
    positions: z.array(z.object({ prdType: z.enum(PRODUCT_TYPES), qty: z.number().int(), avgPrice: decimalString })),
    margin: marginSchema,
  }),
});

export const holdingsSummaryBySymbol = defineCall({
  path: '/Account/HoldingsSummaryBySymbol',
  summary: 'Holding summary of one symbol (the order dialog HOLDING tab)',
  access: 'session',
  request: z.strictObject({ sym: symbolObjectSchema }),
  response: z.object({ holding: holdingRowSchema.nullable() }),
});

export const ledgerBalance = defineCall({
  path: '/Account/LedgerBalance',
  summary: "The client's ledger balance and today's movements",
  access: 'session',
  request: z.strictObject({}),
  response: z.object({
    ledgerBalance: decimalString,
    entries: z.array(
      z.object({
        date: z.string(),
        narration: z.string(),
        debit: decimalString,
        credit: decimalString,
        balance: decimalString,
      }),
    ),
  }),
});

export const marginDetails = defineCall({
  path: '/Account/MarginDetails',
  summary: 'Margin page: funds, collateral, used margin by kind, available margin',
  access: 'session',
  request: z.strictObject({ segment: z.enum(['equity', 'commodity']).default('equity') }),
  response: z.object({
    ledgerBalance: decimalString,
    payin: decimalString,
    payout: decimalString,
    collateral: decimalString,
    realisedPnl: decimalString,
    unrealisedPnl: decimalString,
    usedMargin: z.object({
      span: decimalString,
      exposure: decimalString,
      premium: decimalString,
      delivery: decimalString,
      other: decimalString,
      total: decimalString,
    }),
    availableMargin: decimalString,
    /** What of the available margin a delivery buy may use: collateral never funds one (market-facts.md 8). */
    deliveryCash: decimalString,
  }),
});

export const marginUtilizationPercent = defineCall({
  path: '/Account/MarginUtilizationPercent',
  summary: 'Share of the margin in use, in percent',
  access: 'session',
  request: z.strictObject({}),
  response: z.object({ utilizationPercent: decimalString }),
});

export const edisSubmit = defineCall({
  path: '/Edis/Submit',
  summary: 'e-DIS: start authorising a non-POA quantity at the depository (TPIN on the simulated CDSL/NSDL page)',
  access: 'session',
  needsAppId: true,
  request: z.strictObject({
    dpId: z.string().max(20),
    clientId: z.string().max(20),
    symbolId: z.string().max(64),
    exchangeId: exchange,
    companyName: z.string().max(200),
    source: z.literal('W'),
    appKey: z.string().max(200),
    appName: z.string().max(40),
    reqType: z.literal('DEFAULT_REQ'),
    clientId1: z.string().max(20),
    quantity: z.union([z.string().max(12), z.number()]),
  }),
  response: z.object({
    Flag: z.enum(['F', 'S', 'C']),
    Message: z.string(),
    depositoryUrl: z.string().optional(),
    requestId: z.string().optional(),
  }),
});

export const tradeCalls = [
  addOrder,
  modifyOrder,
  cancelOrder,
  exitCoverOrder,
  exitBracketOrder,
  addSpreadOrder,
  openOrders,
  pendingOrders,
  myOrders,
  myTrades,
  orderLog,
  charges,
  checkMargin,
  ltpCoverTriggerPriceRange,
  netPositions,
  transferPosition,
  transferLogs,
  holdingsSummary,
  investmentOverview,
  holdingsBySymbol,
  holdingsSummaryBySymbol,
  ledgerBalance,
  marginDetails,
  marginUtilizationPercent,
  edisSubmit,
] as const;
