import type { z } from 'zod';
import { DEMAT_SELL_PRODUCTS, divRoundHalfUp, type holdingRowSchema } from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';
import { streamSymOf } from '../market-runtime/instrument-ref.ts';
import { changeText, priceText } from '../market-runtime/price-text.ts';
import { symbolObjectOf } from '../market-runtime/symbol-object.ts';
import { equityIdsOfIsin, holdingSellCheck, type HoldingSellCheck } from './holdings-check.ts';
import { equityOfHolding, priceSnapshotOf } from './instruments.ts';
import { averagePrice } from './position-maths.ts';

export type HoldingRow = z.infer<typeof holdingRowSchema>;
/** H: net quantity above 0; N: below 0 (sold more than held today); Z: exactly 0; A: all. */
export type HoldingsFilter = 'H' | 'N' | 'Z' | 'A';

interface HoldingRecord {
  exchange: string;
  symbol: string;
  isin: string;
  quantity: number;
  avgPricePaise: number;
}

async function loadHoldings(
  q: Queryable,
  market: Market,
  clientId: number,
  isin: string | null,
): Promise<HoldingRecord[]> {
  const { rows } = await q.query<{
    exchange: string;
    symbol: string;
    isin: string;
    quantity: number;
    avg_price_paise: number;
  }>(
    `SELECT exchange, symbol, isin, quantity, avg_price_paise FROM holdings
      WHERE client_id = $1 AND ($2::text IS NULL OR isin = $2) ORDER BY symbol`,
    [clientId, isin],
  );
  const held: HoldingRecord[] = rows.map((r) => ({
    exchange: r.exchange,
    symbol: r.symbol,
    isin: r.isin,
    quantity: r.quantity,
    avgPricePaise: r.avg_price_paise,
  }));
  return [...held, ...(await boughtToday(q, market, clientId, isin, new Set(held.map((h) => h.isin))))];
}

/**
 * Shares bought for delivery today in a stock not yet in the demat (T+1: settlement brings them): shown as a holding
 * with demat quantity 0 at today's buy average, so a purchase appears in holdings at once.
 */
async function boughtToday(
  q: Queryable,
  market: Market,
  clientId: number,
  isin: string | null,
  known: ReadonlySet<string>,
): Promise<HoldingRecord[]> {
  const { rows } = await q.query<{ instrument_id: string; exchange: string; buy_qty: number; buy_value: number }>(
    `SELECT instrument_id, exchange, sum(buy_qty)::bigint AS buy_qty, sum(buy_value)::bigint AS buy_value FROM positions
      WHERE client_id = $1 AND segment = 'equity' AND product = ANY($2::text[])
      GROUP BY instrument_id, exchange HAVING sum(buy_qty) > sum(sell_qty) ORDER BY instrument_id`,
    [clientId, DEMAT_SELL_PRODUCTS],
  );
  // One record per ISIN, whichever exchange (or both) it was bought on.
  const out = new Map<string, HoldingRecord & { qty: number; value: number }>();
  for (const r of rows) {
    const instrument = market.registry.byId(r.instrument_id);
    if (!instrument || instrument.instr !== 'STK' || !instrument.isin || known.has(instrument.isin)) continue;
    if (isin !== null && instrument.isin !== isin) continue;
    const entry = out.get(instrument.isin) ?? {
      exchange: r.exchange,
      symbol: instrument.symbol,
      isin: instrument.isin,
      quantity: 0,
      avgPricePaise: 0,
      qty: 0,
      value: 0,
    };
    entry.qty += r.buy_qty;
    entry.value += r.buy_value;
    entry.avgPricePaise = averagePrice(entry.value, entry.qty);
    out.set(instrument.isin, entry);
  }
  return [...out.values()].map(({ qty: _qty, value: _value, ...record }) => record);
}

/**
 * Today's delivery trades (CASH/MARGIN, both exchanges) of one ISIN, not settled into the demat yet: the net (buys
 * less sells) and the value of the buys.
 */
