import { formatScaled, mulDivRound, type OiRow, type PutCallRatio } from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { changeText, priceText } from '../../services/market-runtime/price-text.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';

const FUTURES = new Set(['FUTIDX', 'FUTSTK']);
const OPTIONS = new Set(['OPTIDX', 'OPTSTK']);

interface Carried {
  instrument: Instrument;
  value: number;
  change: number;
  dayStart: number;
}

/** Index and stock contracts with their open interest: read without starting any contract's simulation. */
function carried(market: Market, kind: 'futures' | 'options'): Carried[] {
  const codes = kind === 'futures' ? FUTURES : OPTIONS;
  return market.registry.all().flatMap((instrument) => {
    if (!codes.has(instrument.instr) || !instrument.tradable) return [];
    const oi = market.openInterest(instrument.id);
    return oi ? [{ instrument, value: oi.value, change: oi.value - oi.dayStart, dayStart: oi.dayStart }] : [];
  });
}

function rowOf(market: Market, { instrument, value, change, dayStart }: Carried): OiRow | undefined {
  const snap = market.snapshot(instrument.id);
  if (!snap) return undefined;
  return {
    sym: symbolObjectOf(instrument),
    displaySym: instrument.displaySym,
    ltp: priceText(snap.lastPrice, snap.priceDecimals),
    ...changeText(snap.lastPrice, snap.close, snap.priceDecimals),
    openInterest: value,
    oiChange: change,
    oiChangePer: dayStart === 0 ? '0.00' : formatScaled(mulDivRound(change, 10_000, dayStart), 2),
  };
}

/**
 * Highest open interest first, or the largest relative rise (fall) of it today, only those that rose (fell); relative
 * changes compared exactly by cross-multiplying.
 */
export function openInterestRanking(
  market: Market,
  kind: 'futures' | 'options',
  rank: 'oi' | 'gainers' | 'losers',
  count: number,
): OiRow[] {
  const sign = rank === 'losers' ? -1 : 1;
  const contracts = carried(market, kind).filter((c) => rank === 'oi' || c.change * sign > 0);
  const order =
    rank === 'oi'
      ? (a: Carried, b: Carried) => b.value - a.value
      : (a: Carried, b: Carried) => (b.change * a.dayStart - a.change * b.dayStart) * sign;
  return contracts
    .sort((a, b) => order(a, b) || a.instrument.displaySym.localeCompare(b.instrument.displaySym))
    .slice(0, count)
    .flatMap((c) => rowOf(market, c) ?? []);
}

/** Per index with options: put over call open interest across the nearest expiry's chain. */
export function putCallRatios(market: Market): PutCallRatio[] {
  const chains = new Map<string, Instrument[]>();
  for (const option of market.registry.all()) {
    if (option.instr !== 'OPTIDX' || !option.tradable || !option.expiry) continue;
    const key = `${option.exc}:${option.symbol}`;
    chains.set(key, [...(chains.get(key) ?? []), option]);
  }
  return [...chains.values()].flatMap((options) => {
    const first = options[0]!;
    if (first.exc !== 'NFO' && first.exc !== 'BFO') return [];
    const expiry = options.map((o) => o.expiry!).sort()[0]!;
    let callOi = 0;
    let putOi = 0;
    for (const option of options.filter((o) => o.expiry === expiry)) {
      const oi = market.openInterest(option.id)?.value ?? 0;
      if (option.optType === 'CE') callOi += oi;
      else putOi += oi;
    }
    const pcr = callOi === 0 ? '0.00' : formatScaled(mulDivRound(putOi, 100, callOi), 2);
    return [{ symbol: first.symbol, exc: first.exc, expiry, callOi, putOi, pcr }];
  });
}
