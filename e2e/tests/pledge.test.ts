import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestOtp, signIn } from '../support/auth.ts';
import { snapshot } from '../support/browser.ts';
import { acknowledgeRisk, RISK_TITLE } from '../support/risk-disclosure.ts';
import { goTo } from '../support/trading.ts';
import { browserSuite } from '../support/suite.ts';

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

/** DEMO1's seeded TCS holding: what is free and what is pledged always add up to it. */
const TCS_HELD = 20;

/** The fourth cell of the TCS row: free on the PLEDGE tab, pledged (less what is marked) on UNPLEDGE. */
const tcsQuantity = async (page: Page) =>
  Number((await rowOf(page, 'TCS').getByRole('cell').nth(3).textContent())?.trim());

/** The exchange screen's TCS quantities: entered/free ("0/5"). */
const enteredOverFree = (page: Page) =>
  rowOf(page, 'TCS')
    .getByRole('cell')
    .filter({ hasText: /^\d+\/\d+$/ })
    .textContent();

/** The quantity of TCS marked for CM on the EXCHANGE UNPLEDGE tab (0 without a row). */
async function markedForCm(page: Page): Promise<number> {
  const tcs = rowOf(page, 'TCS');
  await tcs.or(page.getByText('No data Avaliable')).waitFor({ timeout: 20_000 });
  if ((await tcs.count()) === 0) return 0;
  return Number(/CM (\d+)/.exec((await tcs.textContent()) ?? '')?.[1] ?? 0);
}

/**
 * DEMO1 (POA, CDSL) pledges TCS through the simulated CDSL gateway (redirect, OTP, back to the app), sees it pledged
 * and no longer free, then marks part of it for the CM segment at the exchange (investing.md 2, 4, 5, 8).
 */
describe('Pledge in the browser', () => {
  /** TCS pledged at the depository after the first test (5 on a first attempt). */
  let pledged = 0;
  // A server of its own: the pledge changes DEMO1's holdings, which other browser tests read.
  const s = browserSuite({ ownServer: {} });

  it('pledges TCS at CDSL with the OTP and lands back on the pledge screen', async () => {
    const { page } = s;
    await signIn(page, 'DEMO1');
    await acknowledgeRisk(page);
    await goTo(page, '/home/PoaPledge');
    await rowOf(page, 'TCS').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('region', { name: 'PLEDGEOR DETAILS' }).textContent()).toContain('*****00001');
    await shots(page, 'poa-pledge');

    // All 20 are free on a first attempt. A retry finds what its first attempt pledged, and a request that attempt
    // left waiting at CDSL still holds its quantity: what may be pledged is then less than what is free.
    const free = await tcsQuantity(page);
    const offered = Number(await page.getByLabel('Quantity of TCS', { exact: true }).inputValue());
    if (!((await rowOf(page, 'TCS').textContent()) ?? '').includes('Pending at CDSL')) expect(offered).toBe(free);
    const submit = page.getByRole('button', { name: 'Submit Pledge Request' });
    expect(await submit.isDisabled()).toBe(true);
    await rowOf(page, 'TCS').getByRole('checkbox').check();
    await page.getByLabel('Quantity of TCS', { exact: true }).fill(String(offered + 5));
    await page.getByText(`Your total qty is ${offered + 5} qty can not be greater than ${offered}`).waitFor();
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
    expect(await tcsQuantity(page)).toBe(free - 5);
    await page.getByRole('tab', { name: 'UNPLEDGE' }).click();
    await page.getByRole('columnheader', { name: 'Req QTY' }).waitFor();
    pledged = await tcsQuantity(page);
    expect(pledged).toBe(TCS_HELD - (free - 5));
    expect(await page.getByRole('button', { name: 'Submit for UN-Pledge Request' }).isDisabled()).toBe(true);
    await shots(page, 'poa-unpledge');
  });

  it('marks 2 of the pledged TCS for CM at the exchange', async () => {
    const { page } = s;
    await goTo(page, '/home/ExchangePledge');
    const tcs = rowOf(page, 'TCS');
    // The pledge screen's row stays until the lazy screen replaces it.
    await page.getByRole('heading', { name: 'Exchange Pledge / Unpledge' }).waitFor({ timeout: 20_000 });
    // A retry may find the screen still open on the tab its first attempt left.
    await page.getByRole('tab', { name: 'EXCHANGE PLEDGE', exact: true }).click();
    await expect.poll(() => enteredOverFree(page)).toMatch(/^0\//);
    // Nothing is marked on a first attempt; a retry finds its first attempt's marks. Marked or not, it is what was pledged.
    const free = Number((await enteredOverFree(page))?.split('/')[1]);
    await page.getByRole('tab', { name: 'EXCHANGE UNPLEDGE' }).click();
    const marked = await markedForCm(page);
    expect(free + marked).toBe(pledged);
    await page.getByRole('tab', { name: 'EXCHANGE PLEDGE', exact: true }).click();
    await tcs.getByRole('checkbox').check();
    await page.getByLabel('TCS CM quantity', { exact: true }).fill('2');
    await expect.poll(() => enteredOverFree(page)).toBe(`2/${free}`);
    await shots(page, 'exchange-pledge');
    await page.getByRole('button', { name: 'EXCHANGE PLEDGE', exact: true }).click();
    await answer(page, 'Are you sure to submit Pledge request.', 'YES');
    await answer(page, 'SUCCESS');
    await expect.poll(() => enteredOverFree(page)).toBe(`0/${free - 2}`);
    await page.getByRole('tab', { name: 'EXCHANGE UNPLEDGE' }).click();
    await expect.poll(() => markedForCm(page)).toBe(marked + 2);
    await shots(page, 'exchange-unpledge');
  });
});
