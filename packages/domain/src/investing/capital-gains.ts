/**
 * Capital gains of a financial year (investing.md 2 "report/capitalgain", "report/gainsummary"; the method is not in
 * the spec and is chosen here, as Indian tax practice has it for listed equity):
 * - sales are matched to purchases of the same security first in, first out, across the client's whole record;
 * - delivery lots held more than 12 months (sale date after the anniversary of purchase) are long term, others short;
 * - intraday products (squared off the same day) are speculative and matched among themselves, apart from delivery;
 *   an intraday sale before its purchase is a short sale, realised only when a later intraday purchase covers it;
 * - shares held before the records (opening lots, kept as they were when the holding was first recorded, never
 *   blended with later purchases) are the oldest lots of their security: a delivery sale takes them first, at their
 *   own price and date (long term when the date is unknown); a sale with no lot left at all is costed at the
 *   holding's average, long term, buy date unknown;
 * - amounts are trade values in paise; charges are left out (STT is not deductible).
 */

export const gainTerms = ['SHORT', 'LONG', 'SPECULATIVE'] as const;
export type GainTerm = (typeof gainTerms)[number];

export interface EquityTrade {
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  /** Trade value in paise (price x quantity). */
  valuePaise: number;
  /** IST day number of the trade. */
  day: number;
  intraday: boolean;
}

/** Shares of a security held before the records: how many, at what price a share, bought on which day. */
export interface OpeningLot {
  /** IST day number of the purchase; null when not known. */
  day: number | null;
  quantity: number;
  pricePaise: number;
}

export interface GainLot {
  symbol: string;
  term: GainTerm;
  /** null when not known (shares held before the records without a purchase date, or a sale beyond every lot). */
  buyDay: number | null;
  sellDay: number;
  quantity: number;
  buyValuePaise: number;
  sellValuePaise: number;
  gainPaise: number;
}

interface OpenLot {
  /** null for shares held before the records whose purchase date is not known. */
  day: number | null;
  quantity: number;
  valuePaise: number;
}

/** The share of `value` for `part` of `whole`, in whole paise (the last part takes the remainder). */
function share(value: number, part: number, whole: number): number {
  return part === whole ? value : Math.round((value * part) / whole);
}

/** One year after `buyDay` as a day number: the same calendar date a year later (29 Feb -> 1 Mar). */
function anniversary(buyDay: number): number {
  const date = new Date(buyDay * 86_400_000);
  return Date.UTC(date.getUTCFullYear() + 1, date.getUTCMonth(), date.getUTCDate()) / 86_400_000;
}

/** A client's open lots of one security in one book: purchases not yet sold and (intraday) sales not yet covered. */
interface Book {
  bought: OpenLot[];
  shortSold: OpenLot[];
}

/**
 * Every matched sale lot, in trade order (a short sale's lots when a purchase covers it). `trades` are the client's
 * equity trades in time order; `costBeyondLots` answers the price (paise per share) of a delivery sale with no lot
 * left to match, and `openingLots` the shares of the security held before the records, oldest first: they head the
 * delivery book, first in, so a delivery sale takes them before any recorded purchase.
 */
export function matchGains(
  trades: readonly EquityTrade[],
  costBeyondLots: (symbol: string) => number,
  openingLots: (symbol: string) => readonly OpeningLot[] = () => [],
): GainLot[] {
  const books = new Map<string, Book>();
  const lots: GainLot[] = [];
  for (const trade of trades) {
    const key = `${trade.intraday ? 'I' : 'D'}|${trade.symbol}`;
    let book = books.get(key);
    if (!book) {
      book = { bought: [], shortSold: [] };
      if (!trade.intraday) {
        for (const lot of openingLots(trade.symbol))
          if (lot.quantity > 0)
            book.bought.push({ day: lot.day, quantity: lot.quantity, valuePaise: lot.quantity * lot.pricePaise });
      }
      books.set(key, book);
    }
    const { left, valueLeft } =
      trade.side === 'BUY' ? cover(trade, book.shortSold, lots) : sell(trade, book.bought, costBeyondLots, lots);
    if (left === 0) continue;
    // What is left opens a lot: a purchase to sell later, or an intraday sale short until a purchase covers it.
    (trade.side === 'BUY' ? book.bought : book.shortSold).push({
      day: trade.day,
      quantity: left,
      valuePaise: valueLeft,
    });
  }
  return lots;
}

