import { fnoSegments, type Breadth } from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { breadthOf } from './breadth.ts';

const FNO_EXCHANGES = ['NFO', 'BFO'] as const;
type FnoExchange = (typeof FNO_EXCHANGES)[number];
type Segment = (typeof fnoSegments)[number];

const isFnoExchange = (exc: string): exc is FnoExchange => (FNO_EXCHANGES as readonly string[]).includes(exc);
const isSegment = (instr: string): instr is Segment => (fnoSegments as readonly string[]).includes(instr);

interface UnderlyingBreadth {
  symbol: string;
  exc: FnoExchange;
  futures: Breadth;
  calls: Breadth;
  puts: Breadth;
}

/**
 * Advances and declines of F&O contracts against their previous close, read from snapshots (each contract's fair
 * value until it trades, as its quote shows): per exchange and segment (index and stock futures and options), and for
 * each index underlying its futures, calls and puts. Nothing is started.
 */
export function fnoAdvanceDecline(market: Market) {
  const contracts = market.registry.all().filter((i) => i.tradable && isFnoExchange(i.exc) && isSegment(i.instr));
  const segments = FNO_EXCHANGES.flatMap((exc) =>
    fnoSegments.flatMap((segment) => {
      const members = contracts.filter((i) => i.exc === exc && i.instr === segment);
      return members.length === 0 ? [] : [{ exc, segment, ...breadthOf(market, members) }];
    }),
  );
  const byUnderlying = new Map<string, Instrument[]>();
  for (const contract of contracts) {
    if (contract.instr !== 'FUTIDX' && contract.instr !== 'OPTIDX') continue;
    const key = `${contract.exc}:${contract.symbol}`;
    byUnderlying.set(key, [...(byUnderlying.get(key) ?? []), contract]);
  }
  const underlyings: UnderlyingBreadth[] = [...byUnderlying.values()].map((members) => {
    const first = members[0]!;
    return {
      symbol: first.symbol,
      exc: first.exc as FnoExchange,
      futures: breadthOf(
        market,
        members.filter((i) => i.instr === 'FUTIDX'),
      ),
      calls: breadthOf(
        market,
        members.filter((i) => i.optType === 'CE'),
      ),
      puts: breadthOf(
        market,
        members.filter((i) => i.optType === 'PE'),
      ),
    };
  });
  return { segments, underlyings };
}
