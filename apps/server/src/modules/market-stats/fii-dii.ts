import { formatScaled, type FiiDiiDay } from '@kite/domain';
import { isoDate, istDay, streamRandom, type TradingCalendar } from '@kite/exchange';

/**
 * FII/DII activity: the simulation has no investor classes, so each trading day's flows are drawn from the market's
 * seed and the day alone (the same numbers on every server, every call). Amounts are integer hundredths of a crore:
 * gross buying and selling between 8,000 and 20,000 crore for FIIs, 7,000 and 17,000 for DIIs, roughly the cash market's
 * scale; DIIs lean against the FIIs' net, as they usually do.
 */
function dayFlows(seed: number, day: number): Omit<FiiDiiDay, 'date'> {
  const random = streamRandom(seed, `fii-dii:${day}`);
  const fiiBuy = random.int(800_000, 2_000_000);
  const fiiSell = random.int(800_000, 2_000_000);
  const diiBuy = random.int(700_000, 1_700_000);
  const lean = Math.trunc((fiiBuy - fiiSell) / 4);
  const diiSell = Math.max(100_000, diiBuy + lean + random.int(-200_000, 200_000));
  const flow = (buy: number, sell: number) => ({
    buy: formatScaled(buy, 2),
    sell: formatScaled(sell, 2),
    net: formatScaled(buy - sell, 2),
  });
  return { fii: flow(fiiBuy, fiiSell), dii: flow(diiBuy, diiSell) };
}

/** The last `count` trading days up to today (today included once it trades), newest first. */
export function fiiDiiActivity(seed: number, calendar: TradingCalendar, now: number, count: number): FiiDiiDay[] {
  const days: FiiDiiDay[] = [];
  for (let day = calendar.onOrBefore(istDay(now)); days.length < count; day = calendar.previous(day))
    days.push({ date: isoDate(day), ...dayFlows(seed, day) });
  return days;
}
