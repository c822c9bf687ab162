import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import type { TestApp } from '../../test/harness.ts';
import { createSeededApp } from '../account/account-test-support.ts';

describe('GET /dev/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp();
  });
  afterAll(() => t.close());

  it('lists sent messages newest first, with masked recipients and the OTP digits', async () => {
    await t.call('/Account/Login', { userId: 'DEMO3', password: DEMO_PASSWORD });
    await t.call('/Dormant/DormantCheck', { userId: 'DORMANT1' });
    const response = await t.app.inject({ url: '/dev/outbox' });
    expect(response.statusCode).toBe(200);
    const messages = response.json() as { id: number; channel: string; to: string; userId: string; subject: string; body: string; otp?: string; sentAt: string }[];
    expect(messages).toHaveLength(4);
    expect(messages[0]?.userId).toBe('DORMANT1');
    expect(messages[0]?.otp).toMatch(/^\d{6}$/);
    expect(messages[3]?.userId).toBe('DEMO3');
    expect(messages[3]?.otp).toMatch(/^\d{4}$/);
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'email', 'sms', 'sms']);
    expect(messages.find((m) => m.channel === 'sms')?.to).toMatch(/^\*{6}\d{4}$/);
    expect(messages.find((m) => m.channel === 'email')?.to).toMatch(/^[a-z0-9]{2}\*\*\*@kite-india\.example$/);
    expect(messages[0]?.body).toContain(messages[0]?.otp);
    expect(new Date(messages[0]?.sentAt ?? '').getTime()).toBeGreaterThan(0);
  });
});

describe('GET /dev/outbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp({ DEV_OUTBOX: 'off' });
  });
  afterAll(() => t.close());

  it('does not exist and keeps nothing', async () => {
    await t.call('/Account/Login', { userId: 'DEMO3', password: DEMO_PASSWORD });
    // Without the route the path is an unknown page: 404, or the web app's index.html when it is built.
    const response = await t.app.inject({ url: '/dev/outbox' });
    expect(response.statusCode === 404 || String(response.headers['content-type']).startsWith('text/html')).toBe(true);
    expect(t.app.delivery.outbox()).toHaveLength(0);
  });
});
