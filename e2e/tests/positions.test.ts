import { platformText, tradingText } from '@kite/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { controlsInViewAtBothWidths, looks, snapshot } from '../support/browser.ts';
import { goTo } from '../support/trading.ts';
import { browserSuite } from '../support/suite.ts';

/** DEMO1 buys RELIANCE at market with the Intraday product through the order dialog (trading.md 2.2). */
async function buyIntraday(page: Page, quantity: string) {
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('F1');
  const dialog = page.getByRole('dialog', { name: 'ORDER ENTRY - BUY ORDER' });
  await dialog.waitFor();
  const search = dialog.getByRole('searchbox', { name: 'Search scrips' });
  await search.fill('reliance');
  const results = dialog.getByRole('listbox', { name: 'Search results' });
  await results
    .getByRole('option', { name: /RELIANCE/ })
    .first()
    .click();
  await expect
    .poll(async () => (await dialog.getByLabel('Last traded price').textContent()) ?? '', { timeout: 10_000 })
    .not.toBe('0.00');
  await dialog.getByRole('tab', { name: 'Intraday' }).click();
  await dialog.getByRole('radio', { name: 'Market' }).check();
  const qty = dialog.getByLabel('Quantity', { exact: true });
  await qty.fill('');
  await qty.pressSequentially(quantity);
  await dialog.getByRole('button', { name: 'CONFIRM ORDER' }).click();
  await page.getByRole('dialog', { name: 'CONFIRM BUY ORDER' }).getByRole('button', { name: 'SUBMIT ORDER' }).click();
  const result = page.getByRole('dialog', { name: 'SUCCESS' });
  await result.waitFor({ timeout: 15_000 });
  await result.getByRole('button', { name: 'OKAY' }).click();
  await result.waitFor({ state: 'detached' });
}

function positionRow(page: Page, product: string, within: Page | Locator = page): Locator {
  return within
    .locator('tbody tr')
    .filter({ hasText: 'RELIANCE' })
    .filter({ has: page.locator('td', { hasText: new RegExp(`^${product}$`) }) });
}

const number = (text: string | null) => (text ?? '').replace(/[^0-9.-]/g, '');

/**
 * RELIANCE's NET QTY in a product as the loaded Net Positions table shows it (0 without a row), or null while it
 * loads: a reload shows the rows of the answer before it meanwhile.
 */
async function shownNet(page: Page, product: string): Promise<number | null> {
  const loaded = page
    .locator('table:not([aria-busy])')
    .filter({ has: page.getByRole('columnheader', { name: 'NET QTY' }) })
    .filter({ hasNot: page.getByRole('status') });
  if ((await loaded.count()) === 0) return null;
  const row = positionRow(page, product, loaded);
  return (await row.count()) === 0 ? 0 : Number(number(await row.locator('td').nth(3).textContent()));
}

/** The net this test's own trades move from: a retry finds the first attempt's position. */
async function loadedNet(page: Page, product: string): Promise<number> {
  let net = null as number | null;
  await expect.poll(async () => (net = await shownNet(page, product)), { timeout: 15_000 }).not.toBeNull();
  return net!;
}

