import { mulDivRound, type IdeaCategory, type IdeaSegment } from '@kite/domain';
import { roundToTick } from '@kite/exchange';

/**
 * How far a call of each type sets its targets and stop-loss from the entry, in basis points, and how many trading
 * days it stands (0: the same day). Fundamental ideas carry no stop-loss (shown NA). Currency moves are about a
 * quarter of equity moves, so currency calls use a quarter of the distances.
 */
export interface CallTerms {
  target1Bp: number;
  target2Bp: number | null;
  stopBp: number | null;
  days: number;
}

const callTerms: Record<string, CallTerms> = {
  INTRADAY: { target1Bp: 80, target2Bp: 150, stopBp: 60, days: 0 },
  BTST: { target1Bp: 200, target2Bp: 350, stopBp: 120, days: 1 },
  STBT: { target1Bp: 200, target2Bp: 350, stopBp: 120, days: 1 },
  'STOCK VELOCITY': { target1Bp: 150, target2Bp: 250, stopBp: 100, days: 2 },
  MOMENTUM: { target1Bp: 300, target2Bp: 500, stopBp: 180, days: 5 },
  SWING: { target1Bp: 500, target2Bp: 800, stopBp: 300, days: 10 },
  'OPTION INTRADAY': { target1Bp: 1500, target2Bp: 3000, stopBp: 1000, days: 0 },
  'OPTION POSITIONAL': { target1Bp: 3000, target2Bp: 6000, stopBp: 2000, days: 5 },
  'DERIVATIVE STRATEGY': { target1Bp: 2000, target2Bp: 4000, stopBp: 1500, days: 5 },
  'MIDCAP IDEAS': { target1Bp: 2500, target2Bp: null, stopBp: null, days: 125 },
  'LONGTERM IDEAS': { target1Bp: 2000, target2Bp: 3000, stopBp: null, days: 250 },
};

/** A technical long-term call is held to a chart level, so unlike the fundamental one it carries a stop-loss. */
const technicalLongterm: CallTerms = { ...callTerms['LONGTERM IDEAS']!, stopBp: 1000 };

export function callTermsOf(category: IdeaCategory, subcategory: string): CallTerms | undefined {
  return category === 'technical' && subcategory === 'LONGTERM IDEAS' ? technicalLongterm : callTerms[subcategory];
}

export interface CallPrices {
  target1: number;
  target2: number | null;
  stoploss: number | null;
}

/** Targets beyond the entry in the call's direction and the stop-loss behind it, each at least one tick away. */
export function callPrices(
  entry: number,
  tick: number,
  side: 'BUY' | 'SELL',
  terms: CallTerms,
  segment: IdeaSegment,
): CallPrices {
  const scale = segment === 'CDS' ? 4 : 1;
  const direction = side === 'BUY' ? 1 : -1;
  const away = (bp: number, sign: number) => {
    const moved = roundToTick(mulDivRound(entry, 10_000 + sign * Math.ceil(bp / scale), 10_000), tick);
    const atLeast = entry + sign * tick;
    return sign > 0 ? Math.max(moved, atLeast) : Math.max(tick, Math.min(moved, atLeast));
  };
  const target1 = away(terms.target1Bp, direction);
  const target2 = terms.target2Bp === null ? null : away(terms.target2Bp, direction);
  return {
    target1,
    target2: target2 !== null && target2 !== target1 ? target2 : null,
    stoploss: terms.stopBp === null ? null : away(terms.stopBp, -direction),
  };
}
