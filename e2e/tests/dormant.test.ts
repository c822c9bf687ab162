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

async function typeOtp(page: Page, otp: string) {
  for (const [index, digit] of [...otp].entries()) await page.getByLabel(`OTP digit ${index + 1}`).fill(digit);
}

/** The same screen at 1920x1080 in both themes and at 1366x768 in the light one, then back to dark 1366x768. */
async function otherLooks(page: Page, name: string) {
  const theme = (value: string) => page.evaluate((v) => document.documentElement.setAttribute('data-theme', v), value);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snapshot(page, `${name}-1920-dark`);
  await theme('light');
  await snapshot(page, `${name}-1920-light`);
  await page.setViewportSize({ width: 1366, height: 768 });
  await snapshot(page, `${name}-1366-light`);
  await theme('dark');
}

// Reactivation changes DORMANT1 for good, so the flow runs on a server of its own.
describe('dormant reactivation in a real browser (platform.md 2.5, 4.3)', () => {
  const s = browserSuite({ ownServer: {} });

  it('ClientId refuses a blank id without a call and a non-dormant client with the server message', async () => {
    const { page } = s;
    await page.goto('/base/dormant');
    await page.getByRole('heading', { name: 'Reactivate Dormant' }).waitFor();
    expect(await page.getByText('Enter Your Registered Client Id').isVisible()).toBe(true);
    await snapshot(page, 'dormant-clientid-1366-dark');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    expect(await errorDialog(page)).toBe('Please enter valid Client ID');
    await page.getByLabel('Client ID').pressSequentially('demo1xyz9');
    expect(await page.getByLabel('Client ID').inputValue()).toBe('DEMO1XY');
    await page.getByLabel('Client ID').fill('DEMO1');
    await page.getByLabel('Client ID').press('Enter');
    expect(await errorDialog(page)).toMatch(/dormant/i);
  });

  it('reactivates DORMANT1: ClientId -> Setotp (resend, wrong OTP) -> SUCCESS, back twice, then logs in', async () => {
    const { page } = s;
    await page.goto('/base/dormant');
    await page.getByLabel('Client ID').fill('dormant1');
    expect(await page.getByLabel('Client ID').inputValue()).toBe('DORMANT1');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.getByLabel('OTP digit 6').waitFor();
    expect(await page.getByLabel(/^OTP digit \d$/).count()).toBe(6);
    await snapshot(page, 'dormant-setotp-1366-dark');
    await otherLooks(page, 'dormant-setotp');

    await page.getByRole('button', { name: /Resend OTP/ }).click();
    await page.getByText(/resent/i).waitFor();
    const otp = await latestOtp(page, 'DORMANT1');
    expect(otp).toMatch(/^\d{6}$/);

    const wrong = otp === '000000' ? '111111' : '000000';
    await typeOtp(page, wrong);
    await page.getByRole('button', { name: 'VERIFY' }).click();
    expect(await errorDialog(page)).toMatch(/^Invalid OTP/);
    const left = [];
    for (let n = 1; n <= 6; n += 1) left.push(await page.getByLabel(`OTP digit ${n}`).inputValue());
    expect(left).toEqual(['', '', '', '', wrong[4], wrong[5]]);

    await typeOtp(page, otp);
    await page.getByLabel('OTP digit 6').press('Enter');
    await page.getByRole('heading', { name: 'SUCCESS' }).waitFor();
    expect(await page.getByText(/reactivated/i).isVisible()).toBe(true);
    await snapshot(page, 'dormant-success-1366-dark');
    await otherLooks(page, 'dormant-success');

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('OTP digit 1').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'CONTINUE' }).waitFor();

    await page.goto('/base/login');
    await page.getByLabel('Client ID').fill('DORMANT1');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL('**/home/dashboard');
  });

  it('looks right at 1920x1080 and in the light theme', async () => {
    const { page } = s;
    await page.evaluate(() => localStorage.clear());
    await s.context.clearCookies();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/base/dormant');
    await page.getByRole('heading', { name: 'Reactivate Dormant' }).waitFor();
    await snapshot(page, 'dormant-clientid-1920-dark');
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    await snapshot(page, 'dormant-clientid-1920-light');
    await page.setViewportSize({ width: 1366, height: 768 });
    await snapshot(page, 'dormant-clientid-1366-light');
    // platform.md 2.5: the flow is for mobile browsers.
    await page.setViewportSize({ width: 390, height: 844 });
    await snapshot(page, 'dormant-clientid-mobile-light');
  });
});
