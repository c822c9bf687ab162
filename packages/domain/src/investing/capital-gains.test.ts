import { describe, expect, it } from 'vitest';
import { parseDayMonthYear } from '../trading/ist-date.ts';
import { gainTotals, matchGains, type EquityTrade } from './capital-gains.ts';

const day = (text: string) => parseDayMonthYear(text)!;
const trade = (
  side: 'BUY' | 'SELL',
  quantity: number,
  rupees: number,
  date: string,
  intraday = false,
): EquityTrade => ({
  symbol: 'INFY',
  side,
  quantity,
  valuePaise: quantity * rupees * 100,
  day: day(date),
  intraday,
});
const noOpening = () => 0;

describe('capital gains, FIFO (investing.md 2 report/capitalgain)', () => {
  it('matches a sale to the earliest purchases first, splitting a lot', () => {
    const lots = matchGains(
      [trade('BUY', 10, 100, '01/04/2024'), trade('BUY', 10, 200, '01/05/2024'), trade('SELL', 15, 300, '01/06/2024')],
      noOpening,
    );
    expect(lots.map((l) => [l.quantity, l.buyValuePaise, l.sellValuePaise, l.gainPaise, l.term])).toEqual([
      [10, 100_000, 300_000, 200_000, 'SHORT'],
      [5, 100_000, 150_000, 50_000, 'SHORT'],
    ]);
  });

  it('is long term only when sold after the anniversary of purchase', () => {
    const held = (sell: string) =>
      matchGains([trade('BUY', 1, 100, '15/06/2023'), trade('SELL', 1, 150, sell)], noOpening)[0]!.term;
    expect(held('15/06/2024')).toBe('SHORT');
    expect(held('16/06/2024')).toBe('LONG');
  });

  it('keeps intraday trades apart as speculative', () => {
    const lots = matchGains(
      [
        trade('BUY', 5, 100, '01/04/2024'),
        trade('BUY', 2, 110, '10/04/2024', true),
        trade('SELL', 2, 105, '10/04/2024', true),
      ],
      noOpening,
    );
    expect(lots).toEqual([
      expect.objectContaining({ term: 'SPECULATIVE', buyValuePaise: 22_000, sellValuePaise: 21_000, gainPaise: -1000 }),
    ]);
  });

  it('realises an intraday short sale only when a later intraday purchase covers it, never at the holding cost', () => {
    const opening = () => {
      throw new Error('an intraday sale is never costed at the holding average');
    };
    const held = trade('BUY', 20, 90, '01/04/2024');
    // Sold short first: nothing realised while it is open, though delivery holds 20 shares.
    expect(matchGains([held, trade('SELL', 3, 110, '10/04/2024', true)], opening)).toEqual([]);
    const lots = matchGains(
      [
        held,
        trade('SELL', 2, 110, '10/04/2024', true),
        trade('SELL', 1, 112, '10/04/2024', true),
        trade('BUY', 6, 100, '10/04/2024', true),
        trade('SELL', 3, 105, '10/04/2024', true),
      ],
      opening,
    );
    expect(lots.map((l) => [l.term, l.quantity, l.buyValuePaise, l.sellValuePaise, l.gainPaise])).toEqual([
      ['SPECULATIVE', 2, 20_000, 22_000, 2000],
      ['SPECULATIVE', 1, 10_000, 11_200, 1200],
      // The purchase's other three shares are a long, sold after.
      ['SPECULATIVE', 3, 30_000, 31_500, 1500],
    ]);
    expect(lots.every((l) => l.buyDay === day('10/04/2024') && l.sellDay === day('10/04/2024'))).toBe(true);
  });

  it('costs a sale beyond the recorded purchases at the opening average, long term, buy date unknown', () => {
    const lots = matchGains([trade('BUY', 2, 100, '01/04/2024'), trade('SELL', 5, 120, '02/04/2024')], () => 9000);
    expect(lots.map((l) => [l.quantity, l.buyDay, l.buyValuePaise, l.term])).toEqual([
      [2, day('01/04/2024'), 20_000, 'SHORT'],
      [3, null, 27_000, 'LONG'],
    ]);
  });

  it('sells the shares held before the records first, FIFO, before a later recorded purchase', () => {
    // 40 held before the records at Rs 90; 5 bought on 01/04/2024 at Rs 100; 2 sold the same day at Rs 101.
    const lots = matchGains(
      [trade('BUY', 5, 100, '01/04/2024'), trade('SELL', 2, 101, '01/04/2024'), trade('SELL', 40, 110, '02/04/2024')],
      () => 9500,
      (symbol) => (symbol === 'INFY' ? [{ day: null, quantity: 40, pricePaise: 9000 }] : []),
    );
    expect(lots.map((l) => [l.quantity, l.buyDay, l.buyValuePaise, l.sellValuePaise, l.term])).toEqual([
      [2, null, 18_000, 20_200, 'LONG'],
      [38, null, 342_000, 418_000, 'LONG'],
      [2, day('01/04/2024'), 20_000, 22_000, 'SHORT'],
    ]);
  });

  it('never costs an intraday sale from the shares held before the records', () => {
    const lots = matchGains(
      [trade('SELL', 2, 101, '01/04/2024', true)],
      () => 9000,
      () => [{ day: null, quantity: 40, pricePaise: 9000 }],
    );
    expect(lots).toEqual([]);
  });

  it('costs the shares held before the records at their own price and date, whatever the holding averages now', () => {
    // 40 bought on 10/01/2023 at Rs 1,400 before the records; 10 bought at Rs 1,600 on 01/04/2024 (the holding now
    // averages Rs 1,440); 40 sold the next day: every one of them is an opening share, at Rs 1,400, long term.
    const opening = [{ day: day('10/01/2023'), quantity: 40, pricePaise: 140_000 }];
    const lots = matchGains(
      [trade('BUY', 10, 1600, '01/04/2024'), trade('SELL', 40, 1700, '02/04/2024')],
      () => 144_000,
      () => opening,
    );
    expect(lots.map((l) => [l.quantity, l.buyDay, l.buyValuePaise, l.sellValuePaise, l.term])).toEqual([
      [40, day('10/01/2023'), 40 * 140_000, 40 * 170_000, 'LONG'],
    ]);
    // Held less than a year before the sale: short term, from the lot's own date.
    const recent = matchGains(
      [trade('SELL', 5, 1700, '02/04/2024')],
      () => 144_000,
      () => [{ day: day('01/11/2023'), quantity: 40, pricePaise: 140_000 }],
    );
    expect(recent.map((l) => [l.quantity, l.buyDay, l.buyValuePaise, l.term])).toEqual([
      [5, day('01/11/2023'), 5 * 140_000, 'SHORT'],
    ]);
    expect(opening[0]!.quantity).toBe(40);
  });

  it('takes several opening lots oldest first, then the recorded purchases, then costs what is beyond them', () => {
    const lots = matchGains(
      [trade('BUY', 2, 100, '01/04/2024'), trade('SELL', 10, 120, '02/04/2024')],
      () => 9500,
      () => [
        { day: null, quantity: 3, pricePaise: 8000 },
        { day: day('01/06/2022'), quantity: 4, pricePaise: 9000 },
      ],
    );
    expect(lots.map((l) => [l.quantity, l.buyDay, l.buyValuePaise, l.term])).toEqual([
      [3, null, 24_000, 'LONG'],
      [4, day('01/06/2022'), 36_000, 'LONG'],
      [2, day('01/04/2024'), 20_000, 'SHORT'],
      [1, null, 9500, 'LONG'],
    ]);
  });

  it('splits values without losing a paisa', () => {
    const lots = matchGains(
      [
        { ...trade('BUY', 3, 0, '01/04/2024'), valuePaise: 1000 },
        { ...trade('BUY', 3, 0, '02/04/2024'), valuePaise: 1001 },
        { ...trade('SELL', 6, 0, '03/04/2024'), valuePaise: 2003 },
      ],
      noOpening,
    );
    expect(lots.reduce((t, l) => t + l.sellValuePaise, 0)).toBe(2003);
    expect(lots.reduce((t, l) => t + l.buyValuePaise, 0)).toBe(2001);
  });

  it('totals each term', () => {
    const totals = gainTotals(
      matchGains([trade('BUY', 10, 100, '01/04/2024'), trade('SELL', 4, 90, '01/05/2024')], noOpening),
    );
    expect(totals).toEqual([
      { term: 'SHORT', buyValuePaise: 40_000, sellValuePaise: 36_000, gainPaise: -4000 },
      { term: 'LONG', buyValuePaise: 0, sellValuePaise: 0, gainPaise: 0 },
      { term: 'SPECULATIVE', buyValuePaise: 0, sellValuePaise: 0, gainPaise: 0 },
    ]);
  });
});
