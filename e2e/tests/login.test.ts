import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, latestOtp } from '../support/auth.ts';
import { snapshot } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

async function errorDialog(page: Page): Promise<string> {
  const dialog = page.getByRole('alertdialog', { name: 'Error' });
  await dialog.waitFor();
  const text = (await dialog.locator('p').first().textContent()) ?? '';
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}

async function fillLogin(page: Page, userId: string, password: string) {
  await page.goto('/base/login');
  await page.getByLabel('Client ID').fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

async function typeOtp(page: Page, otp: string) {
  for (const [index, digit] of [...otp].entries()) await page.getByLabel(`OTP digit ${index + 1}`).fill(digit);
}

async function otpCount(page: Page, userId: string): Promise<number> {
  const messages = (await (await page.request.get('/dev/outbox')).json()) as { userId?: string; otp?: string }[];
  return messages.filter((m) => m.userId === userId && m.otp).length;
}

async function otpValues(page: Page, count: number): Promise<string[]> {
  const values: string[] = [];
  for (let n = 1; n <= count; n += 1) values.push(await page.getByLabel(`OTP digit ${n}`).inputValue());
  return values;
}

describe('login screen in a real browser (platform.md 4.1, 4.2, 5)', () => {
  const s = browserSuite();

  it('shows each validation message in an error dialog', async () => {
    const { page } = s;
    await page.goto('/base/login');
    await snapshot(page, 'login-1366-dark');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    expect(await errorDialog(page)).toBe('Please enter valid Client ID');
    await page.getByLabel('Client ID').fill('demo1');
    expect(await page.getByLabel('Client ID').inputValue()).toBe('DEMO1');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    expect(await errorDialog(page)).toBe('Please enter valid Password');
  });

  it('signs DEMO1 in without OTP and lands on /home/dashboard; a second visit to /base/login goes there too', async () => {
    const { page } = s;
    await fillLogin(page, 'DEMO1', DEMO_PASSWORD);
    await page.waitForURL('**/home/dashboard');
    // Leave only after the shell's start-up calls have answered: the shell logs out when one of them fails.
    await page.waitForLoadState('networkidle');
    await page.goto('/base/login');
    await page.waitForURL('**/home/dashboard');
    await page.evaluate(() => localStorage.clear());
    await s.context.clearCookies();
  });

  it('signs DEMO3 in with the OTP from the outbox after refusing a short and a wrong OTP', async () => {
    const { page } = s;
    await fillLogin(page, 'DEMO3', DEMO_PASSWORD);
    await page.getByLabel('OTP digit 4').waitFor();
    await snapshot(page, 'login-otp-1366-dark');
    const otp = await latestOtp(page, 'DEMO3');
    expect(otp).toMatch(/^\d{4}$/);

    await typeOtp(page, otp.slice(0, 3));
    await page.getByRole('button', { name: 'VERIFY' }).click();
    expect(await errorDialog(page)).toBe('Please enter valid OTP');

    const wrong = otp === '0000' ? '1111' : '0000';
    await typeOtp(page, wrong);
    await page.getByRole('button', { name: 'VERIFY' }).click();
    expect(await errorDialog(page)).toMatch(/^Invalid OTP/);
    expect(await otpValues(page, 4)).toEqual(['', '', '', '']);

    await typeOtp(page, otp);
    await page.getByLabel('OTP digit 4').press('Enter');
    await page.waitForURL('**/home/dashboard');
    await page.evaluate(() => localStorage.clear());
    await s.context.clearCookies();
  });

  it('resends the login OTP three times, then counts down before the fourth resend', async () => {
    const { page } = s;
    await fillLogin(page, 'DEMO3', DEMO_PASSWORD);
    const resend = page.getByRole('button', { name: /Resend OTP/ });
    await resend.waitFor();
    const sentBefore = await otpCount(page, 'DEMO3');
    for (let i = 0; i < 2; i += 1) {
      await resend.click();
      await page.getByRole('button', { name: 'Resend OTP', exact: true }).waitFor();
    }
    await resend.click();
    await page.getByRole('button', { name: /Resend OTP in \d+s/ }).waitFor();
    expect(await resend.isDisabled()).toBe(true);
    expect(await otpCount(page, 'DEMO3')).toBeGreaterThan(sentBefore);
    // The newest OTP is the one that signs in; the earlier ones were superseded by the resends.
    const otp = await latestOtp(page, 'DEMO3');
    await typeOtp(page, otp);
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await page.waitForURL('**/home/dashboard');
    await page.evaluate(() => localStorage.clear());
    await s.context.clearCookies();
  });

  it('looks right at 1920x1080 and in the light theme', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/base/login');
    await page.getByLabel('Client ID').waitFor();
    await snapshot(page, 'login-1920-dark');
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    await snapshot(page, 'login-1920-light');
    await page.setViewportSize({ width: 1366, height: 768 });
    await snapshot(page, 'login-1366-light');
    await fillLogin(page, 'DEMO3', DEMO_PASSWORD);
    await page.getByLabel('OTP digit 1').waitFor();
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    await snapshot(page, 'login-otp-1366-light');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snapshot(page, 'login-otp-1920-light');
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await snapshot(page, 'login-otp-1920-dark');
  });
});

