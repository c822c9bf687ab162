import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { looks, snapshot } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const COLUMNS =
  'SR.NO,SYMBOL,EXCHANGE,BUY/SELL,PRODUCT,ORDER PRICE,QTY/LOT,DISC./DISC.LOT,TRIGGER PRICE SL,GOOD TILL,ORDER TYPE';

async function closeMessage(page: Page, message: string) {
  const popup = page.getByRole('alertdialog', { name: 'Message' });
  await popup.waitFor();
  expect(await popup.locator('p').textContent()).toBe(message);
  await popup.getByRole('button', { name: 'Ok' }).click();
  await popup.waitFor({ state: 'detached' });
}

/** plus 'Scrip' -> symbol search in the basket context -> the order dialog in ADD TO BASKET mode. */
async function addLine(page: Page, search: string, pick: RegExp, fill: (dialog: Locator) => Promise<void>) {
  await page.getByRole('toolbar', { name: 'Basket tools' }).getByRole('button', { name: 'Scrip' }).last().click();
  const chooser = page.getByRole('dialog', { name: 'ADD TO BASKET' });
  await chooser.waitFor();
  const box = chooser.getByRole('searchbox', { name: 'Search scrips' });
  await box.fill(search);
  await chooser.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: pick }).first().click();
  const order = page.getByRole('dialog', { name: 'ADD TO BASKET' });
  await order.getByRole('button', { name: 'ADD TO BASKET' }).waitFor();
  await expect
    .poll(async () => (await order.getByLabel('Last traded price').textContent()) ?? '', { timeout: 10_000 })
    .not.toBe('0.00');
  await fill(order);
  await order.getByRole('button', { name: 'ADD TO BASKET' }).click();
  await closeMessage(page, 'Scrip added to basket successfully.');
}

/** The selected basket's line count once the screen has settled (0: its empty text). */
async function lineCount(page: Page): Promise<number> {
  const settled = page
    .locator('section[aria-label="Basket Order"]:not([aria-busy="true"])')
    .filter({ hasNot: page.getByRole('status') });
  await settled.waitFor();
  return settled.getByRole('table').locator('tbody tr').count();
}

/** DELETE BASKET - {name} on a basket of that name, if the list holds one. */
async function deleteBasket(page: Page, name: string) {
  const baskets = page.getByRole('combobox', { name: 'Basket' });
  await baskets.or(page.getByText("You don't have any Basket.")).waitFor();
  if (!(await baskets.locator('option').allTextContents()).includes(name)) return;
  await baskets.selectOption({ label: name });
  await page.getByRole('button', { name: 'DELETE BASKET' }).click();
  await page
    .getByRole('dialog', { name: `DELETE BASKET - ${name}` })
    .getByRole('button', { name: 'DELETE' })
    .click();
  await closeMessage(page, 'Basket deleted successfully.');
}

