import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { looks, snapshot, squeezedTexts } from '../support/browser.ts';
import { RISK_TITLE } from '../support/risk-disclosure.ts';
import { browserSuite } from '../support/suite.ts';

/** F&O clients see the risk disclosure after login (platform.md 2.9). */
async function acknowledgeRisk(page: Page): Promise<void> {
  const risk = page.getByRole('dialog', { name: RISK_TITLE });
  await risk.waitFor({ timeout: 5_000 }).catch(() => undefined);
  if (await risk.isVisible()) {
    await risk.getByRole('button', { name: 'CONTINUE' }).click();
    await risk.waitFor({ state: 'detached' });
  }
}

/** A message dialog with the header and text of trading.md 8; closed with OK. */
async function expectMessage(page: Page, header: string, message: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: header });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(message);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const rowOf = (pane: Locator, symbol: string) =>
  pane.getByRole('row').filter({ has: pane.page().getByText(symbol, { exact: true }) });

describe('watchlists in the browser (trading.md 2.6, 4.5, 5.3, 8, 9)', () => {
  const s = browserSuite();
  let page: Page;
  let pane1: Locator;
  let pane2: Locator;

  beforeAll(() => {
    page = s.page;
    pane1 = page.getByRole('region', { name: 'Watchlist pane 1' });
    pane2 = page.getByRole('region', { name: 'Watchlist pane 2' });
  });

  const addWatchlist = async (pane: Locator, name: string) => {
    await pane.getByRole('button', { name: 'Add watchlist' }).click();
    const input = page.getByLabel('Watchlist name');
    await input.fill(name);
    await input.press('Enter');
  };

  const addScrip = async (pane: Locator, text: string, symbol: string) => {
    await pane.getByRole('button', { name: 'Add scrip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Scrips' });
    await dialog.getByRole('searchbox').fill(text);
    const option = dialog
      .getByRole('listbox', { name: 'Search results' })
      .getByRole('option')
      .filter({ hasText: symbol })
      .first();
    await option.click();
  };

  it('DEMO1 sees the starter watchlist and a predefined group side by side, live', async () => {
    await signIn(page, 'DEMO1');
    await acknowledgeRisk(page);
    await page.keyboard.press('F4');
    await page.waitForURL('**/home/watchlist');
    await rowOf(pane1, 'RELIANCE').waitFor();
    await rowOf(pane2, 'HDFCBANK').waitFor();
    expect(await pane1.getByRole('combobox', { name: 'Watchlist' }).inputValue()).not.toBe(
      await pane2.getByRole('combobox', { name: 'Watchlist' }).inputValue(),
    );
    await page.waitForTimeout(1500);
    await looks(page, 'watchlist-panes');
    // At 1366 px the two panes share the width: every live figure still fits its own box, none runs into the next.
    const figures = await squeezedTexts(page, 'main td [data-live]');
    expect(figures.shown).toBeGreaterThan(20);
    expect(figures.squeezed).toEqual([]);
  });

  it('creates a watchlist (refusing a taken name), adds scrips through search and sees prices move', async () => {
    await addWatchlist(pane1, 'Tech E2E');
    await pane1.getByText('No scrips found').waitFor();
    await addWatchlist(pane1, 'tech e2e');
    await expectMessage(page, 'Add Custom Watchlist', 'Given Name is already in list');

    await addScrip(pane1, 'infosys', 'INFY');
    await expectMessage(page, 'Add Scrips', 'Scrip added to watchlist successfully');
    await rowOf(pane1, 'INFY').waitFor();
    await addScrip(pane1, 'tata consultancy', 'TCS');
    await expectMessage(page, 'Add Scrips', 'Scrip added to watchlist successfully');
    await addScrip(pane1, 'wipro', 'WIPRO');
    await expectMessage(page, 'Add Scrips', 'Scrip added to watchlist successfully');
    await addScrip(pane1, 'infosys', 'INFY');
    await expectMessage(page, 'Add Scrips', 'Symbol is already added in the watchlist');
    expect(await pane1.getByRole('row').count()).toBe(4);

    const ltp = async () => (await rowOf(pane1, 'INFY').getByRole('cell').nth(2).textContent()) ?? '';
    const first = await ltp();
    expect(first).toMatch(/^[\d,]+\.\d{2}$/);
    const state = async () => (await pane1.getByRole('table').textContent()) ?? '';
    const before = await state();
    await expect.poll(state, { timeout: 15_000, interval: 250 }).not.toBe(before);
  });

  it('edits the watchlist: rename and a column, then filters', async () => {
    await pane1.getByRole('button', { name: 'Edit watchlist' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Watchlist' });
    expect(await edit.getByRole('checkbox', { name: 'Symbol' }).isDisabled()).toBe(true);
    await edit.getByRole('checkbox', { name: 'Exchange' }).check();
    await edit.getByLabel('Watchlist name').fill('Tech2');
    await snapshot(page, 'watchlist-edit-1366-dark');
    await edit.getByRole('button', { name: 'SAVE' }).click();
    await edit.waitFor({ state: 'detached' });
    await pane1.getByRole('columnheader', { name: 'Exchange' }).waitFor();
    expect(await pane1.getByRole('combobox', { name: 'Watchlist' }).locator('option:checked').textContent()).toBe(
      'Tech2',
    );

    await pane1.getByRole('button', { name: 'Filter', exact: true }).click();
    await pane1.getByRole('textbox', { name: 'Filter Symbol' }).fill('inf');
    await expect.poll(() => pane1.getByRole('row').count()).toBe(2);
    await pane1.getByRole('textbox', { name: 'Filter Symbol' }).fill('');
    await pane1.getByRole('textbox', { name: 'Filter LTP' }).fill('>0');
    await expect.poll(() => pane1.getByRole('row').count()).toBe(4);
    await pane1.getByRole('button', { name: 'Filter', exact: true }).click();
  });

  it('expands to full size with more columns and exports Excel and CSV named after the watchlist', async () => {
    expect(await pane1.getByRole('button', { name: 'Export' }).count()).toBe(0);
    await pane1.getByRole('button', { name: 'Expand' }).click();
    expect(await pane2.count()).toBe(0);
    await pane1.getByRole('columnheader', { name: 'ATP' }).waitFor();
    await page.waitForTimeout(1000);
    await looks(page, 'watchlist-expanded');

    await pane1.getByRole('button', { name: 'Export' }).click();
    const [excel] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel' }).click(),
    ]);
    expect(excel.suggestedFilename()).toBe('Tech2.xlsx');
    const xlsxPath = await excel.path();
    const listing = execFileSync('/usr/bin/unzip', ['-l', xlsxPath]).toString();
    expect(listing).toContain('xl/worksheets/sheet1.xml');
    const sheet = execFileSync('/usr/bin/unzip', [
      '-p',
      xlsxPath,
      'xl/worksheets/sheet1.xml',
      'xl/sharedStrings.xml',
    ]).toString();
    for (const text of ['Symbol', 'LTP', 'Exchange', 'INFY', 'TCS', 'WIPRO']) expect(sheet).toContain(text);

    await pane1.getByRole('button', { name: 'Export' }).click();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('Tech2.csv');
    const lines = readFileSync(await csv.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Symbol,LTP,Change,%Change,/);
    expect(lines[0]).toContain('Exchange');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['INFY', 'TCS', 'WIPRO']);
    expect(lines[1]).toMatch(/^INFY,\d+\.\d{2},/);

    await pane1.getByRole('button', { name: 'Collapse' }).click();
    await pane2.waitFor();
  });

  it('deletes scrips in select mode: never the last, Escape keeps the mode, confirm deletes', async () => {
    const minus = pane1.getByRole('button', { name: 'Scrip', exact: true });
    await minus.click();
    const deleting = pane1.getByRole('button', { name: 'Delete Scrip(s)' });
    await deleting.click();
    await minus.waitFor();
    await minus.click();
    for (const symbol of ['INFY', 'TCS', 'WIPRO'])
      await pane1.getByRole('checkbox', { name: `Select ${symbol}` }).check();
    await deleting.click();
    await expectMessage(page, 'Watchlist', 'Cannot delete the last Scrip');
    await pane1.getByRole('checkbox', { name: 'Select WIPRO' }).uncheck();
    await snapshot(page, 'watchlist-delete-mode-1366-dark');
    await deleting.click();
    const confirm = page.getByRole('dialog', { name: 'Watchlist' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Are you sure you want to delete ?');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await deleting.waitFor();
    await deleting.click();
    await confirm.getByRole('button', { name: 'YES' }).click();
    await minus.waitFor();
    await expect.poll(() => pane1.getByRole('row').count()).toBe(2);
    await rowOf(pane1, 'WIPRO').waitFor();
  });

  it('keeps two favourites at most', async () => {
    const star = (pane: Locator) => pane.getByRole('button', { name: 'Favourite' });
    await pane2.getByRole('combobox', { name: 'Watchlist' }).selectOption({ label: 'NIFTY 50' });
    await star(pane1).click();
    await expect.poll(() => star(pane1).getAttribute('aria-pressed')).toBe('true');
    await star(pane2).click();
    await expect.poll(() => star(pane2).getAttribute('aria-pressed')).toBe('true');
    await pane2.getByRole('combobox', { name: 'Watchlist' }).selectOption({ label: 'BANK NIFTY' });
    await star(pane2).click();
    await expectMessage(page, 'Set Favourite', 'Only two watchlists can be set as favourites');
    await pane2.getByRole('combobox', { name: 'Watchlist' }).selectOption({ label: 'NIFTY 50' });
    await star(pane2).click();
    await expect.poll(() => star(pane2).getAttribute('aria-pressed')).toBe('false');
    await star(pane1).click();
    await expect.poll(() => star(pane1).getAttribute('aria-pressed')).toBe('false');
  });

  it('refuses a sixth watchlist, then deletes watchlists with the spec messages', async () => {
    for (const name of ['W3', 'W4', 'W5']) {
      await addWatchlist(pane1, name);
      await expect
        .poll(() => pane1.getByRole('combobox', { name: 'Watchlist' }).locator('option:checked').textContent())
        .toBe(name);
    }
    await pane1.getByRole('button', { name: 'Add watchlist' }).click();
    await expectMessage(page, 'Add Custom Watchlist', "Can't Add More than 5 Watchlist");

    await pane1.getByRole('button', { name: 'Delete watchlists' }).click();
    const chooser = page.getByRole('dialog', { name: 'Delete Watchlist' });
    await chooser.getByRole('button', { name: 'DELETE' }).click();
    await expectMessage(page, 'Delete Watchlist', 'Please select atleast one watchlist');
    await snapshot(page, 'watchlist-delete-dialog-1366-dark');
    for (const name of ['Tech2', 'W3', 'W4', 'W5']) await chooser.getByRole('checkbox', { name }).check();
    await chooser.getByRole('button', { name: 'DELETE' }).click();
    const confirm = page
      .getByRole('dialog', { name: 'Delete Watchlist' })
      .filter({ hasText: 'Are you sure you want to delete ?' });
    await confirm.getByRole('button', { name: 'YES' }).click();
    await expectMessage(page, 'Delete Watchlist', 'Watchlist deleted successfully');
    // The first editable group is selected again.
    await expect
      .poll(() => pane1.getByRole('combobox', { name: 'Watchlist' }).locator('option:checked').textContent())
      .toBe('My List');
    await rowOf(pane1, 'RELIANCE').waitFor();
  });
});
