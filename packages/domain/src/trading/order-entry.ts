import { formatScaled, parseScaled } from '../money/decimal.ts';
import type { PriceDecimals, PriceUnits } from '../money/price.ts';
import { tradingText } from '../messages/trading.ts';
import { isoDateOfDay, istDayNumber, parseDayMonthYear } from './ist-date.ts';
import type {
  AdvanceType,
  EntryType,
  OrderAction,
  OrderDuration,
  OrderType,
  ProductType,
  SellSource,
} from './order-enums.ts';
import { sellsFromDemat } from './order-enums.ts';
import { checkDisclosedQuantity } from './disclosed-quantity.ts';
import { isInstrumentCode, isProductAllowed, isSpread, isTradableInstrument, segmentOf } from './segments.ts';

const text = tradingText.orderEntry;

/** The order dialog's values (trading.md 3 "Order dialog inputs"), numbers still as the decimal text typed or sent. */
export interface OrderForm {
  entryType: EntryType;
  action: OrderAction;
  advanceType: AdvanceType;
  orderType: OrderType;
  validity: OrderDuration;
  product: ProductType;
  quantity: string;
  /** Limit price; ignored for market orders. For spreads, the spread price (0 allowed). */
  price: string;
  disclosedQuantity: string;
  /** Stop-loss trigger of a regular order ('' or '0' for none). */
  triggerPrice: string;
  /** Cover order stop-loss trigger (an absolute price). */
  coTriggerPrice: string;
  /** Bracket order stop-loss and target as distances from the price ("Abs Value"). */
  boTriggerPrice: string;
  boTargetPrice: string;
  /** dd/mm/yyyy, for VTD. */
  vtdDate: string;
  /** Spreads: price difference between the legs (may be negative). */
  priceDiff?: string;
  isAmo: boolean;
  /** Equity sells: where the shares come from (trading.md 2.2). */
  sellSource?: SellSource;
}

/** What the validator needs to know about the scrip (from the quote; trading.md 3 "Quote"). */
export interface InstrumentFacts {
  /** Trading symbol; blank when no scrip is chosen. */
  symbol: string;
  instr: string;
  exchange: string;
  lot: number;
  tickSize: PriceUnits;
  priceDecimals: PriceDecimals;
  /** Daily price range (circuit limits); null when unknown. */
  dprLow: PriceUnits | null;
  dprHigh: PriceUnits | null;
}

export interface OrderEntryContext {
  /** The current time (epoch ms), for VTD. */
  now: number;
  /** Approved e-DIS (confirmed non-POA) quantity, for sells from IN DP w/o POA. */
  edisApprovedQuantity?: number;
  /** /Trade/GetLtpCoverTriggerPriceRange; when absent the daily price range is used (trading.md 8). */
  coverTriggerRange?: { low: PriceUnits; high: PriceUnits } | null;
  /** Last traded price: the reference for a market cover order's stop-loss direction. */
  lastPrice?: PriceUnits | null;
}

export type OrderField =
  | 'symbol'
  | 'quantity'
  | 'price'
  | 'disclosedQuantity'
  | 'triggerPrice'
  | 'vtdDate'
  | 'coTriggerPrice'
  | 'boTriggerPrice'
  | 'boTargetPrice'
  | 'priceDiff';

/** trading.md 5.1 rule numbers. */
export type OrderEntryRule = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

export interface OrderEntryFailure {
  ok: false;
  rule: OrderEntryRule;
  field: OrderField;
  message: string;
}

/** The form's numbers as integers: quantities in units (lots where counted in lots), prices in price units. */
export interface ValidatedOrder {
  quantity: number;
  /** 0 for market orders. */
  price: PriceUnits;
  disclosedQuantity: number;
  triggerPrice: PriceUnits;
  coTriggerPrice: PriceUnits;
  boTriggerPrice: PriceUnits;
  boTargetPrice: PriceUnits;
  /** yyyy-mm-dd of the VTD date, or null. */
  vtdDate: string | null;
  priceDiff: PriceUnits | null;
}

export type OrderEntryCheck = { ok: true; order: ValidatedOrder } | OrderEntryFailure;

/** Numeric input maximum (trading.md 5.6, 9). */
export const MAX_ORDER_NUMBER = 9_999_999;
/** trading.md 5.1 rule 12: -9999999.9999, kept in 1/10000 rupee so it is exact for 2 and 4 decimals. */
export const MIN_SPREAD_PRICE_DIFF_E4 = -99_999_999_999;

function fail(rule: OrderEntryRule, field: OrderField, message: string): OrderEntryFailure {
  return { ok: false, rule, field, message };
}