describe('wrong passwords, lockout and recovery on a server of their own (platform.md 4.4, 5)', () => {
  const s = browserSuite({ ownServer: { LOGIN_LOCKOUT_LIMIT: '3' } });

  it('refuses a wrong password, locks after three, then unlocks through PAN/TPIN/birth year and OTP', async () => {
    const { page } = s;
    await fillLogin(page, 'DEMO2', 'Wrong@1234');
    expect(await errorDialog(page)).toBe('Invalid Client ID or Password');
    await fillLogin(page, 'DEMO2', 'Wrong@1234');
    expect(await errorDialog(page)).toBe('Invalid Client ID or Password');
    await fillLogin(page, 'DEMO2', 'Wrong@1234');
    const locked = await errorDialog(page);
    expect(locked).toMatch(/locked/i);
    await fillLogin(page, 'DEMO2', DEMO_PASSWORD);
    expect(await errorDialog(page)).toBe(locked);

    await page.goto('/base/login');
    await page.getByRole('link', { name: 'Unlock account' }).click();
    // Until the unlock form is shown, 'Client ID' is still the login form's field (CI once filled that one).
    await page.getByLabel('PAN / TPIN / Birth Year').waitFor();
    await page.getByLabel('Client ID').fill('DEMO2');
    await page.getByLabel('PAN / TPIN / Birth Year').fill('123');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    expect(await errorDialog(page)).toBe('Length of PAN / TPIN should be either 10 or 4 characters');
    await page.getByLabel('PAN / TPIN / Birth Year').fill('1990');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.getByLabel('OTP digit 1').waitFor();
    await typeOtp(page, await latestOtp(page, 'DEMO2'));
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await page.getByText('Your account has been unlocked successfully. Please login.').waitFor();
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL('**/base/login');
    await fillLogin(page, 'DEMO2', DEMO_PASSWORD);
    await page.waitForURL('**/home/dashboard');
    await page.evaluate(() => localStorage.clear());
    await s.context.clearCookies();
  });

  it('resets a forgotten password through VerifyPAN, GenerateOTP, VerifyOTP and ResetPassword', async () => {
    const { page } = s;
    await page.goto('/base/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/base/forgot-password');
    await page.getByLabel('PAN / TPIN / Birth Year').waitFor();
    await page.getByLabel('Client ID').fill('DEMO1');
    await page.getByLabel('PAN / TPIN / Birth Year').fill('ABCPS1234F');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.getByLabel('OTP digit 1').waitFor();
    await snapshot(page, 'forgot-password-otp-1366-dark');
    await typeOtp(page, await latestOtp(page, 'DEMO1'));
    await page.getByLabel('OTP digit 4').press('Enter');
    await page.getByLabel('New Password').fill('Better@2026');
    await page.getByLabel('Confirm Password').fill('Better@2025');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    expect(await errorDialog(page)).toBe('New Password and Confirm Password do not match');
    await page.getByLabel('Confirm Password').fill('Better@2026');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await page.getByText(/password has been reset/i).waitFor();
    await fillLogin(page, 'DEMO1', DEMO_PASSWORD);
    expect(await errorDialog(page)).toBe('Invalid Client ID or Password');
    await fillLogin(page, 'DEMO1', 'Better@2026');
    await page.waitForURL('**/home/dashboard');
  });
});
