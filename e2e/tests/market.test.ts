import { platformText } from '@kite/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acknowledgeRisk } from '../support/risk-disclosure.ts';
import { signIn } from '../support/auth.ts';
import { looks, snapshot } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const SEGMENT_TEXT = platformText.segmentNotSubscribed;

/** F&O clients see the risk disclosure after login (platform.md 2.9); DEMO2 (equity only) does not. */

async function depthAndPrice(page: Page): Promise<string> {
  const price = (await page.getByLabel('Last traded price').textContent()) ?? '';
  const depth = (await page.getByRole('table', { name: 'Market depth' }).textContent()) ?? '';
  return `${price}|${depth}`;
}

describe('the market in the browser: search, scrip details, index tickers (trading.md 2.7, 2.9, 4.9)', () => {
  const s = browserSuite();

  it('DEMO1 searches, opens a stock and sees it tick; the header tickers show values', async () => {
    const { page } = s;
    await signIn(page, 'DEMO1');
    await acknowledgeRisk(page);
    const ticker = page.getByTestId('index-ticker').first();
    await expect
      .poll(async () => (await ticker.textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/NIFTY 50[\d,]+\.\d{2}/);

    const search = page.getByRole('searchbox', { name: 'Search scrips' });
    await search.click();
    await search.fill('re');
    await page.getByText('Search by Scrip name or Company name', { exact: true }).waitFor();
    await search.fill('reliance');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await results.waitFor();
    expect(await page.getByRole('tablist', { name: 'Segments' }).getByRole('tab').allTextContents()).toEqual([
      'Equity',
      'FnO',
      'Index',
      'Currency',
      'Commodity',
    ]);
    const first = results.getByRole('option').first();
    expect(await first.textContent()).toMatch(/RELIANCE/);
    await first.hover();
    await looks(page, 'market-search');

    await first.click();
    await page.waitForURL('**/home/scripdetails');
    await page.getByRole('heading', { level: 1, name: /RELIANCE/ }).waitFor();
    await page.getByRole('table', { name: 'Market depth' }).waitFor();
    expect(await page.getByRole('button', { name: 'BUY' }).isEnabled()).toBe(true);
    const before = await depthAndPrice(page);
    await expect.poll(() => depthAndPrice(page), { timeout: 10_000, interval: 250 }).not.toBe(before);
    // The contract (/Market/GetContractDetails): reference data, and one share's margin in each product offered.
    const contract = page.getByRole('region', { name: 'Contract' });
    await contract.getByText('INE002A01018').waitFor();
    const lotMargins = contract.getByRole('table', { name: 'Margin for one lot' });
    const products = await lotMargins.locator('tbody tr td:first-child').allTextContents();
    expect(products).toEqual(['Normal Delivery', 'Margin Trading', 'Intraday', 'Intraday']);
    // The option chain (/Market/GetOptionChain): RELIANCE's nearest expiry, one strike at the money; a call opens.
    const chain = page.getByRole('region', { name: 'Option chain' });
    await chain.getByText('ATM', { exact: true }).waitFor();
    const call = chain.getByRole('button', { name: /^Open RELIANCE .* CE$/ }).first();
    const callName = ((await call.getAttribute('aria-label')) ?? '').replace(/^Open /, '');
    await call.click();
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${callName}`) }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: /^RELIANCE/ }).waitFor();
    await page.waitForTimeout(1500);
    await looks(page, 'market-scripdetails');
  });

  it('DEMO2, equity only, sees no FnO search tab and finds trade buttons disabled on an F&O scrip', async () => {
    const { page } = s;
    // DEMO1 opens an F&O future; the history entry keeps the scrip for the next client's screen.
    const search = page.getByRole('searchbox', { name: 'Search scrips' });
    await search.click();
    await page.getByRole('tab', { name: 'FnO' }).click();
    await search.fill('nifty');
    const future = page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first();
    await future.waitFor();
    await future.click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const state = await page.evaluate(() => window.history.state as unknown);

    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, 'DEMO2');
    await search.click();
    // trading.md 6: the segments decide the search tabs; indices stay (quotes, not traded).
    expect(await page.getByRole('tablist', { name: 'Segments' }).getByRole('tab').allTextContents()).toEqual([
      'Equity',
      'Index',
    ]);
    await search.fill('reliance');
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().waitFor();
    await snapshot(page, 'market-search-demo2-1366-dark');
    await search.press('Escape');

    await page.evaluate((saved) => window.history.pushState(saved, '', '/home/scripdetails'), state);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const buy = page.getByRole('button', { name: 'BUY' });
    expect(await buy.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'SELL' }).isDisabled()).toBe(true);
    expect(await page.getByRole('note').textContent()).toBe(SEGMENT_TEXT);
    await snapshot(page, 'market-scripdetails-denied-1366-dark');
  });

  it('the Info menu opens the market status and timings of every exchange (investing.md "Market status")', async () => {
    const { page } = s;
    // Signed out of the previous test's client (when it ran) and in as DEMO1.
    await page.context().clearCookies();
    if (page.url().startsWith('http')) await page.evaluate(() => window.localStorage.clear());
    await signIn(page, 'DEMO1');
    await acknowledgeRisk(page);
    await page.getByRole('button', { name: 'Info' }).click();
    await page.getByRole('menuitem', { name: 'Market Status and Timings' }).click();
    await page.getByRole('heading', { name: 'Market Status and Timings', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Market status and session timings of each exchange, in IST' });
    await table.getByRole('row', { name: /NSE Equity/ }).waitFor();
    expect(await table.getByRole('row').count()).toBe(8);
    // The browser tests run the demo market, open around the clock, beside the exchanges' real hours.
    expect(await page.getByTestId('status-NSE').textContent()).toBe('Open');
    await page.getByText('The demo market is open around the clock', { exact: false }).waitFor();
    const nse = table.getByRole('row', { name: /NSE Equity/ });
    expect(await nse.getByRole('cell').allTextContents()).toEqual([
      'NSE',
      'NSE Equity',
      'Open',
      '09:00 – 09:15',
      '09:15 – 15:30',
      '15:50 – 16:00',
      'Open round the clock',
    ]);
    expect(await page.getByTestId('exchange-time').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    await looks(page, 'market-timings');
  });
});
