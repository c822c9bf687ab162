import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import type { TestApp } from '../../test/harness.ts';
import { auditEvents, createSeededApp, latestOtp, signIn } from './account-test-support.ts';

describe('dormant reactivation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp();
  });
  afterAll(() => t.close());

  it('refuses clients that are not dormant', async () => {
    const answer = await t.call('/Dormant/DormantCheck', { userId: 'DEMO1' });
    expect(answer.infoID).toBe('ACC018');
    expect((await t.call('/Dormant/DormantCheck', { userId: 'NOBODY' })).infoMsg).toBe(answer.infoMsg);
    expect((await t.call('/Dormant/RegenerateOTP', { userId: 'DEMO1' })).infoID).toBe('ACC018');
  });

  it('sends a 6-digit OTP, resends, refuses a wrong or malformed OTP, then reactivates', async () => {
    const check = await t.call<{ msg: string }>('/Dormant/DormantCheck', { userId: 'dormant1' });
    expect(check.infoID).toBe('0');
    expect(check.data.msg).toMatch(/\*{6}0004/);
    expect(latestOtp(t, 'DORMANT1')).toMatch(/^\d{6}$/);
    const regen = await t.call<{ msg: string }>('/Dormant/RegenerateOTP', { userId: 'DORMANT1' });
    expect(regen.data.msg).toMatch(/resent/);
    const code = latestOtp(t, 'DORMANT1');
    const malformed = await t.call('/Dormant/VerifyOTP', { userId: 'DORMANT1', otp: '1234' });
    expect(malformed.infoID).toBe('EGN001');
    const wrong = await t.call('/Dormant/VerifyOTP', { userId: 'DORMANT1', otp: code === '000000' ? '111111' : '000000' });
    expect(wrong.infoID).toBe('ACC004');
    const still = await t.db.query(`SELECT dormant FROM clients WHERE user_id = 'DORMANT1'`);
    expect(still.rows[0].dormant).toBe(true);

    const ok = await t.call<{ msg: string }>('/Dormant/VerifyOTP', { userId: 'DORMANT1', otp: code });
    expect(ok.infoID).toBe('0');
    expect(ok.data.msg).toMatch(/reactivated/);
    await signIn(t, 'DORMANT1', DEMO_PASSWORD);
    expect(await auditEvents(t, 'DORMANT1')).toEqual(expect.arrayContaining(['dormant_otp_sent', 'dormant_otp_failed', 'dormant_reactivated', 'login_success']));
    // Reactivated: the flow is closed.
    expect((await t.call('/Dormant/VerifyOTP', { userId: 'DORMANT1', otp: code })).infoID).toBe('ACC018');
  });
});