async function deliveryToday(
  q: Queryable,
  market: Market,
  clientId: number,
  isin: string,
): Promise<{ net: number; buyQty: number; buyValue: number }> {
  const { rows } = await q.query<{ net: number; buy_qty: number; buy_value: number }>(
    `SELECT COALESCE(sum(buy_qty - sell_qty), 0)::bigint AS net, COALESCE(sum(buy_qty), 0)::bigint AS buy_qty,
            COALESCE(sum(buy_value), 0)::bigint AS buy_value FROM positions
      WHERE client_id = $1 AND instrument_id = ANY($2::text[]) AND product = ANY($3::text[])`,
    [clientId, equityIdsOfIsin(market, isin), DEMAT_SELL_PRODUCTS],
  );
  const row = rows[0];
  return { net: Number(row?.net ?? 0), buyQty: Number(row?.buy_qty ?? 0), buyValue: Number(row?.buy_value ?? 0) };
}

export interface HoldingPosition {
  record: HoldingRecord;
  instrument: Instrument;
  check: HoldingSellCheck;
  /** Demat quantity plus today's delivery net. */
  netQty: number;
  /** Today's net delivery purchase, not yet in the demat. */
  t1Qty: number;
  /**
   * The average the holding will have after today's settlement, as end of day works it out: a net purchase today adds
   * its shares at today's average buying price; a net sale leaves the average.
   */
  avgPricePaise: number;
}

async function holdingPosition(
  q: Queryable,
  market: Market,
  clientId: number,
  record: HoldingRecord,
  tradingDay: string,
): Promise<HoldingPosition | null> {
  const instrument = equityOfHolding(market, record.exchange, record.isin);
  if (!instrument) return null;
  const [check, today] = await Promise.all([
    holdingSellCheck(q, market, clientId, record.isin, tradingDay),
    deliveryToday(q, market, clientId, record.isin),
  ]);
  const netQty = record.quantity + today.net;
  let avgPricePaise = record.avgPricePaise;
  if (today.net > 0 && today.buyQty > 0 && record.quantity > 0) {
    // As end of day rounds: today's average buying price first, then the holding's blend.
    const boughtAvg = divRoundHalfUp(BigInt(today.buyValue), BigInt(today.buyQty));
    avgPricePaise = divRoundHalfUp(
      BigInt(record.quantity) * BigInt(record.avgPricePaise) + BigInt(today.net) * BigInt(boughtAvg),
      BigInt(netQty),
    );
  }
  return { record, instrument, check, netQty, t1Qty: Math.max(today.net, 0), avgPricePaise };
}

const rupees = (paise: number): string => priceText(paise, 2);

export function holdingRow(
  market: Market,
  h: HoldingPosition,
): HoldingRow & { values: { invested: number; current: number; pnl: number; day: number } } {
  const { ltp, close } = priceSnapshotOf(market, h.instrument);
  // Equity prices are in paise (2 decimals), so quantity x price is paise.
  const invested = h.netQty * h.avgPricePaise;
  const current = h.netQty * ltp;
  const day = h.netQty * (ltp - close);
  return {
    sym: symbolObjectOf(h.instrument),
    displaySym: h.instrument.displaySym,
    companyName: h.instrument.name,
    isin: h.record.isin,
    streamSym: streamSymOf(h.instrument),
    qty: h.netQty,
    freeQty: h.check.freeQty,
    t1Qty: h.t1Qty,
    pledgedQty: h.check.pledgedQty,
    avgPrice: rupees(h.avgPricePaise),
    ltp: rupees(ltp),
    closePrice: rupees(close),
    currentValue: rupees(current),
    investedValue: rupees(invested),
    pnl: rupees(current - invested),
    dayChange: rupees(day),
    poa: !h.check.nonPoa,
    edisApprovedQty: h.check.edisApprovedQty,
    values: { invested, current, pnl: current - invested, day },
  };
}

