import { formatPercent, formatPrice, mulDivRound } from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import type { WorldIndexReading } from '../world-markets/world-indices.ts';

/**
 * What a vendor's writer reads off the simulated market at a moment: today's moves of the indices, equities, sectors,
 * the rupee and commodities (from `Market.snapshot`, which starts no simulation), and the world indices.
 */

export interface Move {
  instrument: Instrument;
  last: number;
  close: number;
  /** Change from the previous close in hundredths of a percent. */
  changeBp: number;
}

export interface SectorMove {
  sector: string;
  /** The average of its NSE stocks' changes, hundredths of a percent. */
  changeBp: number;
  leader: Move;
  laggard: Move;
}

export interface MarketFacts {
  indices: Map<string, Move>;
  /** NSE equities, largest rise first. */
  stocks: Move[];
  sectors: SectorMove[];
  currencies: Move[];
  commodities: Move[];
  /** Index and stock futures of the nearest expiry with their underlying's symbol. */
  futures: Move[];
  world: WorldIndexReading[];
}

export function moveOf(market: Market, instrument: Instrument): Move | null {
  const snap = market.snapshot(instrument.id);
  if (!snap || snap.close <= 0) return null;
  return {
    instrument,
    last: snap.lastPrice,
    close: snap.close,
    changeBp: mulDivRound(snap.lastPrice - snap.close, 10_000, snap.close),
  };
}

function nearestExpiryOnly(futures: Instrument[]): Instrument[] {
  const nearest = new Map<string, Instrument>();
  for (const future of futures) {
    const known = nearest.get(future.symbol);
    if (!known || (future.expiry ?? '') < (known.expiry ?? '')) nearest.set(future.symbol, future);
  }
  return [...nearest.values()];
}

export function readMarketFacts(market: Market, world: WorldIndexReading[]): MarketFacts {
  const all = market.registry.all();
  const moves = (list: readonly Instrument[]) => list.flatMap((i) => moveOf(market, i) ?? []);
  const indices = new Map(moves(all.filter((i) => i.instr === 'IDX')).map((m) => [m.instrument.displaySym, m]));
  const stocks = moves(all.filter((i) => i.exc === 'NSE' && i.instr === 'STK' && i.tradable)).sort(
    (a, b) => b.changeBp - a.changeBp || a.instrument.symbol.localeCompare(b.instrument.symbol),
  );
  const bySector = new Map<string, Move[]>();
  for (const stock of stocks) {
    const sector = stock.instrument.sector;
    if (sector) bySector.set(sector, [...(bySector.get(sector) ?? []), stock]);
  }
  const sectors = [...bySector.entries()]
    .filter(([, members]) => members.length >= 2)
    .map(([sector, members]) => ({
      sector,
      changeBp: Math.round(members.reduce((sum, m) => sum + m.changeBp, 0) / members.length),
      leader: members[0]!,
      laggard: members[members.length - 1]!,
    }))
    .sort((a, b) => b.changeBp - a.changeBp || a.sector.localeCompare(b.sector));
  return {
    indices,
    stocks,
    sectors,
    currencies: moves(all.filter((i) => i.exc === 'CDS' && i.instr === 'UNDCUR')),
    commodities: moves(all.filter((i) => i.exc === 'MCX' && i.instr === 'COM')),
    futures: moves(
      nearestExpiryOnly(all.filter((i) => i.exc === 'NFO' && (i.instr === 'FUTIDX' || i.instr === 'FUTSTK'))),
    ),
    world,
  };
}

/** "1,234.50" with lakh grouping, at the instrument's decimals. */
export const priceOf = (move: Move) => formatPrice(move.last, move.instrument.priceDecimals);
/** "1.25%" without sign. */
export const percentOf = (bp: number) => `${formatPercent(Math.abs(bp))}%`;
/** "1.25" points or rupees, without sign. */
export const pointsOf = (move: Move) => formatPrice(Math.abs(move.last - move.close), move.instrument.priceDecimals);
export const rose = (bp: number) => bp >= 0;
