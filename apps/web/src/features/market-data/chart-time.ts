import { parsePrice, type Candle, type PriceDecimals } from '@kite/domain';

/** IST is UTC+05:30 all year (market-facts.md): exchange time is IST. */
const IST_OFFSET_MS = 330 * 60_000;

const pad = (value: number) => String(value).padStart(2, '0');

/** "yyyy-mm-dd HH:MM:ss" in IST for an instant (the /Chart/PriceChart date format, investing.md 7). */
export function istDateTime(epochMs: number): string {
  const d = new Date(epochMs + IST_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * The chart's time axis counts IST wall-clock seconds as if they were UTC, so its labels read exchange time
 * whatever the browser's zone.
 */
export function chartSeconds(istText: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(istText);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) / 1000;
}

/** The stream's "dd/mm/yyyy HH:MM:ss" (IST) on the same axis. */
export function streamTimeSeconds(wireTime: string): number | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2}:\d{2})$/.exec(wireTime);
  return match ? chartSeconds(`${match[3]}-${match[2]}-${match[1]} ${match[4]}`) : null;
}

export interface ChartPoint {
  time: number;
  /** The close in the instrument's smallest unit: the chart plots integers and formats them back exactly. */
  value: number;
}

/** The last session's candles as points (a compact intraday view), oldest first. */
export function lastSessionPoints(candles: readonly Candle[], decimals: PriceDecimals): ChartPoint[] {
  const last = candles.at(-1);
  if (!last) return [];
  const day = last.updDate.slice(0, 10);
  const points: ChartPoint[] = [];
  for (const candle of candles) {
    if (!candle.updDate.startsWith(day)) continue;
    const time = chartSeconds(candle.updDate);
    const value = parsePrice(candle.price, decimals);
    if (time !== null && value !== null) points.push({ time, value });
  }
  points.sort((a, b) => a.time - b.time);
  return points.filter((point, i) => i === 0 || point.time !== points[i - 1]?.time);
}

/** The one-minute bucket a tick falls in. */
export function minuteBucket(seconds: number): number {
  return seconds - (seconds % 60);
}
