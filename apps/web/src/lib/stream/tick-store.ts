import { useCallback, useSyncExternalStore } from 'react';
import {
  parseScaled,
  type DepthItem,
  type IndexItem,
  type Level1Item,
  type StreamItem,
  type StreamKey,
} from '@kite/domain';

/**
 * Live values kept outside React (ARCHITECTURE.md "A tick"): each cell subscribes to its own key, so a tick
 * re-renders the one row showing that symbol, never a whole table.
 */

export type TickDirection = 'up' | 'down' | 'same';

export interface Level1State extends Level1Item {
  /** Against the previous tick's last price (trading.md 4.9: up, down or unchanged animation). */
  direction: TickDirection;
  /** Counts ticks for this key: a changed value restarts the cell's animation even when the price repeats. */
  seq: number;
}

type Listener = () => void;

/** Values by key with listeners by key: setting one key wakes only that key's listeners. */
export class KeyedStore<T> {
  private readonly values = new Map<StreamKey, T>();
  private readonly listeners = new Map<StreamKey, Set<Listener>>();

  get(key: StreamKey): T | undefined {
    return this.values.get(key);
  }

  set(key: StreamKey, value: T): void {
    this.values.set(key, value);
    const listeners = this.listeners.get(key);
    if (listeners) for (const listener of listeners) listener();
  }

  subscribe(key: StreamKey, listener: Listener): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  /** Forgets every value (at logout) and tells every listener. */
  clear(): void {
    this.values.clear();
    for (const set of this.listeners.values()) for (const listener of set) listener();
  }
}

/** Compares two wire prices exactly (strings of 2 or 4 decimals), never through floats. */
function direction(previous: string | undefined, next: string): TickDirection {
  if (previous === undefined) return 'same';
  const a = parseScaled(previous, 4);
  const b = parseScaled(next, 4);
  if (a === null || b === null || a === b) return 'same';
  return b > a ? 'up' : 'down';
}

export class TickStore {
  readonly level1 = new KeyedStore<Level1State>();
  readonly depth = new KeyedStore<DepthItem>();
  readonly index = new KeyedStore<IndexItem>();

  /** Applies one decoded item; anything that is not market data is not the store's business. */
  apply(item: StreamItem): void {
    switch (item.type) {
      case 'level1': {
        const previous = this.level1.get(item.key);
        this.level1.set(item.key, {
          ...item,
          direction: direction(previous?.ltp, item.ltp),
          seq: (previous?.seq ?? 0) + 1,
        });
        return;
      }
      case 'level1ext': {
        // An extension only completes a quote already shown.
        const previous = this.level1.get(item.key);
        if (!previous) return;
        const { name: _name, type: _type, ...fields } = item;
        this.level1.set(item.key, { ...previous, ...fields });
        return;
      }
      case 'level2':
        this.depth.set(item.key, item);
        return;
      case 'level3':
        this.index.set(item.key, item);
        return;
      case 'excMsg':
      case 'order':
      case 'ack':
      case 'error':
        return;
      default: {
        const never: never = item;
        throw new Error(`Unknown stream item ${JSON.stringify(never)}`);
      }
    }
  }

  clear(): void {
    this.level1.clear();
    this.depth.clear();
    this.index.clear();
  }
}

/** The app's one tick store. */
export const tickStore = new TickStore();

function useKeyed<T>(store: KeyedStore<T>, key: StreamKey | null): T | undefined {
  const subscribe = useCallback(
    (listener: Listener) => (key ? store.subscribe(key, listener) : () => {}),
    [store, key],
  );
  const get = useCallback(() => (key ? store.get(key) : undefined), [store, key]);
  return useSyncExternalStore(subscribe, get, get);
}

/** The latest quote tick for one stream key; re-renders only when that key ticks. */
export function useLevel1(key: StreamKey | null, store: TickStore = tickStore): Level1State | undefined {
  return useKeyed(store.level1, key);
}

/** The latest five-level depth for one stream key. */
export function useDepth(key: StreamKey | null, store: TickStore = tickStore): DepthItem | undefined {
  return useKeyed(store.depth, key);
}

/** The latest value of one index. */
export function useIndex(key: StreamKey | null, store: TickStore = tickStore): IndexItem | undefined {
  return useKeyed(store.index, key);
}
