import { describe, expect, it } from 'vitest';
import { pnlMultiplier, positionFigures } from './live-figures.ts';
import { position, tcs } from './testing/position-fixtures.ts';

describe('live position figures (trading.md 4.4, 9)', () => {
  it('recomputes unrealised and net P&L in paise at a live price', () => {
    const figures = positionFigures(position({ bookedPnl: '25.50', netPnL: '125.50' }), '1255.35');
    expect(figures.ltp).toBe(125535);
    // (1255.35 - 1240.00) x 10 = 153.50
    expect(figures.unrealisedPnl).toBe(15350);
    expect(figures.netPnl).toBe(15350 + 2550);
  });

  it('gives a short position a gain when the price falls', () => {
    expect(positionFigures(tcs, '3100.00').unrealisedPnl).toBe(10000);
  });

  it('agrees with the server to the paisa when the average is not a whole number of ticks', () => {
    // Bought 1 @ 100.00 and 2 @ 100.01: the average 100.00667 shows as 100.01; at LTP 100.00 the server's unrealised
    // P&L is 300.00 - 300.02 = -0.02 (not 3 x (100.00 - 100.01) = -0.03).
    const row = position({
      ltp: '100.00',
      netQty: 3,
      avgPrice: '100.01',
      buyQty: 3,
      buyAvgPrice: '100.01',
      currPos: 3,
      currAvgPrice: '100.01',
      netPnL: '-0.02',
      bookedPnl: '0.00',
      unRealPnl: '-0.02',
    });
    expect(positionFigures(row, '100.00')).toMatchObject({ unrealisedPnl: -2, netPnl: -2 });
    // At 100.10: 300.30 - 300.02 = 0.28.
    expect(positionFigures(row, '100.10')).toMatchObject({ unrealisedPnl: 28, netPnl: 28 });
  });

  it('keeps the server figures without a tick', () => {
    const figures = positionFigures(tcs, undefined);
    expect(figures).toMatchObject({ ltp: 310050, unrealisedPnl: 9750, netPnl: 9750, realisedPnl: 0 });
  });

  it('reads the lot multiplier of a currency position back from the server figure, 4-decimal prices', () => {
    const usd = position({
      sym: { id: '9001', exc: 'CDS', exc_seg: 'cde_fo', instr: 'FUTCUR', xSym: 'USDINR26NOVFUT' },
      ltp: '84.2500',
      avgPrice: '84.0000',
      netQty: 2,
      unRealPnl: '500.00',
      bookedPnl: '0.00',
    });
    expect(pnlMultiplier(usd, 4)).toBe(1000);
    expect(positionFigures(usd, '84.3000').unrealisedPnl).toBe(60000);
    expect(pnlMultiplier({ ...usd, unRealPnl: '0.00', ltp: '84.0000' }, 4)).toBeNull();
  });
});
