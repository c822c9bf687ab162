import type { SymbolObject } from '@kite/domain';
import { useSyncExternalStore } from 'react';

/** What a screen needs to show and trade a scrip: the symbol object plus its names (trading.md 3). */
export interface ScripRef {
  sym: SymbolObject;
  displaySym: string;
  companyName: string;
  streamSym: string;
  /** Spot and spread-reference rows are not tradable (trading.md 2.7). */
  tradable: boolean;
}

/**
 * The selected scrip (trading.md 2: "the clicked symbol becomes the selected scrip"): /home/scripdetails shows it and
 * the order dialog can read it. It also travels in the history entry so a reload of the screen keeps it.
 */
let current: ScripRef | null = null;
const listeners = new Set<() => void>();

export const selectedScrip = {
  get: (): ScripRef | null => current,
  set(next: ScripRef): void {
    current = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSelectedScrip(): ScripRef | null {
  return useSyncExternalStore(selectedScrip.subscribe, selectedScrip.get, selectedScrip.get);
}

export const SCRIP_DETAILS_PATH = '/home/scripdetails';

/** Makes the scrip the selected one and opens scrip details (any screen's symbol click uses this). */
export function openScripDetails(scrip: ScripRef, navigate: (to: string, options?: { state?: unknown }) => void): void {
  selectedScrip.set(scrip);
  navigate(SCRIP_DETAILS_PATH, { state: { scrip } });
}
