import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TPIN } from '../../db/seed.ts';
import type { TestApp } from '../../test/harness.ts';
import { createSeededApp, latestOtp, otherCode, signIn } from './account-test-support.ts';

const wrongSix = (code: string) => (code === '000000' ? '111111' : '000000');

/**
 * Restarting a flow (a new VerifyPAN, DormantCheck or Login) must not give fresh OTP tries or bypass the resend
 * limits: a 4-digit OTP is only safe while the wrong tries per client are few (platform.md 4.2, 9).
 */
describe('OTP limits across flows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp();
  });
  afterAll(() => t.close());

  it('refuses the reset chain after 10 wrong OTPs spread over restarted chains, even with the right OTP', async () => {
    const start = async () => {
      expect((await t.call('/Account/VerifyPAN', { userId: 'DEMO1', panOrTpin: '1985', type: 'reset' })).infoID).toBe(
        '0',
      );
      expect((await t.call('/Account/GenerateOTP', { userId: 'DEMO1', type: 'reset' })).infoID).toBe('0');
    };
    for (let flow = 0; flow < 4; flow++) {
      await start();
      for (let i = 0; i < 3; i++) {
        const answer = await t.call('/Account/VerifyOTP', {
          userId: 'DEMO1',
          otp: otherCode(latestOtp(t, 'DEMO1')),
          type: 'reset',
        });
        expect(answer.infoID).not.toBe('0');
      }
    }
    await start();
    const right = await t.call('/Account/VerifyOTP', { userId: 'DEMO1', otp: latestOtp(t, 'DEMO1'), type: 'reset' });
    expect(right.infoID).toBe('EGN003');
  });

  it('refuses the login OTP after 10 wrong OTPs spread over repeated logins', async () => {
    const pending = async () => {
      const answer = await t.call('/Account/Login', { userId: 'DEMO3', password: DEMO_PASSWORD });
      expect(answer.infoID).toBe('0');
      return answer.setCookie as string;
    };
    for (let flow = 0; flow < 4; flow++) {
      const cookie = await pending();
      for (let i = 0; i < 3; i++) {
        const answer = await t.call(
          '/Account/Login/ValidateOTP',
          { userid: 'DEMO3', otp: otherCode(latestOtp(t, 'DEMO3')) },
          { cookie },
        );
        expect(answer.infoID).not.toBe('0');
      }
    }
    const cookie = await pending();
    const right = await t.call(
      '/Account/Login/ValidateOTP',
      { userid: 'DEMO3', otp: latestOtp(t, 'DEMO3') },
      { cookie },
    );
    expect(right.infoID).toBe('EGN003');
  });

  it('refuses dormant reactivation after 10 wrong OTPs spread over restarted flows', async () => {
    for (let flow = 0; flow < 4; flow++) {
      expect((await t.call('/Dormant/DormantCheck', { userId: 'DORMANT1' })).infoID).toBe('0');
      for (let i = 0; i < 3; i++) {
        const answer = await t.call('/Dormant/VerifyOTP', {
          userId: 'DORMANT1',
          otp: wrongSix(latestOtp(t, 'DORMANT1')),
        });
        expect(answer.infoID).not.toBe('0');
      }
    }
    expect((await t.call('/Dormant/DormantCheck', { userId: 'DORMANT1' })).infoID).toBe('0');
    const right = await t.call('/Dormant/VerifyOTP', { userId: 'DORMANT1', otp: latestOtp(t, 'DORMANT1') });
    expect(right.infoID).toBe('EGN003');
  });
});

describe('OTP sends across flows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp();
  });
  afterAll(() => t.close());

  it('does not let a restarted dormant flow bypass the resend wait and the send cap (no SMS flood)', async () => {
    const sent = () => t.app.delivery.outbox().filter((m) => m.userId === 'DORMANT1' && m.otp).length;
    for (let i = 0; i < 15; i++)
      expect((await t.call('/Dormant/DormantCheck', { userId: 'DORMANT1' })).infoID).toBe('0');
    const before = sent();
    expect((await t.call('/Dormant/DormantCheck', { userId: 'DORMANT1' })).infoID).toBe('EGN003');
    expect(sent()).toBe(before);
  });
});

describe('guessing the old secret with a session', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createSeededApp();
    cookie = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it('stops ChangeTPIN after 5 wrong old TPINs in an hour, even with the right one', async () => {
    for (const guess of ['0000', '1111', '2222', '3333', '4444']) {
      expect(
        (await t.call('/Account/ChangeTPIN', { oldTpin: guess, newTpin: '5678', confirmTpin: '5678' }, { cookie }))
          .infoID,
      ).toBe('ACC017');
    }
    const right = await t.call(
      '/Account/ChangeTPIN',
      { oldTpin: DEMO_TPIN, newTpin: '5678', confirmTpin: '5678' },
      { cookie },
    );
    expect(right.infoID).toBe('EGN003');
  });

  it('stops ChangePassword after 5 wrong old passwords in an hour, even with the right one', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await t.call(
        '/Account/ChangePassword',
        { oldPassword: `Guess${i}x99`, newPassword: 'Newpass123', confirmPassword: 'Newpass123' },
        { cookie },
      );
      expect(answer.infoID).toBe('ACC014');
    }
    const right = await t.call(
      '/Account/ChangePassword',
      { oldPassword: DEMO_PASSWORD, newPassword: 'Newpass123', confirmPassword: 'Newpass123' },
      { cookie },
    );
    expect(right.infoID).toBe('EGN003');
  });
});

describe('VerifyPAN does not tell known client ids from unknown ones', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp();
  });
  afterAll(() => t.close());

  it('answers a known and an unknown id the same after 5 wrong answers', async () => {
    const known: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(
        (await t.call('/Account/VerifyPAN', { userId: 'DEMO2', panOrTpin: 'ZZZPZ9999Z', type: 'reset' })).infoID,
      );
      unknown.push(
        (await t.call('/Account/VerifyPAN', { userId: 'NOSUCH9', panOrTpin: 'ZZZPZ9999Z', type: 'reset' })).infoID,
      );
    }
    expect(unknown).toEqual(known);
  });
});
