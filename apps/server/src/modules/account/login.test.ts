import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '@kite/domain';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import type { TestApp } from '../../test/harness.ts';
import { auditEvents, createSeededApp, latestOtp, otherCode, signIn } from './account-test-support.ts';

describe('login without OTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp();
  });
  afterAll(() => t.close());

  it('signs DEMO1 in with the full login answer and a session cookie', async () => {
    const answer = await t.call<SignedIn>('/Account/Login', { userId: 'demo1', password: DEMO_PASSWORD });
    expect(answer.infoID).toBe('0');
    expect(answer.data.otpRequired).toBe(false);
    expect(answer.data.userId).toBe('DEMO1');
    expect(answer.data.accountDetails.fno_permission).toBe('Y');
    expect(answer.data.accountDetails.user).toBe('DEMO1');
    expect(answer.data.accountDetails.marginMode).toBe('M');
    expect(answer.data.riskDisclosure).toBe(true);
    expect(answer.data.flags.basketOrder).toBe(true);
    expect(answer.data.nonPoaDemats).toBeUndefined();
    expect(answer.data.userSessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43}$/);
    const session = await t.call<{ valid: boolean; userId: string }>('/Account/ValidateSession', {}, { cookie: answer.setCookie });
    expect(session.data).toEqual({ valid: true, userId: 'DEMO1' });
  });

  it('gives DEMO2 equity-only flags, no risk disclosure and its non-POA demat', async () => {
    const answer = await t.call<SignedIn>('/Account/Login', { userId: 'DEMO2', password: DEMO_PASSWORD });
    expect(answer.infoID).toBe('0');
    expect(answer.data.accountDetails.equity_flag).toBe('Y');
    expect(answer.data.accountDetails.bse_permission).toBe('Y');
    expect(answer.data.accountDetails.fno_permission).toBe('N');
    expect(answer.data.riskDisclosure).toBe(false);
    expect(answer.data.flags.nonPoa).toBe(true);
    expect(answer.data.nonPoaDemats).toEqual({
      nonPoaFlag: true,
      clientId: 'DEMO2',
      nonPoaAppKey: 'EDISDEMO2',
      demats: [{ dpType: 'CDSL', dpID: '12081600', dpAccount: '1208160000000002', dpApiStatus: 'Y' }],
    });
  });

  it('issues a new session id at every login and ends the one the browser had', async () => {
    const first = await signIn(t, 'DEMO1');
    const second = await t.call<SignedIn>('/Account/Login', { userId: 'DEMO1', password: DEMO_PASSWORD }, { cookie: first });
    expect(second.setCookie).toBeDefined();
    expect(second.setCookie).not.toBe(first);
    expect((await t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie: first })).data.valid).toBe(false);
    expect((await t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie: second.setCookie })).data.valid).toBe(true);
  });

  it('refuses a wrong password and an unknown client with the same answer, and no cookie', async () => {
    const wrong = await t.call('/Account/Login', { userId: 'DEMO2', password: 'nope' });
    const unknown = await t.call('/Account/Login', { userId: 'NOBODY9', password: 'nope' });
    expect(wrong.infoID).toBe('ACC001');
    expect(unknown.infoID).toBe('ACC001');
    expect(wrong.infoMsg).toBe('Invalid Client ID or Password');
    expect(unknown.infoMsg).toBe(wrong.infoMsg);
    expect(wrong.setCookie).toBeUndefined();
    const { rows } = await t.db.query('SELECT failed_attempts FROM clients WHERE user_id = $1', ['DEMO2']);
    expect(rows[0].failed_attempts).toBe(1);
  });

  it('refuses malformed input without changing anything', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM sessions');
    const answer = await t.call('/Account/Login', { userId: '', password: DEMO_PASSWORD });
    expect(answer.infoID).toBe('EGN001');
    const extra = await t.call('/Account/Login', { userId: 'DEMO1', password: DEMO_PASSWORD, clientId: 7 });
    expect(extra.infoID).toBe('EGN001');
    const after = await t.db.query('SELECT count(*)::int AS n FROM sessions');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('sets the cookie HttpOnly, SameSite=Strict, Path=/, and Secure only over https', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { request: { data: { userId: 'DEMO1', password: DEMO_PASSWORD } } },
    });
    const cookie = plain.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const https = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { request: { data: { userId: 'DEMO1', password: DEMO_PASSWORD } } },
    });
    expect(https.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
  });

  it('stores only hashes of the session and stream tokens', async () => {
    const answer = await t.call<SignedIn>('/Account/Login', { userId: 'DEMO1', password: DEMO_PASSWORD });
    const raw = answer.setCookie?.slice('sid='.length);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1 OR stream_token_hash = $2', [
      raw,
      answer.data.userSessionId,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('tells a dormant client to reactivate and gives no session', async () => {
    const answer = await t.call('/Account/Login', { userId: 'DORMANT1', password: DEMO_PASSWORD });
    expect(answer.infoID).toBe('ACC003');
    expect(answer.infoMsg).toMatch(/Reactivate Dormant/);
    expect(answer.setCookie).toBeUndefined();
  });

  it('logs out by revoking the session server-side', async () => {
    const cookie = await signIn(t, 'DEMO1');
    const out = await t.call<{ message: string }>('/Account/Logout', {}, { cookie });
    expect(out.infoID).toBe('0');
    expect((await t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie })).data).toEqual({ valid: false, userId: null });
    expect((await t.call('/Account/ChangeTPIN', { oldTpin: '1234', newTpin: '4321', confirmTpin: '4321' }, { cookie })).infoID).toBe('EGN006');
    expect((await t.call('/Account/Logout', {}, { cookie })).infoID).toBe('EGN006');
  });

  it('writes audit rows for logins, failures and logouts with IP and user agent', async () => {
    const events = await auditEvents(t, 'DEMO2');
    expect(events).toContain('login_success');
    expect(events).toContain('login_failure');
    const { rows } = await t.db.query(`SELECT ip, user_agent FROM audit_log WHERE user_id = 'DEMO1' AND event = 'logout'`);
    expect(rows[0].ip).toBe('127.0.0.1');
    expect(rows[0].user_agent).toBe('lightMyRequest');
    expect(await auditEvents(t, 'NOBODY9')).toEqual(['login_failure']);
  });
});

