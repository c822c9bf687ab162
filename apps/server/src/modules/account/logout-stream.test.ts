import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import { StreamTestClient } from '../../stream/stream-test-kit.ts';
import type { TestApp } from '../../test/harness.ts';
import { createSeededApp } from './account-test-support.ts';

/** platform.md 4.1, 6: after logout the session's live socket (prices and the client's order updates) must end too. */
describe('logout ends the live socket of the session', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createSeededApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('not listening');
    url = `ws://127.0.0.1:${address.port}/stream`;
  });
  afterAll(() => t.close());

  it('closes the socket at logout, not a minute later', async () => {
    const login = await t.call<{ userSessionId: string }>('/Account/Login', {
      userId: 'DEMO1',
      password: DEMO_PASSWORD,
    });
    expect(login.infoID, login.infoMsg).toBe('0');
    const client = await StreamTestClient.open(url);
    client.send({ task: 'connect', user: 'DEMO1', acctid: 'DEMO1', token: login.data.userSessionId });
    await client.until((c) => c.ofType('ack').length === 1);
    expect((await t.call('/Account/Logout', {}, { cookie: login.setCookie! })).infoID).toBe('0');
    await client.until((c) => c.closed !== null, 2000);
    expect(client.closed).not.toBeNull();
  });

  it('closes the sockets of the other sessions when the password is changed', async () => {
    const other = await t.call<{ userSessionId: string }>('/Account/Login', {
      userId: 'DEMO2',
      password: DEMO_PASSWORD,
    });
    const here = await t.call('/Account/Login', { userId: 'DEMO2', password: DEMO_PASSWORD });
    const client = await StreamTestClient.open(url);
    client.send({ task: 'connect', user: 'DEMO2', acctid: 'DEMO2', token: other.data.userSessionId });
    await client.until((c) => c.ofType('ack').length === 1);
    const changed = await t.call(
      '/Account/ChangePassword',
      { oldPassword: DEMO_PASSWORD, newPassword: 'Newpass123', confirmPassword: 'Newpass123' },
      { cookie: here.setCookie! },
    );
    expect(changed.infoID).toBe('0');
    await client.until((c) => c.closed !== null, 2000);
    expect(client.closed).not.toBeNull();
  });
});
