const DAY_SECONDS = 86_400;

/**
 * What a live trade does to the intraday chart, whose points are one session's minutes (on the IST wall-clock axis of
 * market-data/chart-time.ts): nothing for a minute older than the last point, move or add the minute's point within
 * that session, and start the chart again with the first trade of a new session (a chart opened before the day's first
 * trade shows the previous session, which is not today's).
 */
export function liveStep(lastPoint: number, bucket: number): 'ignore' | 'update' | 'restart' {
  if (bucket < lastPoint) return 'ignore';
  return Math.floor(bucket / DAY_SECONDS) === Math.floor(lastPoint / DAY_SECONDS) ? 'update' : 'restart';
}
