import type { Abilities } from '../permissions/abilities.ts';
import { formatAmount } from '../format/indian.ts';
import { formatScaled } from '../money/decimal.ts';
import { investingText } from '../messages/investing.ts';
import { parseRupees } from '../money/money.ts';

/**
 * IPO bid rules and maths (investing.md 5 "IPO bid", 9), shared by the place-order screen and the server, which
 * checks every bid again. Prices and amounts are integer paise: payable and total amounts are then exact, and their
 * "rounding to 2 decimals" is that of the paise themselves.
 */

const text = investingText.ipo;

/** The four application categories (investing.md 3 "Categories"). */
export const ipoCategories = ['IND', 'EMP', 'SHA', 'POL'] as const;
export type IpoCategory = (typeof ipoCategories)[number];

/** Up to 3 bid slots per application (investing.md 9). */
export const IPO_BID_SLOTS = 3;

/** An issue's bidding terms in paise and shares. */
export interface IpoTerms {
  minPrice: number;
  maxPrice: number;
  cutOffPrice: number;
  /** 0 when the issue sets no tick size. */
  tickSize: number;
  lotSize: number;
  minBidQuantity: number;
  minimumInvestment: number;
  maximumInvestment: number;
  /** Discount per share, in paise, taken off the price for the payable amount. */
  discount: number;
}

/** The decimal-string fields of an IPO master entry (the contract's ipoMaster), as sent. */
export interface IpoTermsText {
  minPrice: string;
  maxPrice: string;
  cutOffPrice: string;
  tickSize: string;
  lotSize: number;
  minBidQuantity: number;
  minimumInvestmentAmt: string;
  maximumInvestmentAmt: string;
  discount: string;
}

/** A master entry's terms in paise; throws when one is not a decimal with at most 2 places (a broken contract). */
export function ipoTermsOf(entry: IpoTermsText): IpoTerms {
  const money = (value: string): number => {
    const parsed = parseRupees(value);
    if (parsed === null) throw new RangeError(`Not an amount: ${value}`);
    return parsed;
  };
  return {
    minPrice: money(entry.minPrice),
    maxPrice: money(entry.maxPrice),
    cutOffPrice: money(entry.cutOffPrice),
    tickSize: money(entry.tickSize),
    lotSize: entry.lotSize,
    minBidQuantity: entry.minBidQuantity,
    minimumInvestment: money(entry.minimumInvestmentAmt),
    maximumInvestment: money(entry.maximumInvestmentAmt),
    discount: money(entry.discount),
  };
}

/** One bid slot: lots and price (paise; 0 = not entered). `existing` when the slot already holds a placed bid. */
export interface IpoBidSlot {
  lots: number;
  price: number;
  existing?: boolean;
  /** A slot whose placed bid is being cancelled in this request: left out of the checks and the amounts. */
  cancelled?: boolean;
}

export interface IpoBidEntry {
  atCutOff: boolean;
  slots: readonly IpoBidSlot[];
}

export interface IpoBidAmounts {
  /** Shares applied for by the bid that counts (the highest-priced one in multi-bid). */
  quantity: number;
  /** lots x price x lot size, paise. */
  total: number;
  /** lots x discount x lot size, paise. */
  discount: number;
  /** lots x (price - discount) x lot size, paise. */
  payable: number;
}

/** The price a slot bids at: the cut-off price for a cut-off bid (slot 1 only), else the entered price. */
function slotPrice(terms: IpoTerms, entry: IpoBidEntry, index: number): number {
  if (entry.atCutOff) return index === 0 ? terms.cutOffPrice : 0;
  return entry.slots[index]?.price ?? 0;
}

function liveSlots(entry: IpoBidEntry): { slot: IpoBidSlot; index: number }[] {
  const slots = entry.atCutOff ? entry.slots.slice(0, 1) : entry.slots.slice(0, IPO_BID_SLOTS);
  return slots.map((slot, index) => ({ slot, index })).filter(({ slot }) => !slot.cancelled);
}

/**
 * Order quantity, amount, discount and payable (investing.md 5 last rule): payable = lots x (price - discount) x lot
 * size, total = lots x price x lot size; in multi-bid the highest-priced bid with lots is used.
 */
