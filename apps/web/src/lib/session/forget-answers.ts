import type { QueryClient } from '@tanstack/react-query';
import { sessionStore } from './session-store.ts';

/**
 * One client's server answers never outlive their session in this tab: the app keeps one query cache, and a logout
 * followed by another client's login does not reload the page, so the next client's screens would first show the
 * previous client's cached holdings, orders or bids while their own load. The cache is emptied whenever the signed-in
 * client changes: a sign-out, or (from another tab) a sign-in as someone else.
 */
export function forgetAnswersOnClientChange(client: QueryClient): () => void {
  let signedIn = sessionStore.get()?.userId ?? null;
  return sessionStore.subscribe(() => {
    const now = sessionStore.get()?.userId ?? null;
    if (now === signedIn) return;
    signedIn = now;
    client.clear();
  });
}
