import { formatAmount } from '../format/indian.ts';
import { informationText } from '../messages/information.ts';
import { parseRupees } from '../money/money.ts';

/**
 * The OFS bid dialog's rules (investing.md 2 "SEP and OFS mock-ups"): quantity, price, the order price it makes and
 * the margin style. The spec gives no limits; those of the exchanges' OFS mechanism are taken: a bid at or above the
 * floor price in ticks of 0.05, and a retail (RS) bid of at most ₹2,00,000 (market-facts.md's retail cap). IS is the
 * non-retail category. Amounts are integer paise.
 */

const text = informationText.ofs;

export const OFS_TICK_PAISE = 5;
export const OFS_RETAIL_CAP_PAISE = 2_00_000_00;
export const ofsCategories = ['IS', 'RS'] as const;
export type OfsCategory = (typeof ofsCategories)[number];
export type OfsMarginStyle = (typeof text.marginStyles)[number];

export interface OfsBidForm {
  category: OfsCategory;
  quantity: string;
  price: string;
  floorPricePaise: number;
}

export type OfsBidCheck =
  | { ok: true; quantity: number; pricePaise: number; orderPricePaise: number }
  | { ok: false; field: 'quantity' | 'price'; message: string };

/** The order price of what is typed so far, or null while quantity or price is not a number yet. */
export function ofsOrderPrice(quantity: string, price: string): number | null {
  const qty = /^\d{1,9}$/.test(quantity.trim()) ? Number(quantity.trim()) : null;
  const paise = /^\d{1,9}(\.\d{0,2})?$/.test(price.trim()) ? parseRupees(price.trim()) : null;
  return qty === null || paise === null ? null : qty * paise;
}

export function checkOfsBid(form: OfsBidForm): OfsBidCheck {
  const quantityText = form.quantity.trim();
  if (!/^\d{1,9}$/.test(quantityText) || Number(quantityText) < 1)
    return { ok: false, field: 'quantity', message: text.errors.quantity };
  const quantity = Number(quantityText);
  const priceText = form.price.trim();
  const pricePaise = /^\d{1,9}(\.\d{0,2})?$/.test(priceText) ? parseRupees(priceText) : null;
  if (pricePaise === null) return { ok: false, field: 'price', message: text.errors.price };
  if (pricePaise < form.floorPricePaise)
    return { ok: false, field: 'price', message: text.errors.belowFloor(formatAmount(form.floorPricePaise)) };
  if (pricePaise % OFS_TICK_PAISE !== 0) return { ok: false, field: 'price', message: text.errors.tick };
  const orderPricePaise = quantity * pricePaise;
  if (form.category === 'RS' && orderPricePaise > OFS_RETAIL_CAP_PAISE)
    return { ok: false, field: 'quantity', message: text.errors.retailCap };
  return { ok: true, quantity, pricePaise, orderPricePaise };
}
