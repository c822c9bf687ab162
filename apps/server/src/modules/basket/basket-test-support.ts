import type { SymbolObject } from '@kite/domain';

/** An AddBasketItem body: a CASH limit buy of 10 SBIN at ₹800.05, changed by `overrides`. */
export function basketLinePayload(
  sbin: SymbolObject,
  basketId: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: basketId,
    sym: sbin,
    displaySym: 'SBIN',
    qty: '10',
    limitPrice: '800.05',
    ordType: 'limit',
    prdType: 'CASH',
    ordAction: 'buy',
    ordDuration: 'DAY',
    triggerPrice: '0',
    disQty: '0',
    isinDp: 'true',
    ...overrides,
  };
}
