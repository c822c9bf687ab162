import type { SymbolObject } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import { symbolObject } from '../search/testing/search-fixtures.ts';
import {
  chartRanges,
  chartRequest,
  defaultChart,
  periodicityIdOf,
  periodicityOf,
  rangeAllowed,
  rangeOf,
  requestInterval,
  sessionLeadOf,
  showsTradeButtons,
  viewBarsOf,
} from './chart-options.ts';

const reliance = symbolObject({ id: '2885', exc: 'NSE', instr: 'STK', xSym: 'RELIANCE-EQ' });
const gold: SymbolObject = { id: '9001', exc: 'MCX', exc_seg: 'mcx_fo', instr: 'FUTCOM', xSym: 'GOLD26DECFUT' };
const usdinr: SymbolObject = { id: '9101', exc: 'CDS', exc_seg: 'cde_fo', instr: 'FUTCUR', xSym: 'USDINR26NOVFUT' };
const nifty: SymbolObject = { id: '26000', exc: 'NSE', exc_seg: 'nse_cm', instr: 'IDX', xSym: 'NIFTY 50' };
const niftyFuture = symbolObject({ id: '50001', exc: 'NFO', instr: 'FUTIDX', xSym: 'NIFTY26NOVFUT' });

/** 2026-11-20 10:30:30 IST. */
const NOW = Date.UTC(2026, 10, 20, 5, 0, 30);

