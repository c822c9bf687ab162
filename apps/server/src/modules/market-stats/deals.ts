import { formatScaled, mulDivRound, type Deal } from '@kite/domain';
import {
  isoDate,
  istDay,
  istMinuteOfDay,
  streamRandom,
  type Instrument,
  type Market,
  type Random,
} from '@kite/exchange';
import { priceText } from '../../services/market-runtime/price-text.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { equitiesOf } from './breadth.ts';
import { BENCHMARK } from './ranked-lists.ts';

type Kind = 'bulk' | 'block';

/** market-facts.md 2.1: the block-deal windows, IST minutes of the day. */
export const BLOCK_WINDOWS: readonly (readonly [number, number])[] = [
  [8 * 60 + 45, 9 * 60],
  [14 * 60 + 5, 14 * 60 + 20],
];
/** Bulk deals happen in the normal market, 09:15 to 15:30. */
export const BULK_SESSION: readonly [number, number] = [9 * 60 + 15, 15 * 60 + 30];

/** How far from the previous close a deal is priced, in hundredths of a percent: block deals within 1%. */
export const PRICE_BAND_BP: Readonly<Record<Kind, number>> = { block: 100, bulk: 300 };
/** Deal sizes in crore: every block deal at or above the block window's minimum order. */
const VALUE_CRORE: Readonly<Record<Kind, readonly [number, number]>> = { block: [25, 400], bulk: [5, 150] };
const COUNT: Readonly<Record<Kind, readonly [number, number]>> = { block: [5, 12], bulk: [8, 18] };
const CLIENTS = ['FPI', 'Mutual Fund', 'Insurer', 'Pension Fund', 'Prop Desk', 'Family Office'] as const;
const CRORE_PAISE = 1_000_000_000;

interface Timed {
  minute: number;
  deal: Deal;
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Block deals trade the benchmark's large caps; bulk deals any equity of the exchange. */
function poolOf(market: Market, exc: 'NSE' | 'BSE', kind: Kind): Instrument[] {
  if (kind === 'bulk') return equitiesOf(market, exc);
  const index = market.registry.bySymbol(exc, BENCHMARK[exc]);
  return equitiesOf(market, exc, index ? market.indexConstituents(index.id) : []);
}

function minuteOf(random: Random, kind: Kind): number {
  if (kind === 'bulk') return random.int(BULK_SESSION[0], BULK_SESSION[1] - 1);
  const [from, to] = BLOCK_WINDOWS[random.int(0, BLOCK_WINDOWS.length - 1)]!;
  return random.int(from, to - 1);
}

/** A price within the kind's band around the previous close, on the tick (equities quote in paise). */
function priceNear(random: Random, close: number, tick: number, kind: Kind): number {
  const band = PRICE_BAND_BP[kind];
  const raw = close + mulDivRound(close, random.int(-band, band), 10_000);
  const onTick = Math.round(raw / tick) * tick;
  // Rounding to the tick may step past the band's edge: step back inside it.
  if ((onTick - close) * 10_000 > band * close) return onTick - tick;
  if ((close - onTick) * 10_000 > band * close) return onTick + tick;
  return onTick;
}

/** One trading day's deals of a kind on an exchange, drawn from the market's seed and the day alone. */
function dealsOfDay(market: Market, seed: number, exc: 'NSE' | 'BSE', kind: Kind, day: number): Timed[] {
  const random = streamRandom(seed, `deals:${kind}:${exc}:${day}`);
  const pool = poolOf(market, exc, kind);
  if (pool.length === 0) return [];
  const [least, most] = COUNT[kind];
  const count = random.int(least, most);
  const deals: Timed[] = [];
  for (let n = 0; n < count; n++) {
    const instrument = pool[random.int(0, pool.length - 1)]!;
    const minute = minuteOf(random, kind);
    const side = random.int(0, 1) === 0 ? 'BUY' : 'SELL';
    const client = `Simulated ${CLIENTS[random.int(0, CLIENTS.length - 1)]} ${String(random.int(1, 40)).padStart(2, '0')}`;
    const [low, high] = VALUE_CRORE[kind];
    const wanted = random.int(low * 100, high * 100) * (CRORE_PAISE / 100);
    const close = market.snapshot(instrument.id)?.close ?? 0;
    if (close <= 0) continue;
    const price = priceNear(random, close, instrument.tickSize, kind);
    // Enough shares for the wanted value, never below the kind's smallest deal.
    const qty = Math.max(Math.ceil(wanted / price), Math.ceil((low * CRORE_PAISE) / price));
    const d = instrument.priceDecimals;
    deals.push({
      minute,
      deal: {
        time: hhmm(minute),
        sym: symbolObjectOf(instrument),
        displaySym: instrument.displaySym,
        companyName: instrument.name,
        client,
        side,
        qty,
        price: priceText(price, d),
        value: formatScaled(qty * price, d),
        closePrice: priceText(close, d),
      },
    });
  }
  return deals.sort((a, b) => a.minute - b.minute || a.deal.displaySym.localeCompare(b.deal.displaySym));
}

/**
 * Intraday deals (investing.md 7 "bulk deals"): the simulated market has no investors of record, so the deals are a
 * seeded feed (like fii-dii.ts): each trading day's are drawn from the market's seed and the day, priced against the
 * quote's previous close, and shown as they happen. Before today's first window (or on a closed day) the latest
 * trading day's deals are answered whole.
 */
export function intradayDeals(
  market: Market,
  seed: number,
  exc: 'NSE' | 'BSE',
  kind: Kind,
  now: number,
): { date: string; deals: Deal[] } {
  const today = istDay(now);
  const opens = kind === 'block' ? BLOCK_WINDOWS[0]![0] : BULK_SESSION[0];
  const started = market.calendar.isTradingDay(today) && istMinuteOfDay(now) >= opens;
  const day = started ? today : market.calendar.previous(today);
  const minute = istMinuteOfDay(now);
  const deals = dealsOfDay(market, seed, exc, kind, day).filter((d) => day !== today || d.minute <= minute);
  return { date: isoDate(day), deals: deals.map((d) => d.deal) };
}
