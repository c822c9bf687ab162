import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '@kite/domain';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { createSeededApp, signIn } from '../modules/account/account-test-support.ts';
import type { TestApp } from '../test/harness.ts';
import { verifyStreamToken } from './auth.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sessions: idle timeout and sliding expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp({ SESSION_IDLE_MS: '600', SESSION_TOUCH_MS: '0' });
  });
  afterAll(() => t.close());

  it('ends a session idle longer than SESSION_IDLE_MS and records it', async () => {
    const cookie = await signIn(t, 'DEMO1');
    await sleep(750);
    expect((await t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie })).data.valid).toBe(false);
    expect((await t.call('/Account/ResetTPIN', {}, { cookie })).infoID).toBe('EGN006');
    const { rows } = await t.db.query(`SELECT revoked_reason FROM sessions s JOIN clients c ON c.id = s.client_id WHERE c.user_id = 'DEMO1'`);
    expect(rows.map((r) => r.revoked_reason)).toContain('idle');
    const audit = await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE user_id = 'DEMO1' AND event = 'session_expired'`);
    expect(audit.rows[0].n).toBe(1);
  });

  it('keeps a session alive while it is used (sliding)', async () => {
    const cookie = await signIn(t, 'DEMO2');
    for (let i = 0; i < 4; i++) {
      await sleep(300);
      expect((await t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie })).data.valid).toBe(true);
    }
  });
});

describe('sessions: last-seen writes are throttled', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp({ SESSION_TOUCH_MS: '60000' });
  });
  afterAll(() => t.close());

  it('does not write last_seen on every call', async () => {
    const cookie = await signIn(t, 'DEMO1');
    const read = async () =>
      (await t.db.query(`SELECT last_seen_at FROM sessions s JOIN clients c ON c.id = s.client_id WHERE c.user_id = 'DEMO1' AND revoked_at IS NULL`))
        .rows[0].last_seen_at.getTime();
    const before = await read();
    await sleep(20);
    await t.call('/Account/ValidateSession', {}, { cookie });
    expect(await read()).toBe(before);
  });

  it('ignores an unknown or forged cookie', async () => {
    const answer = await t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie: 'sid=forged-value' });
    expect(answer.data).toEqual({ valid: false, userId: null });
  });
});

describe('verifyStreamToken (websocket authorisation)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp();
  });
  afterAll(() => t.close());

  it("accepts the login's userSessionId for its own client only, and not after logout", async () => {
    const login = await t.call<SignedIn>('/Account/Login', { userId: 'DEMO1', password: DEMO_PASSWORD });
    const token = login.data.userSessionId;
    const context = await verifyStreamToken(t.db, 'DEMO1', token);
    expect(context).toMatchObject({ userId: 'DEMO1', otpPending: false });
    expect(await verifyStreamToken(t.db, 'demo1', token)).not.toBeNull();
    expect(await verifyStreamToken(t.db, 'DEMO2', token)).toBeNull();
    expect(await verifyStreamToken(t.db, 'DEMO1', 'x'.repeat(43))).toBeNull();
    expect(await verifyStreamToken(t.db, 'DEMO1', '')).toBeNull();
    // The session cookie is not a stream token.
    expect(await verifyStreamToken(t.db, 'DEMO1', (login.setCookie as string).slice(4))).toBeNull();
    await t.call('/Account/Logout', {}, { cookie: login.setCookie });
    expect(await verifyStreamToken(t.db, 'DEMO1', token)).toBeNull();
  });

  it('gives no stream token to a session still waiting for its OTP', async () => {
    const pending = await t.call('/Account/Login', { userId: 'DEMO3', password: DEMO_PASSWORD });
    const { rows } = await t.db.query('SELECT stream_token_hash FROM sessions s JOIN clients c ON c.id = s.client_id WHERE c.user_id = $1', ['DEMO3']);
    expect(pending.infoID).toBe('0');
    expect(rows[0].stream_token_hash).toBeNull();
  });

  it('ends a stream token with the idle timeout', async () => {
    const login = await t.call<SignedIn>('/Account/Login', { userId: 'DEMO2', password: DEMO_PASSWORD });
    await sleep(60);
    expect(await verifyStreamToken(t.db, 'DEMO2', login.data.userSessionId, 30)).toBeNull();
    expect(await verifyStreamToken(t.db, 'DEMO2', login.data.userSessionId)).not.toBeNull();
  });
});

describe('cookie Secure mode from config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp({ COOKIE_SECURE: 'always' });
  });
  afterAll(() => t.close());

  it('marks the cookie Secure over plain http when COOKIE_SECURE=always', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { request: { data: { userId: 'DEMO1', password: DEMO_PASSWORD } } },
    });
    expect(response.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
  });
});
