import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedInAnotherTab, local, sealedName, session, storageKeys } from './storage.ts';

/** Every stored item as the browser keeps it: names and values. */
const raw = (area: Storage) =>
  Array.from({ length: area.length }, (_, i) => [area.key(i)!, area.getItem(area.key(i)!)!]);

describe('client-side storage, sealed (platform.md 3.4)', () => {
  afterEach(() => {
    local.remove(storageKeys.loginState);
    session.remove(storageKeys.userId);
  });

  it('keeps names and values unreadable in the browser, and reads them back', () => {
    local.set(storageKeys.loginState, '{"userId":"DEMO1","userSessionId":"s3cr3t"}');
    session.set(storageKeys.userId, 'DEMO1');
    expect(local.get(storageKeys.loginState)).toBe('{"userId":"DEMO1","userSessionId":"s3cr3t"}');
    expect(session.get(storageKeys.userId)).toBe('DEMO1');
    const text = JSON.stringify([...raw(window.localStorage), ...raw(window.sessionStorage)]);
    for (const secret of ['kite.login', 'kite.userId', 'DEMO1', 's3cr3t']) expect(text).not.toContain(secret);
  });

  it('seals the same value differently each time, and refuses a value moved to another name or altered', () => {
    local.set(storageKeys.loginState, 'one');
    const first = window.localStorage.getItem(sealedName(storageKeys.loginState));
    local.set(storageKeys.loginState, 'one');
    const second = window.localStorage.getItem(sealedName(storageKeys.loginState));
    expect(first).not.toBe(second);

    window.localStorage.setItem(sealedName(storageKeys.theme), second!);
    expect(local.get(storageKeys.theme)).toBeNull();
    const altered = `${second!.slice(0, -4)}AAA=`;
    window.localStorage.setItem(sealedName(storageKeys.loginState), altered);
    expect(local.get(storageKeys.loginState)).toBeNull();
    local.remove(storageKeys.theme);
  });

  it("tells another tab's change of a key from the same value sealed again", () => {
    local.set(storageKeys.accountId, 'DEMO1');
    const before = window.localStorage.getItem(sealedName(storageKeys.accountId));
    local.set(storageKeys.accountId, 'DEMO1');
    const same = window.localStorage.getItem(sealedName(storageKeys.accountId));
    local.set(storageKeys.accountId, 'DEMO2');
    const other = window.localStorage.getItem(sealedName(storageKeys.accountId));
    const event = (oldValue: string | null, newValue: string | null, key = sealedName(storageKeys.accountId)) =>
      new StorageEvent('storage', { key, oldValue, newValue });
    expect(changedInAnotherTab(event(before, same), storageKeys.accountId)).toBe(false);
    expect(changedInAnotherTab(event(same, other), storageKeys.accountId)).toBe(true);
    expect(changedInAnotherTab(event(same, other, sealedName(storageKeys.theme)), storageKeys.accountId)).toBe(false);
    local.remove(storageKeys.accountId);
  });

  it('seals what an earlier version kept in the clear, once, under the same name', async () => {
    window.localStorage.setItem(storageKeys.theme, 'light');
    window.sessionStorage.setItem(storageKeys.userId, 'DEMO2');
    vi.resetModules();
    const loaded = await import('./storage.ts');
    expect(window.localStorage.getItem(storageKeys.theme)).toBeNull();
    expect(window.sessionStorage.getItem(storageKeys.userId)).toBeNull();
    expect(loaded.local.get(storageKeys.theme)).toBe('light');
    expect(loaded.session.get(storageKeys.userId)).toBe('DEMO2');
    loaded.local.remove(storageKeys.theme);
  });
});
