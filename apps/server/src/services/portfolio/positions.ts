import {
  COMMODITY_POSITION_PRODUCT_FILTERS,
  isFuture,
  isOption,
  isTransferOffered,
  NET_POSITION_PRODUCT_FILTERS,
  SEGMENT_EXCHANGES,
  type PositionRow,
  type ProductType,
} from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';
import { streamSymOf } from '../market-runtime/instrument-ref.ts';
import { priceText } from '../market-runtime/price-text.ts';
import { symbolObjectOf } from '../market-runtime/symbol-object.ts';
import { lastPriceOf } from './instruments.ts';
import { positionValues, type PositionFigures, type PositionView, type PositionValues } from './position-maths.ts';

export type PositionTab = 'equity' | 'fno' | 'currency' | 'commodity';

export interface PositionFilter {
  product: string | null;
  /** null: every exchange of the tab. */
  exchanges: readonly string[] | null;
  assetClass: 'all' | 'future' | 'option';
  view: PositionView;
}

/** trading.md 7 NetPositions filters per tab: prdType everywhere; exc on equity and commodity; assetClass and
 * positionDay on fno, currency, commodity. Answers the filter or the offending key for POR001. */
export function parsePositionFilters(
  tab: PositionTab,
  filters: readonly { key: string; value: string }[],
): { ok: true; filter: PositionFilter } | { ok: false; key: string } {
  const filter: PositionFilter = { product: null, exchanges: null, assetClass: 'all', view: 'today' };
  const products: readonly string[] = (
    tab === 'commodity' ? COMMODITY_POSITION_PRODUCT_FILTERS : NET_POSITION_PRODUCT_FILTERS
  ).map((p) => p.value);
  for (const { key, value } of filters) {
    const v = value.trim();
    if (key === 'prdType') {
      const upper = v.toUpperCase();
      if (!products.includes(upper)) return { ok: false, key };
      filter.product = upper === 'ALL' ? null : upper;
    } else if (key === 'exc' && (tab === 'equity' || tab === 'commodity')) {
      const upper = v.toUpperCase();
      if (upper === 'ALL' || upper === '') continue;
      if (!SEGMENT_EXCHANGES[tab].includes(upper as never)) return { ok: false, key };
      filter.exchanges = [upper];
    } else if (key === 'assetClass' && tab !== 'equity') {
      const lower = v.toLowerCase();
      if (lower !== 'all' && lower !== 'future' && lower !== 'option') return { ok: false, key };
      filter.assetClass = lower;
    } else if (key === 'positionDay') {
      const lower = v.toLowerCase();
      if (lower !== 'today' && lower !== 'all') return { ok: false, key };
      // trading.md 4.4: on the equity tab the day is today only.
      filter.view = tab === 'equity' ? 'today' : lower;
    } else {
      return { ok: false, key };
    }
  }
  return { ok: true, filter };
}

export interface PositionRecord extends PositionFigures {
  id: number;
  instrumentId: string;
  exchange: string;
  product: string;
  segment: string;
}

/** The client's position rows of one segment (or every segment). */
export async function loadPositions(
  q: Queryable,
  clientId: number,
  segments: readonly string[] | null,
): Promise<PositionRecord[]> {
  const { rows } = await q.query<{
    id: number;
    instrument_id: string;
    exchange: string;
    product: string;
    segment: string;
    buy_qty: number;
    buy_value: number;
    sell_qty: number;
    sell_value: number;
    carry_qty: number;
    carry_avg_price: number;
  }>(
    `SELECT id, instrument_id, exchange, product, segment, buy_qty, buy_value, sell_qty, sell_value, carry_qty, carry_avg_price
       FROM positions WHERE client_id = $1 AND ($2::text[] IS NULL OR segment = ANY($2::text[])) ORDER BY id`,
    [clientId, segments],
  );
  return rows.map((r) => ({
    id: r.id,
    instrumentId: r.instrument_id,
    exchange: r.exchange,
    product: r.product,
    segment: r.segment,
    buyQty: r.buy_qty,
    buyValue: r.buy_value,
    sellQty: r.sell_qty,
    sellValue: r.sell_value,
    carryQty: r.carry_qty,
    carryAvgPrice: r.carry_avg_price,
  }));
}

function matchesAsset(instrument: Instrument, assetClass: PositionFilter['assetClass']): boolean {
  if (assetClass === 'future') return isFuture(instrument.instr);
  if (assetClass === 'option') return isOption(instrument.instr);
  return true;
}

/** A position is shown in a view when it has something in it: today's trades, or (ALL) a carried quantity. */
function visible(p: PositionFigures, view: PositionView): boolean {
  return p.buyQty > 0 || p.sellQty > 0 || (view === 'all' && p.carryQty !== 0);
}

export interface ValuedPosition {
  record: PositionRecord;
  instrument: Instrument;
  ltp: number;
  values: PositionValues;
}

/** Positions with their values at the live price; rows of instruments no longer listed are left out. */
export function valuePositions(
  market: Market,
  records: readonly PositionRecord[],
  view: PositionView,
): ValuedPosition[] {
  return records.flatMap((record) => {
    const instrument = market.registry.byId(record.instrumentId);
    if (!instrument || !visible(record, view)) return [];
    const ltp = lastPriceOf(market, instrument);
    return [{ record, instrument, ltp, values: positionValues(record, view, ltp, instrument) }];
  });
}

const rupees = (paise: number): string => priceText(paise, 2);

/** trading.md 3 "Position" row. uniqueId is the instrument id (with prdType it names the position, as MyOrders filters). */
export function positionRow({ record, instrument, ltp, values }: ValuedPosition): PositionRow {
  const d = instrument.priceDecimals;
  const price = (units: number): string => priceText(units, d);
  return {
    sym: symbolObjectOf(instrument),
    displaySym: instrument.displaySym,
    streamSym: streamSymOf(instrument),
    prdType: record.product as ProductType,
    ltp: price(ltp),
    netQty: values.netQty,
    avgPrice: price(values.avgPrice),
    netPnL: rupees(values.netPnlPaise),
    bookedPnl: rupees(values.realisedPaise),
    unRealPnl: rupees(values.unrealisedPaise),
    buyQty: values.buyQty,
    sellQty: values.sellQty,
    buyAvgPrice: price(values.buyAvgPrice),
    sellAvgPrice: price(values.sellAvgPrice),
    currPos: values.currPos,
    prevPos: values.prevPos,
    currAvgPrice: price(values.currAvgPrice),
    prevAvgPrice: price(values.prevAvgPrice),
    isTransfer: isTransferOffered({ prdType: record.product, netQty: values.netQty, instr: instrument.instr }),
    lot: instrument.lot,
    multiplier: instrument.multiplier,
    uniqueId: instrument.id,
  };
}

/** NetPositions: the tab's rows after the filters, valued at live prices. */
export async function netPositions(
  q: Queryable,
  market: Market,
  clientId: number,
  tab: PositionTab,
  filter: PositionFilter,
): Promise<PositionRow[]> {
  const records = await loadPositions(q, clientId, [tab]);
  const chosen = records.filter(
    (r) =>
      (filter.product === null || r.product === filter.product) &&
      (filter.exchanges === null || filter.exchanges.includes(r.exchange)),
  );
  return valuePositions(market, chosen, filter.view)
    .filter((p) => matchesAsset(p.instrument, filter.assetClass))
    .map(positionRow);
}
