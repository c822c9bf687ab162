import { formatScaled, mulDivRound, type SectorRow } from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { breadthOf, equitiesOf } from './breadth.ts';
import { OTHER_SECTOR } from './market-stats.service.ts';

interface Moved {
  instrument: Instrument;
  /** Change against the previous close, hundredths of a percent (as the quote's chngPer). */
  bp: number;
}

/** The equities whose stock futures are listed (on NFO; BFO lists index derivatives only). */
function fnoSymbols(market: Market): Set<string> {
  return new Set(market.registry.all().flatMap((i) => (i.instr === 'FUTSTK' && i.tradable ? [i.symbol] : [])));
}

const memberOf = ({ instrument, bp }: Moved) => ({
  sym: symbolObjectOf(instrument),
  displaySym: instrument.displaySym,
  chngPer: formatScaled(bp, 2),
});

/**
 * Sector performance from snapshots (nothing is started): each sector's members of the exchange (all its equities, or
 * those with stock futures), their breadth, their change percents averaged with equal weights, and the best and worst
 * of them; the best-performing sector first.
 */
export function sectorPerformance(market: Market, exc: 'NSE' | 'BSE', universe: 'all' | 'fno'): SectorRow[] {
  const fno = universe === 'fno' ? fnoSymbols(market) : null;
  const bySector = new Map<string, Moved[]>();
  for (const instrument of equitiesOf(market, exc)) {
    if (fno && !fno.has(instrument.symbol)) continue;
    const snap = market.snapshot(instrument.id);
    if (!snap || snap.close <= 0) continue;
    const sector = instrument.sector ?? OTHER_SECTOR;
    const bp = mulDivRound(snap.lastPrice - snap.close, 10_000, snap.close);
    bySector.set(sector, [...(bySector.get(sector) ?? []), { instrument, bp }]);
  }
  const rows = [...bySector.entries()].map(([sector, moved]) => {
    const ranked = [...moved].sort(
      (a, b) => b.bp - a.bp || a.instrument.displaySym.localeCompare(b.instrument.displaySym),
    );
    const total = moved.reduce((sum, m) => sum + m.bp, 0);
    return {
      average: mulDivRound(total, 1, moved.length),
      row: {
        sector,
        members: moved.length,
        ...breadthOf(
          market,
          moved.map((m) => m.instrument),
        ),
        avgChngPer: formatScaled(mulDivRound(total, 1, moved.length), 2),
        best: memberOf(ranked[0]!),
        worst: memberOf(ranked.at(-1)!),
      },
    };
  });
  return rows.sort((a, b) => b.average - a.average || a.row.sector.localeCompare(b.row.sector)).map((r) => r.row);
}
