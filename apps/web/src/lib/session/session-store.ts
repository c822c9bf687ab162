import type { AccountDetails, ExtraFlags, SignedIn } from '@kite/domain';
import { useSyncExternalStore } from 'react';
import { local, session, storageKeys } from '../storage/storage.ts';

/** The stored login state (platform.md 3.2, 3.4): restored on reload from local storage. */
export interface LoginState {
  loggedIn: boolean;
  userId: string;
  userSessionId: string;
  accountDetails: AccountDetails;
  flags: ExtraFlags & { cugFlag: boolean; limitAgainstHolding: boolean };
  clientName: string;
  /** The login before this one (ISO), or null on a first login. */
  lastLoginAt: string | null;
  demats: SignedIn['demats'];
  /** Show the risk disclosure once after login (F&O clients, platform.md 2.9). */
  showRiskDisclosure: boolean;
}

let state: LoginState | null = read();
const listeners = new Set<() => void>();

function read(): LoginState | null {
  const raw = local.get(storageKeys.loginState);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as LoginState;
    return parsed.loggedIn ? parsed : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** Work features must finish while the session still lasts, before a logout revokes it. */
const beforeSignOut = new Set<() => Promise<void>>();

export const sessionStore = {
  get: (): LoginState | null => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** After a successful login (and OTP when asked). */
  signIn(next: LoginState): void {
    state = next;
    local.set(storageKeys.loginState, JSON.stringify(next));
    local.set(storageKeys.accountId, next.userId);
    session.set(storageKeys.userId, next.userId);
    emit();
  },
  update(patch: Partial<LoginState>): void {
    if (!state) return;
    state = { ...state, ...patch };
    local.set(storageKeys.loginState, JSON.stringify(state));
    emit();
  },
  /**
   * Clears the login state; the chart slots are cleared on logout (platform.md 3.4). The account id goes too: other
   * tabs see it change and reload (platform.md 2.3), so they leave the signed-out session at once.
   */
  signOut(): void {
    state = null;
    local.remove(storageKeys.loginState);
    local.remove(storageKeys.accountId);
    for (const key of storageKeys.chartSlots) local.remove(key);
    session.remove(storageKeys.userId);
    session.remove(storageKeys.appKey);
    emit();
  },
  /**
   * Registers work to finish before a logout revokes the session (the chart saves held back by their throttle): a
   * feature registers itself when it loads, so the shell that logs out never has to load it.
   */
  beforeSignOut(task: () => Promise<void>): () => void {
    beforeSignOut.add(task);
    return () => beforeSignOut.delete(task);
  },
  /** Runs the registered work (a logout is about to revoke the session); a task's failure does not stop the logout. */
  async finishBeforeSignOut(): Promise<void> {
    await Promise.all([...beforeSignOut].map((task) => task().catch(() => undefined)));
  },
  /** Re-reads local storage (another tab may have signed in or out). */
  reload(): void {
    state = read();
    emit();
  },
};

export function useLoginState(): LoginState | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
