import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { latestOtp, signIn } from '../support/auth.ts';
import { openPage, snapshot, type BrowserSession } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { acknowledgeRisk, goTo, RISK_TITLE } from '../support/trading.ts';

/** Where the pledge screens' screenshots go for a person to judge (both themes at 1366 px). */
const SHOTS = '/tmp/pledge-shots';

async function shots(page: Page, name: string): Promise<void> {
  const theme = (value: string) => page.evaluate((v) => document.documentElement.setAttribute('data-theme', v), value);
  await snapshot(page, `${name}-1366-dark`, SHOTS);
  await theme('light');
  await snapshot(page, `${name}-1366-light`, SHOTS);
  await theme('dark');
}

/** Answers the open dialog holding `text` with its button. */
async function answer(page: Page, text: string, button = 'OK'): Promise<void> {
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: text });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

const rowOf = (page: Page, symbol: string) =>
  page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select ${symbol}` }) });

/**
 * DEMO1 (POA, CDSL) pledges TCS through the simulated CDSL gateway (redirect, OTP, back to the app), sees it pledged
 * and no longer free, then marks part of it for the CM segment at the exchange (investing.md 2, 4, 5, 8).
 */
describe('Pledge in the browser', () => {
  let server: RunningServer;
  let s: BrowserSession;
  beforeAll(async () => {
    // A server of its own: the pledge changes DEMO1's holdings, which other browser tests read.
    server = await startServer(inject('e2eAdminDatabaseUrl'), { WEB_DIST: inject('webDist') });
    s = await openPage({ baseUrl: server.url });
  });
  afterAll(async () => {
    await s?.close();
    await server?.stop();
  });

  it('pledges TCS at CDSL with the OTP and lands back on the pledge screen', async () => {
    const { page } = s;
    await signIn(page, 'DEMO1');
    await acknowledgeRisk(page);
    await goTo(page, '/home/PoaPledge');
    await rowOf(page, 'TCS').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('region', { name: 'PLEDGEOR DETAILS' }).textContent()).toContain('*****00001');
    await shots(page, 'poa-pledge');

    const submit = page.getByRole('button', { name: 'Submit Pledge Request' });
    expect(await submit.isDisabled()).toBe(true);
    await rowOf(page, 'TCS').getByRole('checkbox').check();
    await page.getByLabel('Quantity of TCS', { exact: true }).fill('25');
    await page.getByText('Your total qty is 25 qty can not be greater than 20').waitFor();
    await shots(page, 'poa-pledge-over');
    await submit.click();
    await answer(page, 'Quantity can not be greater than to be Pledge');
    await page.getByLabel('Quantity of TCS', { exact: true }).fill('5');
    await submit.click();
    await page.getByText('Are you sure to submit Pledge request.').waitFor();
    await shots(page, 'poa-pledge-confirm');
    await answer(page, 'Are you sure to submit Pledge request.', 'YES');

    await page.waitForURL('**/depository/pledge/**');
    await page.getByRole('heading', { name: 'CDSL Margin Pledge' }).waitFor();
    await snapshot(page, 'cdsl-pledge-page-1366', SHOTS);
    await page.getByRole('button', { name: 'GENERATE OTP' }).click();
    await page.getByLabel('OTP').waitFor();
    await page.getByLabel('OTP').fill(await latestOtp(page, 'DEMO1'));
    await page.getByRole('button', { name: 'AUTHORISE' }).click();
    await page.getByRole('heading', { name: 'Pledge authorised' }).waitFor();
    await snapshot(page, 'cdsl-pledge-done-1366', SHOTS);
    await page.getByRole('link', { name: 'Back to Pledge' }).click();
    await page.waitForURL('**/home/PoaPledge');
    const risk = page.getByRole('dialog', { name: RISK_TITLE });
    if (await risk.isVisible().catch(() => false)) await acknowledgeRisk(page);

    const tcs = rowOf(page, 'TCS');
    await tcs.waitFor({ timeout: 20_000 });
    await expect.poll(() => tcs.textContent()).toContain('Pledged');
    expect((await tcs.getByRole('cell').nth(3).textContent())?.trim()).toBe('15');
    await page.getByRole('tab', { name: 'UNPLEDGE' }).click();
    await page.getByRole('columnheader', { name: 'Req QTY' }).waitFor();
    expect((await rowOf(page, 'TCS').getByRole('cell').nth(3).textContent())?.trim()).toBe('5');
    expect(await page.getByRole('button', { name: 'Submit for UN-Pledge Request' }).isDisabled()).toBe(true);
    await shots(page, 'poa-unpledge');
  });

  it('marks 2 of the pledged TCS for CM at the exchange', async () => {
    const { page } = s;
    await goTo(page, '/home/ExchangePledge');
    const tcs = rowOf(page, 'TCS');
    // The pledge screen's row stays until the lazy screen replaces it.
    await page.getByRole('heading', { name: 'Exchange Pledge / Unpledge' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => tcs.textContent()).toContain('0/5');
    await tcs.getByRole('checkbox').check();
    await page.getByLabel('TCS CM quantity', { exact: true }).fill('2');
    await expect.poll(() => tcs.textContent()).toContain('2/5');
    await shots(page, 'exchange-pledge');
    await page.getByRole('button', { name: 'EXCHANGE PLEDGE', exact: true }).click();
    await answer(page, 'Are you sure to submit Pledge request.', 'YES');
    await answer(page, 'SUCCESS');
    await expect.poll(() => rowOf(page, 'TCS').textContent()).toContain('0/3');
    await page.getByRole('tab', { name: 'EXCHANGE UNPLEDGE' }).click();
    await expect.poll(() => rowOf(page, 'TCS').textContent()).toContain('CM 2');
    await shots(page, 'exchange-unpledge');
  });
});
