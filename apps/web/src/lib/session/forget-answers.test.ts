import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { forgetAnswersOnClientChange } from './forget-answers.ts';
import { sessionStore } from './session-store.ts';

describe("a client's cached answers end with their session", () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    sessionStore.signOut();
  });

  it('empties the cache at sign-out and when another client signs in, and keeps it through updates', () => {
    const client = new QueryClient();
    sessionStore.signIn(loginFixture({}, { userId: 'DEMO1' }));
    stop = forgetAnswersOnClientChange(client);
    client.setQueryData(['holdings'], ['DEMO1 RELIANCE 50']);

    sessionStore.update({ showRiskDisclosure: false });
    expect(client.getQueryData(['holdings'])).toEqual(['DEMO1 RELIANCE 50']);

    sessionStore.signOut();
    expect(client.getQueryData(['holdings'])).toBeUndefined();

    sessionStore.signIn(loginFixture({}, { userId: 'DEMO2' }));
    client.setQueryData(['holdings'], ['DEMO2 SBIN 100']);
    // Another tab signed in as DEMO3 without a sign-out here first.
    sessionStore.signIn(loginFixture({}, { userId: 'DEMO3' }));
    expect(client.getQueryData(['holdings'])).toBeUndefined();
  });
});
