import {
  chargesProductOf,
  parsePrice,
  priceDecimalsOf,
  segmentOf,
  type InstrumentFacts,
  type OrderForm,
  type PlaceOrderPayloadInput,
  type PriceUnits,
  type ProductType,
  type Quote,
  type RequestData,
  type addSpreadOrder,
  type charges,
  type checkMargin,
  isSpread,
} from '@kite/domain';
import type { BasketItem } from './order-entry-options.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';

/** "low - high" (trading.md 3 "Quote": dpr; trigger range 'min-max') as price units; null when unreadable. */
export function parseRange(text: string, decimals: 2 | 4): { low: PriceUnits; high: PriceUnits } | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const low = parsePrice(match[1], decimals);
  const high = parsePrice(match[2], decimals);
  return low === null || high === null ? null : { low, high };
}

/** What the validator knows of the scrip, from its quote (trading.md 3 "Quote"). */
export function factsFromQuote(scrip: ScripRef, quote: Quote | null): InstrumentFacts {
  const decimals = priceDecimalsOf(scrip.sym.instr, scrip.sym.exc);
  const range = quote ? parseRange(quote.dpr, decimals) : null;
  return {
    symbol: scrip.sym.trSymbol ?? scrip.displaySym,
    instr: scrip.sym.instr,
    exchange: scrip.sym.exc,
    lot: quote?.lot ?? 1,
    tickSize: (quote ? (parsePrice(quote.tickSize, decimals) ?? 0) : 0) as PriceUnits,
    priceDecimals: decimals,
    dprLow: range?.low ?? null,
    dprHigh: range?.high ?? null,
  };
}

/** Cover and bracket orders travel as products CO and BO (trading.md 3). */
export function payloadProduct(form: OrderForm): ProductType {
  if (form.advanceType === 'COVER') return 'CO';
  if (form.advanceType === 'BRACKET') return 'BO';
  return form.product;
}

const orZero = (value: string) => (value.trim() === '' ? '0' : value.trim());

/** trading.md 3 "Place-order payload" (orderId and tradedQty for modify). */
export function placeOrderPayload(
  form: OrderForm,
  scrip: ScripRef,
  modify?: { orderId: string; tradedQty: number },
): PlaceOrderPayloadInput {
  return {
    ...(modify ? { orderId: modify.orderId, tradedQty: String(modify.tradedQty) } : {}),
    isOffline: false,
    ordAction: form.action,
    sym: scrip.sym,
    ordType: form.orderType,
    qty: form.quantity.trim(),
    isSquareoff: form.entryType === 'SQUAREOFF',
    isinDp: form.sellSource === 'NOT_IN_DP' ? 'false' : 'true',
    limitPrice: form.orderType === 'market' ? '0' : orZero(form.price),
    ordDuration: form.validity,
    vtdDate: form.validity === 'VTD' ? form.vtdDate : '',
    prdType: payloadProduct(form),
    coTriggerPrice: orZero(form.coTriggerPrice),
    boTriggerPrice: orZero(form.boTriggerPrice),
    boTargetPrice: orZero(form.boTargetPrice),
    boTrailingSL: '0',
    triggerPrice: orZero(form.triggerPrice),
    isAmo: form.isAmo,
    disQty: orZero(form.disclosedQuantity),
  };
}

/** trading.md 3 "Charges payload"; a market order is estimated at the last price. */
export function chargesPayload(
  form: OrderForm,
  scrip: ScripRef,
  lot: number,
  lastPrice: string,
): RequestData<typeof charges> {
  const product = chargesProductOf(payloadProduct(form));
  return {
    exchange: scrip.sym.exc,
    segment: segmentOf(scrip.sym.instr, scrip.sym.exc),
    transactionType: form.action,
    quantity: form.quantity.trim(),
    price: form.orderType === 'market' ? orZero(lastPrice) : orZero(form.price),
    // The spec's charges product is INTRADAY or NRML; margin trading is charged as delivery.
    product: product === 'INTRADAY' ? 'INTRADAY' : 'NRML',
    instrumentType: scrip.sym.instr,
    symbol: scrip.sym.trSymbol ?? scrip.displaySym,
    ...(lot > 0 ? { lotSize: lot } : {}),
  };
}

/** trading.md 3 "Spread payload": limit only, the second leg opposite the first; Day on modify. */
export function spreadOrderPayload(
  form: OrderForm,
  scrip: ScripRef,
  modify?: { orderId: string; tradedQty: number; nestRequestId: string },
): RequestData<typeof addSpreadOrder> {
  const first = form.action === 'buy' ? 'B' : 'S';
  return {
    ...(modify
      ? {
          orderId: modify.orderId,
          ordDuration: 'DAY' as const,
          tradedQty: String(modify.tradedQty),
          nestRequestId: modify.nestRequestId,
        }
      : {}),
    sym: scrip.sym,
    qty: form.quantity.trim(),
    limitPrice: orZero(form.price),
    priceDiff: orZero(form.priceDiff ?? '0'),
    ordType: 'limit',
    // The order's own product on modify (a spread may have been placed as CARRY FORWARD): the server refuses another.
    prdType: form.product,
    ordAction: first,
    ordAction2: first === 'B' ? 'S' : 'B',
    price: orZero(form.price),
  };
}

/**
 * /Trade/CheckMargin for the Required Margin line, or null when the line keeps its default: margin-trading buys
 * (trading.md 4.1) and spreads, new or modified, priced at their price difference as the spread book trades them.
 */
export function requiredMarginPayload(form: OrderForm, scrip: ScripRef): RequestData<typeof checkMargin> | null {
  const quantity = form.quantity.trim() || '0';
  if (isSpread(scrip.sym.instr)) {
    return {
      sym: scrip.sym,
      ordType: 'limit',
      qty: quantity,
      ordAction: form.action,
      limitPrice: orZero(form.priceDiff ?? '0'),
      triggerPrice: '0',
      prdType: form.product,
    };
  }
  if (form.product !== 'MARGIN' || form.action !== 'buy' || form.advanceType !== 'REGULAR') return null;
  return {
    sym: scrip.sym,
    ordType: form.orderType,
    qty: quantity,
    ordAction: form.action,
    limitPrice: form.orderType === 'market' ? '0' : orZero(form.price),
    triggerPrice: orZero(form.triggerPrice),
    prdType: payloadProduct(form),
  };
}

/** trading.md 3 "Basket item payload (order dialog)". */
export function basketItem(form: OrderForm, scrip: ScripRef): BasketItem {
  return {
    sym: scrip.sym,
    displaySym: scrip.displaySym,
    qty: form.quantity.trim(),
    limitPrice: form.orderType === 'market' ? '0' : orZero(form.price),
    priceDiff: orZero(form.priceDiff ?? '0'),
    ordType: form.orderType,
    prdType: payloadProduct(form),
    ordAction: form.action,
    ordDuration: form.validity,
    triggerPrice: orZero(form.triggerPrice),
    disQty: orZero(form.disclosedQuantity),
    isinDp: form.sellSource === 'NOT_IN_DP' ? 'false' : 'true',
  };
}

/** The My Orders tab of the scrip's segment (trading.md 4.1: after success the matching tab opens). */
export function ordersTabOf(scrip: ScripRef): ReturnType<typeof segmentOf> {
  return segmentOf(scrip.sym.instr, scrip.sym.exc);
}
