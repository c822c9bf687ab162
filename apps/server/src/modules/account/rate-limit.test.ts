import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { createSeededApp } from './account-test-support.ts';

describe('rate limits on login and OTP calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp({ AUTH_RATE_MAX_PER_IP: '6', AUTH_RATE_MAX_PER_USER: '3' });
  });
  afterAll(() => t.close());

  it('answers EGN003 past the per-client limit, while other clients still get through', async () => {
    for (let i = 0; i < 3; i++) expect((await t.call('/Account/Login', { userId: 'DEMO2', password: 'x' })).infoID).toBe('ACC001');
    const limited = await t.call('/Account/Login', { userId: 'DEMO2', password: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.infoID).toBe('EGN003');
    expect(limited.infoMsg).toMatch(/^Too many requests\. Please try again after \d+ seconds\.$/);
    expect(limited.headers['retry-after']).toBeDefined();
    // The limited attempt never reached the password check.
    const { rows } = await t.db.query(`SELECT failed_attempts FROM clients WHERE user_id = 'DEMO2'`);
    expect(rows[0].failed_attempts).toBe(3);
    expect((await t.call('/Account/Login', { userId: 'DEMO1', password: 'x' })).infoID).toBe('ACC001');
  });

  it('answers EGN003 past the per-IP limit whatever the client id', async () => {
    const ids = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'];
    const answers = [];
    for (const userId of ids) answers.push((await t.call('/Dormant/DormantCheck', { userId })).infoID);
    expect(answers.slice(0, 6).every((id) => id === 'ACC018')).toBe(true);
    expect(answers[6]).toBe('EGN003');
    const other = await t.call('/Dormant/DormantCheck', { userId: 'B1' }, { headers: { 'x-forwarded-for': '10.1.2.3' } });
    expect(other.infoID).toBe('ACC018');
  });

  it('leaves calls outside the list unlimited', async () => {
    for (let i = 0; i < 10; i++) expect((await t.call('/Account/ValidateSession', {})).infoID).toBe('0');
  });
});
