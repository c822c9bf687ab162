import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { decimalString } from './wire-schemas.ts';
import { BASKET_CREATE_MAX } from '../trading/basket-rules.ts';
import { ORDER_STATUSES, ORDER_TYPES, PRODUCT_TYPES } from '../trading/order-enums.ts';
import { decimalInputSchema } from '../trading/order-payload.ts';
import { symbolObjectSchema } from './market-data.ts';

/**
 * Basket calls (trading.md 2.8, 3 "Basket", "Basket line", "Basket item payload", 4.7, 5.5, 7, 8). Every call is
 * scoped to the session's client: a basket id of another client is answered as unknown (EGN005) and changes nothing.
 * Basket ids travel as strings; a request may send them as numbers too.
 */

/** Chosen where the spec is silent (messages/trading.ts holds the texts that name them). */
export const BASKET_MAX_COUNT = 50;
export const BASKET_MAX_LINES = 50;

export const basketIdSchema = z
  .union([
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,14}$/, 'a basket id'),
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  ])
  .transform((value) => String(value));

export const basketSchema = z.object({ id: z.string(), name: z.string() });
export type Basket = z.infer<typeof basketSchema>;

/** trading.md 3 "Basket line", the spec's field names. Prices are decimal strings (2 decimals, 4 for currency). */
export const basketLineSchema = z.object({
  BASKET_SYMBOL_ID: z.string(),
  DISP_SYM: z.string(),
  EXCH_ID: z.string(),
  EXCH_SEG: z.string(),
  BUY_SELL_IND: z.enum(['BUY', 'SELL']),
  /** The product type (prdType). */
  SEGMENT_TYPE: z.enum(PRODUCT_TYPES),
  LIMIT_PRICE: decimalString,
  /** As entered: shares, or lots for currency and commodity (trading.md 9 QTY/LOT). */
  QTY: z.number().int(),
  DISC_QTY: z.number().int(),
  TRIGGER_PRICE: decimalString,
  /** Validity: DAY or IOC. */
  DAY_IOC_ORD: z.enum(['DAY', 'IOC']),
  /** LIMIT, MARKET, SL (limit with trigger) or SL-M (market with trigger). */
  ORD_TYPE: z.enum(['LIMIT', 'MARKET', 'SL', 'SL-M']),
  ASSET_CLASS: z.string(),
  /** The instrument id (the symbol object's id). */
  SYMBOL: z.string(),
  INST_TYPE: z.string(),
  OPT_TYPE: z.string(),
  STRIKE_PRICE: z.string(),
  EXPIRY_DATE: z.string(),
  TR_EXCH: z.string(),
  TR_SYMBOL: z.string(),
  XSYM: z.string(),
  /** 'true' or 'false', as isinDp travels (trading.md 3). */
  ISINDP: z.enum(['true', 'false']),
});
export type BasketLine = z.infer<typeof basketLineSchema>;

/** A line of the execution log: the line as it was placed, the order's status now, and the answer to the placement. */
export const basketLogLineSchema = basketLineSchema.extend({
  /** The order's status now; REJECTED with the reason in ORDER_RESPONSE when the line was refused. */
  ORDER_STATUS: z.enum(ORDER_STATUSES),
  ORDER_RESPONSE: z.string(),
  ORDER_ID: z.string(),
});
export type BasketLogLine = z.infer<typeof basketLogLineSchema>;

const messageSchema = z.object({ message: z.string() });

/**
 * trading.md 3 "Basket item payload (order dialog)": uniqueId (modify), sym, qty, limitPrice, priceDiff, ordType,
 * prdType, id (basket id), ordAction, ordDuration, triggerPrice, disQty, displaySym, status, isinDp. Lines are
 * regular orders: validity Day or IOC (no VTD date travels), no AMO, no cover or bracket legs.
 */
export const basketItemPayloadSchema = z.strictObject({
  id: basketIdSchema,
  sym: symbolObjectSchema,
  displaySym: z.string().max(80).optional(),
  qty: decimalInputSchema,
  limitPrice: decimalInputSchema.default('0'),
  priceDiff: decimalInputSchema.optional(),
  ordType: z.enum(ORDER_TYPES),
  prdType: z.enum(PRODUCT_TYPES),
  ordAction: z.enum(['buy', 'sell']),
  ordDuration: z.enum(['DAY', 'IOC']),
  triggerPrice: decimalInputSchema.default('0'),
  disQty: decimalInputSchema.default('0'),
  status: z.string().max(20).optional(),
  isinDp: z.enum(['true', 'false']).default('true'),
});
export type BasketItemPayload = z.infer<typeof basketItemPayloadSchema>;
export type BasketItemPayloadInput = z.input<typeof basketItemPayloadSchema>;

