import {
  formatScaled,
  mulDivRound,
  type OiBuildup,
  type OiRow,
  type OverviewSegment,
  type PutCallRatio,
  type UnusualRow,
} from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { changeText, priceText } from '../../services/market-runtime/price-text.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { medianOfPositive } from './median.ts';

const FUTURES = new Set(['FUTIDX', 'FUTSTK']);
const OPTIONS = new Set(['OPTIDX', 'OPTSTK']);

interface Carried {
  instrument: Instrument;
  value: number;
  change: number;
  dayStart: number;
  volume: number;
}

/** Index and stock contracts with their open interest: read without starting any contract's simulation. */
function carried(market: Market, kind: 'futures' | 'options'): Carried[] {
  const codes = kind === 'futures' ? FUTURES : OPTIONS;
  return carriedOf(market, (instrument) => codes.has(instrument.instr));
}

function carriedOf(market: Market, wanted: (instrument: Instrument) => boolean): Carried[] {
  return market.registry.all().flatMap((instrument) => {
    if (!wanted(instrument) || !instrument.tradable) return [];
    const oi = market.openInterest(instrument.id);
    return oi
      ? [{ instrument, value: oi.value, change: oi.value - oi.dayStart, dayStart: oi.dayStart, volume: oi.volume }]
      : [];
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

/** Price change direction each build-up needs (1 up, -1 down) and the open interest's (1 rose, -1 fell). */
const BUILDUPS: Readonly<Record<OiBuildup, { price: 1 | -1; oi: 1 | -1 }>> = {
  'long-buildup': { price: 1, oi: 1 },
  'short-buildup': { price: -1, oi: 1 },
  'short-covering': { price: 1, oi: -1 },
  'long-unwinding': { price: -1, oi: -1 },
};

const largestOiMoveFirst = (a: Carried, b: Carried) =>
  Math.abs(b.change) * a.dayStart - Math.abs(a.change) * b.dayStart ||
  a.instrument.displaySym.localeCompare(b.instrument.displaySym);

/**
 * Open-interest build-up: contracts whose price (against the previous close) and open interest (against the day's
 * start) moved the build-up's way, the largest relative change of open interest first.
 */
export function oiBuildup(market: Market, kind: 'futures' | 'options', buildup: OiBuildup, count: number): OiRow[] {
  const want = BUILDUPS[buildup];
  return carried(market, kind)
    .filter((c) => {
      if (Math.sign(c.change) !== want.oi || c.dayStart === 0) return false;
      const snap = market.snapshot(c.instrument.id);
      return snap !== undefined && Math.sign(snap.lastPrice - snap.close) === want.price;
    })
    .sort(largestOiMoveFirst)
    .slice(0, count)
    .flatMap((c) => rowOf(market, c) ?? []);
}

/** A share at least this many times (hundredths) the median share of the contracts of its series stands out: twice. */
export const UNUSUAL_MULTIPLE = 200;

const multipleOf = (share: number, median: number) => (median === 0 ? 0 : mulDivRound(share, 100, median));

/**
 * The contracts a contract's activity is measured against: an option against its chain (same underlying and expiry),
 * a future against the futures of the same expiry. Against every contract of the kind, the nearest expiry's (all of
 * them rolling over or unwinding together in its last days) would fill the list.
 */
function unusualSeriesOf(instrument: Instrument): string {
  return OPTIONS.has(instrument.instr)
    ? `${instrument.exc}|${instrument.symbol}|${instrument.expiry}`
    : `${instrument.exc}|${instrument.expiry}`;
}

/**
 * Unusual activity without candle history: each contract's volume and open-interest change today are taken as shares
 * of the open interest it carried into the day (a size every contract has), and compared with the median shares among
 * the tradable contracts of its series (`unusualSeriesOf`). A contract whose volume share or OI-change share is at
 * least twice its series' median stands out; the larger multiple first. Every contract has a day's volume, drawn with
 * its open interest for those nobody looks at (open-interest.ts in the exchange), so a fresh market ranks them all;
 * none before the open.
 */
export function unusualActivity(market: Market, kind: 'futures' | 'options', count: number): UnusualRow[] {
  const measured = carried(market, kind).flatMap((c) =>
    c.dayStart === 0
      ? []
      : [
          {
            carried: c,
            series: unusualSeriesOf(c.instrument),
            volumeShare: mulDivRound(c.volume, 10_000, c.dayStart),
            oiShare: mulDivRound(Math.abs(c.change), 10_000, c.dayStart),
          },
        ],
  );
  const bySeries = new Map<string, (typeof measured)[number][]>();
  for (const m of measured) {
    const members = bySeries.get(m.series);
    if (members) members.push(m);
    else bySeries.set(m.series, [m]);
  }
  const medians = new Map(
    [...bySeries].map(([series, members]) => [
      series,
      {
        volume: medianOfPositive(members.map((m) => m.volumeShare)),
        oi: medianOfPositive(members.map((m) => m.oiShare)),
      },
    ]),
  );
  return measured
    .map((m) => ({
      ...m,
      volumeMultiple: multipleOf(m.volumeShare, medians.get(m.series)!.volume),
      oiMultiple: multipleOf(m.oiShare, medians.get(m.series)!.oi),
    }))
    .filter((m) => m.volumeMultiple >= UNUSUAL_MULTIPLE || m.oiMultiple >= UNUSUAL_MULTIPLE)
    .sort(
      (a, b) =>
        Math.max(b.volumeMultiple, b.oiMultiple) - Math.max(a.volumeMultiple, a.oiMultiple) ||
        a.carried.instrument.displaySym.localeCompare(b.carried.instrument.displaySym),
    )
    .slice(0, count)
    .flatMap((m) => {
      const row = rowOf(market, m.carried);
      return row
        ? [
            {
              ...row,
              vol: m.carried.volume,
              volumeOiPer: formatScaled(m.volumeShare, 2),
              volumeVsMedian: formatScaled(m.volumeMultiple, 2),
              oiChangeVsMedian: formatScaled(m.oiMultiple, 2),
            },
          ]
        : [];
    });
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

const SEGMENT_FUTURES: Readonly<Record<OverviewSegment, { exchanges: ReadonlySet<string>; instr: string }>> = {
  currency: { exchanges: new Set(['CDS']), instr: 'FUTCUR' },
  commodity: { exchanges: new Set(['MCX', 'NCDEX']), instr: 'FUTCOM' },
};

/**
 * The currency or commodity overview: each underlying (per exchange) by its nearest listed future, with its price
 * change and open interest; by exchange, then underlying. Read without starting any contract's simulation.
 */
export function segmentOverview(market: Market, segment: OverviewSegment): OiRow[] {
  const { exchanges, instr } = SEGMENT_FUTURES[segment];
  const nearest = new Map<string, Carried>();
  for (const c of carriedOf(market, (i) => exchanges.has(i.exc) && i.instr === instr)) {
    const key = `${c.instrument.exc}|${c.instrument.symbol}`;
    const held = nearest.get(key);
    if (!held || (c.instrument.expiryDay ?? 0) < (held.instrument.expiryDay ?? 0)) nearest.set(key, c);
  }
  return [...nearest.values()]
    .sort(
      (a, b) =>
        a.instrument.exc.localeCompare(b.instrument.exc) || a.instrument.symbol.localeCompare(b.instrument.symbol),
    )
    .flatMap((c) => rowOf(market, c) ?? []);
}
