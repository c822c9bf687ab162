import { useSyncExternalStore } from 'react';
import { local, storageKeys } from '../../lib/storage/storage.ts';

export type Theme = 'dark' | 'light';

/** Dark by default (platform.md 1, 9). */
export const DEFAULT_THEME: Theme = 'dark';

const listeners = new Set<() => void>();

export function getTheme(): Theme {
  return local.get(storageKeys.theme) === 'light' ? 'light' : DEFAULT_THEME;
}

/** Every colour comes from tokens.css, switched by <html data-theme>. */
export function applyTheme(theme: Theme = getTheme()): void {
  document.documentElement.dataset.theme = theme;
}

export function setTheme(theme: Theme): void {
  local.set(storageKeys.theme, theme);
  applyTheme(theme);
  for (const listener of listeners) listener();
}

/** The user menu's Preferred Theme toggles and reloads the page (platform.md 2.4). */
export function toggleThemeAndReload(): void {
  setTheme(getTheme() === 'dark' ? 'light' : 'dark');
  window.location.reload();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getTheme,
  );
}
