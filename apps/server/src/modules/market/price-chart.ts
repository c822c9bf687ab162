import type { Candle as CandleText, chartIntervals } from '@kite/domain';
import { istDateTime, istInstant, parseIsoDate, type Candle, type Periodicity } from '@kite/exchange';
import { priceText } from '../../services/market-runtime/price-text.ts';

/** Most candles in one answer: the newest ones in the range (a year of hourly bars, eight days of minutes). */
export const MAX_CANDLES = 2_000;

const PERIODICITY: Record<(typeof chartIntervals)[number], Periodicity> = {
  '1': '1m',
  '3': '3m',
  '5': '5m',
  '10': '10m',
  '15': '15m',
  '30': '30m',
  '60': '60m',
  D: 'day',
  W: 'week',
  M: 'month',
};

export function periodicityOf(interval: (typeof chartIntervals)[number]): Periodicity {
  return PERIODICITY[interval];
}

/** IST "yyyy-mm-dd HH:MM:ss" -> epoch ms; null for a date or time that does not exist. */
export function parseIstDateTime(text: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const day = parseIsoDate(match[1] ?? '');
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4])];
  if (day === null || hour > 23 || minute > 59 || second > 59) return null;
  return istInstant(day, hour, minute) + second * 1000;
}

export function candleText(c: Candle, decimals: 2 | 4): CandleText {
  return {
    updDate: istDateTime(c.time),
    open: priceText(c.open, decimals),
    high: priceText(c.high, decimals),
    low: priceText(c.low, decimals),
    price: priceText(c.close, decimals),
    volume: c.volume,
  };
}
