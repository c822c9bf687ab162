import { describe, expect, it } from 'vitest';
import { firstHit } from './call-status.ts';

const bar = (time: number, low: number, high: number) => ({ time, low, high });

describe('firstHit: a research call settled from the market', () => {
  it('finds the first bar reaching a buy call target', () => {
    const call = { calltype: 'BUY' as const, target1: 110, stoploss: 95 };
    expect(firstHit(call, [bar(1, 98, 104), bar(2, 101, 110), bar(3, 90, 100)])).toEqual({
      status: 'Target Hit',
      at: 2,
    });
  });

  it('finds a sell call stop-loss above the entry', () => {
    const call = { calltype: 'SELL' as const, target1: 90, stoploss: 105 };
    expect(firstHit(call, [bar(1, 96, 104), bar(2, 99, 105)])).toEqual({ status: 'Stop Loss Hit', at: 2 });
  });

  it('takes the stop-loss when one bar reaches both', () => {
    const call = { calltype: 'BUY' as const, target1: 110, stoploss: 95 };
    expect(firstHit(call, [bar(1, 94, 111)])).toEqual({ status: 'Stop Loss Hit', at: 1 });
  });

  it('stays open while neither is reached, and without a stop-loss only the target counts', () => {
    expect(firstHit({ calltype: 'BUY', target1: 110, stoploss: 95 }, [bar(1, 96, 109)])).toBeNull();
    expect(firstHit({ calltype: 'BUY', target1: 110, stoploss: null }, [bar(1, 1, 109)])).toBeNull();
  });
});
