import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { createSeededApp, signIn } from './account-test-support.ts';
import { SESSION_CACHE_APPLICATION } from './session-cache.ts';
import { sha256 } from './tokens.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const hashOf = (cookie: string) => sha256(cookie.replace(/^sid=/, ''));

describe('session cache: sessions served from memory, forgotten on every change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp({ SESSION_TOUCH_MS: '60000' });
  });
  afterAll(() => t.close());

  // A login writes the client row, which is heard as a change a moment later: wait for it so it does not race the test.
  const logIn = async (userId: string) => {
    const cookie = await signIn(t, userId);
    await t.app.sessionCache.sync();
    return cookie;
  };
  const valid = async (cookie: string) =>
    (await t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie })).data.valid;

  it('holds a session after its first request and serves the next from memory', async () => {
    const cookie = await logIn('DEMO1');
    expect(await valid(cookie)).toBe(true);
    expect(t.app.sessionCache.get(hashOf(cookie))?.user_id).toBe('DEMO1');
    // Any change to the session row, even one that does not matter to it, is heard and the row is read again.
    await t.db.query("UPDATE sessions SET ip = '203.0.113.9' WHERE client_id = (SELECT id FROM clients WHERE user_id = 'DEMO1')");
    await t.app.sessionCache.sync();
    expect(t.app.sessionCache.get(hashOf(cookie))).toBeUndefined();
    expect(await valid(cookie)).toBe(true);
  });

  it('refuses a session revoked beside the server once the change is heard', async () => {
    const cookie = await logIn('DEMO2');
    expect(await valid(cookie)).toBe(true);
    await t.db.query(
      "UPDATE sessions SET revoked_at = now(), revoked_reason = 'admin' WHERE client_id = (SELECT id FROM clients WHERE user_id = 'DEMO2')",
    );
    await t.app.sessionCache.sync();
    expect(await valid(cookie)).toBe(false);
    expect((await t.call('/Account/ResetTPIN', {}, { cookie })).infoID).toBe('EGN006');
  });

  it('forgets at once a session this server logs out', async () => {
    const cookie = await logIn('DEMO1');
    expect(await valid(cookie)).toBe(true);
    expect((await t.call('/Account/Logout', {}, { cookie })).infoID).toBe('0');
    expect(t.app.sessionCache.get(hashOf(cookie))).toBeUndefined();
    expect(await valid(cookie)).toBe(false);
  });

  it('sees a permission changed beside the server (the client row) on the next request after it is heard', async () => {
    const cookie = await logIn('DEMO2');
    expect((await t.call('/Basket/GetBasketList', { status: 'N' }, { cookie })).infoID).toBe('0');
    await t.db.query("UPDATE clients SET basket_order = false WHERE user_id = 'DEMO2'");
    try {
      await t.app.sessionCache.sync();
      expect((await t.call('/Basket/GetBasketList', { status: 'N' }, { cookie })).infoID).toBe('EGN004');
    } finally {
      await t.db.query("UPDATE clients SET basket_order = true WHERE user_id = 'DEMO2'");
      await t.app.sessionCache.sync();
    }
  });

  it('keeps the session through its own last-seen touch, and drops it when last-seen moves back', async () => {
    const cookie = await logIn('DEMO1');
    expect(await valid(cookie)).toBe(true);
    const demo1 = "client_id = (SELECT id FROM clients WHERE user_id = 'DEMO1') AND revoked_at IS NULL";
    await t.db.query(`UPDATE sessions SET last_seen_at = now() WHERE ${demo1}`);
    await t.app.sessionCache.sync();
    expect(t.app.sessionCache.get(hashOf(cookie))).toBeDefined();
    await t.db.query(`UPDATE sessions SET last_seen_at = now() - interval '1 hour' WHERE ${demo1}`);
    await t.app.sessionCache.sync();
    expect(t.app.sessionCache.get(hashOf(cookie))).toBeUndefined();
    // Read again, it is seen an hour idle, so the request writes its last-seen time (the touch interval is a minute).
    expect(await valid(cookie)).toBe(true);
    const { rows } = await t.db.query(
      `SELECT now() - last_seen_at < interval '10 seconds' AS fresh FROM sessions WHERE token_hash = $1`,
      [hashOf(cookie)],
    );
    expect(rows[0].fresh).toBe(true);
  });

  it('does not keep a read that overlapped a change', async () => {
    const cookie = await logIn('DEMO2');
    expect(await valid(cookie)).toBe(true);
    const cache = t.app.sessionCache;
    const session = cache.get(hashOf(cookie))!;
    cache.forgetToken(hashOf(cookie));
    const generation = cache.generation;
    cache.forgetClient(999_999); // a change heard while the read was on its way
    cache.put(hashOf(cookie), session, generation);
    expect(cache.get(hashOf(cookie))).toBeUndefined();
    cache.put(hashOf(cookie), session, cache.generation);
    expect(cache.get(hashOf(cookie))).toBeDefined();
  });

  it('serves nothing from memory while it cannot listen, and listens again by itself', async () => {
    const cookie = await logIn('DEMO1');
    expect(await valid(cookie)).toBe(true);
    const terminated = await t.db.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [SESSION_CACHE_APPLICATION],
    );
    expect(terminated.rowCount).toBe(1);
    for (let i = 0; i < 50 && t.app.sessionCache.serving; i++) await sleep(20);
    expect(t.app.sessionCache.serving).toBe(false);
    // Deaf, the server reads every session: a revocation beside it counts at once.
    expect(await valid(cookie)).toBe(true);
    expect(t.app.sessionCache.get(hashOf(cookie))).toBeUndefined();
    await t.db.query(
      "UPDATE sessions SET revoked_at = now(), revoked_reason = 'admin' WHERE client_id = (SELECT id FROM clients WHERE user_id = 'DEMO1')",
    );
    expect(await valid(cookie)).toBe(false);
    for (let i = 0; i < 150 && !t.app.sessionCache.serving; i++) await sleep(20);
    expect(t.app.sessionCache.serving).toBe(true);
    const again = await logIn('DEMO1');
    expect(await valid(again)).toBe(true);
    expect(t.app.sessionCache.get(hashOf(again))?.user_id).toBe('DEMO1');
  });
});
