import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DepthItem } from '@kite/domain';
import { TickStore } from '../../lib/stream/tick-store.ts';
import { MarketDepth } from './MarketDepth.tsx';

function book(bids: [number, string, number][], asks: [number, string, number][], totals: [number, number]): DepthItem {
  return {
    name: 'dp',
    type: 'level2',
    key: 'NSE|RELIANCE',
    exc: 'NSE',
    excSeg: 'nse_cm',
    streamSym: 'RELIANCE',
    xSym: 'RELIANCE-EQ',
    ts: 0,
    bids: bids.map(([bidNoOrders, bidPrice, bidQty]) => ({ bidNoOrders, bidPrice, bidQty })),
    asks: asks.map(([askNoOrders, askPrice, askQty]) => ({ askNoOrders, askPrice, askQty })),
    totBuyQty: totals[0],
    totSellQty: totals[1],
  };
}

function rows(): string[][] {
  const table = screen.getByRole('table', { name: 'Market depth' });
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('market depth widget', () => {
  it('fills every missing row with dashes before the first tick', () => {
    render(<MarketDepth streamKey="NSE|RELIANCE" screen="test" store={new TickStore()} />);
    const body = rows().slice(1, 6);
    expect(body).toHaveLength(5);
    for (const row of body) expect(row).toEqual(['-', '-', '-', '-', '-', '-']);
    expect(screen.getByRole('rowheader', { name: 'TBQ' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'TSQ' })).toBeTruthy();
  });

  it('shows five levels a side with orders, quantity and price, and updates live', () => {
    const store = new TickStore();
    render(<MarketDepth streamKey="NSE|RELIANCE" screen="test" store={store} />);
    act(() =>
      store.apply(
        book(
          [
            [3, '2456.05', 120],
            [1, '2456.00', 1500],
            [7, '2455.95', 125000],
          ],
          [
            [2, '2456.15', 75],
            [4, '2456.20', 310],
            [1, '2456.25', 10],
            [9, '2456.30', 800],
            [5, '2456.35', 12],
            [1, '2456.40', 1],
          ],
          [1234567, 987654],
        ),
      ),
    );
    const all = rows();
    expect(all.slice(1, 6)).toEqual([
      ['3', '120', '2,456.05', '2,456.15', '75', '2'],
      ['1', '1,500', '2,456.00', '2,456.20', '310', '4'],
      ['7', '1,25,000', '2,455.95', '2,456.25', '10', '1'],
      ['-', '-', '-', '2,456.30', '800', '9'],
      ['-', '-', '-', '2,456.35', '12', '5'],
    ]);
    expect(all[6]).toEqual(['12,34,567', '9,87,654']);
    act(() => store.apply(book([[1, '2457.00', 5]], [], [5, 0])));
    expect(rows()[1]).toEqual(['1', '5', '2,457.00', '-', '-', '-']);
  });

  it('shows the quote depth until the stream has ticked', () => {
    const initial = {
      bids: [{ bidNoOrders: 2, bidPrice: '99.50', bidQty: 40 }],
      asks: [],
      totBuyQty: 40,
      totSellQty: 0,
    };
    render(<MarketDepth streamKey="NSE|ITC" screen="test" store={new TickStore()} initial={initial} />);
    expect(rows()[1]).toEqual(['2', '40', '99.50', '-', '-', '-']);
  });
});
