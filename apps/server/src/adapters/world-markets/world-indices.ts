import { mulDivRound } from '@kite/domain';
import { istDay, istInstant, MINUTE_MS, streamRandom, weekdayOf } from '@kite/exchange';
import { continents, worldIndexDefs, type WorldIndexDef } from './world-index-list.ts';

/**
 * The simulated world-markets feed (ARCHITECTURE.md: an outside party behind an interface). Deterministic for the
 * market seed and the time: each trading day's close is the base level moved by a seeded amount within ±1.5%, and
 * during the home market's session the index walks from the previous close to that close (a Brownian bridge of
 * 5-minute steps), so a reading at any moment is the same in every process and never jumps backwards.
 * Levels are integers in hundredths of a point; weekends are closed (no holiday list).
 */

export interface WorldIndexReading {
  def: WorldIndexDef;
  level: number;
  previousClose: number;
  /** When the level was current: now while the session runs, else the last session's close. */
  asOf: number;
  open: boolean;
}

export interface WorldMarketsFeed {
  readings(at: number): WorldIndexReading[];
}

const STEP_MINUTES = 5;
/** Largest daily distance from the base level, in basis points. */
const DAILY_SPREAD_BP = 150;
/** Largest 5-minute step of the intraday walk, in basis points of the previous close. */
const STEP_BP = 8;

const isTradingDay = (day: number) => weekdayOf(day) !== 0 && weekdayOf(day) !== 6;

function previousTradingDay(day: number): number {
  let d = day - 1;
  while (!isTradingDay(d)) d -= 1;
  return d;
}

export function createWorldMarketsFeed(seed: number): WorldMarketsFeed {
  const closeOf = (def: WorldIndexDef, day: number): number => {
    const bp = streamRandom(seed, `world:${def.key}:${day}`).int(-DAILY_SPREAD_BP, DAILY_SPREAD_BP);
    return mulDivRound(def.baseLevel, 10_000 + bp, 10_000);
  };

  /** The level `steps` 5-minute steps into `day`'s session of `steps` out of `total`. */
  const levelDuring = (def: WorldIndexDef, day: number, steps: number, total: number): number => {
    const from = closeOf(def, previousTradingDay(day));
    const to = closeOf(def, day);
    const random = streamRandom(seed, `world-walk:${def.key}:${day}`);
    const stepSize = Math.max(1, mulDivRound(from, STEP_BP, 10_000));
    const walk = [0];
    for (let i = 1; i <= total; i += 1) walk.push(walk[i - 1]! + random.int(-stepSize, stepSize));
    const end = walk[total]!;
    return from + walk[steps]! + mulDivRound(to - from - end, steps, total);
  };

  const reading = (def: WorldIndexDef, at: number): WorldIndexReading => {
    // The latest trading day whose session has started by `at` (a session may run past IST midnight).
    let day = istDay(at);
    while (!isTradingDay(day) || istInstant(day) + def.openMinute * MINUTE_MS > at) day -= 1;
    const start = istInstant(day) + def.openMinute * MINUTE_MS;
    const end = istInstant(day) + def.closeMinute * MINUTE_MS;
    const previousClose = closeOf(def, previousTradingDay(day));
    if (at >= end) return { def, level: closeOf(def, day), previousClose, asOf: end, open: false };
    const total = Math.ceil((def.closeMinute - def.openMinute) / STEP_MINUTES);
    const steps = Math.floor((at - start) / (STEP_MINUTES * MINUTE_MS));
    return { def, level: levelDuring(def, day, steps, total), previousClose, asOf: at, open: true };
  };

  return {
    readings: (at) =>
      continents.flatMap((continent) =>
        worldIndexDefs.filter((def) => def.continent === continent).map((def) => reading(def, at)),
      ),
  };
}
