import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DepthItem } from '@kite/domain';
import { TickStore, useLevel1, useLevel1Figure } from './tick-store.ts';
import { level1Tick } from '../../test/stream-fixtures.ts';

const tick = (key: string, ltp: string) => level1Tick(key, ltp);

describe('tick store', () => {
  it('with a frame scheduler, wakes each key once per frame with its latest value', () => {
    const frames: (() => void)[] = [];
    const store = new TickStore((flush) => frames.push(flush));
    const seen: (string | undefined)[] = [];
    store.level1.subscribe('NSE|TCS', () => seen.push(store.level1.get('NSE|TCS')?.ltp));
    const infy = vi.fn();
    store.level1.subscribe('NSE|INFY', infy);
    store.apply(tick('NSE|TCS', '3100.00'));
    store.apply(tick('NSE|TCS', '3100.05'));
    store.apply(tick('NSE|TCS', '3100.10'));
    expect(store.level1.get('NSE|TCS')?.ltp).toBe('3100.10');
    expect(seen).toEqual([]);
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(seen).toEqual(['3100.10']);
    expect(infy).not.toHaveBeenCalled();
    store.apply(tick('NSE|TCS', '3100.15'));
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(seen).toEqual(['3100.10', '3100.15']);
  });

  it("notifies only the ticked symbol's subscribers", () => {
    const store = new TickStore();
    const tcs = vi.fn();
    const infy = vi.fn();
    store.level1.subscribe('NSE|TCS', tcs);
    store.level1.subscribe('NSE|INFY', infy);
    store.apply(tick('NSE|TCS', '3100.00'));
    expect(tcs).toHaveBeenCalledTimes(1);
    expect(infy).not.toHaveBeenCalled();
  });

  it('keeps level 1, depth and index apart', () => {
    const store = new TickStore();
    const quote = vi.fn();
    store.level1.subscribe('NSE|TCS', quote);
    const book: DepthItem = {
      name: 'dp',
      type: 'level2',
      key: 'NSE|TCS',
      exc: 'NSE',
      excSeg: 'nse_cm',
      streamSym: 'TCS',
      xSym: 'TCS-EQ',
      ts: 0,
      bids: [],
      asks: [],
      totBuyQty: 0,
      totSellQty: 0,
    };
    store.apply(book);
    expect(quote).not.toHaveBeenCalled();
    expect(store.depth.get('NSE|TCS')).toBe(book);
  });

  it('marks each tick up, down or unchanged against the previous price, comparing exactly', () => {
    const store = new TickStore();
    const directions = ['100.10', '100.20', '100.20', '99.95', '100.2000'].map((ltp) => {
      store.apply(tick('NSE|X', ltp));
      return store.level1.get('NSE|X')?.direction;
    });
    expect(directions).toEqual(['same', 'up', 'same', 'down', 'up']);
    expect(store.level1.get('NSE|X')?.seq).toBe(5);
  });

  it('merges a level 1 extension into the quote shown, and ignores one without a quote', () => {
    const store = new TickStore();
    const ext = {
      name: 'sf',
      type: 'level1ext',
      key: 'NSE|Y',
      exc: 'NSE',
      excSeg: 'nse_cm',
      streamSym: 'Y',
      xSym: 'Y',
      ts: 1,
      dprHigh: '120.00',
    } as const;
    store.apply(ext);
    expect(store.level1.get('NSE|Y')).toBeUndefined();
    store.apply(tick('NSE|Y', '100.00'));
    store.apply(ext);
    expect(store.level1.get('NSE|Y')).toMatchObject({ ltp: '100.00', dprHigh: '120.00', type: 'level1' });
  });

  it('re-renders only the row whose symbol ticked', () => {
    const store = new TickStore();
    const renders: Record<string, number> = {};
    function Row({ symbol }: { symbol: string }) {
      const quote = useLevel1(symbol, store);
      renders[symbol] = (renders[symbol] ?? 0) + 1;
      return (
        <tr>
          <td>{symbol}</td>
          <td>{quote?.ltp ?? '-'}</td>
        </tr>
      );
    }
    render(
      <table>
        <tbody>
          <Row symbol="NSE|TCS" />
          <Row symbol="NSE|INFY" />
          <Row symbol="NSE|SBIN" />
        </tbody>
      </table>,
    );
    act(() => store.apply(tick('NSE|INFY', '1500.25')));
    expect(screen.getByText('1500.25')).toBeTruthy();
    expect(renders).toEqual({ 'NSE|TCS': 1, 'NSE|INFY': 2, 'NSE|SBIN': 1 });
  });

  it('re-renders a figure only when the figure itself changes', () => {
    const store = new TickStore();
    let renders = 0;
    function Volume() {
      const vol = useLevel1Figure('NSE|TCS', (quote) => (quote ? String(quote.vol) : '--'), store);
      renders += 1;
      return <span>{vol}</span>;
    }
    render(<Volume />);
    const withVolume = (ltp: string, vol: number) => ({ ...tick('NSE|TCS', ltp), vol });
    act(() => store.apply(withVolume('3100.00', 10)));
    expect(screen.getByText('10')).toBeTruthy();
    expect(renders).toBe(2);
    act(() => store.apply(withVolume('3100.05', 10)));
    act(() => store.apply(withVolume('3100.10', 10)));
    expect(renders).toBe(2);
    act(() => store.apply(withVolume('3100.10', 25)));
    expect(screen.getByText('25')).toBeTruthy();
    expect(renders).toBe(3);
  });
});
