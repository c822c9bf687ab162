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
