import { z } from 'zod';

/**
 * The live stream's wire protocol (platform.md 4.7, 6, 7.3; trading.md 3 "Stream ticks", 4.9), shared by the
 * websocket gateway and the web app's stream client.
 *
 * Client -> server: plain JSON text frames: one connect message, then subscribe / unsubscribe messages.
 * Server -> client: every frame is base64 text of a zlib-deflated JSON array of items (streamItemSchema).
 *
 * A symbol is named by a stream key "A|B". The older feed (TR_STREAM_FLAG 'N') keys by exchange and stream symbol
 * ("NSE|RELIANCE"); the newer feed keys by exchange segment and xSym ("nse_cm|RELIANCE-EQ"). The gateway accepts both
 * and answers each item under the key it was subscribed with. A channel joins keys with '&'.
 */

export const STREAM_PATH = '/stream';

/** platform.md 9, trading.md 9: subscribe 1 s after registration; reconnect every 5 s, at most 10 times. */
export const STREAM_SUBSCRIBE_DELAY_MS = 1000;
export const STREAM_RECONNECT_DELAY_MS = 5000;
export const STREAM_RECONNECT_ATTEMPTS = 10;
/** Market depth shows five levels per side (trading.md 2.9, 9). */
export const DEPTH_LEVELS = 5;
/** Most keys one connection may hold per level; a subscribe that would exceed it is refused whole. */
export const MAX_KEYS_PER_LEVEL = 500;
/** Most keys one subscribe message may carry. */
export const MAX_KEYS_PER_MESSAGE = 200;

const text = (max: number) => z.string().trim().min(1).max(max);

/** One half of a stream key: letters, digits and the few marks real symbols use (M&M is sent as M%26M). */
const KEY_PART = /^[A-Za-z0-9 _.\-%]{1,40}$/;

export type StreamKey = string;

// ---------------------------------------------------------------- client -> server

export const streamLevelSchema = z.enum(['level1', 'level2', 'level3']);
/** level1 = quote ticks (sf), level2 = five-level depth (dp), level3 = index values (if). */
export type StreamLevel = z.infer<typeof streamLevelSchema>;

export const connectMessageSchema = z.object({
  task: z.literal('connect'),
  user: text(32),
  acctid: text(32),
  /** The userSessionId from login (platform.md 3.2). */
  token: text(200),
});
export type ConnectMessage = z.infer<typeof connectMessageSchema>;

/** The spec phrases the verb as `action` (platform.md 7.3) and as `task` for connect; either is accepted. */
export const subscriptionMessageSchema = z
  .object({
    task: z.enum(['sub', 'unsub']).optional(),
    action: z.enum(['sub', 'unsub']).optional(),
    channel: z
      .string()
      .min(1)
      .max(MAX_KEYS_PER_MESSAGE * 82),
    type: streamLevelSchema,
  })
  .refine((m) => (m.task ?? m.action) !== undefined, { message: 'task or action is required' })
  .refine((m) => m.task === undefined || m.action === undefined || m.task === m.action, {
    message: 'task and action disagree',
  });
export type SubscriptionMessage = z.infer<typeof subscriptionMessageSchema>;

