import type { Level1Item, PositionRow } from '@kite/domain';

const base: PositionRow = {
  sym: { id: '2885', exc: 'NSE', exc_seg: 'nse_cm', instr: 'STK', xSym: 'RELIANCE-EQ' },
  displaySym: 'RELIANCE',
  streamSym: 'RELIANCE-EQ',
  prdType: 'INTRADAY',
  ltp: '1250.00',
  netQty: 10,
  avgPrice: '1240.00',
  netPnL: '100.00',
  bookedPnl: '0.00',
  unRealPnl: '100.00',
  buyQty: 10,
  sellQty: 0,
  buyAvgPrice: '1240.00',
  sellAvgPrice: '0.00',
  currPos: 10,
  prevPos: 0,
  currAvgPrice: '1240.00',
  prevAvgPrice: '0.00',
  isTransfer: true,
  lot: 1,
  multiplier: 1,
  uniqueId: 'NSE|2885',
};

export function position(patch: Partial<PositionRow> = {}): PositionRow {
  return { ...base, ...patch };
}

export const tcs = position({
  sym: { id: '11536', exc: 'NSE', exc_seg: 'nse_cm', instr: 'STK', xSym: 'TCS-EQ' },
  displaySym: 'TCS',
  streamSym: 'TCS-EQ',
  prdType: 'CASH',
  ltp: '3100.50',
  netQty: -5,
  avgPrice: '3120.00',
  netPnL: '97.50',
  bookedPnl: '0.00',
  unRealPnl: '97.50',
  buyQty: 0,
  sellQty: 5,
  buyAvgPrice: '0.00',
  sellAvgPrice: '3120.00',
  currPos: -5,
  currAvgPrice: '3120.00',
  uniqueId: 'NSE|11536',
});

export const niftyFut = position({
  sym: { id: '35001', exc: 'NFO', exc_seg: 'nse_fo', instr: 'FUTIDX', xSym: 'NIFTY26NOVFUT' },
  displaySym: 'NIFTY NOV FUT',
  streamSym: 'NIFTY26NOVFUT',
  prdType: 'INTRADAY',
  ltp: '26010.00',
  netQty: 75,
  avgPrice: '26000.00',
  netPnL: '750.00',
  unRealPnl: '750.00',
  buyQty: 75,
  buyAvgPrice: '26000.00',
  currPos: 75,
  prevPos: 150,
  currAvgPrice: '26000.00',
  prevAvgPrice: '25900.00',
  lot: 75,
  multiplier: 1,
  uniqueId: 'NFO|35001',
});

export function level1(key: string, ltp: string): Level1Item {
  return {
    name: 'sf', type: 'level1', key, exc: 'NSE', excSeg: 'nse_cm', streamSym: 'RELIANCE-EQ', xSym: 'RELIANCE-EQ', ts: 1,
    ltp, ltq: 1, chng: '0.00', chngPer: '0.00', bidPrice: ltp, bidQty: 1, askPrice: ltp, askQty: 1, avgTradedPrice: ltp,
    vol: 1, openInterest: 0, totBuyQty: 1, totSellQty: 1, openPrice: ltp, highPrice: ltp, lowPrice: ltp, closePrice: ltp,
    yearlyHighPrice: ltp, yearlyLowPrice: ltp, dprLow: '1.00', dprHigh: '9999.00', marketCap: null,
    lUpdatedTime: '21/11/2026 10:00:01', lTradedTime: '21/11/2026 10:00:01',
  } as Level1Item;
}