function keep(filter: HoldingsFilter, netQty: number): boolean {
  if (filter === 'H') return netQty > 0;
  if (filter === 'N') return netQty < 0;
  if (filter === 'Z') return netQty === 0;
  return true;
}

/** The client's holding rows for a filter, each with its figures in paise beside the row's texts. */
async function holdingRows(q: Queryable, market: Market, clientId: number, filter: HoldingsFilter, tradingDay: string) {
  const records = await loadHoldings(q, market, clientId, null);
  const positions = (
    await Promise.all(records.map((r) => holdingPosition(q, market, clientId, r, tradingDay)))
  ).flatMap((p) => (p && keep(filter, p.netQty) ? [p] : []));
  return positions.map((p) => holdingRow(market, p));
}

/** HoldingsSummary: the client's holdings after the filter, valued at live prices, with totals. */
export async function holdingsSummary(
  q: Queryable,
  market: Market,
  clientId: number,
  filter: HoldingsFilter,
  tradingDay: string,
) {
  const rows = await holdingRows(q, market, clientId, filter, tradingDay);
  const sum = (pick: (v: (typeof rows)[number]['values']) => number): string =>
    rupees(rows.reduce((t, r) => t + pick(r.values), 0));
  return {
    holdings: rows.map(({ values: _values, ...row }) => row),
    totals: {
      investedValue: sum((v) => v.invested),
      currentValue: sum((v) => v.current),
      pnl: sum((v) => v.pnl),
      dayChange: sum((v) => v.day),
    },
  };
}

/**
 * The holdings in one line for the dashboard: value at live prices, today's P/L against the previous close (and its
 * percent of the previous value), count, and how many are up, down or unchanged today. Integer paise throughout.
 */
export async function investmentOverview(q: Queryable, market: Market, clientId: number, tradingDay: string) {
  // Held quantities are above 0 here, so a holding's day change has the sign of its price's.
  const rows = await holdingRows(q, market, clientId, 'H', tradingDay);
  let value = 0;
  let previous = 0;
  const moves = { nAdvances: 0, nDeclines: 0, nUnchanged: 0 };
  for (const { values } of rows) {
    value += values.current;
    previous += values.current - values.day;
    if (values.day > 0) moves.nAdvances++;
    else if (values.day < 0) moves.nDeclines++;
    else moves.nUnchanged++;
  }
  const { chng, chngPer } = changeText(value, previous, 2);
  return {
    summary: { totPtfValue: rupees(value), todaysPl: chng, todaysPlPer: chngPer, nHoldings: rows.length, ...moves },
  };
}

/** The holding of one cash equity (any exchange of its ISIN), or null. */
export async function holdingOfInstrument(
  q: Queryable,
  market: Market,
  clientId: number,
  instrument: Instrument,
  tradingDay: string,
): Promise<HoldingPosition | null> {
  if (instrument.instr !== 'STK' || !instrument.isin) return null;
  const [record] = await loadHoldings(q, market, clientId, instrument.isin);
  return record ? holdingPosition(q, market, clientId, record, tradingDay) : null;
}

/** trading.md 3 holdings part of the holdings/positions response (the web client stores its cash part, platform.md 7.1). */
export function holdingsPanel(h: HoldingPosition | null) {
  if (!h) return { prdType: 'CASH', dp: 0, prevSettle: 0, net: 0, cash: { dp: 0, confNonPoaQty: 0, nonPoaQty: 0 } };
  return {
    prdType: 'CASH',
    dp: h.record.quantity,
    // T+1 quantities (bought yesterday, not yet in the demat) are not modelled: settlement moves them at day end.
    prevSettle: 0,
    net: h.netQty,
    cash: {
      dp: h.check.freeQty,
      confNonPoaQty: h.check.nonPoa ? h.check.edisAvailableQty : 0,
      nonPoaQty: h.check.nonPoa ? h.check.freeQty : 0,
    },
  };
}