export const clientMessageSchema = z.union([connectMessageSchema, subscriptionMessageSchema]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** "NSE|RELIANCE&NSE|TCS" -> ["NSE|RELIANCE", "NSE|TCS"]; null when any key is malformed or there are too many. */
export function parseChannel(channel: string): StreamKey[] | null {
  const keys = channel.split('&');
  if (keys.length === 0 || keys.length > MAX_KEYS_PER_MESSAGE) return null;
  const unique = new Set<string>();
  for (const key of keys) {
    const parts = key.split('|');
    if (parts.length !== 2) return null;
    const [left = '', right = ''] = parts;
    if (!KEY_PART.test(left) || !KEY_PART.test(right)) return null;
    unique.add(key);
  }
  return [...unique];
}

export function buildChannel(keys: readonly StreamKey[]): string {
  return keys.join('&');
}

/** The key for the older feed: exchange and stream symbol (trading.md 4.9). */
export function legacyStreamKey(exc: string, streamSym: string): StreamKey {
  return `${exc}|${streamSym}`;
}

/** The key for the newer feed: exchange segment and xSym (trading.md 4.9). */
export function segmentStreamKey(excSeg: string, xSym: string): StreamKey {
  return `${excSeg}|${xSym}`;
}

// ---------------------------------------------------------------- server -> client

/** Prices travel as exact decimal strings: 2 decimals, 4 for currency instruments (platform.md 9). */
export const wirePriceSchema = z.string().regex(/^-?\d+\.\d{2}(\d{2})?$/);
/** A signed percentage with 2 decimals. */
export const wirePercentSchema = z.string().regex(/^-?\d+\.\d{2}$/);
const quantity = z.number().int().nonnegative();
/** Exchange time in IST, "21/11/2026 10:15:42" (20 characters at most, trading.md 3 "Quote"). */
export const wireTimeSchema = z.string().regex(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);

const instrumentFields = {
  /** The stream key the client subscribed with. */
  key: z.string(),
  exc: z.string(),
  excSeg: z.string(),
  streamSym: z.string(),
  xSym: z.string(),
  /** Publish time at the exchange, epoch milliseconds: lets a client measure its lag. */
  ts: z.number().int().nonnegative(),
};

/** Level 1 ('sf'): the quote tick (trading.md 3 "Stream ticks"). Missing bid or ask is null. */
export const level1ItemSchema = z.object({
  name: z.literal('sf'),
  type: z.literal('level1'),
  ...instrumentFields,
  ltp: wirePriceSchema,
  ltq: quantity,
  chng: wirePriceSchema,
  chngPer: wirePercentSchema,
  bidPrice: wirePriceSchema.nullable(),
  bidQty: quantity,
  askPrice: wirePriceSchema.nullable(),
  askQty: quantity,
  avgTradedPrice: wirePriceSchema,
  vol: quantity,
  openInterest: quantity,
  totBuyQty: quantity,
  totSellQty: quantity,
  openPrice: wirePriceSchema,
  highPrice: wirePriceSchema,
  lowPrice: wirePriceSchema,
  closePrice: wirePriceSchema,
  yearlyHighPrice: wirePriceSchema,
  yearlyLowPrice: wirePriceSchema,
  /** Daily price range (circuit limits). */
  dprLow: wirePriceSchema,
  dprHigh: wirePriceSchema,
  /** Market capitalisation in rupees, 2 decimals; null where it does not apply (derivatives, currency). */
  marketCap: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .nullable(),
  lUpdatedTime: wireTimeSchema,
  lTradedTime: wireTimeSchema,
});
export type Level1Item = z.infer<typeof level1ItemSchema>;

/** Level 1 extension: slow-moving fields sent apart from the tick; merged into the last level 1 item. */
export const level1ExtItemSchema = z.object({
  name: z.literal('sf'),
  type: z.literal('level1ext'),
  ...instrumentFields,
  yearlyHighPrice: wirePriceSchema.optional(),
  yearlyLowPrice: wirePriceSchema.optional(),
  dprLow: wirePriceSchema.optional(),
  dprHigh: wirePriceSchema.optional(),
  marketCap: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .nullable()
    .optional(),
});
export type Level1ExtItem = z.infer<typeof level1ExtItemSchema>;

export const bidLevelSchema = z.object({ bidNoOrders: quantity, bidPrice: wirePriceSchema, bidQty: quantity });
export const askLevelSchema = z.object({ askNoOrders: quantity, askPrice: wirePriceSchema, askQty: quantity });
export type BidLevel = z.infer<typeof bidLevelSchema>;
export type AskLevel = z.infer<typeof askLevelSchema>;

/** Level 2 ('dp'): up to five levels a side, best first (trading.md 2.9, 3 "Market depth"). */
export const depthItemSchema = z.object({
  name: z.literal('dp'),
  type: z.literal('level2'),
  ...instrumentFields,
  bids: z.array(bidLevelSchema).max(DEPTH_LEVELS),
  asks: z.array(askLevelSchema).max(DEPTH_LEVELS),
  totBuyQty: quantity,
  totSellQty: quantity,
});
export type DepthItem = z.infer<typeof depthItemSchema>;

/** Level 3 ('if'): an index value (trading.md 3 "Stream ticks"). */
export const indexItemSchema = z.object({
  name: z.literal('if'),
  type: z.literal('level3'),
  key: z.string(),
  exc: z.string(),
  indexName: z.string(),
  ts: z.number().int().nonnegative(),
  value: wirePriceSchema,
  highPrice: wirePriceSchema,
  lowPrice: wirePriceSchema,
  closePrice: wirePriceSchema,
  chng: wirePriceSchema,
  chngPer: wirePercentSchema,
  lUpdatedTime: wireTimeSchema,
});
export type IndexItem = z.infer<typeof indexItemSchema>;

/** An exchange message; the web app ignores it (platform.md 7.3). */
export const exchangeMessageItemSchema = z.object({
  name: z.literal('excMsg'),
  type: z.literal('excMsg'),
  exc: z.string(),
  msg: z.string(),
  time: wireTimeSchema,
});
export type ExchangeMessageItem = z.infer<typeof exchangeMessageItemSchema>;

/** An order update pushed to the client's own sockets by the order engine (ARCHITECTURE.md "An order"). */
export const orderUpdateItemSchema = z.object({
  name: z.literal('order'),
  type: z.literal('order'),
  orderId: z.string(),
  ordStatus: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type OrderUpdateItem = z.infer<typeof orderUpdateItemSchema>;

/** The answer to a connect message that was accepted. */
export const ackItemSchema = z.object({
  name: z.literal('ack'),
  type: z.literal('ack'),
  task: z.literal('connect'),
  user: z.string(),
});
export type AckItem = z.infer<typeof ackItemSchema>;

/** Why the gateway refused a message. A refused connect is followed by the socket closing. */
export const streamErrorCodes = {
  STR001: 'Stream session is not valid. Please login.',
  STR002: 'Invalid stream message.',
  STR003: 'Too many symbols subscribed.',
  STR004: 'Connect before subscribing.',
} as const;
export type StreamErrorCode = keyof typeof streamErrorCodes;

export const errorItemSchema = z.object({
  name: z.literal('error'),
  type: z.literal('error'),
  code: z.enum(Object.keys(streamErrorCodes) as [StreamErrorCode, ...StreamErrorCode[]]),
  msg: z.string(),
});
export type StreamErrorItem = z.infer<typeof errorItemSchema>;

export const streamItemSchema = z.discriminatedUnion('type', [
  level1ItemSchema,
  level1ExtItemSchema,
  depthItemSchema,
  indexItemSchema,
  exchangeMessageItemSchema,
  orderUpdateItemSchema,
  ackItemSchema,
  errorItemSchema,
]);
export type StreamItem = z.infer<typeof streamItemSchema>;

/** A decoded frame: the JSON array inside the base64 deflate text. */
export const streamFrameSchema = z.array(streamItemSchema);

/** The close code after a refused connect; the client does not reconnect after it. */
export const STREAM_CLOSE_UNAUTHORISED = 4001;
