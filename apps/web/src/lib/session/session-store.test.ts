import { afterEach, describe, expect, it } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { local, storageKeys } from '../storage/storage.ts';
import { sessionStore } from './session-store.ts';

describe('the stored session (platform.md 3.4)', () => {
  afterEach(() => sessionStore.signOut());

  it('signing out removes the stored account id, which other tabs watch (platform.md 2.3: they reload)', () => {
    sessionStore.signIn(loginFixture({}, { userId: 'DEMO1' }));
    expect(local.get(storageKeys.accountId)).toBe('DEMO1');
    sessionStore.signOut();
    expect(local.get(storageKeys.accountId)).toBeNull();
    expect(local.get(storageKeys.loginState)).toBeNull();
  });
});
