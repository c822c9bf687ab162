import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { snapshot } from '../support/browser.ts';
import { browserSuite, type Suite } from '../support/suite.ts';
import { goTo } from '../support/trading.ts';

const SUCCESS_TEXT =
  'Your Demat payment was successful. Please note that it may take 1-2 days for the payment to reflect in the system.';

/** Waits for the captcha image the page shows, then reads its answer as the e2e tests read OTPs (dev only). */
async function captchaAnswer(page: Page): Promise<string> {
  const image = page.getByRole('img', { name: 'Captcha image' });
  await image.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector('img[alt="Captcha image"]') as HTMLImageElement | null;
    return Boolean(img?.complete && img.naturalWidth > 0);
  });
  const { answer } = (await (await page.request.get('/dev/captcha')).json()) as { answer: string | null };
  if (!answer) throw new Error('no captcha answer for this browser');
  return answer;
}

async function lookUp(page: Page, dpId: string, captcha?: string): Promise<void> {
  await page.getByLabel('Demat Account Number (DP ID)').fill(dpId);
  await page.getByLabel('Captcha', { exact: true }).fill(captcha ?? (await captchaAnswer(page)));
  await page.getByRole('button', { name: 'CONTINUE' }).click();
}

async function payInPopup(s: Suite, choice: 'pay' | 'fail', shot?: string): Promise<void> {
  const popupOpened = s.context.waitForEvent('page');
  await s.page.getByRole('button', { name: 'PAY NOW' }).click();
  const popup = await popupOpened;
  await popup.waitForURL('**/atom-payment?**');
  await popup.getByRole('heading', { name: 'Atom Payment Gateway (simulated)' }).waitFor();
  await popup.getByRole('button', { name: /^Pay ₹/ }).waitFor();
  if (shot) await snapshot(popup, shot);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: choice === 'pay' ? /^Pay ₹/ : 'Fail payment' }).click();
  await closed;
}

describe('public demat-charges payment pages in Chromium (platform.md 2.6, 4.6)', () => {
  const s = browserSuite();

  it('/Reports leads to the entry page, which validates with the spec messages', async () => {
    const { page } = s;
    await page.goto('/Reports');
    await page.waitForURL('**/PaymentGateway/payments.html');
    await page.getByRole('heading', { name: 'Demat Charges Payment' }).waitFor();
    await captchaAnswer(page);
    await snapshot(page, 'payment-entry-1366-dark');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    expect(await page.getByText('Enter a valid DP ID').isVisible()).toBe(true);
    expect(await page.getByText('Enter a valid Captcha').isVisible()).toBe(true);
    await snapshot(page, 'payment-entry-validation-1366-dark');
  });

  it("shows the server's message for a wrong captcha and refreshes the captcha", async () => {
    const { page } = s;
    const before = await page.getByRole('img', { name: 'Captcha image' }).getAttribute('src');
    await lookUp(page, '1208160000000002', 'wrong');
    const dialog = page.getByRole('alertdialog', { name: 'Error' });
    await dialog.waitFor();
    expect(await dialog.locator('p').first().textContent()).toBe('Invalid Captcha. Please try again.');
    await snapshot(page, 'payment-entry-error-1366-dark');
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(await page.getByRole('img', { name: 'Captcha image' }).getAttribute('src')).not.toBe(before);
  });

  it('looks up the dues, pays in the provider popup and shows the success status', async () => {
    const { page } = s;
    await lookUp(page, '1208160000000002');
    await page.waitForURL('**/DematPaymentDetails?params=**');
    const table = page.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('row').allTextContents()).toEqual([
      'Client NamePRIYA IYER',
      'Demat Account Number1208160000000002',
      'Total Due Amount₹ 2,360.00',
      'Service Charge₹ 15.00',
      'GST0%',
      'Total Payable₹ 2,375.00',
    ]);
    await snapshot(page, 'payment-details-1366-dark');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snapshot(page, 'payment-details-1920-dark');
    await page.setViewportSize({ width: 1366, height: 768 });

    await payInPopup(s, 'pay', 'payment-atom-popup-dark');
    await page.waitForURL('**/DematPaymentStatus?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('status')).toBe('SUCCESS');
    // The status page's code loads on demand: wait for it, then check.
    await page.getByText(SUCCESS_TEXT).waitFor();
    expect(await page.getByText(url.searchParams.get('transID') ?? 'missing').isVisible()).toBe(true);
    await snapshot(page, 'payment-status-success-1366-dark');
  });

  it('a paid account has nothing more due', async () => {
    const { page } = s;
    await page.goto('/PaymentGateway/payments.html');
    await lookUp(page, '1208160000000002');
    const dialog = page.getByRole('alertdialog', { name: 'Error' });
    await dialog.waitFor();
    expect(await dialog.locator('p').first().textContent()).toBe('There are no dues pending for this demat account.');
    await dialog.getByRole('button', { name: 'OK' }).click();
  });

  it('a payment failed in the popup shows the reason', async () => {
    const { page } = s;
    await page.goto('/PaymentGateway/payments.html');
    await lookUp(page, '1208160000000001');
    await page.waitForURL('**/DematPaymentDetails?params=**');
    await page.getByRole('table').waitFor();
    await payInPopup(s, 'fail');
    await page.waitForURL('**/DematPaymentStatus?**');
    await page.getByText('Your payment has failed. Reason: Transaction declined by the payer').waitFor();
    await snapshot(page, 'payment-status-failed-1366-dark');
  });

  it('looks right in the light theme', async () => {
    const { page } = s;
    // The theme a client chose in Settings is this browser's, and the public pages use it too.
    const chooseTheme = async (name: 'Light' | 'Dark') => {
      await goTo(page, '/home/settings');
      await page.getByRole('radio', { name }).check();
    };
    await signIn(page, 'DEMO2');
    await chooseTheme('Light');
    await page.goto('/PaymentGateway/payments.html');
    await captchaAnswer(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await snapshot(page, 'payment-entry-1366-light');
    await lookUp(page, 'IN30012345678901');
    await page.waitForURL('**/DematPaymentDetails?params=**');
    await page.getByRole('table').waitFor();
    await snapshot(page, 'payment-details-1366-light');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snapshot(page, 'payment-details-1920-light');
    await page.goto('/DematPaymentStatus?status=SUCCESS&msg=Transaction%20successful&transID=1234567891234');
    await snapshot(page, 'payment-status-success-1920-light');
    await page.goto('/base/login');
    await page.waitForURL('**/home/dashboard');
    await chooseTheme('Dark');
  });
});
