import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TickStore } from '../../lib/stream/tick-store.ts';
import { FLASH_MS, sweepFlashes } from './flash-clock.ts';
import { TickingPrice } from './TickingPrice.tsx';
import { level1Tick } from '../../test/stream-fixtures.ts';

const tick = (key: string, ltp: string) => level1Tick(key, ltp);

describe('ticking last price', () => {
  it('shows the fallback until the first tick, then each tick with its direction', () => {
    const store = new TickStore();
    render(
      <p>
        <TickingPrice streamKey="NSE|TCS" fallback="3098.50" store={store} />
      </p>,
    );
    expect(screen.getByText('3,098.50').dataset.direction).toBeUndefined();
    act(() => store.apply(tick('NSE|TCS', '3100.00')));
    expect(screen.getByText('3,100.00').dataset.direction).toBe('same');
    act(() => store.apply(tick('NSE|TCS', '3100.05')));
    expect(screen.getByText('3,100.05').dataset.direction).toBe('up');
    act(() => store.apply(tick('NSE|TCS', '3099.95')));
    expect(screen.getByText('3,099.95').dataset.direction).toBe('down');
  });

  it('lights the same element on every tick, a repeated price too, and puts it out after the flash', () => {
    const store = new TickStore();
    render(
      <p>
        <TickingPrice streamKey="NSE|TCS" store={store} />
      </p>,
    );
    expect(screen.getByText('--').dataset.flash).toBeUndefined();
    act(() => store.apply(tick('NSE|TCS', '10.00')));
    const first = screen.getByText('10.00');
    expect(first.dataset.flash).toBe('same');
    act(() => store.apply(tick('NSE|TCS', '10.05')));
    expect(screen.getByText('10.05')).toBe(first);
    expect(first.dataset.flash).toBe('up');
    sweepFlashes(performance.now() + FLASH_MS / 2);
    expect(first.dataset.flash).toBe('up');
    sweepFlashes(performance.now() + FLASH_MS);
    expect(first.dataset.flash).toBeUndefined();
    act(() => store.apply(tick('NSE|TCS', '10.05')));
    expect(first.dataset.flash).toBe('same');
  });

  it('ignores ticks of other symbols', () => {
    const store = new TickStore();
    render(
      <p>
        <TickingPrice streamKey="NSE|TCS" fallback="1.00" store={store} />
      </p>,
    );
    act(() => store.apply(tick('NSE|INFY', '2.00')));
    expect(screen.getByText('1.00')).toBeTruthy();
  });
});
