import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { mintSsoToken } from './sso-token.ts';

interface SsoReply {
  result: 'SUCCESS' | 'FAILED';
  userId: string | null;
  source: string | null;
  appkey: string | null;
  session: { userId: string; accountDetails: unknown } | null;
}

describe('/Business/SSOService against PostgreSQL', () => {
  let t: TestApp;
  let demo1: number;
  let dormant: number;
  beforeAll(async () => {
    t = await createSeededApp({ SSO_SIGNING_KEY: 'test-signing-key-of-at-least-32-characters!' });
    const { rows } = await t.db.query<{ id: number; user_id: string }>("SELECT id, user_id FROM clients WHERE user_id IN ('DEMO1', 'DORMANT1')");
    demo1 = rows.find((r) => r.user_id === 'DEMO1')?.id ?? 0;
    dormant = rows.find((r) => r.user_id === 'DORMANT1')?.id ?? 0;
  });
  afterAll(() => t.close());

  it('signs the client in with a fresh token and sets a working session cookie', async () => {
    const token = await mintSsoToken(t.db, t.config, { clientId: demo1, source: 'P' });
    const answer = await t.call<SsoReply>('/Business/SSOService', { data: token });
    expect(answer.infoID).toBe('0');
    expect(answer.data).toMatchObject({ result: 'SUCCESS', userId: 'DEMO1', source: 'P' });
    expect(answer.data.appkey).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.data.session?.userId).toBe('DEMO1');
    expect(answer.setCookie).toBeDefined();
    const check = await t.call<{ valid: boolean; userId: string }>('/Account/ValidateSession', {}, { cookie: answer.setCookie });
    expect(check.data).toEqual({ valid: true, userId: 'DEMO1' });
  });

  it('accepts a token once only', async () => {
    const token = await mintSsoToken(t.db, t.config, { clientId: demo1 });
    expect((await t.call<SsoReply>('/Business/SSOService', { data: token })).data.result).toBe('SUCCESS');
    const again = await t.call<SsoReply>('/Business/SSOService', { data: token });
    expect(again.data).toEqual({ result: 'FAILED', userId: null, source: null, appkey: null, session: null });
    expect(again.setCookie).toBeUndefined();
  });

  it('refuses an expired token, a tampered one and one signed with another key', async () => {
    const expired = await mintSsoToken(t.db, t.config, { clientId: demo1, ttlMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await t.call<SsoReply>('/Business/SSOService', { data: expired })).data.result).toBe('FAILED');

    const token = await mintSsoToken(t.db, t.config, { clientId: demo1 });
    const [version, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: number };
    const other = Buffer.from(JSON.stringify({ ...claims, sub: dormant })).toString('base64url');
    const tampered = `${version}.${other}.${signature}`;
    expect((await t.call<SsoReply>('/Business/SSOService', { data: tampered })).data.result).toBe('FAILED');

    const foreign = await mintSsoToken(t.db, { ...t.config, sso: { ...t.config.sso, signingKey: 'another-key-another-key-another-key!!' } }, { clientId: demo1 });
    expect((await t.call<SsoReply>('/Business/SSOService', { data: foreign })).data.result).toBe('FAILED');
    expect((await t.call<SsoReply>('/Business/SSOService', { data: 'garbage' })).data.result).toBe('FAILED');
    // The genuine token was not spent by the refusals above.
    expect((await t.call<SsoReply>('/Business/SSOService', { data: token })).data.result).toBe('SUCCESS');
  });

  it('refuses a dormant client', async () => {
    const token = await mintSsoToken(t.db, t.config, { clientId: dormant });
    expect((await t.call<SsoReply>('/Business/SSOService', { data: token })).data.result).toBe('FAILED');
  });

  it('audits the sign-on as a login through SSO', async () => {
    const { rows } = await t.db.query<{ detail: { via?: string } }>(
      "SELECT detail FROM audit_log WHERE user_id = 'DEMO1' AND event = 'login_success' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]?.detail.via).toBe('sso');
  });
});
