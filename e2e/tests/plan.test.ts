import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, latestOtp } from '../support/auth.ts';
import { snapshot } from '../support/browser.ts';
import { acknowledgeRisk } from '../support/risk-disclosure.ts';
import { browserSuite } from '../support/suite.ts';

/** Where the plan screen's screenshots go for a person to judge (both themes at 1366 px). */
const SHOTS = '/tmp/plan-shots';

async function shots(page: Page, name: string): Promise<void> {
  const theme = (value: string) => page.evaluate((v) => document.documentElement.setAttribute('data-theme', v), value);
  await snapshot(page, `${name}-1366-dark`, SHOTS);
  await theme('light');
  await snapshot(page, `${name}-1366-light`, SHOTS);
  await theme('dark');
}

/**
 * DEMO3 (every permission, login with OTP) is the plan's client here, so the brokerage of DEMO1's trades in the
 * other browser tests stays the standard one.
 */
async function signInDemo3(page: Page): Promise<void> {
  await page.goto('/base/login');
  await page.getByLabel('Client ID').fill('DEMO3');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.getByLabel('OTP digit 4').waitFor();
  const otp = await latestOtp(page, 'DEMO3');
  for (const [index, digit] of [...otp].entries()) await page.getByLabel(`OTP digit ${index + 1}`).fill(digit);
  await page.getByRole('button', { name: 'VERIFY' }).click();
  await page.waitForURL('**/home/dashboard');
}

const optIn = (page: Page, plan: string) =>
  page.getByRole('group', { name: new RegExp(`${plan} per month`) }).getByRole('checkbox');

describe('My Trading Plan in the browser (investing.md 2, 4, 5, 8)', () => {
  const s = browserSuite();

  it('a client with the plan permission subscribes the Rs 500 plan from the footer button', async () => {
    const { page } = s;
    await signInDemo3(page);
    await acknowledgeRisk(page);
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'My Trading Plan' }).click();
    await page.waitForURL('**/home/mytradingplan');
    await page.getByText('You have not subscribed to any plan.').waitFor({ timeout: 20_000 });
    await shots(page, 'no-plan');

    await page.getByRole('button', { name: 'SUBSCRIBE' }).click();
    await page.getByRole('heading', { name: 'Rs 500 Best Value Subscription Plan' }).waitFor();
    const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
    expect(await optIn(page, 'Rs 500.00').isChecked()).toBe(true);
    expect(await confirm.isDisabled()).toBe(true);
    await optIn(page, 'Rs 999.00').check();
    expect(await optIn(page, 'Rs 500.00').isChecked()).toBe(false);
    await optIn(page, 'Rs 500.00').check();
    expect(await confirm.isEnabled()).toBe(true);
    await page.getByText('How long is a plan valid?').click();
    await page.getByText('from the day you subscribe to the day before the same date next month').waitFor();
    await shots(page, 'chooser');

    await page.getByRole('button', { name: 'About auto renewal' }).click();
    const popup = page.getByRole('alertdialog', { name: 'Auto renewal' });
    await popup.getByText(/renews every 30 days/).waitFor();
    await shots(page, 'auto-renew-info');
    await popup.getByRole('button', { name: 'OK' }).click();
    await popup.waitFor({ state: 'detached' });

    await confirm.click();
    await page.getByRole('heading', { name: 'Total Charges' }).waitFor();
    expect(await page.getByTestId('plan-summary').textContent()).toBe(
      'You have chosen to subscribe to the Equity plan.',
    );
    expect(await page.getByTestId('plan-total').textContent()).toBe('590.00');
    await shots(page, 'total-charges');

    await page.getByRole('button', { name: 'Review & confirm' }).click();
    await page.getByRole('heading', { name: 'CONFIRMATION' }).waitFor();
    await page.getByText('Your subscription request has been processed successfully.').waitFor();
    await shots(page, 'confirmation');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/home/dashboard');
  });

  it('shows the plan with its dates and zero brokerage, and unsubscribes it on expiry', async () => {
    const { page } = s;
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'My Trading Plan' }).click();
    const card = page.getByRole('region', { name: 'Equity plan' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Rs 500.00 plan');
    const brokerage = page.getByRole('region', { name: 'Brokerage under your plan' });
    expect(await brokerage.getByText('Rs 0.01 per executed order').count()).toBe(2);
    await shots(page, 'current-plan');

    await page.getByRole('button', { name: 'UNSUBSCRIBE' }).click();
    await page.getByRole('button', { name: 'Unsubscribe Now' }).waitFor();
    await shots(page, 'unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe On Expiry' }).click();
    await page.getByRole('heading', { name: 'CONFIRMATION' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/home/dashboard');
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'My Trading Plan' }).click();
    await page.getByText(/will not be renewed/).waitFor();
    expect(await page.getByRole('region', { name: 'Equity plan' }).textContent()).toContain('Auto renewal');
  });
});
