import {
  isSpread,
  normaliseOrderForm,
  productTabsFor,
  segmentOf,
  type AdvanceType,
  type OrderDuration,
  type OrderForm,
  type OrderRow,
  type OrderType,
  type ProductType,
  type SellSource,
} from '@kite/domain';
import type { OrderEntryOptions } from './order-entry-options.ts';

/** What the dialog knows of the scrip while the form changes (from the quote). */
export interface ScripContext {
  instr: string;
  exchange: string;
  /** Last price as decimal text, '' when unknown. */
  lastPrice: string;
  lot: number;
}

export type FormField =
  | 'quantity'
  | 'price'
  | 'disclosedQuantity'
  | 'triggerPrice'
  | 'coTriggerPrice'
  | 'boTriggerPrice'
  | 'boTargetPrice'
  | 'vtdDate'
  | 'priceDiff';

export type FormAction =
  | { type: 'scrip'; scrip: ScripContext }
  | { type: 'action'; action: 'buy' | 'sell' }
  | { type: 'product'; product: ProductType; scrip: ScripContext | null }
  | { type: 'orderType'; orderType: OrderType; lastPrice: string }
  | { type: 'validity'; validity: OrderDuration }
  | { type: 'advanceType'; advanceType: AdvanceType; lastPrice: string }
  | { type: 'amo'; isAmo: boolean }
  | { type: 'sellSource'; sellSource: SellSource }
  | { type: 'field'; field: FormField; value: string };

/** trading.md 9: the initial state holds quantity 10 and a spread price difference of 50. */
export const INITIAL_QUANTITY = '10';
export const INITIAL_PRICE_DIFF = '50';

const isZero = (value: string) => value.trim() === '' || /^0*(\.0*)?$/.test(value.trim());

function productOfOrder(order: OrderRow): { product: ProductType; advanceType: AdvanceType } {
  if (order.prdType === 'CO') return { product: 'INTRADAY', advanceType: 'COVER' };
  if (order.prdType === 'BO') return { product: 'INTRADAY', advanceType: 'BRACKET' };
  return { product: order.prdType, advanceType: 'REGULAR' };
}

function validityOf(text: string): OrderDuration {
  return text === 'IOC' || text === 'VTD' ? text : 'DAY';
}

/** The form the dialog opens with (trading.md 3 "Order dialog inputs"; for modify, the corresponding order). */
export function initialOrderForm(options: OrderEntryOptions, sellSource: SellSource): OrderForm {
  const action = options.side === 'BUY' ? 'buy' : 'sell';
  const order = options.order;
  if (options.entryType === 'MODIFY' && order) {
    const { product, advanceType } = productOfOrder(order);
    const cover = order.leg1?.[0];
    const spread = isSpread(order.sym.instr);
    return {
      entryType: 'MODIFY',
      action: order.ordAction === 'BUY' ? 'buy' : 'sell',
      advanceType,
      orderType: order.ordType.toLowerCase() === 'market' ? 'market' : 'limit',
      validity: validityOf(order.ordDuration),
      product,
      quantity: String(order.qty),
      // A spread's limit price is its price difference (what the spread payload sends); its price field starts, as on a
      // new spread, at the last price.
      price: spread ? '' : order.limitPrice,
      disclosedQuantity: String(order.disQty),
      triggerPrice: advanceType === 'REGULAR' ? order.triggerPrice : '0',
      coTriggerPrice: advanceType === 'COVER' ? (cover?.triggerPrice ?? order.triggerPrice) : '0',
      boTriggerPrice: '0',
      boTargetPrice: '0',
      vtdDate: order.vtdDate,
      ...(spread ? { priceDiff: order.limitPrice } : {}),
      isAmo: order.isAmo,
      sellSource,
    };
  }
  const basket = options.basket?.initial;
  return {
    entryType: options.entryType ?? 'NEW',
    action: basket?.ordAction ?? action,
    advanceType: 'REGULAR',
    orderType: basket?.ordType ?? 'limit',
    validity: basket?.ordDuration ? validityOf(basket.ordDuration) : 'DAY',
    product: options.product ?? basket?.prdType ?? 'CASH',
    quantity: options.quantity !== undefined ? String(options.quantity) : (basket?.qty ?? INITIAL_QUANTITY),
    price: basket?.limitPrice ?? '',
    disclosedQuantity: basket?.disQty ?? '0',
    triggerPrice: basket?.triggerPrice ?? '0',
    coTriggerPrice: '0',
    boTriggerPrice: '0',
    boTargetPrice: '0',
    vtdDate: '',
    priceDiff: basket?.priceDiff ?? INITIAL_PRICE_DIFF,
    isAmo: false,
    // Kept on buys too, so a switch to SELL starts from the client's default source; a basket line being modified
    // keeps its own NOT IN DP.
    sellSource: basket?.isinDp === 'false' ? 'NOT_IN_DP' : sellSource,
  };
}

