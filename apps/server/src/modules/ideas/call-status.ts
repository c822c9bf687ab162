import type { IdeaCallStatus } from '@kite/domain';
import type { Candle } from '@kite/exchange';

export interface CallLevels {
  calltype: 'BUY' | 'SELL';
  target1: number;
  stoploss: number | null;
}

export interface Hit {
  status: Exclude<IdeaCallStatus, 'Open' | 'Expired'>;
  at: number;
}

/**
 * The first bar in which the market reached the call's first target or its stop-loss. When one bar reaches both, the
 * stop-loss is taken: a bar does not say which came first, and a research desk reports the worse outcome.
 */
export function firstHit(call: CallLevels, bars: readonly Pick<Candle, 'time' | 'high' | 'low'>[]): Hit | null {
  const buy = call.calltype === 'BUY';
  for (const bar of bars) {
    const stopped = call.stoploss !== null && (buy ? bar.low <= call.stoploss : bar.high >= call.stoploss);
    if (stopped) return { status: 'Stop Loss Hit', at: bar.time };
    if (buy ? bar.high >= call.target1 : bar.low <= call.target1) return { status: 'Target Hit', at: bar.time };
  }
  return null;
}