export function ipoBidAmounts(terms: IpoTerms, entry: IpoBidEntry): IpoBidAmounts {
  let best: { lots: number; price: number } | null = null;
  for (const { slot, index } of liveSlots(entry)) {
    const price = slotPrice(terms, entry, index);
    if (slot.lots <= 0 || price <= 0) continue;
    if (!best || price > best.price) best = { lots: slot.lots, price };
  }
  if (!best) return { quantity: 0, total: 0, discount: 0, payable: 0 };
  const quantity = best.lots * terms.lotSize;
  const discount = Math.min(terms.discount, best.price) * quantity;
  const total = best.price * quantity;
  return { quantity, total, discount, payable: total - discount };
}

export type IpoBidCheck = { ok: true } | { ok: false; message: string; slot?: number; resetPrice?: boolean };

const refuse = (message: string, slot?: number, resetPrice?: boolean): IpoBidCheck => ({
  ok: false,
  message,
  ...(slot === undefined ? {} : { slot }),
  ...(resetPrice ? { resetPrice } : {}),
});

/** Rupees as the messages show them: 2 decimals ("1.00", "0.05"). */
const rupees = (amount: number): string => formatScaled(amount, 2);

/**
 * The bid-entry checks of investing.md 5 "IPO bid", in the spec's order; the first failure is answered. `modify` adds
 * the rule that a slot holding a placed bid may not be left with zero lots (cancel it instead).
 */
export function checkIpoBid(terms: IpoTerms, entry: IpoBidEntry, mode: 'new' | 'modify'): IpoBidCheck {
  const slots = liveSlots(entry);
  if (mode === 'modify') {
    const emptied = slots.find(({ slot }) => slot.existing && slot.lots <= 0);
    if (emptied) return refuse(text.validLot(emptied.index + 1), emptied.index + 1);
  }
  if (entry.atCutOff) {
    const lots = slots[0]?.slot.lots ?? 0;
    if (lots * terms.lotSize < terms.minBidQuantity || lots <= 0)
      return refuse(text.bidLotMin(terms.minBidQuantity), 1);
  } else {
    const lots = slots.map(({ slot }) => slot.lots).filter((l) => l > 0);
    if (lots.some((l) => l !== lots[0])) return refuse(text.lotsSameOrZero);
    for (const { slot, index } of slots) {
      const n = index + 1;
      if (slot.price <= 0 && slot.lots <= 0) continue;
      if (slot.price < terms.minPrice || slot.price > terms.maxPrice) return refuse(text.priceRange(n), n, true);
      if (slot.lots <= 0) return refuse(text.lotsMissing(n), n);
      if (terms.tickSize > 0 && slot.price % terms.tickSize !== 0) {
        return refuse(text.tickMultiple(n, rupees(terms.tickSize)), n);
      }
    }
    // The spec asks this only when no tick size is set; a bid under the minimum quantity is never valid, so it is
    // checked always (the minimum is usually one lot, which any bid with lots meets).
    const first = slots.find(({ slot }) => slot.lots > 0);
    const firstN = first ? first.index + 1 : 1;
    if (!first || first.slot.lots * terms.lotSize < terms.minBidQuantity) {
      return refuse(text.slotLotMin(firstN, terms.minBidQuantity), firstN);
    }
  }
  const { payable } = ipoBidAmounts(terms, entry);
  if (payable <= 0 || payable < terms.minimumInvestment || payable > terms.maximumInvestment) {
    return refuse(text.investmentRange(formatAmount(terms.minimumInvestment), formatAmount(terms.maximumInvestment)));
  }
  return { ok: true };
}

/**
 * The UPI id of a new bid (investing.md 5): mandatory, and it must end with one of the handlers the server allows.
 * Answers the message to show, or null when the id is accepted.
 */
export function checkIpoUpi(upi: string, handlers: readonly string[]): string | null {
  const id = upi.trim();
  if (id.length === 0) return text.upiMandatory;
  const lower = id.toLowerCase();
  const valid = /^[a-z0-9._-]{2,256}@[a-z0-9]{2,64}$/.test(lower);
  if (!valid || !handlers.some((h) => lower.endsWith(h.toLowerCase()))) {
    return `${text.upiHandler} ${handlers.join(', ')}`;
  }
  return null;
}

/** The ₹ tick as the messages show it. */
export function ipoRupees(amount: number): string {
  return rupees(amount);
}

/** investing.md 6: IPO bidding needs at least one of the four trading segments (equity, F&O, currency, commodity). */
export function mayBidForIpo(abilities: Pick<Abilities, 'equity' | 'fno' | 'currency' | 'commodity'>): boolean {
  return abilities.equity || abilities.fno || abilities.currency || abilities.commodity;
}