/**
 * The product tabs drawn: the instrument's, and on modify or square-off the order's own product when it is not one of
 * them (a spread placed as CARRY FORWARD or INTRADAY, whose only tab is Spread), so the locked product shows as chosen.
 */
export function productTabsShown(form: OrderForm, instr: string, exchange: string): readonly ProductType[] {
  const tabs = productTabsFor(instr, exchange);
  return form.entryType === 'NEW' || tabs.includes(form.product) ? tabs : [...tabs, form.product];
}

/** Whether the advance order types can be chosen (trading.md 4.1): never on modify or square-off, spreads or MTF. */
export function advanceTypesEnabled(form: OrderForm, instr: string): boolean {
  if (form.entryType !== 'NEW') return false;
  if (instr.includes('SPR')) return false;
  return form.product !== 'MARGIN';
}

/** The validity choices shown (trading.md 4.1): Day and IOC, VTD for equity; only Day with a trigger or for spreads. */
export function validityChoices(form: OrderForm, scrip: { instr: string; exchange: string } | null): OrderDuration[] {
  if (!isZero(form.triggerPrice)) return ['DAY'];
  if (scrip && scrip.instr.includes('SPR')) return ['DAY'];
  if (form.advanceType !== 'REGULAR') return ['DAY'];
  return scrip && segmentOf(scrip.instr, scrip.exchange) === 'equity' ? ['DAY', 'IOC', 'VTD'] : ['DAY', 'IOC'];
}

export function disclosedEnabled(form: OrderForm): boolean {
  return form.advanceType === 'REGULAR' && form.validity !== 'IOC';
}

/**
 * The order dialog's state changes (trading.md 4.1). Every change ends in the domain's normaliseOrderForm, which
 * holds the forcing rules; what is here is only what the dialog adds on top (defaults from the quote, tab resets).
 */
export function reduceOrderForm(form: OrderForm, change: FormAction, instr: string): OrderForm {
  return normaliseOrderForm(apply(form, change), instr);
}

function apply(form: OrderForm, change: FormAction): OrderForm {
  switch (change.type) {
    case 'scrip': {
      const tabs = productTabsFor(change.scrip.instr, change.scrip.exchange);
      const next: OrderForm = { ...form };
      // A limit order without a price (new or square-off) starts at the last price (trading.md 4.1).
      if (form.orderType === 'limit' && (form.entryType === 'NEW' || form.price.trim() === ''))
        next.price = change.scrip.lastPrice;
      if (form.entryType === 'NEW') {
        // trading.md 4.1: on new orders the quantity is the lot size.
        next.quantity = String(change.scrip.lot > 0 ? change.scrip.lot : 1);
        if (!tabs.includes(form.product)) next.product = tabs[0] ?? 'CASH';
        if (change.scrip.instr.includes('SPR')) next.advanceType = 'REGULAR';
      }
      return next;
    }
    case 'action':
      return form.entryType === 'NEW' ? { ...form, action: change.action } : form;
    case 'product': {
      if (form.entryType !== 'NEW') return form;
      const next: OrderForm = { ...form, product: change.product };
      const tabs = change.scrip ? productTabsFor(change.scrip.instr, change.scrip.exchange) : [];
      // trading.md 4.1: the second equity tab clears AMO and resets the advance type to Regular.
      if (
        change.scrip &&
        segmentOf(change.scrip.instr, change.scrip.exchange) === 'equity' &&
        tabs[1] === change.product
      ) {
        next.isAmo = false;
        next.advanceType = 'REGULAR';
      }
      return next;
    }
    case 'orderType':
      // Limit: price enabled, defaulting to the last price; market: price 0 (normaliseOrderForm).
      return {
        ...form,
        orderType: change.orderType,
        price: change.orderType === 'limit' ? change.lastPrice : form.price,
      };
    case 'validity':
      return { ...form, validity: change.validity };
    case 'advanceType': {
      if (form.entryType !== 'NEW') return form;
      const next: OrderForm = { ...form, advanceType: change.advanceType };
      if (change.advanceType === 'BRACKET' && form.orderType === 'market') next.price = change.lastPrice;
      return next;
    }
    case 'amo':
      return form.advanceType === 'REGULAR' ? { ...form, isAmo: change.isAmo } : form;
    case 'sellSource':
      return { ...form, sellSource: change.sellSource };
    case 'field':
      return { ...form, [change.field]: change.value };
    default: {
      const unknown: never = change;
      throw new Error(`Unknown form change ${JSON.stringify(unknown)}`);
    }
  }
}
