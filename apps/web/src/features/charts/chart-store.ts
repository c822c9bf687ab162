import type { ChartSlot, SavedChart } from '@kite/domain';
import { useSyncExternalStore } from 'react';
import { sessionStore } from '../../lib/session/session-store.ts';
import { createChartSaver, loadChart } from './chart-preferences.ts';

export type SlotState = { status: 'loading' } | { status: 'ready'; chart: SavedChart | null };

export interface ChartsState {
  /** The slot on screen (platform.md 3.4 keeps the charts' active widget and four slots in the client's state). */
  active: ChartSlot;
  slots: Partial<Record<ChartSlot, SlotState>>;
}

const initial: ChartsState = { active: '1', slots: {} };
let state: ChartsState = initial;
/** Bumped by a reset, so a load that was under way for the previous client is not kept. */
let generation = 0;
const listeners = new Set<() => void>();
const saver = createChartSaver();

function set(next: ChartsState): void {
  state = next;
  for (const listener of listeners) listener();
}

function setSlot(slot: ChartSlot, slotState: SlotState): void {
  set({ ...state, slots: { ...state.slots, [slot]: slotState } });
}

export const chartStore = {
  get: (): ChartsState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Loads a slot's chart once (browser, else server, else default). */
  ensureLoaded(slot: ChartSlot): void {
    if (state.slots[slot]) return;
    const started = generation;
    setSlot(slot, { status: 'loading' });
    void loadChart(slot).then(({ chart }) => {
      if (generation === started) setSlot(slot, { status: 'ready', chart });
    });
  },
  select(slot: ChartSlot): void {
    if (slot !== state.active) set({ ...state, active: slot });
    chartStore.ensureLoaded(slot);
  },
  /** A change made on the chart: shown at once, saved after the delays of investing.md 9. */
  update(slot: ChartSlot, chart: SavedChart): void {
    setSlot(slot, { status: 'ready', chart });
    saver.save(slot, chart);
  },
  /** Forgets every slot and drops waiting saves (logout; the session store clears the stored keys). */
  reset(): void {
    saver.cancel();
    generation += 1;
    set(initial);
  },
};

sessionStore.subscribe(() => {
  if (!sessionStore.get()) chartStore.reset();
});

// Changes still waiting for the server's 30 s throttle are sent before a logout ends the session (investing.md 4).
sessionStore.beforeSignOut(() => saver.sendWaiting());

// A change made just before the page is left or reloaded is written at once rather than lost with its timer.
window.addEventListener('pagehide', () => saver.flush());

export function useCharts(): ChartsState {
  return useSyncExternalStore(chartStore.subscribe, chartStore.get);
}
