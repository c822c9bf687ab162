import { isoDate, istDay, type Candle, type MinuteBar } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';

/**
 * Saves minute bars in one statement, however many instruments closed a minute: a bar saved again (the minute that was
 * still running at the last close) takes its later figures.
 */
export async function saveMinuteBars(db: Queryable, seed: number, bars: readonly MinuteBar[]): Promise<void> {
  if (bars.length === 0) return;
  await db.query(
    `INSERT INTO intraday_bars (seed, instrument_id, bar_time, trading_date, open, high, low, close, volume)
     SELECT $1, * FROM unnest($2::text[], $3::timestamptz[], $4::date[], $5::bigint[], $6::bigint[], $7::bigint[],
                              $8::bigint[], $9::bigint[])
     ON CONFLICT (seed, trading_date, instrument_id, bar_time) DO UPDATE
       SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
           volume = excluded.volume`,
    [
      seed,
      bars.map((b) => b.id),
      bars.map((b) => new Date(b.bar.time).toISOString()),
      bars.map((b) => isoDate(istDay(b.bar.time))),
      bars.map((b) => b.bar.open),
      bars.map((b) => b.bar.high),
      bars.map((b) => b.bar.low),
      bars.map((b) => b.bar.close),
      bars.map((b) => b.bar.volume),
    ],
  );
}

/** The seed's minute bars of an IST trading day (day number), by instrument id, oldest first. */
export async function loadMinuteBars(db: Queryable, seed: number, day: number): Promise<Map<string, Candle[]>> {
  const { rows } = await db.query<{
    instrument_id: string;
    time: string;
    open: string;
    high: string;
    low: string;
    close: string;
    volume: string;
  }>(
    `SELECT instrument_id, (extract(epoch FROM bar_time) * 1000)::bigint AS time, open, high, low, close, volume
       FROM intraday_bars WHERE seed = $1 AND trading_date = $2 ORDER BY instrument_id, bar_time`,
    [seed, isoDate(day)],
  );
  const out = new Map<string, Candle[]>();
  for (const row of rows) {
    const bars = out.get(row.instrument_id) ?? [];
    bars.push({
      time: Number(row.time),
      open: Number(row.open),
      high: Number(row.high),
      low: Number(row.low),
      close: Number(row.close),
      volume: Number(row.volume),
    });
    out.set(row.instrument_id, bars);
  }
  return out;
}

/** Deletes the seed's bars of days before `day`: past days' charts come from the generated history. */
export async function pruneMinuteBars(db: Queryable, seed: number, day: number): Promise<void> {
  await db.query('DELETE FROM intraday_bars WHERE seed = $1 AND trading_date < $2', [seed, isoDate(day)]);
}