describe('login with OTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp({ OTP_RESEND_WAIT_MS: '400' });
  });
  afterAll(() => t.close());

  async function startLogin(): Promise<string> {
    const answer = await t.call<{ otpRequired: boolean; otpLength: number; sentTo: string }>('/Account/Login', {
      userId: 'DEMO3',
      password: DEMO_PASSWORD,
    });
    expect(answer.infoID).toBe('0');
    expect(answer.data).toMatchObject({ otpRequired: true, otpLength: 4, sentTo: '******0003' });
    return answer.setCookie as string;
  }

  it('sends an OTP to SMS and e-mail and keeps the session pending until it is validated', async () => {
    const pending = await startLogin();
    const sent = t.app.delivery.outbox().filter((m) => m.userId === 'DEMO3').slice(0, 2);
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(sent[0]?.otp).toMatch(/^\d{4}$/);
    expect((await t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie: pending })).data.valid).toBe(false);
    expect((await t.call('/Account/ResetTPIN', {}, { cookie: pending })).infoID).toBe('EGN006');

    const answer = await t.call<SignedIn>('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: latestOtp(t, 'DEMO3') }, { cookie: pending });
    expect(answer.infoID).toBe('0');
    expect(answer.data.userId).toBe('DEMO3');
    expect(answer.setCookie).toBeDefined();
    expect(answer.setCookie).not.toBe(pending);
    expect((await t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie: answer.setCookie })).data.valid).toBe(true);
    // The pending session is gone: its cookie cannot be used again.
    expect((await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: '1234' }, { cookie: pending })).infoID).toBe('EGN006');
  });

  it('allows at most 3 wrong tries, then a new OTP is needed', async () => {
    const pending = await startLogin();
    const good = latestOtp(t, 'DEMO3');
    const first = await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: otherCode(good) }, { cookie: pending });
    expect(first.infoID).toBe('ACC004');
    expect(first.infoMsg).toBe('Invalid OTP. 2 attempts left.');
    expect((await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: otherCode(good) }, { cookie: pending })).infoMsg).toBe(
      'Invalid OTP. 1 attempt left.',
    );
    expect((await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: otherCode(good) }, { cookie: pending })).infoID).toBe('ACC006');
    expect((await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: good }, { cookie: pending })).infoID).toBe('ACC006');

    const resent = await t.call<{ resendCount: number }>('/Account/Login/SendOTP', {}, { cookie: pending });
    expect(resent.infoID).toBe('0');
    expect(resent.data.resendCount).toBe(1);
    const fresh = latestOtp(t, 'DEMO3');
    expect((await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: fresh }, { cookie: pending })).infoID).toBe('0');
    expect(await auditEvents(t, 'DEMO3')).toContain('login_otp_failed');
  });

  it('supersedes the old OTP on resend and starts the wait after the third resend (platform.md 4.2, 9)', async () => {
    const pending = await startLogin();
    const original = latestOtp(t, 'DEMO3');
    type Resent = { resendCount: number; waitSeconds: number };
    const one = await t.call<Resent>('/Account/Login/SendOTP', {}, { cookie: pending });
    const two = await t.call<Resent>('/Account/Login/SendOTP', { userid: 'DEMO3' }, { cookie: pending });
    const three = await t.call<Resent>('/Account/Login/SendOTP', {}, { cookie: pending });
    expect([one.infoID, two.infoID, three.infoID]).toEqual(['0', '0', '0']);
    expect([one.data.resendCount, two.data.resendCount, three.data.resendCount]).toEqual([1, 2, 3]);
    expect([one.data.waitSeconds, two.data.waitSeconds]).toEqual([0, 0]);
    expect(three.data.waitSeconds).toBe(1);
    const fourth = await t.call('/Account/Login/SendOTP', {}, { cookie: pending });
    expect(fourth.infoID).toBe('ACC007');
    expect(fourth.infoMsg).toMatch(/^Please wait \d+ seconds before requesting a new OTP\.$/);
    await new Promise((resolve) => setTimeout(resolve, 450));
    const later = await t.call<{ resendCount: number }>('/Account/Login/SendOTP', {}, { cookie: pending });
    expect(later.infoID).toBe('0');
    expect(later.data.resendCount).toBe(4);
    const latest = latestOtp(t, 'DEMO3');
    if (latest !== original) {
      expect((await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: original }, { cookie: pending })).infoID).toBe('ACC004');
    }
    expect((await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: latest }, { cookie: pending })).infoID).toBe('0');
  });

  it('refuses an OTP for another client id and a malformed OTP', async () => {
    const pending = await startLogin();
    const good = latestOtp(t, 'DEMO3');
    expect((await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO1', otp: good }, { cookie: pending })).infoID).toBe('ACC019');
    const short = await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: '12345' }, { cookie: pending });
    expect(short.infoID).toBe('EGN001');
    expect(short.infoMsg).toBe('Please enter valid OTP');
    expect((await t.call('/Account/Login/SendOTP', { userid: 'DEMO1' }, { cookie: pending })).infoID).toBe('ACC019');
    // Neither spent an attempt of the real OTP.
    expect((await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: good }, { cookie: pending })).infoID).toBe('0');
  });

  it('uses an OTP once only', async () => {
    const pending = await startLogin();
    const good = latestOtp(t, 'DEMO3');
    const answer = await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: good }, { cookie: pending });
    expect(answer.infoID).toBe('0');
    const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM one_time_passwords o JOIN clients c ON c.id = o.client_id
      WHERE c.user_id = 'DEMO3' AND o.consumed_at IS NOT NULL`);
    expect(rows[0].n).toBeGreaterThan(0);
    // A signed-in session is not waiting for an OTP any more.
    expect((await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: good }, { cookie: answer.setCookie })).infoID).toBe('ACC020');
  });
});

describe('login OTP expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp({ OTP_TTL_MS: '300' });
  });
  afterAll(() => t.close());

  it('refuses an expired OTP, and a new one works', async () => {
    const login = await t.call('/Account/Login', { userId: 'DEMO3', password: DEMO_PASSWORD });
    const pending = login.setCookie as string;
    const code = latestOtp(t, 'DEMO3');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const late = await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: code }, { cookie: pending });
    expect(late.infoID).toBe('ACC005');
    expect(late.infoMsg).toBe('OTP has expired. Please request a new OTP.');
    await t.call('/Account/Login/SendOTP', {}, { cookie: pending });
    expect((await t.call('/Account/Login/ValidateOTP', { userid: 'DEMO3', otp: latestOtp(t, 'DEMO3') }, { cookie: pending })).infoID).toBe('0');
  });
});
