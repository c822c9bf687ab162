import { ok, reject, statsExchanges, type EquityScreen, type HeatmapTile, type StatsIndex } from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { changeText, priceText } from '../../services/market-runtime/price-text.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { findIndex, indexQuoteOf } from '../market/index-quote.ts';
import { breadthOf, equitiesOf } from './breadth.ts';
import { screenEquities } from './screener.ts';

type StatsExchange = (typeof statsExchanges)[number];
const isStatsExchange = (exc: string): exc is StatsExchange => (statsExchanges as readonly string[]).includes(exc);

/** Sectors the reference data leaves blank are shown together under this name. */
export const OTHER_SECTOR = 'Others';

/** Every index with its quote and the breadth of its constituents (none for INDIA VIX). */
export function indicesWithBreadth(market: Market, indices: readonly Instrument[]): StatsIndex[] {
  return indices.flatMap((index) => {
    const quote = indexQuoteOf(market, index);
    if (!quote || !isStatsExchange(index.exc)) return [];
    const members = equitiesOf(market, index.exc, market.indexConstituents(index.id));
    const { value, chng, chngPer, high, low, close } = quote;
    return [
      { index: quote.index, exc: index.exc, value, chng, chngPer, high, low, close, ...breadthOf(market, members) },
    ];
  });
}

export function advanceDecline(market: Market) {
  return statsExchanges.map((exc) => ({ exc, ...breadthOf(market, equitiesOf(market, exc)) }));
}

interface Moved {
  instrument: Instrument;
  last: number;
  close: number;
}

/** Largest rise first, compared exactly: (last - close) / close cross-multiplied. */
const byChange = (a: Moved, b: Moved): number =>
  (b.last - b.close) * a.close - (a.last - a.close) * b.close ||
  a.instrument.displaySym.localeCompare(b.instrument.displaySym);

function tilesOf(market: Market, instruments: readonly Instrument[]): HeatmapTile[] {
  const moved = instruments.flatMap((instrument) => {
    const snap = market.snapshot(instrument.id);
    return snap && snap.close > 0 ? [{ instrument, last: snap.lastPrice, close: snap.close }] : [];
  });
  return moved.sort(byChange).map(({ instrument, last, close }) => ({
    sym: symbolObjectOf(instrument),
    displaySym: instrument.displaySym,
    companyName: instrument.name,
    ltp: priceText(last, instrument.priceDecimals),
    ...changeText(last, close, instrument.priceDecimals),
  }));
}

/** An index's constituents by sector (sectors by name, tiles largest rise first), from snapshots: nothing is started. */
export function heatmap(market: Market, name: string) {
  const index = statsExchanges.map((exc) => findIndex(market, name, exc)).find((i) => i !== undefined);
  const members =
    index && isStatsExchange(index.exc) ? equitiesOf(market, index.exc, market.indexConstituents(index.id)) : [];
  if (!index || members.length === 0) return reject('MKT004', `Index not found: ${name}.`);
  const bySector = new Map<string, Instrument[]>();
  for (const member of members) {
    const sector = member.sector ?? OTHER_SECTOR;
    bySector.set(sector, [...(bySector.get(sector) ?? []), member]);
  }
  const sectors = [...bySector.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([sector, instruments]) => ({
      sector,
      ...breadthOf(market, instruments),
      tiles: tilesOf(market, instruments),
    }));
  return ok({ index: index.trSymbol, exc: index.exc as StatsExchange, sectors });
}

/** An equity screen over the exchange's ranked equities or, when named, one of its indices (MKT004 when unknown). */
export function screener(
  market: Market,
  exc: StatsExchange,
  screen: EquityScreen,
  indexName: string | undefined,
  count: number,
) {
  const index = indexName === undefined ? null : findIndex(market, indexName, exc);
  if (index === undefined || (index && market.indexConstituents(index.id).length === 0))
    return reject('MKT004', `Index not found: ${indexName} (${exc}).`);
  return ok(screenEquities(market, exc, screen, index, count));
}
