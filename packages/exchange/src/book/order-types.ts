/** Order vocabulary of the matching engine. Small integer codes so the hot path stores them in typed arrays. */

export const Side = { Buy: 0, Sell: 1 } as const;
export type Side = (typeof Side)[keyof typeof Side];

export const OrderType = { Limit: 0, Market: 1, StopLimit: 2, StopMarket: 3 } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

export const Validity = { Day: 0, Ioc: 1, Vtd: 2 } as const;
export type Validity = (typeof Validity)[keyof typeof Validity];

export const BookPhase = { Closed: 0, PreOpen: 1, Open: 2 } as const;
export type BookPhase = (typeof BookPhase)[keyof typeof BookPhase];

/** Why the book refused a command. The server maps these to the spec's messages. */
export const RejectReason = {
  InvalidQuantity: 'INVALID_QUANTITY',
  QuantityNotLotMultiple: 'QUANTITY_NOT_LOT_MULTIPLE',
  AboveFreezeQuantity: 'ABOVE_FREEZE_QUANTITY',
  PriceNotTickMultiple: 'PRICE_NOT_TICK_MULTIPLE',
  PriceOutsideBand: 'PRICE_OUTSIDE_BAND',
  TriggerNotTickMultiple: 'TRIGGER_NOT_TICK_MULTIPLE',
  TriggerOutsideBand: 'TRIGGER_OUTSIDE_BAND',
  TriggerBeyondLimit: 'TRIGGER_BEYOND_LIMIT',
  TriggerAlreadyCrossed: 'TRIGGER_ALREADY_CROSSED',
  InvalidDisclosedQuantity: 'INVALID_DISCLOSED_QUANTITY',
  VtdDateMissing: 'VTD_DATE_MISSING',
  VtdDateInPast: 'VTD_DATE_IN_PAST',
  MarketClosed: 'MARKET_CLOSED',
  NotAllowedInPreOpen: 'NOT_ALLOWED_IN_PRE_OPEN',
  UnknownOrder: 'UNKNOWN_ORDER',
  QuantityBelowFilled: 'QUANTITY_BELOW_FILLED',
  NotModifiable: 'NOT_MODIFIABLE',
} as const;
export type RejectReason = (typeof RejectReason)[keyof typeof RejectReason];

export const CancelReason = {
  User: 'USER',
  IocUnfilled: 'IOC_UNFILLED',
  MarketNoLiquidity: 'MARKET_NO_LIQUIDITY',
  SelfTrade: 'SELF_TRADE',
  OutsideNewBand: 'OUTSIDE_NEW_BAND',
} as const;
export type CancelReason = (typeof CancelReason)[keyof typeof CancelReason];

/** Life of an order inside the book. Finished orders leave the book; their last event tells how they ended. */
export const OrderState = { Resting: 1, WaitingTrigger: 2, Queued: 3 } as const;
export type OrderState = (typeof OrderState)[keyof typeof OrderState];

/**
 * A new order. Callers on the hot path may reuse one object: the book copies the fields and keeps no reference.
 * Prices are integers in the instrument's smallest unit; quantities are integer units (shares, or lots x lot size).
 */
export interface OrderCommand {
  side: Side;
  type: OrderType;
  validity: Validity;
  /** Limit price (ignored for Market and StopMarket). */
  price: number;
  quantity: number;
  /** Trigger price for StopLimit and StopMarket, else 0. */
  triggerPrice: number;
  /** Iceberg: the part shown in depth; 0 for a plain order. */
  disclosedQuantity: number;
  /** VTD expiry as an exchange day number (days since 1970-01-01 in IST); 0 otherwise. */
  vtdDay: number;
  /** After-market order: queued while the market is closed, entered when the session opens. */
  amo: boolean;
  /** Trading account for self-trade prevention; 0 for anonymous liquidity (agents), which may trade with itself. */
  owner: number;
  /** The caller's own reference, echoed in every event for this order. */
  ref: number;
  /** Exchange time of the command (epoch ms); the book never reads a clock. */
  time: number;
}

export interface OrderModification {
  orderId: number;
  /** New limit price (ignored for market types). */
  price: number;
  /** New total quantity (filled part included), as on the exchange. */
  quantity: number;
  triggerPrice: number;
  disclosedQuantity: number;
  time: number;
}

export function newOrderCommand(fields: Partial<OrderCommand> & Pick<OrderCommand, 'side' | 'quantity'>): OrderCommand {
  return {
    type: OrderType.Limit,
    validity: Validity.Day,
    price: 0,
    triggerPrice: 0,
    disclosedQuantity: 0,
    vtdDay: 0,
    amo: false,
    owner: 0,
    ref: 0,
    time: 0,
    ...fields,
  };
}
