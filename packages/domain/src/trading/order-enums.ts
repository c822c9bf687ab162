/** Order vocabulary of trading.md 3 ("Product types", "Order form values", "Place-order payload") and 2.3. */

export const ORDER_ACTIONS = ['buy', 'sell'] as const;
/** Lower case on the wire (trading.md 3 "Place-order payload"). */
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** A stop-loss order is a limit or market order with a trigger price above 0 (SL / SL-M). */
export const ORDER_TYPES = ['limit', 'market'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The order types an order is placed as: a limit or market order, or with a trigger price above 0 SL / SL-M. */
export const PLACED_ORDER_TYPES = ['LIMIT', 'MARKET', 'SL', 'SL-M'] as const;
export type PlacedOrderType = (typeof PLACED_ORDER_TYPES)[number];

/** LIMIT / MARKET, or SL / SL-M for an order with a stop-loss trigger. */
export function placedOrderTypeOf(orderType: OrderType, withTrigger: boolean): PlacedOrderType {
  if (withTrigger) return orderType === 'limit' ? 'SL' : 'SL-M';
  return orderType === 'limit' ? 'LIMIT' : 'MARKET';
}

/** Whether an order of this type carries a trigger price: only stop-loss orders (SL and SL-M) do. */
export function hasStopLossTrigger(orderType: string): orderType is 'SL' | 'SL-M' {
  return orderType === 'SL' || orderType === 'SL-M';
}

export const ORDER_DURATIONS = ['DAY', 'IOC', 'VTD'] as const;
export type OrderDuration = (typeof ORDER_DURATIONS)[number];

/** Product type codes as they travel in prdType (trading.md 3 "Product types"). */
export const PRODUCT_TYPES = [
  'CASH',
  'MARGIN',
  'INTRADAY',
  'CARRY FORWARD',
  'SHORTSELL',
  'BO',
  'CO',
  'SP',
  'L',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Products whose equity sells take shares from the demat (so a non-POA client's need e-DIS approval). */
export const DEMAT_SELL_PRODUCTS = ['CASH', 'MARGIN'] as const satisfies readonly ProductType[];

export function sellsFromDemat(product: string): boolean {
  return (DEMAT_SELL_PRODUCTS as readonly string[]).includes(product);
}

/** The spec's names of the product types (trading.md 3: cash, margin, intraday, carryForward, ..., L normal). */
export const PRODUCT_NAMES: Record<ProductType, string> = {
  CASH: 'cash',
  MARGIN: 'margin',
  INTRADAY: 'intraday',
  'CARRY FORWARD': 'carryForward',
  SHORTSELL: 'SHORTSELL',
  BO: 'bracket order',
  CO: 'cover order',
  SP: 'spread',
  L: 'normal',
};

export const ENTRY_TYPES = ['NEW', 'MODIFY', 'SQUAREOFF'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** Advance order type of the order form (trading.md 2.2, 4.1). */
export const ADVANCE_TYPES = ['REGULAR', 'COVER', 'BRACKET'] as const;
export type AdvanceType = (typeof ADVANCE_TYPES)[number];

/** Order statuses, in the order of the My Orders filter (trading.md 2.3). */
export const ORDER_STATUSES = ['REJECTED', 'CANCELLED', 'EXECUTED', 'OUTSTANDING', 'REQUEST SENT', 'OFFLINE'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_FILTERS = ['ALL', ...ORDER_STATUSES] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** Where an equity sell takes its shares from (trading.md 2.2: IN DP / NOT IN DP / IN DP w/o POA). */
export const SELL_SOURCES = ['IN_DP', 'NOT_IN_DP', 'IN_DP_WITHOUT_POA'] as const;
export type SellSource = (typeof SELL_SOURCES)[number];

/** Net-position product filter (trading.md 3): value and label. */
export const NET_POSITION_PRODUCT_FILTERS = [
  { value: 'ALL', label: 'ALL' },
  { value: 'CASH', label: 'CASH' },
  { value: 'INTRADAY', label: 'INTRADAY' },
  { value: 'MARGIN', label: 'MARGIN' },
  { value: 'CO', label: 'COVER ORDER' },
  { value: 'BO', label: 'BRACKET ORDER' },
  { value: 'SHORTSELL', label: 'SHORT SELL' },
] as const;
export const COMMODITY_POSITION_PRODUCT_FILTERS = [
  { value: 'ALL', label: 'ALL PRODUCTS' },
  { value: 'CARRY FORWARD', label: 'CARRY FORWARD' },
  { value: 'INTRADAY', label: 'INTRADAY' },
] as const;
export const POSITION_ASSET_FILTERS = ['all', 'future', 'option'] as const;
export type PositionAssetFilter = (typeof POSITION_ASSET_FILTERS)[number];

export function isOrderAction(value: string): value is OrderAction {
  return (ORDER_ACTIONS as readonly string[]).includes(value);
}
export function isProductType(value: string): value is ProductType {
  return (PRODUCT_TYPES as readonly string[]).includes(value);
}