export const getBasketList = defineCall({
  path: '/Basket/GetBasketList',
  summary: "The client's baskets; status 'Y' lists those executed today (the execution log)",
  access: 'session',
  request: z.strictObject({ status: z.enum(['N', 'Y']).default('N') }),
  response: z.object({ data: z.array(basketSchema) }),
});

export const addBasket = defineCall({
  path: '/Basket/AddBasket',
  summary: 'Create a basket (name up to 200 characters)',
  access: 'session',
  request: z.strictObject({ name: z.string().max(BASKET_CREATE_MAX) }),
  response: messageSchema.extend({ id: z.string() }),
});

export const renameBasket = defineCall({
  path: '/Basket/RenameBasket',
  summary: 'Rename a basket (name up to 10 characters, no #)',
  access: 'session',
  objectIdFields: ['id'],
  request: z.strictObject({ id: basketIdSchema, name: z.string().max(BASKET_CREATE_MAX) }),
  response: messageSchema,
});

export const deleteBasket = defineCall({
  path: '/Basket/DeleteBasket',
  summary: 'Delete a basket with its lines and its execution log',
  access: 'session',
  objectIdFields: ['id'],
  request: z.strictObject({ id: basketIdSchema }),
  response: messageSchema,
});

export const getBasketSymbolList = defineCall({
  path: '/Basket/GetBasketSymbolList',
  summary: 'The lines of a basket, in the order they were added',
  access: 'session',
  objectIdFields: ['id'],
  request: z.strictObject({ id: basketIdSchema }),
  response: z.object({ data: z.array(basketLineSchema) }),
});

export const basketExecutionLog = defineCall({
  path: '/Basket/ExecutionLog',
  summary: "Today's latest execution of a basket: each line with its order status and the placement answer",
  access: 'session',
  objectIdFields: ['id'],
  request: z.strictObject({ id: basketIdSchema }),
  response: z.object({ data: z.array(basketLogLineSchema) }),
});

export const executeBasket = defineCall({
  path: '/Basket/ExecuteBasket',
  summary: 'Place every line of a basket through the order path of AddOrder; each result goes to the execution log',
  access: 'session',
  needsAppId: true,
  objectIdFields: ['id'],
  request: z.strictObject({ id: basketIdSchema }),
  response: messageSchema.extend({ data: z.array(basketLogLineSchema) }),
});

export const deleteBasketSymbols = defineCall({
  path: '/Basket/DeleteBasketSymbols',
  summary: "Delete lines of the client's baskets by BASKET_SYMBOL_ID; the answer true means success",
  access: 'session',
  objectIdFields: ['id'],
  /** trading.md 7: "id: list of BASKET_SYMBOL_ID". */
  request: z.strictObject({ id: z.array(basketIdSchema).min(1).max(BASKET_MAX_LINES) }),
  response: z.boolean(),
});

export const addBasketSymbol = defineCall({
  path: '/Basket/AddBasketSymbol',
  summary: 'Add a line to a basket (validated by the order-entry rules before it is stored)',
  access: 'session',
  objectIdFields: ['id'],
  request: basketItemPayloadSchema,
  response: messageSchema.extend({ BASKET_SYMBOL_ID: z.string() }),
});

export const modifyBasketSymbol = defineCall({
  path: '/Basket/ModifyBasketSymbol',
  summary: 'Change a line of a basket (validated by the order-entry rules before it is stored)',
  access: 'session',
  objectIdFields: ['id', 'uniqueId'],
  request: basketItemPayloadSchema.extend({ uniqueId: basketIdSchema }),
  response: messageSchema,
});

export const basketCalls = [
  getBasketList,
  addBasket,
  renameBasket,
  deleteBasket,
  getBasketSymbolList,
  basketExecutionLog,
  executeBasket,
  deleteBasketSymbols,
  addBasketSymbol,
  modifyBasketSymbol,
] as const;
