import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { snapshot } from '../support/browser.ts';
import { toPaise } from '../support/trading.ts';
import { browserSuite, type Suite } from '../support/suite.ts';

/** Where the fund transfer screen's screenshots go for a person to judge (both themes at 1366 px). */
const SHOTS = '/tmp/fund-transfer-shots';

async function shots(page: Page, name: string): Promise<void> {
  const theme = (value: string) => page.evaluate((v) => document.documentElement.setAttribute('data-theme', v), value);
  await snapshot(page, `${name}-1366-dark`, SHOTS);
  await theme('light');
  await snapshot(page, `${name}-1366-light`, SHOTS);
  await theme('dark');
}

/**
 * The right column (funds by segment, pending withdrawals, the log): whether it scrolls, and how many boxes inside it
 * scroll on their own (a panel squeezed to the window scrolls its rows or cuts its empty text).
 */
async function rightColumn(page: Page) {
  const log = await page.getByRole('table', { name: 'Fund transfer log' }).elementHandle();
  return page.getByRole('table', { name: 'Funds by segment' }).evaluate((table, lastTable) => {
    let column = table.parentElement!;
    while (!column.contains(lastTable)) column = column.parentElement!;
    const scrollsInside = Array.from(column.querySelectorAll('*')).filter(
      (box) => ['auto', 'scroll'].includes(getComputedStyle(box).overflowY) && box.scrollHeight > box.clientHeight + 1,
    );
    return {
      scrolls: column.scrollHeight > column.clientHeight,
      panels: column.children.length,
      scrollingInside: scrollsInside.length,
    };
  }, log);
}

const availableMargin = async (page: Page) => toPaise(await page.getByTestId('available-margin').textContent());
const withdrawable = async (page: Page) => toPaise(await page.getByTestId('withdrawable').textContent());

/** Adds funds through the gateway's window, paying or failing there; the page comes back with the result. */
async function addFunds(s: Suite, amount: string, mode: string, choice: 'pay' | 'fail'): Promise<void> {
  const form = s.page.getByRole('form', { name: 'Add funds' });
  await form.getByLabel('Amount (₹)').fill(amount);
  await form.getByLabel(mode).check();
  const popupOpened = s.context.waitForEvent('page');
  await form.getByRole('button', { name: 'ADD FUNDS' }).click();
  const popup = await popupOpened;
  await popup.waitForURL('**/atom-payment?**');
  await popup.getByRole('button', { name: /^Pay ₹/ }).waitFor();
  if (choice === 'pay') await snapshot(popup, 'gateway-window', SHOTS);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: choice === 'pay' ? /^Pay ₹/ : 'Fail payment' }).click();
  await closed;
  await s.page.waitForURL('**/home/fundtransfer?payin=PI*');
}

