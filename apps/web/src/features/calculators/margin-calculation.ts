import {
  charges,
  checkMargin,
  formatScaled,
  groupIndian,
  parseScaled,
  quantityLabel,
  segmentOf,
  tradingText,
  type ChargesResponse,
  type ProductType,
  type Quote,
  type RequestData,
} from '@kite/domain';
import { callApi } from '../../lib/api/client.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';

const orderText = tradingText.orderEntry;

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

/** The order entry's own refusals for quantity and price (trading.md 5.1, rules 3-5), or null. */
export function formError(scrip: ScripRef, quote: Quote, form: MarginForm): string | null {
  const quantity = parseScaled(form.quantity, 0);
  if (quantity === null || quantity <= 0) return orderText.invalidQuantity;
  const inLots = quantityLabel(scrip.sym.instr, scrip.sym.exc) === 'LOT';
  if (!inLots && quote.lot > 1 && quantity % quote.lot !== 0) return orderText.quantityMultiple(quote.lot);
  const decimals = (quote.tickSize.split('.')[1] ?? '').length;
  const price = parseScaled(form.price, Math.max(2, decimals));
  if (price === null || price <= 0) return orderText.invalidPrice;
  return null;
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
