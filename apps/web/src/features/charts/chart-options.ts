import {
  chartIntervals,
  intradaySession,
  isCurrencyOrCommodity,
  istDayNumber,
  isSpread,
  isTradableInstrument,
  type ChartPreference,
  type SavedChart,
  type SymbolObject,
  type TradeExchange,
} from '@kite/domain';
import { istDateTime } from '../market-data/chart-time.ts';
import type { ChartInterval, PriceChartParams } from '../market-data/price-chart.ts';

export type Span = ChartPreference['span'];
export type Periodicity = ChartPreference['periodicity'];

const minutes = (interval: number, period = 1): Periodicity => ({ interval, period, timeUnit: 'minute' });
const days = (interval: number): Periodicity => ({ interval, period: 1, timeUnit: 'day' });

/** investing.md 9: 1, 3, 5, 10, 15, 30 min, 1 and 4 hour, 1, 2, 3, 5, 10, 20 day, 1 week, 1 month. */
export const periodicityOptions = [
  { id: '1m', periodicity: minutes(1) },
  { id: '3m', periodicity: minutes(3) },
  { id: '5m', periodicity: minutes(5) },
  { id: '10m', periodicity: minutes(10) },
  { id: '15m', periodicity: minutes(15) },
  { id: '30m', periodicity: minutes(30) },
  { id: '1h', periodicity: minutes(60) },
  { id: '4h', periodicity: minutes(60, 4) },
  { id: '1d', periodicity: days(1) },
  { id: '2d', periodicity: days(2) },
  { id: '3d', periodicity: days(3) },
  { id: '5d', periodicity: days(5) },
  { id: '10d', periodicity: days(10) },
  { id: '20d', periodicity: days(20) },
  { id: '1w', periodicity: { interval: 1, period: 1, timeUnit: 'week' } },
  { id: '1mo', periodicity: { interval: 1, period: 1, timeUnit: 'month' } },
] as const satisfies readonly { id: string; periodicity: Periodicity }[];
export type PeriodicityId = (typeof periodicityOptions)[number]['id'];

export const samePeriodicity = (a: Periodicity, b: Periodicity): boolean =>
  a.interval === b.interval && a.period === b.period && a.timeUnit === b.timeUnit;

/** The option a saved periodicity is, or null for one the dropdown does not list (still drawn as saved). */
export function periodicityIdOf(periodicity: Periodicity): PeriodicityId | null {
  return periodicityOptions.find((option) => samePeriodicity(option.periodicity, periodicity))?.id ?? null;
}

export function periodicityOf(id: PeriodicityId): Periodicity {
  const option = periodicityOptions.find((candidate) => candidate.id === id);
  if (!option) throw new Error(`Unknown periodicity ${id}`);
  return option.periodicity;
}

/** The range quick links (investing.md "Charts"): each sets a span and the periodicity that suits it. */
export const chartRanges = {
  '1D': { span: { multiplier: 1, base: 'day' }, periodicity: minutes(1) },
  '3M': { span: { multiplier: 3, base: 'month' }, periodicity: days(1) },
  '1Y': { span: { multiplier: 1, base: 'year' }, periodicity: days(1) },
  '5Y': { span: { multiplier: 5, base: 'year' }, periodicity: { interval: 1, period: 1, timeUnit: 'week' } },
} as const satisfies Record<string, { span: Span; periodicity: Periodicity }>;
export type ChartRange = keyof typeof chartRanges;
export const chartRangeIds = Object.keys(chartRanges) as ChartRange[];

export function rangeOf(span: Span): ChartRange | null {
  return (
    chartRangeIds.find(
      (id) => chartRanges[id].span.multiplier === span.multiplier && chartRanges[id].span.base === span.base,
    ) ?? null
  );
}

/** investing.md 9: 5Y uses weekly data and is disabled for currency, commodity and currency-spread instruments. */
export function rangeAllowed(range: ChartRange, sym: Pick<SymbolObject, 'exc' | 'instr'>): boolean {
  return range !== '5Y' || !isCurrencyOrCommodity(sym.instr, sym.exc);
}

/**
 * investing.md "Charts": BUY and SELL are hidden for currency and commodity instruments and in small view. Indices,
 * spot and spread-reference rows are quotes only (trading.md 2.7), so they have none either.
 */
export function showsTradeButtons(sym: Pick<SymbolObject, 'exc' | 'instr'>, small: boolean): boolean {
  return (
    !small && !isCurrencyOrCommodity(sym.instr, sym.exc) && isTradableInstrument(sym.instr) && !isSpread(sym.instr)
  );
}

/**
 * How a periodicity is asked of /Chart/PriceChart and drawn: the server's interval, and how many of its bars make one
 * of ours (4 hours are four 60-minute bars, 2 days two daily bars). A minute count the server does not offer is built
 * from one-minute bars.
 */