describe('fund transfer in the browser (investing.md 2, 7 "funds")', () => {
  const s = browserSuite();

  it('DEMO2 opens the screen from the header icon and adds funds through the gateway', async () => {
    const { page } = s;
    await signIn(page, 'DEMO2');
    await page.getByRole('button', { name: 'Fund Transfer' }).click();
    await page.waitForURL('**/home/fundtransfer');
    await page.getByRole('heading', { name: 'Fund Transfer', exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('available-margin').textContent()).toMatch(/^₹[\d,]+\.\d{2}$/);
    const before = await availableMargin(page);
    expect(await page.getByRole('form', { name: 'Add funds' }).getByRole('combobox').textContent()).toBe(
      'ICICI Bank - XXXXXXXX7802',
    );
    await shots(page, 'add-funds');

    await addFunds(s, '2,500', 'UPI', 'pay');
    const result = page.getByTestId('payin-result');
    await result.getByText('₹2,500.00 has been added to your account.').waitFor();
    await expect.poll(() => availableMargin(page)).toBe(before + 250_000);
    const log = page.getByRole('table', { name: 'Fund transfer log' });
    await expect.poll(() => log.getByRole('row').nth(1).textContent()).toContain('Success');
    await shots(page, 'pay-in-success');
    await result.getByRole('button', { name: 'OK' }).click();
    await result.waitFor({ state: 'detached' });

    await addFunds(s, '100', 'Net banking', 'fail');
    await result.getByText('The payment was not completed. No money has been added to your account.').waitFor();
    expect(await availableMargin(page)).toBe(before + 250_000);
    await expect.poll(() => log.getByRole('row').nth(1).textContent()).toContain('Failed');
    expect(await log.getByRole('row').nth(1).textContent()).toContain('Net banking');
    await shots(page, 'pay-in-failed');
    await result.getByRole('button', { name: 'OK' }).click();

    // A short window: the right column scrolls as a whole, down to the log's last row, and squeezes no panel.
    await page.setViewportSize({ width: 1366, height: 600 });
    expect(await rightColumn(page)).toEqual({ scrolls: true, panels: 3, scrollingInside: 0 });
    const lastRow = log.getByRole('row').last();
    await lastRow.scrollIntoViewIfNeeded();
    const shown = (await lastRow.boundingBox())!;
    expect(shown.y + shown.height).toBeLessThanOrEqual(600);
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it('refuses an amount over the withdrawable balance, withdraws, cancels, and pays at the settlement run', async () => {
    const { page } = s;
    await page.getByRole('tab', { name: 'Withdraw' }).click();
    const form = page.getByRole('form', { name: 'Withdraw' });
    const most = await withdrawable(page);
    await form.getByLabel('Amount (₹)').fill(String(most / 100 + 1));
    await form.getByRole('button', { name: 'WITHDRAW' }).click();
    expect(await form.getByRole('alert').textContent()).toMatch(/^You can withdraw at most ₹[\d,]+\.\d{2}\.$/);

    await form.getByLabel('Amount (₹)').fill('1000');
    await form.getByRole('button', { name: 'WITHDRAW' }).click();
    const placed = page
      .getByRole('alertdialog')
      .filter({ hasText: 'withdrawal request of ₹1,000.00 has been received' });
    await placed.waitFor();
    await shots(page, 'withdraw-placed');
    await placed.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => withdrawable(page)).toBe(most - 100_000);
    // Funds by segment (/Allocate/Funds/Report): the withdrawal is held from the pool, no segment holds it.
    await expect.poll(() => page.getByTestId('pool-payoutsHeld').textContent()).toBe('₹1,000.00');
    // DEMO2 trades equity only: its one segment, under the header row.
    const bySegment = page.getByRole('table', { name: 'Funds by segment' });
    expect(await bySegment.getByRole('row').count()).toBe(2);
    expect(await bySegment.getByRole('row').nth(1).textContent()).toMatch(/^Equity/);
    const pending = page.getByRole('table', { name: 'Pending withdrawals' });
    await pending.getByRole('button', { name: /^CANCEL PO/ }).waitFor();
    await shots(page, 'withdraw-pending');

    await pending.getByRole('button', { name: /^CANCEL PO/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'YES' }).click();
    const cancelled = page.getByRole('alertdialog').filter({ hasText: 'cancelled and the amount released' });
    await cancelled.waitFor();
    await cancelled.getByRole('button', { name: 'OK' }).click();
    await pending.getByText('No pending withdrawals.').waitFor();
    await expect.poll(() => withdrawable(page)).toBe(most);
    await expect.poll(() => page.getByTestId('pool-payoutsHeld').textContent()).toBe('₹0.00');

    await form.getByLabel('Amount (₹)').fill('500');
    await form.getByRole('button', { name: 'WITHDRAW' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await pending.getByRole('button', { name: /^CANCEL PO/ }).waitFor();
    const run = await page.request.post('/dev/process-payouts');
    expect((await run.json()) as unknown).toEqual({ processed: 1 });
    await page.reload();
    await page.getByRole('tab', { name: 'Withdraw' }).click();
    await pending.getByText('No pending withdrawals.').waitFor();
    const log = page.getByRole('table', { name: 'Fund transfer log' });
    await expect.poll(() => log.getByRole('row').nth(1).textContent()).toContain('Processed');
    expect(await log.getByRole('row').nth(2).textContent()).toContain('Cancelled');
    await expect.poll(() => withdrawable(page)).toBe(most - 50_000);
    await shots(page, 'after-settlement');
  });
});
