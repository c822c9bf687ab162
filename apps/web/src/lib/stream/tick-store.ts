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

/** When listeners hear about new values: `flush` wakes every key set since the last flush, once each. */
export type NotifyScheduler = (flush: () => void) => void;

/** Listeners hear each value as it is set. */
export const notifyNow: NotifyScheduler = (flush) => flush();

/**
 * Listeners hear once per animation frame, however many ticks arrived since the last one: a screen re-renders at
 * most once a frame at any tick rate (issue 5). A hidden tab runs no frames; values are kept and shown on return.
 */
export const notifyPerFrame: NotifyScheduler = (flush) => {
  requestAnimationFrame(flush);
};

/** Values by key with listeners by key: setting one key wakes only that key's listeners. */
export class KeyedStore<T> {
  private readonly values = new Map<StreamKey, T>();
  private readonly listeners = new Map<StreamKey, Set<Listener>>();
  private readonly pending = new Set<StreamKey>();
  private scheduled = false;

  constructor(private readonly schedule: NotifyScheduler = notifyNow) {}

  get(key: StreamKey): T | undefined {
    return this.values.get(key);
  }

  set(key: StreamKey, value: T): void {
    this.values.set(key, value);
    if (!this.listeners.has(key)) return;
    this.pending.add(key);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(this.flush);
  }

  /** Wakes the listeners of every key set since the last flush. */
  readonly flush = (): void => {
    this.scheduled = false;
    const keys = [...this.pending];
    this.pending.clear();
    for (const key of keys) {
      const listeners = this.listeners.get(key);
      if (listeners) for (const listener of listeners) listener();
    }
  };

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
    this.pending.clear();
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
  readonly level1: KeyedStore<Level1State>;
  readonly depth: KeyedStore<DepthItem>;
  readonly index: KeyedStore<IndexItem>;

  constructor(schedule: NotifyScheduler = notifyNow) {
    this.level1 = new KeyedStore(schedule);
    this.depth = new KeyedStore(schedule);
    this.index = new KeyedStore(schedule);
  }

  /** Wakes now the listeners of everything set since the last frame. */
  flush(): void {
    this.level1.flush();
    this.depth.flush();
    this.index.flush();
  }

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

/** The app's one tick store: screens hear at most once per animation frame. */
export const tickStore = new TickStore(typeof requestAnimationFrame === 'function' ? notifyPerFrame : notifyNow);

/** What `select` makes of one key's latest value; re-renders only when that changes (compared with Object.is). */
function useKeyedSelect<T, F>(store: KeyedStore<T>, key: StreamKey | null, select: (value: T | undefined) => F): F {
  const subscribe = useCallback(
    (listener: Listener) => (key ? store.subscribe(key, listener) : () => {}),
    [store, key],
  );
  const get = () => select(key ? store.get(key) : undefined);
  return useSyncExternalStore(subscribe, get, get);
}

const whole = <T,>(value: T | undefined): T | undefined => value;

function useKeyed<T>(store: KeyedStore<T>, key: StreamKey | null): T | undefined {
  return useKeyedSelect(store, key, whole);
}

/** The latest quote tick for one stream key; re-renders only when that key ticks. */
export function useLevel1(key: StreamKey | null, store: TickStore = tickStore): Level1State | undefined {
  return useKeyed(store.level1, key);
}

/**
 * One figure of a key's latest quote tick (a cell's text, say): re-renders only when that figure changes, not on
 * every tick of the key. `select` must return a primitive (compared with Object.is) and may change with its inputs.
 */
export function useLevel1Figure<F extends string | number | boolean | null | undefined>(
  key: StreamKey | null,
  select: (tick: Level1State | undefined) => F,
  store: TickStore = tickStore,
): F {
  return useKeyedSelect(store.level1, key, select);
}

/** The latest five-level depth for one stream key. */
export function useDepth(key: StreamKey | null, store: TickStore = tickStore): DepthItem | undefined {
  return useKeyed(store.depth, key);
}

/** The latest value of one index. */
export function useIndex(key: StreamKey | null, store: TickStore = tickStore): IndexItem | undefined {
  return useKeyed(store.index, key);
}
