import type { WatchlistSymbolRow } from '@kite/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { FLASH_MS, sweepFlashes } from '../../components/ticking/flash-clock.ts';
import { TickStore } from '../../lib/stream/tick-store.ts';
import { level1Tick } from '../../test/stream-fixtures.ts';
import { bindLiveFigure } from './live-figure.ts';

const KEY = 'nse_cm|TCS_NSE';

const row = {
  exc: 'NSE',
  ltp: '3098.50',
  chng: '-1.50',
  chngPer: '-0.05',
  vol: 1000,
  bidPrice: '3098.45',
} as unknown as WatchlistSymbolRow;

function mount(apikey: Parameters<typeof bindLiveFigure>[2], store = new TickStore()) {
  const box = document.createElement('span');
  document.body.append(box);
  const unbind = bindLiveFigure(box, row, apikey, KEY, store);
  return { box, store, unbind };
}

/** Records every change the figure makes to the page, to show it writes only what differs. */
function watch(box: HTMLElement): MutationRecord[] {
  const records: MutationRecord[] = [];
  new MutationObserver((list) => records.push(...list)).observe(box, {
    subtree: true,
    characterData: true,
    childList: true,
    attributes: true,
  });
  return records;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.replaceChildren();
});

describe('a live watchlist figure written to the DOM', () => {
  it("shows the list call's value until the first tick, then each tick's, quantities with Indian grouping", () => {
    const { box, store } = mount('vol');
    expect(box.textContent).toBe('1,000');
    store.apply(level1Tick(KEY, '3100.00', { vol: 200000 }));
    expect(box.textContent).toBe('2,00,000');
    const { box: bid, store: bidStore } = mount('bidPrice');
    expect(bid.textContent).toBe('3,098.45');
    bidStore.apply(level1Tick(KEY, '3100.00', { bidPrice: '123456.05' }));
    expect(bid.textContent).toBe('1,23,456.05');
  });

  it('writes nothing when a tick leaves its text as it was, and the same text node when it changes', async () => {
    const { box, store } = mount('vol');
    store.apply(level1Tick(KEY, '3100.00', { vol: 2000 }));
    const node = box.firstChild;
    const records = watch(box);
    store.apply(level1Tick(KEY, '3100.05', { vol: 2000 }));
    await settle();
    expect(records).toHaveLength(0);
    store.apply(level1Tick(KEY, '3100.10', { vol: 2500 }));
    await settle();
    expect(records.map((r) => r.type)).toEqual(['characterData']);
    expect(box.firstChild).toBe(node);
  });

  it('colours the change columns by their sign, and none when unchanged', () => {
    const { box, store } = mount('chng');
    const span = box.firstElementChild as HTMLElement;
    expect(span.textContent).toBe('-1.50');
    expect(span.className).toMatch(/down/);
    store.apply(level1Tick(KEY, '3100.00', { chng: '2.00', chngPer: '0.06' }));
    expect(span.textContent).toBe('2.00');
    expect(span.className).toMatch(/up/);
    store.apply(level1Tick(KEY, '3100.00', { chng: '0.00', chngPer: '0.00' }));
    expect(span.hasAttribute('class')).toBe(false);
    const { box: percent } = mount('chngPer');
    expect(percent.textContent).toBe('-0.05');
  });

  it('draws the last price as the ticking price does: direction, colour and a flash on every tick', () => {
    const { box, store } = mount('ltp');
    const span = box.firstElementChild as HTMLElement;
    expect(span.textContent).toBe('3,098.50');
    expect(span.dataset.direction).toBeUndefined();
    expect(span.dataset.flash).toBeUndefined();
    store.apply(level1Tick(KEY, '3100.00'));
    expect(span.textContent).toBe('3,100.00');
    expect(span.dataset.direction).toBe('same');
    expect(span.dataset.flash).toBe('same');
    store.apply(level1Tick(KEY, '3100.05'));
    expect(span.dataset.direction).toBe('up');
    expect(span.dataset.flash).toBe('up');
    expect(span.className).toMatch(/up/);
    sweepFlashes(performance.now() + FLASH_MS);
    expect(span.dataset.flash).toBeUndefined();
    // A repeated price lights the figure again.
    store.apply(level1Tick(KEY, '3100.05'));
    expect(span.dataset.flash).toBe('same');
    store.apply(level1Tick(KEY, '3099.95'));
    expect(span.textContent).toBe('3,099.95');
    expect(span.dataset.direction).toBe('down');
    expect(span.className).toMatch(/down/);
  });

  it('goes back to the list value when the store is cleared (logout), and stops listening once unbound', () => {
    const { box, store, unbind } = mount('ltp');
    store.apply(level1Tick(KEY, '3100.00'));
    store.clear();
    const span = box.firstElementChild as HTMLElement;
    expect(span.textContent).toBe('3,098.50');
    expect(span.dataset.direction).toBeUndefined();
    unbind();
    expect(box.childNodes).toHaveLength(0);
    store.apply(level1Tick(KEY, '3200.00'));
    expect(box.childNodes).toHaveLength(0);
  });

  it('ignores ticks of other symbols', () => {
    const { box, store } = mount('vol');
    store.apply(level1Tick('nse_cm|INFY_NSE', '10.00', { vol: 5 }));
    expect(box.textContent).toBe('1,000');
  });
});
