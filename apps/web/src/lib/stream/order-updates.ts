import type { OrderUpdateItem } from '@kite/domain';
import { useEffect, useRef } from 'react';

type Listener = (update: OrderUpdateItem) => void;
const listeners = new Set<Listener>();

/** Order updates the order engine pushes to this client's sockets (contract/stream.ts 'order'). */
export const orderUpdates = {
  emit(update: OrderUpdateItem): void {
    for (const listener of listeners) listener(update);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Calls back on every order update while the component is mounted (order book, pending orders, positions). */
export function useOrderUpdates(listener: Listener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => orderUpdates.subscribe((update) => latest.current(update)), []);
}
