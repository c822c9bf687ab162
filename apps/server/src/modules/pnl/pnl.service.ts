import {
  DEMAT_SELL_PRODUCTS,
  finePerPaisa,
  formatScaled,
  investingText,
  mulDivRound,
  paiseToFine,
  percentOf,
  pnlFigures,
  sellsFromDemat,
  sumPnl,
  type PnlFigures,
  type PnlFilter,
  type PnlRow,
  type PnlSector,
  type PnlSegment,
  type PnlSummary,
  type PnlTotals,
  type TradeHistoryRow,
} from '@kite/domain';
import { istDayFirstDateTime, type Instrument, type Market } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';
import { streamSymOf } from '../../services/market-runtime/instrument-ref.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { equityIdsOfIsin } from '../../services/portfolio/holdings-check.ts';
import { equityOfHolding, priceSnapshotOf } from '../../services/portfolio/instruments.ts';
import { loadPositions } from '../../services/portfolio/positions.ts';
import * as repo from './pnl.repo.ts';

/** The three kinds of book behind the four segments: holdings (scrip and sector views), F&O, currency. */
type Family = 'equity' | 'fno' | 'currency';

export function familyOf(segment: PnlSegment): Family {
  switch (segment) {
    case 'Equity':
    case 'EquitySector':
      return 'equity';
    case 'Derivatives':
      return 'fno';
    case 'Currency':
      return 'currency';
    default: {
      const never: never = segment;
      throw new Error(`unknown segment ${String(never)}`);
    }
  }
}

/** Position segments (positions.segment) of each family; spread legs are F&O contracts. */
const POSITION_SEGMENTS: Record<Family, readonly string[]> = {
  equity: ['equity'],
  fno: ['fno', 'spread'],
  currency: ['currency'],
};

/** Whether an instrument belongs to a family (TradeHistory refuses a security of another segment). */
function inFamily(instrument: Instrument, family: Family): boolean {
  if (family === 'equity') return instrument.instr === 'STK' && (instrument.exc === 'NSE' || instrument.exc === 'BSE');
  if (family === 'fno') return instrument.exc === 'NFO' || instrument.exc === 'BFO';
  return instrument.exc === 'CDS';
}

interface Opening {
  kind: 'HOLDING' | 'CARRIED';
  /** Signed: a carried short is negative. */
  qty: number;
  price: number;
  at: Date | null;
}

/** Everything one security's P&L is made of: bought and sold quantities and values (fine units, rate charges in). */
interface SecurityBook {
  key: string;
  instrument: Instrument;
  buyQty: number;
  buyValue: number;
  sellQty: number;
  sellValue: number;
  opening: Opening[];
  /** Instrument ids whose trades make the book (both exchanges of an ISIN). */
  instrumentIds: Set<string>;
}

function emptyBook(key: string, instrument: Instrument): SecurityBook {
  return { key, instrument, buyQty: 0, buyValue: 0, sellQty: 0, sellValue: 0, opening: [], instrumentIds: new Set() };
}

/** The client's security books of a family, in a stable order (symbol, then id). */
async function booksOf(q: Queryable, market: Market, clientId: number, family: Family): Promise<SecurityBook[]> {
  const [positions, charges, holdings] = await Promise.all([
    loadPositions(q, clientId, POSITION_SEGMENTS[family]),
    repo.todaysRateCharges(q, clientId),
    family === 'equity' ? repo.dematHoldings(q, clientId, null) : Promise.resolve([]),
  ]);
  const chargeOf = new Map(charges.map((c) => [`${c.instrumentId}|${c.product}|${c.side}`, c.charges]));
  const books = new Map<string, SecurityBook>();
  const bookFor = (key: string, instrument: Instrument) => {
    const found = books.get(key);
    if (found) return found;
    const made = emptyBook(key, instrument);
    books.set(key, made);
    return made;
  };

  for (const h of holdings) {
    const instrument = equityOfHolding(market, h.exchange, h.isin);
    if (!instrument || h.quantity <= 0) continue;
    const book = bookFor(h.isin, instrument);
    // Demat shares count as bought at the holding's average (paise; equity prices are paise, multiplier 1).
    book.buyQty += h.quantity;
    book.buyValue += h.quantity * h.avgPricePaise;
    // No date: the demat balance was not traded today (holdings.updated_at is the row's last change: a pledge, the
    // end-of-day run), and the popup's DATE & TIME must not show it as a trade of that moment.
    book.opening.push({ kind: 'HOLDING', qty: h.quantity, price: h.avgPricePaise, at: null });
    for (const id of equityIdsOfIsin(market, h.isin)) book.instrumentIds.add(id);
  }

  for (const p of positions) {
    if (family === 'equity' && !sellsFromDemat(p.product)) continue;
    const instrument = market.registry.byId(p.instrumentId);
    if (!instrument || !inFamily(instrument, family)) continue;
    const key = family === 'equity' ? (instrument.isin ?? instrument.id) : instrument.id;
    const book = bookFor(key, instrument);
    book.instrumentIds.add(instrument.id);
    const mult = instrument.multiplier;
    const d = instrument.priceDecimals;
    const buyCharges = chargeOf.get(`${p.instrumentId}|${p.product}|BUY`) ?? 0;
    const sellCharges = chargeOf.get(`${p.instrumentId}|${p.product}|SELL`) ?? 0;
    // investing.md 2 footnotes: the buy rate adds the charges, the sell rate takes them off.
    book.buyQty += p.buyQty;
    book.buyValue += p.buyValue * mult + paiseToFine(buyCharges, d);
    book.sellQty += p.sellQty;
    book.sellValue += p.sellValue * mult - paiseToFine(sellCharges, d);
    if (p.carryQty > 0) {
      book.buyQty += p.carryQty;
      book.buyValue += p.carryQty * p.carryAvgPrice * mult;
    } else if (p.carryQty < 0) {
      book.sellQty -= p.carryQty;
      book.sellValue -= p.carryQty * p.carryAvgPrice * mult;
    }
    if (p.carryQty !== 0) book.opening.push({ kind: 'CARRIED', qty: p.carryQty, price: p.carryAvgPrice, at: null });
  }

  return [...books.values()]
    .filter((b) => b.buyQty > 0 || b.sellQty > 0)
    .sort((a, b) => a.instrument.displaySym.localeCompare(b.instrument.displaySym) || a.key.localeCompare(b.key));
}

