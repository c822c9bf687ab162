import { describe, expect, it } from 'vitest';
import { positionFigures } from './live-figures.ts';
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

  it("moves a currency or commodity position's P&L by the row's multiplier, even where the average is the price", () => {
    // USDINR: a lot is 1,000 dollars and prices have 4 decimals; 2 lots from 84.2500 to 84.3000: 2 x 0.05 x 1000 = 100.
    const usd = position({
      sym: { id: '9001', exc: 'CDS', exc_seg: 'cde_fo', instr: 'FUTCUR', xSym: 'USDINR26NOVFUT' },
      ltp: '84.2500',
      avgPrice: '84.2500',
      netQty: 2,
      unRealPnl: '0.00',
      bookedPnl: '0.00',
      multiplier: 1000,
    });
    expect(positionFigures(usd, '84.3000').unrealisedPnl).toBe(10000);
    // CRUDEOIL: 100 barrels a lot; short 1 lot, the price up Rs 7: a loss of 700.
    const crude = position({
      sym: { id: '9002', exc: 'MCX', exc_seg: 'mcx_fo', instr: 'FUTCOM', xSym: 'CRUDEOIL26DECFUT' },
      ltp: '5400.00',
      avgPrice: '5400.00',
      netQty: -1,
      unRealPnl: '0.00',
      bookedPnl: '-50.00',
      netPnL: '-50.00',
      multiplier: 100,
    });
    expect(positionFigures(crude, '5407.00')).toMatchObject({ unrealisedPnl: -70000, netPnl: -75000 });
  });
});
