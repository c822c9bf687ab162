import { useSyncExternalStore } from 'react';

/** Whether the order dialog is open and whether it shows market depth (F6, trading.md 2.1). */
let open = false;
let depthShown = true;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const orderDialogState = {
  isOpen: (): boolean => open,
  setOpen(next: boolean): void {
    open = next;
    if (next) depthShown = true;
    emit();
  },
  depthShown: (): boolean => depthShown,
  toggleDepth(): void {
    if (!open) return;
    depthShown = !depthShown;
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useDepthShown(): boolean {
  return useSyncExternalStore(orderDialogState.subscribe, orderDialogState.depthShown);
}
