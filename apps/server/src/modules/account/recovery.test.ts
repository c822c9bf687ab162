import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TPIN, demoClients } from '../../db/seed.ts';
import type { TestApp } from '../../test/harness.ts';
import { auditEvents, createSeededApp, latestOtp, otherCode, signIn } from './account-test-support.ts';

const NEW_PASSWORD = 'Fresh2024pass';

describe('lockout and the unlock / reset chain', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp();
  });
  afterAll(() => t.close());

  async function lock(userId: string): Promise<void> {
    for (let i = 1; i <= 4; i++) expect((await t.call('/Account/Login', { userId, password: `wrong${i}` })).infoID).toBe('ACC001');
    const fifth = await t.call('/Account/Login', { userId, password: 'wrong5' });
    expect(fifth.infoID).toBe('ACC002');
    expect(fifth.infoMsg).toMatch(/Unlock Account/);
  }

  async function tokenFor(userId: string, panOrTpin: string, type: 'reset' | 'unlock'): Promise<string> {
    expect((await t.call('/Account/VerifyPAN', { userId, panOrTpin, type })).infoID).toBe('0');
    const sent = await t.call<{ sentTo: string }>('/Account/GenerateOTP', { userId, type });
    expect(sent.infoID).toBe('0');
    expect(sent.data.sentTo).toMatch(/^\*{6}\d{4}$/);
    const verified = await t.call<{ resetToken: string }>('/Account/VerifyOTP', { userId, otp: latestOtp(t, userId), type });
    expect(verified.infoID).toBe('0');
    return verified.data.resetToken;
  }

  it('locks after 5 wrong passwords; even the right password is then refused', async () => {
    await lock('DEMO1');
    expect((await t.call('/Account/Login', { userId: 'DEMO1', password: DEMO_PASSWORD })).infoID).toBe('ACC002');
    const events = await auditEvents(t, 'DEMO1');
    expect(events.filter((e) => e === 'login_failure')).toHaveLength(4);
    expect(events).toContain('login_lockout');
    expect(events).toContain('login_locked');
  });

  it('unlocks through VerifyPAN (PAN) -> GenerateOTP -> VerifyOTP type unlock -> UnlockAccount', async () => {
    const pan = demoClients.find((c) => c.userId === 'DEMO1')?.pan as string;
    const token = await tokenFor('DEMO1', pan.toLowerCase(), 'unlock');
    expect((await t.call('/Account/UnlockAccount', { userId: 'DEMO1', resetToken: token })).infoID).toBe('0');
    await signIn(t, 'DEMO1');
    // The token is single use.
    expect((await t.call('/Account/UnlockAccount', { userId: 'DEMO1', resetToken: token })).infoID).toBe('ACC011');
    expect(await auditEvents(t, 'DEMO1')).toContain('account_unlocked');
  });

  it('resets the password with the TPIN, which also unlocks and ends existing sessions', async () => {
    const before = await signIn(t, 'DEMO2');
    await lock('DEMO2');
    const token = await tokenFor('DEMO2', DEMO_TPIN, 'reset');
    const mismatch = await t.call('/Account/ResetPassword', { userId: 'DEMO2', resetToken: token, newPassword: NEW_PASSWORD, confirmPassword: 'other' });
    expect(mismatch.infoMsg).toBe('New Password and Confirm Password do not match');
    const weak = await t.call('/Account/ResetPassword', { userId: 'DEMO2', resetToken: token, newPassword: 'short', confirmPassword: 'short' });
    expect(weak.infoID).toBe('ACC013');
    const done = await t.call('/Account/ResetPassword', { userId: 'DEMO2', resetToken: token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.infoID).toBe('0');
    expect((await t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie: before })).data.valid).toBe(false);
    expect((await t.call('/Account/Login', { userId: 'DEMO2', password: DEMO_PASSWORD })).infoID).toBe('ACC001');
    await signIn(t, 'DEMO2', NEW_PASSWORD);
  });

  it('accepts the birth year and refuses wrong details without starting the chain', async () => {
    const wrong = await t.call('/Account/VerifyPAN', { userId: 'DEMO3', panOrTpin: 'ZZZPZ9999Z', type: 'reset' });
    expect(wrong.infoID).toBe('ACC010');
    expect((await t.call('/Account/GenerateOTP', { userId: 'DEMO3', type: 'reset' })).infoID).toBe('ACC011');
    const badShape = await t.call('/Account/VerifyPAN', { userId: 'DEMO3', panOrTpin: '12ab', type: 'reset' });
    expect(badShape.infoMsg).toBe('TPIN should contain only digits');
    const length = await t.call('/Account/VerifyPAN', { userId: 'DEMO3', panOrTpin: '123456', type: 'reset' });
    expect(length.infoMsg).toBe('Length of PAN / TPIN should be either 10 or 4 characters');
    expect((await t.call('/Account/VerifyPAN', { userId: 'DEMO3', panOrTpin: '1978', type: 'reset' })).infoID).toBe('0');
    expect(await auditEvents(t, 'DEMO3')).toEqual(expect.arrayContaining(['recovery_verify_failed', 'recovery_verified']));
  });

  it('refuses unlock for an account that is not locked', async () => {
    expect((await t.call('/Account/VerifyPAN', { userId: 'DEMO3', panOrTpin: '1978', type: 'unlock' })).infoID).toBe('ACC012');
  });

  it("does not let one client's token or OTP act on another client", async () => {
    const token = await tokenFor('DEMO3', '1978', 'reset');
    const other = await t.call('/Account/ResetPassword', { userId: 'DEMO1', resetToken: token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(other.infoID).toBe('ACC011');
    await signIn(t, 'DEMO1');
    // DEMO3's verified chain cannot be used to send another OTP, and DEMO3's OTP does not verify DEMO1's chain.
    expect((await t.call('/Account/GenerateOTP', { userId: 'DEMO3', type: 'reset' })).infoID).toBe('ACC011');
    const demo3Otp = latestOtp(t, 'DEMO3');
    expect((await t.call('/Account/VerifyPAN', { userId: 'DEMO1', panOrTpin: DEMO_TPIN, type: 'reset' })).infoID).toBe('0');
    expect((await t.call('/Account/GenerateOTP', { userId: 'DEMO1', type: 'reset' })).infoID).toBe('0');
    const demo1Otp = latestOtp(t, 'DEMO1');
    const foreign = demo3Otp === demo1Otp ? otherCode(demo1Otp) : demo3Otp;
    expect((await t.call('/Account/VerifyOTP', { userId: 'DEMO1', otp: foreign, type: 'reset' })).infoID).toBe('ACC004');
  });

  it('needs a new OTP after 3 wrong tries in the chain', async () => {
    expect((await t.call('/Account/VerifyPAN', { userId: 'DEMO3', panOrTpin: '1978', type: 'reset' })).infoID).toBe('0');
    await t.call('/Account/GenerateOTP', { userId: 'DEMO3', type: 'reset' });
    const good = latestOtp(t, 'DEMO3');
    for (const expected of ['ACC004', 'ACC004', 'ACC006']) {
      expect((await t.call('/Account/VerifyOTP', { userId: 'DEMO3', otp: otherCode(good), type: 'reset' })).infoID).toBe(expected);
    }
    expect((await t.call('/Account/VerifyOTP', { userId: 'DEMO3', otp: good, type: 'reset' })).infoID).toBe('ACC006');
    await t.call('/Account/GenerateOTP', { userId: 'DEMO3', type: 'reset' });
    expect((await t.call('/Account/VerifyOTP', { userId: 'DEMO3', otp: latestOtp(t, 'DEMO3'), type: 'reset' })).infoID).toBe('0');
  });

  it('sends the client id to the registered contacts for a matching PAN and mobile, with one answer for all', async () => {
    const demo1 = demoClients.find((c) => c.userId === 'DEMO1');
    const count = t.app.delivery.outbox().length;
    const hit = await t.call<{ message: string }>('/Account/GetClientId', { pan: demo1?.pan, mobile: demo1?.mobile });
    const miss = await t.call<{ message: string }>('/Account/GetClientId', { pan: demo1?.pan, mobile: '9000000000' });
    expect(hit.infoID).toBe('0');
    expect(miss.data.message).toBe(hit.data.message);
    const sent = t.app.delivery.outbox().slice(0, t.app.delivery.outbox().length - count);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toBe('Your Client ID is DEMO1.');
  });
});
