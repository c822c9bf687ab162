import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { snapshot } from '../support/browser.ts';
import { acknowledgeRisk } from '../support/risk-disclosure.ts';
import { goTo } from '../support/trading.ts';
import { browserSuite } from '../support/suite.ts';

/** Where the IPO screen's screenshots go for a person to judge (both themes at 1366 px). */
const SHOTS = '/tmp/ipo-shots';

async function shots(page: Page, name: string): Promise<void> {
  const theme = (value: string) => page.evaluate((v) => document.documentElement.setAttribute('data-theme', v), value);
  await snapshot(page, `${name}-1366-dark`, SHOTS);
  await theme('light');
  await snapshot(page, `${name}-1366-light`, SHOTS);
  await theme('dark');
}

/** Answers the open message dialog with its button, after checking its text. */
async function answer(page: Page, text: string, button = 'OK'): Promise<void> {
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: text });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

const sahyadriRow = (page: Page) => page.getByRole('row').filter({ hasText: 'Sahyadri Renewables Ltd' }).first();

describe('IPO bidding in the browser (investing.md 2 "IPO", 4, 5, 8)', () => {
  const s = browserSuite();

  it('DEMO1 places a cut-off bid and sees it in the Order Book', async () => {
    const { page } = s;
    await signIn(page, 'DEMO1');
    await acknowledgeRisk(page);
    await goTo(page, '/home/ipo');
    await page.getByRole('button', { name: 'BID SAHYADRI' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Client Id: DEMO1').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Show details of Sahyadri Renewables Ltd' }).click();
    await page.getByText('Price Band').first().waitFor();
    await shots(page, 'ongoing');

    await page.getByRole('button', { name: 'BID SAHYADRI' }).click();
    await page.getByRole('heading', { name: 'IPO - Place Order' }).waitFor();
    await expect.poll(() => page.getByText('CDSL - 1208160000000001').isVisible()).toBe(true);
    await shots(page, 'place-order-step1');
    // Step 1's checks speak in the dialog system (investing.md 5).
    await page.getByRole('textbox', { name: 'Bid 1 Lots' }).fill('0');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.getByText('Bid Lot must be greater than 50.').waitFor();
    await shots(page, 'place-order-message');
    await answer(page, 'Bid Lot must be greater than 50.');
    await page.getByRole('textbox', { name: 'Bid 1 Lots' }).fill('1');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.getByLabel('UPI ID').fill('aarav.sharma@okhdfcbank');
    await page.getByRole('checkbox').check();
    expect(await page.getByText('HDFC Bank XXXXXXXX7801').isVisible()).toBe(true);
    await shots(page, 'place-order-step2');
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await answer(page, 'Go to BHIM app or your mobile banking app to approve the UPI request');

    expect(await page.getByRole('tab', { name: 'Order Book' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => sahyadriRow(page).textContent(), { timeout: 10_000 }).toContain('50 / 1');
    expect(await sahyadriRow(page).textContent()).toContain('Ordered');
    // The seeded closed issue shows its allotment.
    expect(await page.getByRole('row').filter({ hasText: 'Vindhya Cables Ltd' }).textContent()).toContain('Alloted');
    await page.getByRole('button', { name: 'Show details of Sahyadri Renewables Ltd' }).click();
    await page.getByRole('button', { name: 'MODIFY BID' }).waitFor();
    await shots(page, 'order-book');
  });

  it('modifies the bid to two lots, then cancels it', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'MODIFY BID' }).click();
    await page.getByRole('heading', { name: 'IPO - Place Order' }).waitFor();
    await page.getByRole('textbox', { name: 'Bid 1 Lots' }).fill('2');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    expect(await page.getByLabel('UPI ID').isDisabled()).toBe(true);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await answer(page, 'Your Bid request has been received');
    await expect.poll(() => sahyadriRow(page).textContent(), { timeout: 10_000 }).toContain('100 / 2');
    expect(await sahyadriRow(page).textContent()).toContain('Modified');

    await page.getByRole('button', { name: 'Show details of Sahyadri Renewables Ltd' }).click();
    await page.getByRole('button', { name: 'CANCEL BID' }).click();
    await answer(page, 'Review & Confirm – Do you want to cancel the Bid?', 'YES');
    await answer(page, 'Bid cancelled successfully.');
    await expect.poll(() => sahyadriRow(page).textContent(), { timeout: 10_000 }).toContain('Cancelled');
  });

  it('places a multi-bid in Bid 2 only, shows and modifies it as Bid 2, and cancels it', async () => {
    const { page } = s;
    const narmadaRow = () => page.getByRole('row').filter({ hasText: 'Narmada Fintech Ltd' }).first();
    await page.getByRole('tab', { name: 'Ongoing' }).click();
    await page.getByRole('button', { name: 'BID NARMADAFIN' }).click();
    await page.getByRole('heading', { name: 'IPO - Place Order' }).waitFor();
    await page.getByLabel('Multi-Bid').check();
    await page.getByRole('textbox', { name: 'Bid 1 Lots' }).fill('0');
    await page.getByRole('textbox', { name: 'Bid 1 Price (₹)' }).fill('');
    await page.getByRole('textbox', { name: 'Bid 2 Lots' }).fill('1');
    await page.getByRole('textbox', { name: 'Bid 2 Price (₹)' }).fill('110');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.getByLabel('UPI ID').fill('aarav.sharma@okhdfcbank');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await answer(page, 'Your Bid request has been received');
    await expect.poll(() => narmadaRow().textContent(), { timeout: 10_000 }).toContain('131 / 1');

    await page.getByRole('button', { name: 'Show details of Narmada Fintech Ltd' }).click();
    const bids = page.getByRole('table', { name: /Narmada Fintech Ltd/ });
    expect(await bids.getByRole('row').nth(1).textContent()).toContain('Bid 2');
    await page.getByRole('button', { name: 'MODIFY BID' }).click();
    await page.getByRole('heading', { name: 'IPO - Place Order' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Bid 1 Lots' }).inputValue()).toBe('0');
    expect(await page.getByRole('textbox', { name: 'Bid 2 Lots' }).inputValue()).toBe('1');
    await page.getByRole('textbox', { name: 'Bid 2 Price (₹)' }).fill('112');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await answer(page, 'Your Bid request has been received');
    await expect.poll(() => narmadaRow().textContent(), { timeout: 10_000 }).toContain('Modified');

    await page.getByRole('button', { name: 'Show details of Narmada Fintech Ltd' }).click();
    await page.getByRole('button', { name: 'CANCEL BID' }).click();
    await answer(page, 'Review & Confirm – Do you want to cancel the Bid?', 'YES');
    await answer(page, 'Bid cancelled successfully.');
    await expect.poll(() => narmadaRow().textContent(), { timeout: 10_000 }).toContain('Cancelled');
  });

  it('shows the upcoming issues by the Upcoming handler', async () => {
    const { page } = s;
    await page.goto('/home/ipo?tab=upcoming');
    await page.getByText('Deccan Logistics Ltd').waitFor({ timeout: 20_000 });
    const row = page.getByRole('row').filter({ hasText: 'Deccan Logistics Ltd' });
    expect(await row.textContent()).toContain('₹ 412.00 - 433.00');
    await shots(page, 'upcoming');
  });
});
