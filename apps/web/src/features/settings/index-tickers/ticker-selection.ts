import { checkIndexSelection } from '@kite/domain';
import { useSyncExternalStore } from 'react';
import { local, storageKeys } from '../../../lib/storage/storage.ts';
import { DEFAULT_TICKER_SELECTION, isTickerIndex, type TickerIndex } from './index-list.ts';

const listeners = new Set<() => void>();
let cached: readonly TickerIndex[] | null = null;

function read(): readonly TickerIndex[] {
  const raw = local.get(storageKeys.indexTickers);
  if (!raw) return DEFAULT_TICKER_SELECTION;
  try {
    const parsed: unknown = JSON.parse(raw);
    const list = Array.isArray(parsed) ? parsed.filter(isTickerIndex) : [];
    return checkIndexSelection(list.length) === null ? list : DEFAULT_TICKER_SELECTION;
  } catch {
    return DEFAULT_TICKER_SELECTION;
  }
}

export function getTickerSelection(): readonly TickerIndex[] {
  cached ??= read();
  return cached;
}

/** Saves the choice when it passes the rule of platform.md 5; answers the rule's message otherwise. */
export function saveTickerSelection(selection: readonly TickerIndex[]): string | null {
  const problem = checkIndexSelection(selection.length);
  if (problem) return problem;
  cached = [...selection];
  local.set(storageKeys.indexTickers, JSON.stringify(cached));
  for (const listener of listeners) listener();
  return null;
}

export function useTickerSelection(): readonly TickerIndex[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getTickerSelection,
  );
}
