import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

export type CloseDialog<T> = (result?: T) => void;

interface DialogEntry {
  id: number;
  /** Dialogs opened with a key replace an open one with the same key instead of stacking (e.g. session timeout). */
  key: string | undefined;
  render: (close: CloseDialog<unknown>) => ReactNode;
  resolve: (result: unknown) => void;
}

let entries: readonly DialogEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens a dialog; the promise settles with what the dialog passed to close (undefined when dismissed). */
export function openDialog<T>(render: (close: CloseDialog<T>) => ReactNode, key?: string): Promise<T | undefined> {
  return new Promise((resolve) => {
    const id = nextId++;
    const close = (result?: unknown): void => {
      entries = entries.filter((entry) => entry.id !== id);
      emit();
      resolve(result as T | undefined);
    };
    const kept = key === undefined ? entries : entries.filter((entry) => entry.key !== key);
    entries = [...kept, { id, key, render: (c) => render(c as CloseDialog<T>), resolve: close }];
    emit();
  });
}

/** Navigation shortcuts and order-dialog openers do nothing while any popup is open (platform.md 2.7). */
export function isAnyDialogOpen(): boolean {
  return entries.length > 0 || document.querySelector('dialog[open]') !== null;
}

export function closeTopDialog(): boolean {
  const top = entries[entries.length - 1];
  if (!top) return false;
  top.resolve(undefined);
  return true;
}

export function closeAllDialogs(): void {
  for (const entry of [...entries].reverse()) entry.resolve(undefined);
}

export function useDialogEntries(): readonly DialogEntry[] {
  return useSyncExternalStore(subscribe, () => entries);
}
