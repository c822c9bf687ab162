import {
  charges,
  checkMargin,
  formatScaled,
  groupIndian,
  parseScaled,
  quantityLabel,
  segmentOf,
  normaliseOrderForm,
  validateOrderEntry,
  type ChargesResponse,
  type ProductType,
  type Quote,
  type RequestData,
} from '@kite/domain';
import { callApi } from '../../lib/api/client.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { initialOrderForm } from '../order-entry/order-form-state.ts';
import { factsFromQuote } from '../order-entry/order-payloads.ts';

export type CalculatorProduct = Extract<ProductType, 'CASH' | 'INTRADAY' | 'CARRY FORWARD'>;

export interface MarginForm {
  side: 'buy' | 'sell';
  product: CalculatorProduct;
  quantity: string;
  price: string;
}

export interface MarginOutcome {
  requiredMargin: string;
  availableMargin: string;
  charges: ChargesResponse | null;
}

/** Equity is bought for delivery or intraday; everything else intraday or carried forward (trading.md 3). */
export function productsFor(sym: ScripRef['sym']): CalculatorProduct[] {
  return segmentOf(sym.instr, sym.exc) === 'equity' ? ['CASH', 'INTRADAY'] : ['INTRADAY', 'CARRY FORWARD'];
}

/** The form as the order entry would first take it: a lot (or one share) at the last price. */
export function startingForm(scrip: ScripRef, quote: Quote): MarginForm {
  const lots = quantityLabel(scrip.sym.instr, scrip.sym.exc) === 'LOT';
  return {
    side: 'buy',
    product: productsFor(scrip.sym)[0] ?? 'INTRADAY',
    quantity: String(lots ? 1 : Math.max(1, quote.lot)),
    price: quote.ltp,
  };
}

/**
 * The order entry's own refusal of this order (trading.md 5.1, through domain's validateOrderEntry with the dialog's
 * form and facts), or null. A calculator has no holdings to sell from, so a sell is checked as not from DP.
 */
export function formError(scrip: ScripRef, quote: Quote, form: MarginForm): string | null {
  const blank = initialOrderForm({ side: form.side === 'buy' ? 'BUY' : 'SELL', scrip }, 'NOT_IN_DP');
  const order = normaliseOrderForm(
    { ...blank, orderType: 'limit', product: form.product, quantity: form.quantity, price: form.price },
    scrip.sym.instr,
  );
  const check = validateOrderEntry(order, factsFromQuote(scrip, quote), { now: Date.now() });
  return check.ok ? null : check.message;
}

/** /Trade/CheckMargin and /Trade/Charges for the form, side by side; charges missing when they cannot be priced. */
export async function calculateMargin(scrip: ScripRef, quote: Quote, form: MarginForm): Promise<MarginOutcome> {
  const marginRequest: RequestData<typeof checkMargin> = {
    sym: scrip.sym,
    ordType: 'limit',
    qty: form.quantity.trim(),
    ordAction: form.side,
    limitPrice: form.price.trim(),
    prdType: form.product,
  };
  const chargesRequest: RequestData<typeof charges> = {
    exchange: scrip.sym.exc,
    segment: segmentOf(scrip.sym.instr, scrip.sym.exc),
    transactionType: form.side,
    quantity: form.quantity.trim(),
    price: form.price.trim(),
    product: form.product === 'INTRADAY' ? 'INTRADAY' : 'NRML',
    instrumentType: scrip.sym.instr,
    symbol: scrip.sym.trSymbol ?? scrip.displaySym,
    ...(quote.lot > 0 ? { lotSize: quote.lot } : {}),
  };
  const [margin, priced] = await Promise.all([
    callApi(checkMargin, marginRequest),
    callApi(charges, chargesRequest).then(
      (answer) => answer.data.charges,
      () => null,
    ),
  ]);
  return { requiredMargin: margin.data.requiredMargin, availableMargin: margin.data.availableMargin, charges: priced };
}

/** Available less required margin, exact, with lakh grouping: below zero is the shortfall. */
export function marginLeft(outcome: MarginOutcome): string {
  const required = parseScaled(outcome.requiredMargin, 2) ?? 0;
  const available = parseScaled(outcome.availableMargin, 2) ?? 0;
  return groupIndian(formatScaled(available - required, 2));
}