describe('range links and periodicity -> /Chart/PriceChart (investing.md "Charts", 7, 9)', () => {
  it('asks each range from its start to the end of the current minute, at its periodicity', () => {
    const request = (range: keyof typeof chartRanges) => {
      const { fromDate, toDate, interval } = chartRequest(reliance, chartRanges[range], NOW);
      return { fromDate, toDate, interval };
    };
    // 1D: one-minute bars, a few days back so the last session is found over a weekend; drawn as the last session.
    expect(request('1D')).toEqual({ fromDate: '2026-11-14 10:30:00', toDate: '2026-11-20 10:30:59', interval: '1' });
    expect(request('3M')).toEqual({ fromDate: '2026-08-20 10:30:00', toDate: '2026-11-20 10:30:59', interval: 'D' });
    expect(request('1Y')).toEqual({ fromDate: '2025-11-20 10:30:00', toDate: '2026-11-20 10:30:59', interval: 'D' });
    expect(request('5Y')).toEqual({ fromDate: '2021-11-20 10:30:00', toDate: '2026-11-20 10:30:59', interval: 'W' });
    expect(chartRequest(reliance, chartRanges['1Y'], NOW).sym).toBe(reliance);
  });

  it('counts months on the IST calendar, the 31st falling back to the month end', () => {
    // 2026-05-31 02:00 IST is still 30 May in UTC.
    const may31 = Date.UTC(2026, 4, 30, 20, 30);
    expect(chartRequest(reliance, chartRanges['3M'], may31).fromDate).toBe('2026-02-28 02:00:00');
  });

  it('asks the server interval a periodicity is built from', () => {
    expect(requestInterval(periodicityOf('5m'))).toEqual({ interval: '5', group: 1 });
    expect(requestInterval(periodicityOf('4h'))).toEqual({ interval: '60', group: 4 });
    expect(requestInterval(periodicityOf('2d'))).toEqual({ interval: 'D', group: 2 });
    expect(requestInterval(periodicityOf('1w'))).toEqual({ interval: 'W', group: 1 });
    expect(requestInterval(periodicityOf('1mo'))).toEqual({ interval: 'M', group: 1 });
    // A saved minute count the server does not offer is made of one-minute bars.
    expect(requestInterval({ interval: 7, period: 2, timeUnit: 'minute' })).toEqual({ interval: '1', group: 14 });
  });

  it('knows the active range and periodicity of a saved chart', () => {
    expect(rangeOf({ multiplier: 5, base: 'year' })).toBe('5Y');
    expect(rangeOf({ multiplier: 2, base: 'year' })).toBeNull();
    expect(periodicityIdOf({ interval: 60, period: 4, timeUnit: 'minute' })).toBe('4h');
    expect(periodicityIdOf({ interval: 7, period: 1, timeUnit: 'minute' })).toBeNull();
    // A winter Friday: equities 09:15-15:30, currency 09:00-17:00, MCX 09:00-23:55.
    const friday = Date.parse('2026-11-20T06:00:00Z');
    expect(viewBarsOf(chartRanges['1D'].span, periodicityOf('1m'), 'NSE', friday)).toBe(375);
    expect(viewBarsOf(chartRanges['1D'].span, periodicityOf('5m'), 'NSE', friday)).toBe(75);
    expect(viewBarsOf(chartRanges['1D'].span, periodicityOf('1m'), 'CDS', friday)).toBe(480);
    expect(viewBarsOf(chartRanges['1D'].span, periodicityOf('5m'), 'MCX', friday)).toBe(179);
    expect(viewBarsOf(chartRanges['1Y'].span, periodicityOf('1d'), 'NSE', friday)).toBeNull();
  });

  it("leaves a day span's session blank before its first bar, so a market opened late draws its bars at their time", () => {
    // The axis's seconds: IST wall-clock time counted as UTC. A winter Friday; the market opened at 18:25.
    const at = (hour: number, minute: number) => Date.UTC(2026, 10, 20, hour, minute) / 1000;
    const oneDay = chartRanges['1D'].span;
    const mcx = sessionLeadOf(at(18, 25), oneDay, periodicityOf('1m'), 'MCX');
    expect([mcx.length, mcx[0], mcx.at(-1)]).toEqual([565, at(9, 0), at(18, 24)]);
    const fiveMinutes = sessionLeadOf(at(9, 30), oneDay, periodicityOf('5m'), 'NSE');
    expect(fiveMinutes).toEqual([at(9, 15), at(9, 20), at(9, 25)]);
    expect(sessionLeadOf(at(9, 15), oneDay, periodicityOf('1m'), 'NSE')).toEqual([]);
    expect(sessionLeadOf(at(0, 0), chartRanges['1Y'].span, periodicityOf('1d'), 'MCX')).toEqual([]);
    expect(sessionLeadOf(undefined, oneDay, periodicityOf('1m'), 'MCX')).toEqual([]);
  });

  it('starts with a year of daily candles, crosshair on, nothing drawn', () => {
    expect(defaultChart(reliance)).toEqual({
      preference: {
        layout: { chartType: 'candle', crosshair: true, studies: [], comparisons: [] },
        span: { multiplier: 1, base: 'year' },
        periodicity: { interval: 1, period: 1, timeUnit: 'day' },
      },
      symObj: reliance,
      drawings: [],
    });
  });
});

describe('what the header offers for an instrument (investing.md "Charts", 9)', () => {
  it('has no 5Y link for currency and commodity instruments', () => {
    expect(rangeAllowed('5Y', reliance)).toBe(true);
    expect(rangeAllowed('5Y', gold)).toBe(false);
    expect(rangeAllowed('5Y', usdinr)).toBe(false);
    expect(rangeAllowed('1Y', usdinr)).toBe(true);
  });

  it('shows BUY and SELL for equities and F&O, not for currency, commodity, quotes-only rows or in small view', () => {
    expect(showsTradeButtons(reliance, false)).toBe(true);
    expect(showsTradeButtons(niftyFuture, false)).toBe(true);
    expect(showsTradeButtons(reliance, true)).toBe(false);
    expect(showsTradeButtons(gold, false)).toBe(false);
    expect(showsTradeButtons(usdinr, false)).toBe(false);
    expect(showsTradeButtons({ ...niftyFuture, exc: 'NCDEX' }, false)).toBe(false);
    expect(showsTradeButtons(nifty, false)).toBe(false);
    expect(showsTradeButtons({ ...niftyFuture, instr: 'FUTIDXSPR' }, false)).toBe(false);
  });
});