function gainLot(symbol: string, term: GainTerm, match: Omit<GainLot, 'symbol' | 'term' | 'gainPaise'>): GainLot {
  return { symbol, term, ...match, gainPaise: match.sellValuePaise - match.buyValuePaise };
}

/** Takes `quantity` from the first open lot: its share of the lot's value, the lot shortened or gone. */
function takeFrom(open: OpenLot[], quantity: number): number {
  const lot = open[0]!;
  const value = share(lot.valuePaise, quantity, lot.quantity);
  lot.quantity -= quantity;
  lot.valuePaise -= value;
  if (lot.quantity === 0) open.shift();
  return value;
}

/** A sale against the purchases first in, first out; what they do not cover is left (intraday) or costed (delivery). */
function sell(
  trade: EquityTrade,
  bought: OpenLot[],
  costBeyondLots: (symbol: string) => number,
  lots: GainLot[],
): { left: number; valueLeft: number } {
  let left = trade.quantity;
  let valueLeft = trade.valuePaise;
  while (left > 0 && (bought.length > 0 || !trade.intraday)) {
    const lot = bought[0];
    const quantity = lot ? Math.min(left, lot.quantity) : left;
    const sellValuePaise = share(valueLeft, quantity, left);
    const buyDay = lot ? lot.day : null;
    const buyValuePaise = lot ? takeFrom(bought, quantity) : costBeyondLots(trade.symbol) * quantity;
    const term: GainTerm = trade.intraday
      ? 'SPECULATIVE'
      : buyDay === null || trade.day > anniversary(buyDay)
        ? 'LONG'
        : 'SHORT';
    lots.push(gainLot(trade.symbol, term, { buyDay, sellDay: trade.day, quantity, buyValuePaise, sellValuePaise }));
    left -= quantity;
    valueLeft -= sellValuePaise;
  }
  return { left, valueLeft };
}

/** An intraday purchase covers the open short sales first in, first out; what is left is a purchase. */
function cover(trade: EquityTrade, shortSold: OpenLot[], lots: GainLot[]): { left: number; valueLeft: number } {
  let left = trade.quantity;
  let valueLeft = trade.valuePaise;
  while (left > 0 && shortSold.length > 0) {
    const sellDay = shortSold[0]!.day!;
    const quantity = Math.min(left, shortSold[0]!.quantity);
    const buyValuePaise = share(valueLeft, quantity, left);
    const sellValuePaise = takeFrom(shortSold, quantity);
    lots.push(
      gainLot(trade.symbol, 'SPECULATIVE', { buyDay: trade.day, sellDay, quantity, buyValuePaise, sellValuePaise }),
    );
    left -= quantity;
    valueLeft -= buyValuePaise;
  }
  return { left, valueLeft };
}

export interface GainTotals {
  term: GainTerm;
  buyValuePaise: number;
  sellValuePaise: number;
  gainPaise: number;
}

/** Totals per term, in the order short, long, speculative (every term present, zero when none). */
export function gainTotals(lots: readonly GainLot[]): GainTotals[] {
  return gainTerms.map((term) => {
    const of = lots.filter((l) => l.term === term);
    const sum = (pick: (l: GainLot) => number) => of.reduce((t, l) => t + pick(l), 0);
    return {
      term,
      buyValuePaise: sum((l) => l.buyValuePaise),
      sellValuePaise: sum((l) => l.sellValuePaise),
      gainPaise: sum((l) => l.gainPaise),
    };
  });
}
