import {
  requiredMargin,
  type MarginRequirement,
  type OrderAction,
  type PriceUnits,
  type ProductType,
  hasStopLossTrigger,
} from '@kite/domain';
import { isoDate, type Instrument, type Market } from '@kite/exchange';

/** Extra priced into a market order's block above the last price: fills walk the book (chosen; the spec is silent). */
export const MARKET_PROTECTION_BP = 300;

export interface MarginOrder {
  side: OrderAction;
  product: ProductType;
  quantity: number;
  /** Limit price; 0 for market orders (priced at the last price plus protection, within the band). */
  price: number;
  triggerPrice: number;
  coTriggerPrice?: number;
  boStopDistance?: number;
}

/** The price the RMS values an order at: limit price, else trigger, else the last price with protection. */
export function marginPrice(
  market: Market,
  instrument: Instrument,
  order: Pick<MarginOrder, 'side' | 'price' | 'triggerPrice'>,
): number {
  if (order.price > 0) return order.price;
  const band = market.priceBand(instrument.id);
  const last = band?.lastPrice ?? instrument.referencePrice;
  const reference = order.triggerPrice > 0 ? order.triggerPrice : last;
  if (!band) return reference;
  const tick = instrument.tickSize;
  const move = Math.ceil((Math.abs(reference) * MARKET_PROTECTION_BP) / 10_000 / tick) * tick;
  return order.side === 'buy' ? Math.min(reference + move, band.upperBand) : Math.max(reference - move, band.lowerBand);
}

/**
 * Required margin of an order (domain requiredMargin, market-facts 5) at marginPrice. `closingQuantity` is the part
 * that reduces an existing position of the same product: it needs no margin (chosen: brokers block nothing to close).
 */
export function orderMargin(
  market: Market,
  instrument: Instrument,
  order: MarginOrder,
  closingQuantity = 0,
): MarginRequirement {
  const opening = Math.max(0, order.quantity - closingQuantity);
  const underlying = instrument.underlying ? (market.priceBand(instrument.underlying)?.lastPrice ?? null) : null;
  return requiredMargin({
    instr: instrument.instr,
    exchange: instrument.exc,
    symbol: instrument.symbol,
    product: order.product,
    side: order.side,
    quantity: opening,
    // A spread's margin is priced at its near leg (the order's own price is the difference between the legs).
    price: (instrument.assetClass === 'SPREAD' && underlying !== null
      ? underlying
      : marginPrice(market, instrument, order)) as PriceUnits,
    priceDecimals: instrument.priceDecimals,
    lotQualifier: instrument.multiplier,
    underlyingPrice: underlying as PriceUnits | null,
    strike: instrument.strike as PriceUnits | null,
    optType: instrument.optType,
    // The expiry-day ELM of short index options (market-facts 5): the market's IST day is the trade day.
    expiresToday: instrument.expiry !== null && instrument.expiry === isoDate(market.currentDay()),
    ...(order.coTriggerPrice ? { coTriggerPrice: order.coTriggerPrice as PriceUnits } : {}),
    ...(order.boStopDistance ? { boTriggerPrice: order.boStopDistance as PriceUnits } : {}),
    // Index constituents are treated as MTF Group I (35%); others are not MTF-eligible (full value). Chosen.
    mtfGroup: instrument.indices.length > 0 ? 'GROUP1' : null,
  });
}

/** An order as the OMS keeps it, for the block of what it has still to fill. */
interface OpenOrder {
  side: 'BUY' | 'SELL';
  product: string;
  orderType: 'LIMIT' | 'MARKET' | 'SL' | 'SL-M';
  limitPrice: number;
  triggerPrice: number;
  coTriggerPrice: number;
  boStopDistance: number;
}

/**
 * The block of an order's `quantity` still to fill, `closing` of it reducing a position (ModifyOrder; a fill that
 * left an earlier closing order closing less, fills.ts): priced as at placement, a limit at its limit price, a stop
 * at its trigger.
 */
export function openOrderMargin(
  market: Market,
  instrument: Instrument,
  order: OpenOrder,
  quantity: number,
  closing: number,
): number {
  const atMarket = order.orderType === 'MARKET' || order.orderType === 'SL-M';
  const stop = hasStopLossTrigger(order.orderType);
  return orderMargin(
    market,
    instrument,
    {
      side: order.side === 'BUY' ? 'buy' : 'sell',
      product: order.product as ProductType,
      quantity,
      price: atMarket ? 0 : order.limitPrice,
      triggerPrice: stop ? order.triggerPrice : 0,
      coTriggerPrice: order.coTriggerPrice,
      boStopDistance: order.boStopDistance,
    },
    closing,
  ).total;
}

/**
 * The margin a filled quantity holds as a position: the same rules at the fill price (the order's block was priced
 * at its limit or protected market price, so it is released and this is what stays used).
 */
export function fillMargin(
  market: Market,
  instrument: Instrument,
  order: { side: OrderAction; product: ProductType; coTriggerPrice: number; boStopDistance: number },
  openingQuantity: number,
  price: number,
): number {
  if (openingQuantity <= 0) return 0;
  return orderMargin(market, instrument, {
    side: order.side,
    product: order.product,
    quantity: openingQuantity,
    price,
    triggerPrice: 0,
    coTriggerPrice: order.coTriggerPrice,
    boStopDistance: order.boStopDistance,
  }).total;
}
