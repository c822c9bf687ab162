import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TPIN } from '../../db/seed.ts';
import { verifySecret } from './password-hash.ts';
import type { TestApp } from '../../test/harness.ts';
import { auditEvents, createSeededApp, signIn } from './account-test-support.ts';

describe('credential changes', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  const hashes = async () =>
    Object.fromEntries(
      (await t.db.query<{ user_id: string; password_hash: string; tpin_hash: string }>('SELECT user_id, password_hash, tpin_hash FROM clients')).rows.map(
        (r) => [r.user_id, r],
      ),
    );

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  it('refuses bad input with the spec texts and changes nothing', async () => {
    const before = await hashes();
    const mismatch = await t.call('/Account/ChangePassword', { oldPassword: DEMO_PASSWORD, newPassword: 'Newpass123', confirmPassword: 'Newpass124' }, { cookie: demo1 });
    expect(mismatch.infoMsg).toBe('New Password and Confirm Password do not match');
    const weak = await t.call('/Account/ChangePassword', { oldPassword: DEMO_PASSWORD, newPassword: 'abc', confirmPassword: 'abc' }, { cookie: demo1 });
    expect(weak.infoID).toBe('ACC013');
    const wrongOld = await t.call('/Account/ChangePassword', { oldPassword: 'Wrong123x', newPassword: 'Newpass123', confirmPassword: 'Newpass123' }, { cookie: demo1 });
    expect(wrongOld.infoID).toBe('ACC014');
    const same = await t.call('/Account/ChangePassword', { oldPassword: 'Demo1234x', newPassword: 'Demo1234x', confirmPassword: 'Demo1234x' }, { cookie: demo1 });
    expect(same.infoID).toBe('ACC015');
    const noSession = await t.call('/Account/ChangePassword', { oldPassword: DEMO_PASSWORD, newPassword: 'Newpass123', confirmPassword: 'Newpass123' });
    expect(noSession.infoID).toBe('EGN006');
    expect(await hashes()).toEqual(before);
  });

  it("changes only the caller's own password and signs out its other sessions", async () => {
    const otherDemo1 = await signIn(t, 'DEMO1');
    const before = await hashes();
    const done = await t.call('/Account/ChangePassword', { oldPassword: DEMO_PASSWORD, newPassword: 'Newpass123', confirmPassword: 'Newpass123' }, { cookie: demo1 });
    expect(done.infoID).toBe('0');
    const after = await hashes();
    expect(after.DEMO1?.password_hash).not.toBe(before.DEMO1?.password_hash);
    expect(after.DEMO2).toEqual(before.DEMO2);
    expect(await verifySecret(after.DEMO1?.password_hash as string, 'Newpass123')).toBe(true);
    expect((await t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie: demo1 })).data.valid).toBe(true);
    expect((await t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie: otherDemo1 })).data.valid).toBe(false);
    expect((await t.call('/Account/Login', { userId: 'DEMO2', password: DEMO_PASSWORD })).infoID).toBe('0');
    expect(await auditEvents(t, 'DEMO1')).toContain('password_changed');
  });

  it('changes the TPIN with the TPIN rules, for the caller only', async () => {
    const before = await hashes();
    expect((await t.call('/Account/ChangeTPIN', { oldTpin: DEMO_TPIN, newTpin: '12a4', confirmTpin: '12a4' }, { cookie: demo2 })).infoMsg).toBe(
      'TPIN should contain only digits',
    );
    expect((await t.call('/Account/ChangeTPIN', { oldTpin: DEMO_TPIN, newTpin: '123', confirmTpin: '123' }, { cookie: demo2 })).infoMsg).toBe(
      'Length of TPIN should be 4 characters',
    );
    expect((await t.call('/Account/ChangeTPIN', { oldTpin: DEMO_TPIN, newTpin: '5678', confirmTpin: '5679' }, { cookie: demo2 })).infoMsg).toBe(
      'New TPIN and Confirm TPIN do not match',
    );
    expect((await t.call('/Account/ChangeTPIN', { oldTpin: '9999', newTpin: '5678', confirmTpin: '5678' }, { cookie: demo2 })).infoID).toBe('ACC017');
    expect(await hashes()).toEqual(before);
    expect((await t.call('/Account/ChangeTPIN', { oldTpin: DEMO_TPIN, newTpin: '5678', confirmTpin: '5678' }, { cookie: demo2 })).infoID).toBe('0');
    const after = await hashes();
    expect(await verifySecret(after.DEMO2?.tpin_hash as string, '5678')).toBe(true);
    expect(after.DEMO1?.tpin_hash).toBe(before.DEMO1?.tpin_hash);
  });

  it('resets the TPIN and sends the new one to the registered contacts', async () => {
    const answer = await t.call('/Account/ResetTPIN', {}, { cookie: demo1 });
    expect(answer.infoID).toBe('0');
    const sent = t.app.delivery.outbox()[0];
    expect(sent?.userId).toBe('DEMO1');
    const tpin = /^(\d{4}) is your new TPIN/.exec(sent?.body ?? '')?.[1] as string;
    expect(await verifySecret((await hashes()).DEMO1?.tpin_hash as string, tpin)).toBe(true);
  });

  it("ForgotTPIN answers the spec's text for a CDSL client and refuses another client's id", async () => {
    const answer = await t.call<{ STATUS: string; MESSAGE: string }>('/Client/ForgotTPIN', { clientId: 'demo2', source: 'web' }, { cookie: demo2 });
    expect(answer.data).toEqual({ STATUS: 'S', MESSAGE: 'TPIN generate successfully, Kindly check your mail and SMS' });
    const before = await hashes();
    const other = await t.call('/Client/ForgotTPIN', { clientId: 'DEMO1', source: 'web' }, { cookie: demo2 });
    expect(other.infoID).toBe('ACC019');
    expect(await hashes()).toEqual(before);
  });

  it('ForgotTPIN answers STATUS F for a client without a CDSL demat', async () => {
    const otpLogin = await t.call('/Account/Login', { userId: 'DEMO3', password: DEMO_PASSWORD });
    expect(otpLogin.infoID).toBe('0');
    await t.db.query(`UPDATE sessions SET otp_pending = false WHERE client_id = (SELECT id FROM clients WHERE user_id = 'DEMO3')`);
    await t.app.sessionCache.sync();
    const answer = await t.call<{ STATUS: string }>('/Client/ForgotTPIN', { clientId: 'DEMO3' }, { cookie: otpLogin.setCookie });
    expect(answer.data.STATUS).toBe('F');
  });
});