function figuresOf(market: Market, book: SecurityBook): { figures: PnlFigures; ltp: number; close: number } {
  const { ltp, close } = priceSnapshotOf(market, book.instrument);
  const figures = pnlFigures({
    buyQty: book.buyQty,
    buyValue: book.buyValue,
    sellQty: book.sellQty,
    sellValue: book.sellValue,
    ltp,
    prevClose: close,
    multiplier: book.instrument.multiplier,
    priceDecimals: book.instrument.priceDecimals,
  });
  return { figures, ltp, close };
}

const rupees = (paise: number): string => formatScaled(paise, 2);
const percent = (hundredths: number): string => formatScaled(hundredths, 2);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** yyyy-mm-dd -> dd-Mon-yyyy (25-Nov-2026); '' without an expiry. */
function expiryText(iso: string | null): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${d}-${MONTHS[Number(m) - 1] ?? m}-${y}`;
}

function rowOf(book: SecurityBook, family: Family, f: PnlFigures, ltp: number, close: number): PnlRow {
  const i = book.instrument;
  const d = i.priceDecimals;
  return {
    symbol: i.symbol,
    contractDescWeb: i.displaySym,
    contractDesc: i.name,
    exchange: i.exc,
    securityId: String(i.token),
    instrumentType: i.instr,
    expiryDateFormatted: expiryText(i.expiry),
    optionType: i.optType ?? '',
    strikePrice: i.strike === null ? '' : formatScaled(i.strike, d),
    sector: i.sector ?? investingText.pnl.noSector,
    qty: f.qty,
    avgBuyPrice: formatScaled(f.avgBuyPrice, d),
    purchaseValue: rupees(f.purchaseValue),
    ltp: formatScaled(ltp, d),
    prevClose: formatScaled(close, d),
    currentValue: rupees(f.currentValue),
    todayGainLoss: rupees(f.todayGainLoss),
    todayGainLossPerc: percent(f.todayGainLossPerc),
    plValue: rupees(f.plValue),
    plPerc: percent(f.plPerc),
    realised: rupees(f.realised),
    securitycode: i.id,
    flag: family === 'equity' ? 0 : 1,
    sym: symbolObjectOf(i),
    streamSym: streamSymOf(i),
    multiplier: i.multiplier,
  };
}

/** The chosen filter (contract PNL_FILTERS): by the security's notional plus realised P&L. */
function keep(filter: PnlFilter, f: PnlFigures): boolean {
  const total = f.plValue + f.realised;
  if (filter === 'GAIN') return total > 0;
  if (filter === 'LOSS') return total < 0;
  return true;
}

function totalsText(t: PnlTotals) {
  return {
    totalInvestment: rupees(t.purchaseValue),
    totalValue: rupees(t.currentValue),
    todayPL: rupees(t.todayGainLoss),
    totalPL: rupees(t.plValue),
    totalRealisedPL: rupees(t.realised),
  };
}

/** /Business/Porfolio and /Business/PorfolioV2 (investing.md 3, 7): the summary of a segment after the filter. */
export async function portfolioSummary(
  q: Queryable,
  market: Market,
  clientId: number,
  segment: PnlSegment,
  filter: PnlFilter,
): Promise<PnlSummary> {
  const family = familyOf(segment);
  const valued = (await booksOf(q, market, clientId, family))
    .map((book) => ({ book, ...figuresOf(market, book) }))
    .filter((v) => keep(filter, v.figures));
  const rows = valued.map((v) => ({ row: rowOf(v.book, family, v.figures, v.ltp, v.close), figures: v.figures }));
  const totals = sumPnl(rows.map((r) => r.figures));

  const sectorData: PnlSector[] = [];
  if (segment === 'EquitySector') {
    const bySector = new Map<string, typeof rows>();
    for (const r of rows) bySector.set(r.row.sector, [...(bySector.get(r.row.sector) ?? []), r]);
    for (const [sectorName, list] of [...bySector.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      sectorData.push({
        sectorName,
        sectorList: list.map((r) => r.row),
        ...totalsText(sumPnl(list.map((r) => r.figures))),
      });
    }
  }

  return {
    ...totalsText(totals),
    overallGainLoss: percent(percentOf(totals.plValue, totals.purchaseValue)),
    totalGainLoss: percent(percentOf(totals.todayGainLoss, totals.prevValue)),
    symbols: rows.map(({ row }) => ({
      sym: row.streamSym,
      exc: row.sym.exc,
      xSym: row.sym.xSym,
      exc_seg: row.sym.exc_seg,
    })),
    plDetailsList: rows.map((r) => r.row),
    sectorData,
  };
}

function dateText(at: Date | null): string {
  return at ? istDayFirstDateTime(at.getTime()).replaceAll('/', '-') : '';
}

export type TradeHistoryOutcome =
  { ok: true; answer: Awaited<ReturnType<typeof historyAnswer>> } | { ok: false; code: 'POR007' };

async function historyAnswer(q: Queryable, market: Market, clientId: number, book: SecurityBook, family: Family) {
  const i = book.instrument;
  const d = i.priceDecimals;
  const fpp = finePerPaisa(d);
  const products = family === 'equity' ? DEMAT_SELL_PRODUCTS : null;
  const trades = await repo.todaysTrades(q, clientId, [...book.instrumentIds], products);
  const valuePaise = (qty: number, price: number, multiplier: number, charges: number, buy: boolean) =>
    mulDivRound(qty * price, multiplier, fpp) + (buy ? charges : -charges);

  const dataSet: TradeHistoryRow[] = [];
  let buyQty = 0;
  let sellQty = 0;
  let buyValue = 0;
  let sellValue = 0;
  for (const o of book.opening) {
    const buy = o.qty > 0;
    const qty = Math.abs(o.qty);
    const value = valuePaise(qty, o.price, i.multiplier, 0, buy);
    if (buy) {
      buyQty += qty;
      buyValue += value;
    } else {
      sellQty += qty;
      sellValue += value;
    }
    dataSet.push({
      dateoftransaction: dateText(o.at),
      TransactonType: o.kind,
      quantity: o.qty,
      price: formatScaled(o.price, d),
      brokercommission: '0.00',
      value: rupees(value),
    });
  }
  for (const t of trades) {
    const instrument = market.registry.byId(t.instrumentId) ?? i;
    const buy = t.side === 'BUY';
    const value = valuePaise(t.quantity, t.price, instrument.multiplier, t.charges, buy);
    if (buy) {
      buyQty += t.quantity;
      buyValue += value;
    } else {
      sellQty += t.quantity;
      sellValue += value;
    }
    dataSet.push({
      dateoftransaction: dateText(t.tradedAt),
      TransactonType: t.side,
      quantity: t.quantity,
      price: formatScaled(t.price, instrument.priceDecimals),
      brokercommission: rupees(t.charges),
      value: rupees(value),
    });
  }
  const { figures, ltp } = figuresOf(market, book);
  return {
    dataSet,
    totalBuyQty: buyQty,
    totalSellQty: sellQty,
    totalBuyValue: rupees(buyValue),
    totalSellValue: rupees(sellValue),
    bookedPL: rupees(figures.realised),
    notionalPL: rupees(figures.plValue),
    netBuySell: buyQty - sellQty,
    ltp: formatScaled(ltp, d),
  };
}

/**
 * /Business/TradeHistory (investing.md 2, 3, 7): one security's opening balance and today's trades of the session's
 * client, with the booked and notional P&L of its summary row. A security of another segment, an unknown id, or one
 * the client has nothing in answers POR007 (another client's security is then simply not the caller's).
 */
export async function tradeHistoryOf(
  q: Queryable,
  market: Market,
  clientId: number,
  segment: PnlSegment,
  uniqueId: string,
): Promise<TradeHistoryOutcome> {
  const family = familyOf(segment);
  const instrument = market.registry.byId(uniqueId);
  if (!instrument || !inFamily(instrument, family)) return { ok: false, code: 'POR007' };
  const key = family === 'equity' ? (instrument.isin ?? instrument.id) : instrument.id;
  const book = (await booksOf(q, market, clientId, family)).find((b) => b.key === key);
  if (!book) return { ok: false, code: 'POR007' };
  return { ok: true, answer: await historyAnswer(q, market, clientId, book, family) };
}
