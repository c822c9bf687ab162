import { z } from 'zod';
import { symbolObjectSchema } from '../contract/market-data.ts';
import { ORDER_DURATIONS, ORDER_TYPES, PRODUCT_TYPES } from './order-enums.ts';

/**
 * Order payloads of trading.md 3 ("Place-order payload", "Spread payload") and 7 (cancel, exit cover, exit bracket).
 * Quantities and prices arrive as decimal strings or JSON numbers; both become canonical decimal text here and are
 * converted to integers by the order-entry validator, which knows the instrument's decimals. An empty field stays ''
 * so the validator answers with the spec's message ('Please enter valid Quantity'), not a schema error.
 */
const DECIMAL_TEXT = /^-?\d*(\.\d*)?$/;

export const decimalInputSchema = z
  .union([z.string().trim().max(24).regex(DECIMAL_TEXT, 'a decimal number'), z.number().finite()])
  .transform((value, ctx) => {
    if (typeof value === 'string') return value;
    const text = String(value);
    if (/e/i.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'a decimal number without exponent' });
      return z.NEVER;
    }
    return text;
  });

/** dd/mm/yyyy (trading.md 3, 5.1 rule 8); '' when the validity is not VTD. */
export const vtdDateSchema = z.union([z.literal(''), z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'format dd/mm/yyyy')]);

const optionalDecimal = decimalInputSchema.default('0');

export const placeOrderPayloadSchema = z.strictObject({
  orderId: z.string().max(40).optional(),
  isOffline: z.boolean().default(false),
  tradedQty: decimalInputSchema.default('0'),
  ordAction: z.enum(['buy', 'sell']),
  sym: symbolObjectSchema,
  ordType: z.enum(ORDER_TYPES),
  qty: decimalInputSchema,
  isSquareoff: z.boolean().default(false),
  /** The spec sends it as the string 'true' or 'false'. */
  isinDp: z.enum(['true', 'false']).default('true'),
  limitPrice: optionalDecimal,
  ordDuration: z.enum(ORDER_DURATIONS),
  vtdDate: vtdDateSchema.default(''),
  prdType: z.enum(PRODUCT_TYPES),
  coTriggerPrice: optionalDecimal,
  boTriggerPrice: optionalDecimal,
  boTargetPrice: optionalDecimal,
  boTrailingSL: optionalDecimal,
  triggerPrice: optionalDecimal,
  isAmo: z.boolean().default(false),
  disQty: optionalDecimal,
});
export type PlaceOrderPayload = z.infer<typeof placeOrderPayloadSchema>;
export type PlaceOrderPayloadInput = z.input<typeof placeOrderPayloadSchema>;

/** Modify carries the order id (trading.md 7 "Modify order": as place-order with orderId). */
export const modifyOrderPayloadSchema = placeOrderPayloadSchema.extend({ orderId: z.string().min(1).max(40) });
export type ModifyOrderPayload = z.infer<typeof modifyOrderPayloadSchema>;

const legAction = z.enum(['B', 'S']);

/** trading.md 3 "Spread payload": two opposite legs, limit only; ordDuration, tradedQty and nestRequestId on modify. */
export const spreadOrderPayloadSchema = z
  .strictObject({
    orderId: z.string().max(40).optional(),
    sym: symbolObjectSchema,
    qty: decimalInputSchema,
    limitPrice: optionalDecimal,
    priceDiff: decimalInputSchema,
    ordType: z.literal('limit'),
    prdType: z.enum(PRODUCT_TYPES),
    ordAction: legAction,
    ordAction2: legAction,
    price: optionalDecimal,
    ordDuration: z.literal('DAY').optional(),
    tradedQty: decimalInputSchema.optional(),
    nestRequestId: z.string().max(40).optional(),
  })
  .refine((p) => p.ordAction !== p.ordAction2, {
    message: 'The two legs of a spread are opposite',
    path: ['ordAction2'],
  });
export type SpreadOrderPayload = z.infer<typeof spreadOrderPayloadSchema>;

export const cancelOrderPayloadSchema = z.strictObject({
  sym: symbolObjectSchema,
  orderId: z.string().min(1).max(40),
  isOffline: z.boolean().default(false),
  /** Spreads only. */
  nestRequestId: z.string().max(40).optional(),
});
export type CancelOrderPayload = z.infer<typeof cancelOrderPayloadSchema>;

export const exitCoverOrderPayloadSchema = z.strictObject({ orderId: z.string().min(1).max(40) });
export type ExitCoverOrderPayload = z.infer<typeof exitCoverOrderPayloadSchema>;

/** trading.md 7 keeps the spec's field name syomOrderId. */
export const exitBracketOrderPayloadSchema = z.strictObject({
  orderId: z.string().min(1).max(40),
  syomOrderId: z.string().max(40),
  boStatus: z.string().max(20),
});
export type ExitBracketOrderPayload = z.infer<typeof exitBracketOrderPayloadSchema>;
