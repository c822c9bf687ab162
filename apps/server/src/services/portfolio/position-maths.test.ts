import { describe, expect, it } from 'vitest';
import { averagePrice, divRound, positionValues, type PositionFigures } from './position-maths.ts';

const shares = { multiplier: 1, priceDecimals: 2 } as const;
const figures = (f: Partial<PositionFigures>): PositionFigures => ({
  buyQty: 0,
  buyValue: 0,
  sellQty: 0,
  sellValue: 0,
  carryQty: 0,
  carryAvgPrice: 0,
  ...f,
});

describe('position maths (integers, one rounding to paise)', () => {
  it('rounds half away from zero', () => {
    expect(divRound(5n, 2n)).toBe(3);
    expect(divRound(-5n, 2n)).toBe(-3);
    expect(divRound(4n, 3n)).toBe(1);
    expect(averagePrice(100_001, 2)).toBe(50_001);
  });

  it('books realised P&L on the closed quantity of a short that is partly covered', () => {
    // sell 10 @ 200.00, buy 4 @ 190.00: realised 4 x 10 = Rs 40; open short 6 at LTP 195: unrealised 6 x 5 = Rs 30
    const v = positionValues(
      figures({ sellQty: 10, sellValue: 200_000, buyQty: 4, buyValue: 76_000 }),
      'today',
      19_500,
      shares,
    );
    expect(v).toMatchObject({
      netQty: -6,
      avgPrice: 20_000,
      realisedPaise: 4_000,
      unrealisedPaise: 3_000,
      netPnlPaise: 7_000,
    });
  });

  it('keeps realised + unrealised = net P&L exactly when averages are not whole paise', () => {
    // buys 1 @ 100.01 and 2 @ 100.00 (avg 100.00333..), sell 2 @ 100.05
    const v = positionValues(
      figures({ buyQty: 3, buyValue: 30_001, sellQty: 2, sellValue: 20_010 }),
      'today',
      10_002,
      shares,
    );
    expect(v.realisedPaise).toBe(9); // 2 x (100.05 - 100.00333) = 0.09333 -> 9 paise
    expect(v.netPnlPaise).toBe(20_010 - 30_001 + 10_002);
    expect(v.realisedPaise + v.unrealisedPaise).toBe(v.netPnlPaise);
  });

  it('measures a carried short from its carried price in the ALL view only', () => {
    // carried -50 @ 100.00, bought 20 @ 95.00 today, LTP 90.00: realised 20 x 5, open -30 x -10
    const f = figures({ carryQty: -50, carryAvgPrice: 10_000, buyQty: 20, buyValue: 190_000 });
    const all = positionValues(f, 'all', 9_000, shares);
    expect(all).toMatchObject({
      netQty: -30,
      prevPos: -50,
      prevAvgPrice: 10_000,
      currPos: 20,
      realisedPaise: 10_000,
      unrealisedPaise: 30_000,
    });
    const today = positionValues(f, 'today', 9_000, shares);
    expect(today).toMatchObject({ netQty: 20, prevPos: 0, realisedPaise: 0, unrealisedPaise: -10_000 });
  });

  it('scales by the multiplier and the 4-decimal price unit (MCX-style multiplier 100, currency 1000)', () => {
    const gold = positionValues(figures({ buyQty: 1, buyValue: 12_000_000 }), 'today', 12_010_000, {
      multiplier: 100,
      priceDecimals: 2,
    });
    expect(gold.unrealisedPaise).toBe(1_000_000); // Rs 100 per 10 g on 1 kg
    const usd = positionValues(figures({ sellQty: 3, sellValue: 3 * 885_001 }), 'today', 885_000, {
      multiplier: 1000,
      priceDecimals: 4,
    });
    expect(usd.unrealisedPaise).toBe(30); // 3 lots x 0.0001 x 1000 = Rs 0.30
  });
});