/** '' and blanks read as 0 for optional fields; null for text that is not a decimal of the allowed precision. */
function optionalNumber(value: string | undefined, decimals: number): number | null {
  const t = (value ?? '').trim();
  if (t === '') return 0;
  return parseScaled(t, decimals);
}

function required(value: string | undefined, decimals: number): number | null {
  const t = (value ?? '').trim();
  return t === '' ? null : parseScaled(t, decimals);
}

export function tickText(facts: Pick<InstrumentFacts, 'tickSize' | 'priceDecimals'>): string {
  return formatScaled(facts.tickSize, facts.priceDecimals);
}

/**
 * trading.md 5.1: every order-entry rule in the spec's order (1 to 12); the first failure wins. The web order dialog
 * and the server's AddOrder/ModifyOrder call this same function (the server always validates again).
 * Pass a form normalised by normaliseOrderForm (the dialog's forcing rules of 4.1).
 */
export function validateOrderEntry(
  form: OrderForm,
  facts: InstrumentFacts | null,
  context: OrderEntryContext,
): OrderEntryCheck {
  // Rule 1. Nothing chosen is a missing symbol; a code outside trading.md 3 (or a quote-only row) is unknown.
  if (facts === null) return fail(1, 'symbol', text.unableToProceed);
  if (!isInstrumentCode(facts.instr) || !isTradableInstrument(facts.instr))
    return fail(1, 'symbol', text.inputsNotValidated);
  if (facts.symbol.trim() === '') return fail(1, 'symbol', text.unableToProceed);
  // A product of another segment (an equity CARRY FORWARD, a futures CASH) is an input that cannot be validated.
  if (!isProductAllowed(form.product, facts.instr, facts.exchange)) return fail(1, 'symbol', text.inputsNotValidated);

  const spread = isSpread(facts.instr);
  const segment = segmentOf(facts.instr, facts.exchange);
  const decimals = facts.priceDecimals;
  const tick = facts.tickSize;
  const isBuy = form.action === 'buy';
  const quantity = required(form.quantity, 0);

  // Rule 2: only a sell that takes shares from the demat; an intraday sell closes or opens a position.
  if (
    !isBuy &&
    segment === 'equity' &&
    sellsFromDemat(form.product) &&
    form.sellSource === 'IN_DP_WITHOUT_POA' &&
    quantity !== null
  ) {
    if ((context.edisApprovedQuantity ?? 0) < quantity) return fail(2, 'quantity', text.quantityAboveEdis);
  }

  // Rule 3.
  if (quantity === null || quantity <= 0 || quantity > MAX_ORDER_NUMBER)
    return fail(3, 'quantity', text.invalidQuantity);

  // Rule 4.
  if (facts.lot > 0 && quantity % facts.lot !== 0) return fail(4, 'quantity', text.quantityMultiple(facts.lot));

  // Rule 5.
  let price = 0;
  if (form.orderType === 'limit') {
    const parsed = required(form.price, decimals);
    if (parsed === null || parsed < 0 || (parsed === 0 && !spread) || parsed > MAX_ORDER_NUMBER * 10 ** decimals) {
      return fail(5, 'price', text.invalidPrice);
    }
    if (tick > 0 && parsed % tick !== 0) return fail(5, 'price', text.priceTick(tickText(facts)));
    price = parsed;
  }

  // Rule 6.
  const disclosed = optionalNumber(form.disclosedQuantity, 0);
  const disclosedError = checkDisclosedQuantity(disclosed, quantity, facts);
  if (disclosedError !== null) return fail(6, 'disclosedQuantity', disclosedError);

  // Rule 7: the comparison with the price applies to stop-loss limit orders (an SL-M order has no price).
  let trigger = 0;
  if (form.advanceType === 'REGULAR' && !spread) {
    const parsed = optionalNumber(form.triggerPrice, decimals);
    if (parsed === null || parsed < 0) return fail(7, 'triggerPrice', text.invalidStopLoss);
    if (parsed > 0) {
      if (form.orderType === 'limit') {
        if (parsed === price) return fail(7, 'triggerPrice', text.stopLossEqualsPrice);
        if (isBuy && parsed > price) return fail(7, 'triggerPrice', text.stopLossAbovePriceBuy);
        if (!isBuy && parsed < price) return fail(7, 'triggerPrice', text.stopLossBelowPriceSell);
      }
      if (tick > 0 && parsed % tick !== 0) return fail(7, 'triggerPrice', text.triggerTick(tickText(facts)));
      trigger = parsed;
    }
  }

  // Rule 8: VTD is a later IST day than today; it exists for equity only (trading.md 4.1).
  let vtdDate: string | null = null;
  if (form.validity === 'VTD') {
    if (form.vtdDate.trim() === '') return fail(8, 'vtdDate', text.selectVtdDate);
    const day = parseDayMonthYear(form.vtdDate);
    if (day === null || day <= istDayNumber(context.now) || segment !== 'equity')
      return fail(8, 'vtdDate', text.invalidVtdDate);
    vtdDate = isoDateOfDay(day);
  }

  // Rule 9.
  let coTrigger = 0;
  if (form.advanceType === 'COVER') {
    const parsed = required(form.coTriggerPrice, decimals);
    if (parsed === null || parsed <= 0) return fail(9, 'coTriggerPrice', text.invalidStopLoss);
    const reference = form.orderType === 'limit' ? price : (context.lastPrice ?? null);
    if (reference !== null && reference > 0) {
      if (parsed === reference) return fail(9, 'coTriggerPrice', text.stopLossEqualsPrice);
      // Not applied when modifying the cover leg (trading.md 5.1 rule 9).
      if (form.entryType !== 'MODIFY') {
        if (isBuy && parsed > reference) return fail(9, 'coTriggerPrice', text.stopLossAbovePriceBuy);
        if (!isBuy && parsed < reference) return fail(9, 'coTriggerPrice', text.stopLossBelowPriceSell);
      }
    }
    if (tick > 0 && parsed % tick !== 0) return fail(9, 'coTriggerPrice', text.triggerTick(tickText(facts)));
    coTrigger = parsed;
  }

  // Rule 10 (new bracket orders).
  let boTrigger = 0;
  let boTarget = 0;
  if (form.advanceType === 'BRACKET' && form.entryType === 'NEW') {
    const trig = required(form.boTriggerPrice, decimals);
    if (trig === null || trig <= 0) return fail(10, 'boTriggerPrice', text.invalidBracketStopLoss);
    const target = required(form.boTargetPrice, decimals);
    if (target === null || target <= 0) return fail(10, 'boTargetPrice', text.invalidBracketTarget);
    if (tick > 0 && trig % tick !== 0) return fail(10, 'boTriggerPrice', text.triggerTick(tickText(facts)));
    if (tick > 0 && target % tick !== 0) return fail(10, 'boTargetPrice', text.targetTick(tickText(facts)));
    if (facts.dprLow !== null && facts.dprHigh !== null) {
      const targetPrice = isBuy ? price + target : price - target;
      const stopPrice = isBuy ? price - trig : price + trig;
      if (targetPrice > facts.dprHigh || targetPrice < facts.dprLow)
        return fail(10, 'boTargetPrice', text.targetOutsideRange);
      if (stopPrice < facts.dprLow || stopPrice > facts.dprHigh)
        return fail(10, 'boTriggerPrice', text.triggerOutsideRange);
    }
    boTrigger = trig;
    boTarget = target;
  }

  // Rule 11: the daily price range again (spreads trade a difference, which has no band here).
  if (facts.dprLow !== null && facts.dprHigh !== null && !spread) {
    if (form.orderType === 'limit' && (price < facts.dprLow || price > facts.dprHigh))
      return fail(11, 'price', text.priceOutsideRange);
    if (trigger > 0 && trigger > facts.dprHigh) return fail(11, 'triggerPrice', text.triggerAboveRange);
    if (trigger > 0 && trigger < facts.dprLow) return fail(11, 'triggerPrice', text.triggerBelowRange);
  }
  if (coTrigger > 0) {
    const range =
      context.coverTriggerRange ??
      (facts.dprLow !== null && facts.dprHigh !== null ? { low: facts.dprLow, high: facts.dprHigh } : null);
    if (range !== null && coTrigger < range.low) return fail(11, 'coTriggerPrice', text.coverTriggerBelowRange);
    if (range !== null && coTrigger > range.high) return fail(11, 'coTriggerPrice', text.coverTriggerAboveRange);
  }

  // Rule 12.
  let priceDiff: number | null = null;
  if (spread && form.priceDiff !== undefined) {
    const parsed = required(form.priceDiff, decimals);
    const scaleTo4 = 10 ** (4 - decimals);
    if (
      parsed === null ||
      parsed * scaleTo4 < MIN_SPREAD_PRICE_DIFF_E4 ||
      parsed * scaleTo4 > -MIN_SPREAD_PRICE_DIFF_E4
    ) {
      return fail(12, 'priceDiff', text.invalidPrice);
    }
    priceDiff = parsed;
  }

  return {
    ok: true,
    order: {
      quantity,
      price: price as PriceUnits,
      disclosedQuantity: disclosed ?? 0,
      triggerPrice: trigger as PriceUnits,
      coTriggerPrice: coTrigger as PriceUnits,
      boTriggerPrice: boTrigger as PriceUnits,
      boTargetPrice: boTarget as PriceUnits,
      vtdDate,
      priceDiff: priceDiff as PriceUnits | null,
    },
  };
}
