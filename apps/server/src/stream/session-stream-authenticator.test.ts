import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '@kite/domain';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { createSeededApp } from '../modules/account/account-test-support.ts';
import type { TestApp } from '../test/harness.ts';
import { defaultStreamAuthenticator } from './session-stream-authenticator.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A client watching live prices makes no calls; the browser's inactivity timer (platform.md 4.1, trading.md 4.10)
 * decides when the session ends. The stream's authorisation and revalidation must not let the server's idle clock
 * end it meanwhile (it closed the socket and froze every price on screen, with the client still signed in).
 */
describe('the stream keeps its session alive while it is open', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp({ SESSION_IDLE_MS: '600', SESSION_TOUCH_MS: '0' });
  });
  afterAll(() => t.close());

  it('revalidating a live stream slides the session, so a client using only the stream is not signed out', async () => {
    const login = await t.call<SignedIn>('/Account/Login', { userId: 'DEMO1', password: DEMO_PASSWORD });
    const authenticator = defaultStreamAuthenticator(t.db, t.config);
    const credentials = { user: 'DEMO1', acctid: 'DEMO1', token: login.data.userSessionId };
    // Four checks 300 ms apart: 1.2 s in all, twice the idle limit, with no call in between.
    for (let i = 0; i < 4; i++) {
      await sleep(300);
      expect(await authenticator.authenticate(credentials), `check ${i + 1}`).toMatchObject({ userId: 'DEMO1' });
    }
    const valid = await t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie: login.setCookie });
    expect(valid.data.valid).toBe(true);
  });

  it('still refuses a session that went idle before the stream checked it, and a wrong token', async () => {
    const login = await t.call<SignedIn>('/Account/Login', { userId: 'DEMO2', password: DEMO_PASSWORD });
    const authenticator = defaultStreamAuthenticator(t.db, t.config);
    expect(await authenticator.authenticate({ user: 'DEMO2', acctid: 'DEMO2', token: 'x'.repeat(43) })).toBeNull();
    await sleep(750);
    expect(
      await authenticator.authenticate({ user: 'DEMO2', acctid: 'DEMO2', token: login.data.userSessionId }),
    ).toBeNull();
  });
});
