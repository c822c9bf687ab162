/**
 * Capital gains of a financial year (investing.md 2 "report/capitalgain", "report/gainsummary"; the method is not in
 * the spec and is chosen here, as Indian tax practice has it for listed equity):
 * - sales are matched to purchases of the same security first in, first out, across the client's whole record;
 * - delivery lots held more than 12 months (sale date after the anniversary of purchase) are long term, others short;
 * - intraday products (squared off the same day) are speculative and matched among themselves, apart from delivery;
 * - a sale with no recorded purchase left (shares held before the records) takes the holding's average price as
 *   cost and an unknown buy date, and counts as long term;
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

export interface GainLot {
  symbol: string;
  term: GainTerm;
  /** null when the shares were bought before the records. */
  buyDay: number | null;
  sellDay: number;
  quantity: number;
  buyValuePaise: number;
  sellValuePaise: number;
  gainPaise: number;
}

interface OpenLot {
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

/**
 * Every matched sale lot, in trade order. `trades` are the client's equity trades in time order; `openingCost`
 * answers the average price (paise per share) of shares held before the records, for a sale with nothing to match.
 */
export function matchGains(trades: readonly EquityTrade[], openingCost: (symbol: string) => number): GainLot[] {
  const books = new Map<string, OpenLot[]>();
  const lots: GainLot[] = [];
  for (const trade of trades) {
    const key = `${trade.intraday ? 'I' : 'D'}|${trade.symbol}`;
    const book = books.get(key) ?? [];
    books.set(key, book);
    if (trade.side === 'BUY') {
      book.push({ day: trade.day, quantity: trade.quantity, valuePaise: trade.valuePaise });
      continue;
    }
    let left = trade.quantity;
    let valueLeft = trade.valuePaise;
    while (left > 0) {
      const lot = book[0];
      const quantity = lot ? Math.min(left, lot.quantity) : left;
      const sellValuePaise = share(valueLeft, quantity, left);
      let buyValuePaise: number;
      let buyDay: number | null;
      if (lot) {
        buyValuePaise = share(lot.valuePaise, quantity, lot.quantity);
        buyDay = lot.day;
        lot.quantity -= quantity;
        lot.valuePaise -= buyValuePaise;
        if (lot.quantity === 0) book.shift();
      } else {
        buyValuePaise = openingCost(trade.symbol) * quantity;
        buyDay = null;
      }
      const term: GainTerm = trade.intraday
        ? 'SPECULATIVE'
        : buyDay === null || trade.day > anniversary(buyDay)
          ? 'LONG'
          : 'SHORT';
      lots.push({
        symbol: trade.symbol,
        term,
        buyDay,
        sellDay: trade.day,
        quantity,
        buyValuePaise,
        sellValuePaise,
        gainPaise: sellValuePaise - buyValuePaise,
      });
      left -= quantity;
      valueLeft -= sellValuePaise;
    }
  }
  return lots;
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