export function requestInterval(periodicity: Periodicity): { interval: ChartInterval; group: number } {
  switch (periodicity.timeUnit) {
    case 'minute': {
      const served = chartIntervals.find((interval) => interval === String(periodicity.interval));
      return served
        ? { interval: served, group: periodicity.period }
        : { interval: '1', group: periodicity.interval * periodicity.period };
    }
    case 'day':
      return { interval: 'D', group: periodicity.interval * periodicity.period };
    case 'week':
      return { interval: 'W', group: periodicity.interval * periodicity.period };
    case 'month':
      return { interval: 'M', group: periodicity.interval * periodicity.period };
    default: {
      const unknown: never = periodicity.timeUnit;
      throw new Error(`Unknown time unit ${String(unknown)}`);
    }
  }
}

/** A day span looks this many days further back, so its last sessions are found over a weekend or a holiday. */
const SESSION_LOOKBACK_DAYS = 5;
const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;

/** `months` calendar months before an instant, on the IST calendar (the 31st falls back to the month's last day). */
function monthsBefore(epochMs: number, months: number): number {
  const ist = new Date(epochMs + IST_OFFSET_MS);
  const target = new Date(ist.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(ist.getUTCDate(), lastDay));
  return target.getTime() - IST_OFFSET_MS;
}

/**
 * The /Chart/PriceChart request for a chart at `now` (investing.md 7): from the span's start to the end of the current
 * minute, at the periodicity's interval. A day span asks a few days more and is cut to its last sessions when drawn.
 */
export function chartRequest(
  sym: SymbolObject,
  preference: Pick<ChartPreference, 'span' | 'periodicity'>,
  now: number,
): PriceChartParams {
  const { span, periodicity } = preference;
  const to = now - (now % 60_000) + 59_000;
  let from: number;
  switch (span.base) {
    case 'day':
      from = now - (span.multiplier + SESSION_LOOKBACK_DAYS) * DAY_MS;
      break;
    case 'month':
      from = monthsBefore(now, span.multiplier);
      break;
    case 'year':
      from = monthsBefore(now, 12 * span.multiplier);
      break;
    default: {
      const unknown: never = span.base;
      throw new Error(`Unknown span base ${String(unknown)}`);
    }
  }
  return {
    sym,
    fromDate: istDateTime(from - (from % 60_000)),
    toDate: istDateTime(to),
    interval: requestInterval(periodicity).interval,
  };
}

/** A day span is drawn as its last `multiplier` sessions; other spans as answered. */
export function sessionsShown(span: Span): number | null {
  return span.base === 'day' ? span.multiplier : null;
}

/**
 * How many bars a day span's view holds, so a session's first bars start at the left; null for other spans. A session
 * is the exchange's own on the IST day `now` falls in (equities 375 minutes, MCX up to 895).
 */
export function viewBarsOf(span: Span, periodicity: Periodicity, exchange: TradeExchange, now: number): number | null {
  const sessions = sessionsShown(span);
  if (sessions === null || periodicity.timeUnit !== 'minute') return null;
  const { start, end } = intradaySession(exchange, istDayNumber(now));
  return Math.ceil((sessions * (end - start)) / (periodicity.interval * periodicity.period));
}

/**
 * The bar times (the axis's IST seconds) of a day span's session before its first bar, drawn blank: a market that
 * opened after the session's start (a server started mid-session) keeps the view at the session's opening and each bar
 * at its time of day, rather than its first bar at the left edge under the opening's place. Empty for other spans.
 */
export function sessionLeadOf(
  firstBar: number | undefined,
  span: Span,
  periodicity: Periodicity,
  exchange: TradeExchange,
): number[] {
  if (firstBar === undefined || sessionsShown(span) === null || periodicity.timeUnit !== 'minute') return [];
  const day = Math.floor(firstBar / 86_400);
  const step = periodicity.interval * periodicity.period * 60;
  const lead: number[] = [];
  for (let time = day * 86_400 + intradaySession(exchange, day).start * 60; time < firstBar; time += step)
    lead.push(time);
  return lead;
}

/** Bars of a minute periodicity show the time of day on the axis. */
export function isIntraday(periodicity: Periodicity): boolean {
  return periodicity.timeUnit === 'minute';
}

/** The chart a slot starts with when nothing is saved (or loading failed): 1Y of daily candles, crosshair on. */
export function defaultChart(symObj: SymbolObject): SavedChart {
  return {
    preference: {
      layout: { chartType: 'candle', crosshair: true, studies: [], comparisons: [] },
      span: { ...chartRanges['1Y'].span },
      periodicity: { ...chartRanges['1Y'].periodicity },
    },
    symObj,
    drawings: [],
  };
}