describe('net positions, transfer, margin and DP holdings in the browser (trading.md 2.5, 4.8, 5.4)', () => {
  let usedBefore = '';

  // A server of our own: DEMO1's positions here belong to this test alone.
  const s = browserSuite({ ownServer: {}, signedInAs: 'DEMO1' });

  it('DP Holdings lists the seeded holdings with live prices and totals', async () => {
    const { page } = s;
    await goTo(page, '/home/dpholdings');
    const table = page.getByRole('table', { name: 'DP Holdings' });
    await table.getByRole('button', { name: 'RELIANCE' }).waitFor({ timeout: 15_000 });
    for (const symbol of ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ITC']) {
      expect(await table.getByRole('button', { name: symbol, exact: true }).count()).toBe(1);
    }
    const row = table.locator('tbody tr').filter({ hasText: 'RELIANCE' });
    expect(await row.locator('td').nth(1).textContent()).toBe('50');
    expect(number(await row.locator('[data-column="ltp"]').textContent())).toMatch(/^\d+\.\d{2}$/);
    expect(await page.getByLabel('Total').getByText('Invested value').count()).toBe(1);
    await looks(page, 'dp-holdings');
  });

  it('the margin page shows the funds before trading', async () => {
    const { page } = s;
    await goTo(page, '/home/margin');
    await page.getByTestId('available-margin').waitFor({ timeout: 15_000 });
    usedBefore = (await page.getByTestId('used-margin').textContent()) ?? '';
    expect(usedBefore).toMatch(/\d/);
    await looks(page, 'margin-before');
  });

  it('a market buy shows in Net Positions with a live LTP', async () => {
    const { page } = s;
    await goTo(page, '/home/netpositions');
    const before = await loadedNet(page, 'INTRADAY');
    await buyIntraday(page, '4');
    await goTo(page, '/home/netpositions');
    const row = positionRow(page, 'INTRADAY');
    await row.waitFor({ timeout: 15_000 });
    expect(await page.getByRole('tab', { name: 'Equity' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('button', { name: 'ALL POSITION' }).count()).toBe(0);
    // The fills may land a moment after the first positions answer; the row then updates to its net quantity.
    await expect.poll(() => shownNet(page, 'INTRADAY'), { timeout: 15_000 }).toBe(before + 4);
    expect(await row.getByRole('button', { name: 'SQUARE OFF' }).count()).toBe(1);
    const ltp = row.locator('[data-column="ltp"]');
    const first = await ltp.textContent();
    expect(number(first)).toMatch(/^\d+\.\d{2}$/);
    await expect.poll(async () => await ltp.textContent(), { timeout: 20_000, interval: 250 }).not.toBe(first);
    // Every column fits at 1366 px; in a narrower window they scroll sideways and the row actions stay in view.
    const actions = [
      row.getByRole('button', { name: 'SQUARE OFF' }),
      row.getByRole('button', { name: 'More actions for RELIANCE' }),
    ];
    expect(await controlsInViewAtBothWidths(page, row, actions)).toEqual({
      atLaptop: { wider: false, fits: true, edge: false },
      narrow: { wider: true, fits: true, edge: true },
    });
    await looks(page, 'net-positions');
  });

  it('transfers part of it from INTRADAY to CASH after refusing a quantity above the net', async () => {
    const { page } = s;
    // The buy above made the net 4 on a first attempt; a retry finds what its first attempt transferred.
    const net = await loadedNet(page, 'INTRADAY');
    const cashBefore = await loadedNet(page, 'CASH');
    const row = positionRow(page, 'INTRADAY');
    await row.getByRole('button', { name: 'More actions for RELIANCE' }).click();
    await page.getByRole('menuitem', { name: 'TRANSFER' }).click();
    const dialog = page.getByRole('dialog', { name: 'TRANSFER POSITION' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Quantity' }).inputValue()).toBe(String(net));
    await looks(page, 'transfer-form');

    const quantity = dialog.getByRole('textbox', { name: 'Quantity' });
    await quantity.fill('');
    await quantity.pressSequentially(String(net + 5));
    await dialog.getByRole('button', { name: 'TRANSFER' }).click();
    const log = page.getByRole('alertdialog', { name: 'TransferLog' });
    await log.waitFor();
    expect(await log.textContent()).toContain(`Quantity should be lesser than ${net}`);
    await snapshot(page, 'transfer-log-1366-dark');
    await log.getByRole('button', { name: 'ok' }).click();
    await log.waitFor({ state: 'detached' });

    await quantity.fill('');
    await quantity.pressSequentially('1');
    await dialog.getByRole('button', { name: 'TRANSFER' }).click();
    const result = page.getByRole('dialog', { name: 'SUCCESS' });
    await result.waitFor({ timeout: 10_000 });
    await looks(page, 'transfer-result');
    await result.getByRole('button', { name: 'OK' }).click();
    await result.waitFor({ state: 'detached' });

    await positionRow(page, 'CASH').waitFor({ timeout: 10_000 });
    await expect.poll(() => shownNet(page, 'CASH')).toBe(cashBefore + 1);
    await expect.poll(() => shownNet(page, 'INTRADAY')).toBe(net - 1);
    await looks(page, 'net-positions-after-transfer');
  });

  it("adds the position's scrip to a watchlist from the row menu through the shared dialog", async () => {
    const { page } = s;
    const row = positionRow(page, 'INTRADAY');
    await row.getByRole('button', { name: 'More actions for RELIANCE' }).click();
    // The menu opens from the pinned actions column over the row below (data-table.module.css).
    await snapshot(page, 'net-positions-row-menu-1366-dark');
    await page.getByRole('menuitem', { name: tradingText.positions.addToWatchlist }).click();
    const dialog = page.getByRole('dialog', { name: platformText.addToWatchlistTitle });
    await dialog.waitFor();
    // DEMO1's one editable watchlist is chosen already (trading.md 5.3: exactly one must be chosen).
    expect(await dialog.getByRole('radio', { checked: true }).count()).toBe(1);
    await looks(page, 'add-to-watchlist');
    await dialog.getByRole('button', { name: 'OK' }).click();
    const told = page.getByRole('alertdialog', { name: tradingText.watchlist.addScripsHeader });
    await told.waitFor();
    // RELIANCE is in the starter watchlist, so the server's duplicate rule answers; a new scrip would be added.
    const answer = (await told.textContent()) ?? '';
    expect(
      [tradingText.watchlist.scripAdded, tradingText.watchlist.symbolExists].some((text) => answer.includes(text)),
      answer,
    ).toBe(true);
    await snapshot(page, 'add-to-watchlist-answer-1366-dark');
    await told.getByRole('button').first().click();
    await told.waitFor({ state: 'detached' });
  });

  it('the margin page changes after the trade', async () => {
    const { page } = s;
    await goTo(page, '/home/margin');
    await page.getByTestId('used-margin').waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => await page.getByTestId('used-margin').textContent(), { timeout: 10_000 })
      .not.toBe(usedBefore);
    await looks(page, 'margin-after');
  });
});