describe('baskets in the browser (trading.md 2.8, 4.7, 5.5)', () => {
  /** Baskets an attempt created (or may have) and did not delete: a retry deletes them to start where it started. */
  const created = new Set<string>();
  /** The lines the basket holds after the build, and where the build's own three start (0 on a first attempt). */
  let lines = 0;
  let firstBuilt = 0;
  // Executing places real orders for DEMO1: a server of its own keeps the shared one's order book as it was.
  const s = browserSuite({ ownServer: {}, signedInAs: 'DEMO1' });

  it('shows the empty state and creates a basket', async () => {
    const { page } = s;
    await page.goto('/home/basketorder');
    if (created.has('Morning')) await deleteBasket(page, 'Morning');
    await page.getByText("You don't have any Basket.").waitFor();
    expect(await page.getByText('Please create basket to continue').isVisible()).toBe(true);
    await looks(page, 'basket-empty');
    await page.getByRole('button', { name: 'CREATE A NEW BASKET' }).click();
    const create = page.getByRole('dialog', { name: 'CREATE NEW BASKET' });
    await create.getByPlaceholder('Enter basket name').fill('Morning');
    await snapshot(page, 'basket-create-1366-dark');
    created.add('Morning');
    await create.getByRole('button', { name: 'CREATE' }).click();
    await closeMessage(page, 'Basket created successfully.');
    await page.getByText("You don't have any script in this basket.").waitFor();
    expect(await page.getByRole('combobox', { name: 'Basket' }).inputValue()).not.toBe('');
    await looks(page, 'basket-no-lines');

    await page.getByRole('button', { name: 'BASKET EXECUTION LOG' }).click();
    await page.getByText("Today you don't have any executed basket.").waitFor();
    await looks(page, 'basket-log-empty');
    await page.getByRole('button', { name: 'BACK' }).click();
    await page.getByText("You don't have any script in this basket.").waitFor();
  });

  it('DEMO1 builds a basket of three lines through the order dialog', async () => {
    const { page } = s;
    const market = async (dialog: Locator) => {
      await dialog.getByRole('radio', { name: 'Market' }).check();
    };
    // A retry finds the lines its first attempt added before failing: its own three follow them.
    const before = await lineCount(page);
    await addLine(page, 'SBIN', /SBIN/, market);
    await addLine(page, 'INFY', /INFY/, market);
    await addLine(page, 'RELIANCE', /RELIANCE/, async (dialog) => {
      const ltp = ((await dialog.getByLabel('Last traded price').textContent()) ?? '').replace(/,/g, '');
      // 5% below the last price on the 0.10 tick: inside the band, rests as an open order.
      const paise = Math.round((Number(ltp) * 0.95 * 100) / 10) * 10;
      const price = dialog.getByLabel('Price', { exact: true });
      await price.fill('');
      await price.pressSequentially((paise / 100).toFixed(2));
    });
    const table = page.getByRole('table');
    await expect.poll(async () => table.locator('tbody tr').count()).toBe(before + 3);
    expect(await table.locator('tbody tr').nth(before).locator('td').nth(1).textContent()).toBe('SBIN');
    expect(
      await table
        .locator('tbody tr')
        .nth(before + 2)
        .locator('td')
        .nth(10)
        .textContent(),
    ).toBe('LIMIT');
    lines = before + 3;
    firstBuilt = before;
    await looks(page, 'basket-lines');
  });

  it('exports the lines as CSV named after the basket', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Morning.csv');
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r\n/);
    expect(csv[0]).toBe(COLUMNS);
    expect(csv).toHaveLength(lines + 1);
    const sbin = firstBuilt + 1;
    const reliance = firstBuilt + 3;
    expect(csv[sbin]).toMatch(new RegExp(`^${sbin},SBIN,NSE,BUY,CASH,0\\.00,1,0,0\\.00,DAY,MARKET$`));
    expect(csv[reliance]).toMatch(new RegExp(`^${reliance},RELIANCE,NSE,BUY,CASH,\\d+\\.\\d0,1,0,0\\.00,DAY,LIMIT$`));
  });

  it('executes the basket after the EXECUTE BASKET dialog and shows per-line results in the execution log', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'EXECUTE BASKET' }).click();
    const execute = page.getByRole('dialog', { name: 'EXECUTE BASKET - Morning' });
    await execute.waitFor();
    expect(await execute.locator('tbody tr').count()).toBe(lines);
    await looks(page, 'basket-execute-dialog');
    await execute.getByRole('button', { name: 'CONFIRM' }).click();
    await closeMessage(page, 'Your basket is execute sucessfully.');

    await page.getByRole('button', { name: 'BASKET EXECUTION LOG' }).click();
    await page.getByRole('button', { name: 'BACK' }).waitFor();
    const table = page.getByRole('table');
    // The log shows the latest execution only: a row for each line of the basket.
    await expect.poll(async () => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(lines);
    const headers = await table.locator('thead th').allTextContents();
    expect(headers.slice(-2)).toEqual(['ORDER STATUS', 'ORDER RESPONSE']);
    for (let i = 0; i < lines; i++) {
      const cells = table.locator('tbody tr').nth(i).locator('td');
      const status = await cells.nth(11).textContent();
      expect(status).toMatch(/^(REQUEST SENT|OUTSTANDING|EXECUTED)$/);
      expect(((await cells.nth(12).textContent()) ?? '').length).toBeGreaterThan(0);
    }
    expect(await page.getByRole('button', { name: 'MODIFY SBIN' }).count()).toBe(0);
    await looks(page, 'basket-log');

    await page.getByRole('button', { name: 'BACK' }).click();
    await page.getByRole('button', { name: 'CREATE BASKET' }).waitFor();
    await expect.poll(async () => page.getByRole('table').locator('tbody tr').count()).toBe(lines);
  });

  it('creates a second basket and deletes it after DELETE BASKET - {name}', async () => {
    const { page } = s;
    if (created.has('Evening')) {
      await page.goto('/home/basketorder');
      await deleteBasket(page, 'Evening');
    }
    await page.getByRole('button', { name: 'CREATE BASKET' }).click();
    const create = page.getByRole('dialog', { name: 'CREATE NEW BASKET' });
    await create.getByPlaceholder('Enter basket name').fill('Evening');
    created.add('Evening');
    await create.getByRole('button', { name: 'CREATE' }).click();
    await closeMessage(page, 'Basket created successfully.');
    await page.getByRole('button', { name: 'DELETE BASKET' }).click();
    const confirm = page.getByRole('dialog', { name: 'DELETE BASKET - Evening' });
    await confirm.getByRole('button', { name: 'DELETE' }).click();
    await closeMessage(page, 'Basket deleted successfully.');
    created.delete('Evening');
    await expect
      .poll(async () => page.getByRole('combobox', { name: 'Basket' }).locator('option').allTextContents())
      .toEqual(['Morning']);
  });

  it('shows a long one-word basket name in full in DELETE BASKET - {name}, the question inside the dialog', async () => {
    const { page } = s;
    const name = 'BANKNIFTY_IRON_CONDOR_WEEKLY_HEDGE_DEC2026_EXPIRY';
    if (created.has(name)) {
      await page.goto('/home/basketorder');
      await deleteBasket(page, name);
    }
    await page.getByRole('button', { name: 'CREATE BASKET' }).click();
    const create = page.getByRole('dialog', { name: 'CREATE NEW BASKET' });
    await create.getByPlaceholder('Enter basket name').fill(name);
    created.add(name);
    await create.getByRole('button', { name: 'CREATE' }).click();
    await closeMessage(page, 'Basket created successfully.');
    await page.getByRole('button', { name: 'DELETE BASKET' }).click();
    const confirm = page.getByRole('dialog', { name: `DELETE BASKET - ${name}` });
    await confirm.waitFor();
    const fits = await confirm.evaluate((dialog) => {
      const box = dialog.getBoundingClientRect();
      const inside = (element: Element | null) => {
        const r = element?.getBoundingClientRect();
        return r !== undefined && r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
      };
      return {
        scrolls: dialog.scrollWidth > dialog.clientWidth + 1,
        title: inside(dialog.querySelector('h2')),
        question: inside(
          Array.from(dialog.querySelectorAll('p')).find((p) => p.textContent === 'Do you want to delete basket?') ??
            null,
        ),
      };
    });
    await looks(page, 'basket-delete-long-name');
    expect(fits).toEqual({ scrolls: false, title: true, question: true });
    await confirm.getByRole('button', { name: 'DELETE' }).click();
    await closeMessage(page, 'Basket deleted successfully.');
    created.delete(name);
  });
});
