import { getStreamStatus } from '@kite/domain';
import { callApi } from '../lib/api/client.ts';
import { local, storageKeys } from '../lib/storage/storage.ts';

/** Old service workers are unregistered at start (platform.md 9). */
export function unregisterServiceWorkers(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
    .catch(() => undefined);
}

/** The right-click context menu is disabled in the client (platform.md 1). Returns the function that restores it. */
export function disableContextMenu(target: Window = window): () => void {
  const block = (event: Event) => event.preventDefault();
  target.addEventListener('contextmenu', block);
  return () => target.removeEventListener('contextmenu', block);
}

/** The stream-status flag is fetched at start and stored as TR_STREAM_FLAG (platform.md 4.7). */
export async function fetchStreamStatus(): Promise<void> {
  try {
    const { data } = await callApi(getStreamStatus, {});
    local.set(storageKeys.trStreamFlag, data.trStreamStatus);
  } catch {
    // Without an answer the stored flag (or the newer feed, its default) stays in use.
  }
}
