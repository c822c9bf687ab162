import { describe, expect, it } from 'vitest';
import { liveFigures, percentOf, pnlFigures, sumPnl, todayGain, totalPercents } from './pnl-maths.ts';

const equity = { multiplier: 1, priceDecimals: 2 as const };

describe('P&L maths (investing.md 9)', () => {
  it('values a holding: buy 10 @ 100.00, last 110.50, previous close 105.00', () => {
    const f = pnlFigures({ buyQty: 10, buyValue: 100_000, sellQty: 0, sellValue: 0, ltp: 11_050, prevClose: 10_500, ...equity });
    expect(f).toEqual({
      qty: 10,
      avgBuyPrice: 10_000,
      purchaseValue: 100_000,
      currentValue: 110_500,
      todayGainLoss: 5_500,
      // 55.00 / |105.00 x 10| = 5.238..% -> 5.24
      todayGainLossPerc: 524,
      plValue: 10_500,
      // (110.50 - 100) / 100 = 10.50%
      plPerc: 1_050,
      realised: 0,
    });
  });

  it('books the closed quantity at the average price: buy 10 @ 100 and 5 @ 103, sell 6 @ 110', () => {
    const f = pnlFigures({
      buyQty: 15,
      buyValue: 10 * 10_000 + 5 * 10_300,
      sellQty: 6,
      sellValue: 6 * 11_000,
      ltp: 10_000,
      prevClose: 10_000,
      ...equity,
    });
    // average 101.00; 6 x (110 - 101) = 54.00 booked; 9 open at 101 -> purchase 909.00, current 900.00
    expect(f.realised).toBe(5_400);
    expect(f.qty).toBe(9);
    expect(f.avgBuyPrice).toBe(10_100);
    expect(f.purchaseValue).toBe(90_900);
    expect(f.plValue).toBe(-900);
    expect(f.plPerc).toBe(-99); // -0.990099..% -> -0.99
  });

  it('rounds once, half away from zero, to the paisa', () => {
    // buy 3 for 100.00 in all (33.3333... each), sell 1 @ 40.00: booked 40 - 33.3333 = 6.666.. -> 6.67
    const f = pnlFigures({ buyQty: 3, buyValue: 10_000, sellQty: 1, sellValue: 4_000, ltp: 3_000, prevClose: 3_000, ...equity });
    expect(f.realised).toBe(667);
    expect(f.avgBuyPrice).toBe(3_333);
    // 2 open: purchase 66.6666 -> 66.67; current 60.00; notional -6.6666 -> -6.67 (from the exact figures)
    expect(f.purchaseValue).toBe(6_667);
    expect(f.plValue).toBe(-667);
    // a loss rounds away from zero too
    const loss = pnlFigures({ buyQty: 3, buyValue: 10_000, sellQty: 1, sellValue: 3_000, ltp: 3_000, prevClose: 3_000, ...equity });
    expect(loss.realised).toBe(-333);
  });

  it('gives 0.00 for zero denominators: no previous close, an average buy price of 0 (unknown buy price)', () => {
    expect(todayGain(10, 500, 0, 1, 2)).toEqual({ todayGainLoss: 5_000, todayGainLossPerc: 0 });
    const free = pnlFigures({ buyQty: 10, buyValue: 0, sellQty: 0, sellValue: 0, ltp: 500, prevClose: 0, ...equity });
    expect(free.avgBuyPrice).toBe(0);
    expect(free.plValue).toBe(5_000);
    expect(free.plPerc).toBe(0);
    expect(free.todayGainLossPerc).toBe(0);
    expect(percentOf(123, 0)).toBe(0);
    expect(totalPercents(sumPnl([])).plPerc).toBe(0);
  });

  it('takes |previous close x qty| as the base of a short: a falling price is a gain', () => {
    // sold 10 @ 200, last 190, previous close 195
    const f = pnlFigures({ buyQty: 0, buyValue: 0, sellQty: 10, sellValue: 200_000, ltp: 19_000, prevClose: 19_500, ...equity });
    expect(f.qty).toBe(-10);
    expect(f.avgBuyPrice).toBe(20_000);
    expect(f.todayGainLoss).toBe(5_000);
    expect(f.todayGainLossPerc).toBe(256); // 50 / 1950 = 2.564% -> 2.56
    expect(f.plValue).toBe(10_000);
    expect(f.plPerc).toBe(500);
  });

  it('scales currency: 4-decimal prices, 1000 per lot, values in 1/10000 rupee', () => {
    // 2 lots USDINR bought @ 88.5000 with Rs 1.00 of charges (100 paise = 10000 fine units), sold 1 @ 88.5125
    const f = pnlFigures({
      buyQty: 2,
      buyValue: 2 * 885_000 * 1000 + 10_000,
      sellQty: 1,
      sellValue: 885_125 * 1000,
      ltp: 885_250,
      prevClose: 884_000,
      multiplier: 1000,
      priceDecimals: 4,
    });
    // buy rate 88.5000 + 1.00/2000 = 88.5005; booked 1000 x (88.5125 - 88.5005) = 12.00
    expect(f.avgBuyPrice).toBe(885_005);
    expect(f.realised).toBe(1_200);
    expect(f.currentValue).toBe(8_852_500);
    expect(f.purchaseValue).toBe(8_850_050);
    expect(f.plValue).toBe(2_450);
    expect(f.todayGainLoss).toBe(12_500); // 1 lot x 0.1250 x 1000
  });

  it('revalues a row at a live price exactly as the server would', () => {
    const input = { buyQty: 7, buyValue: 7 * 12_345, sellQty: 0, sellValue: 0, prevClose: 12_000, ...equity };
    const server = pnlFigures({ ...input, ltp: 12_999 });
    const live = liveFigures({ qty: server.qty, purchaseValue: server.purchaseValue, prevClose: 12_000, ...equity }, 12_999);
    expect(live).toEqual({
      currentValue: server.currentValue,
      plValue: server.plValue,
      plPerc: server.plPerc,
      todayGainLoss: server.todayGainLoss,
      todayGainLossPerc: server.todayGainLossPerc,
    });
  });

  it("keeps a row's columns adding up: notional = current value - purchase value, also after a live tick", () => {
    // bought 2 for 200.01 in all (charges in the rate), sold 1: the open share cost 100.005 -> purchase 100.01
    const input = { buyQty: 2, buyValue: 20_001, sellQty: 1, sellValue: 10_000, prevClose: 10_000, ...equity };
    const server = pnlFigures({ ...input, ltp: 10_100 });
    expect(server.purchaseValue).toBe(10_001);
    expect(server.currentValue).toBe(10_100);
    expect(server.plValue).toBe(server.currentValue - server.purchaseValue);
    expect(server.plPerc).toBe(percentOf(server.plValue, server.purchaseValue));
    // the figures a live tick gives at a price are the figures the server gives at that price
    for (const ltp of [10_100, 10_101, 9_999]) {
      const atServer = pnlFigures({ ...input, ltp });
      const live = liveFigures({ qty: atServer.qty, purchaseValue: atServer.purchaseValue, prevClose: 10_000, ...equity }, ltp);
      expect(live).toEqual({
        currentValue: atServer.currentValue,
        plValue: atServer.plValue,
        plPerc: atServer.plPerc,
        todayGainLoss: atServer.todayGainLoss,
        todayGainLossPerc: atServer.todayGainLossPerc,
      });
    }
  });

  it('sums totals and their percentages from the rows', () => {
    const t = sumPnl([
      { purchaseValue: 100_000, currentValue: 110_000, todayGainLoss: 2_000, plValue: 10_000, realised: 500 },
      { purchaseValue: 50_000, currentValue: 45_000, todayGainLoss: -1_000, plValue: -5_000, realised: -200 },
    ]);
    expect(t).toEqual({ purchaseValue: 150_000, currentValue: 155_000, todayGainLoss: 1_000, prevValue: 154_000, plValue: 5_000, realised: 300 });
    expect(totalPercents(t)).toEqual({ todayPerc: 65, plPerc: 333 });
  });
});
