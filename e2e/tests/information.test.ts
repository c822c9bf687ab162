import { readFileSync } from 'node:fs';
import { tradingText } from '@kite/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snapshot } from '../support/browser.ts';
import { goTo, openOrderFor, setField, submitOrder } from '../support/trading.ts';
import { browserSuite } from '../support/suite.ts';

/** Where this area's screenshots go for a person to judge (both themes at 1366 px). */
const SHOTS = '/tmp/info-shots';
const t = tradingText.orderEntry;

async function shots(page: Page, name: string): Promise<void> {
  const theme = (value: string) => page.evaluate((v) => document.documentElement.setAttribute('data-theme', v), value);
  await snapshot(page, `${name}-1366-dark`, SHOTS);
  await theme('light');
  await snapshot(page, `${name}-1366-light`, SHOTS);
  await theme('dark');
}

describe('information pages, notifications, SEP and OFS in the browser (investing.md 2, 7, 9)', () => {
  let orderId = '';
  const s = browserSuite({ signedInAs: 'DEMO1' });

  it("the header's bell opens the Order tab with today's order and trade of DEMO1; SET AN ALERT on the Alerts tab", async () => {
    const { page } = s;
    const dialog = await openOrderFor(page, 'infy', { pick: /INFY/ });
    await dialog.getByRole('radio', { name: t.priceTypes.market }).check();
    await setField(dialog, t.quantity, '3');
    orderId = await submitOrder(page, dialog, t.confirmTitle(false, 'BUY'));

    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.waitForURL('**/home/notifications');
    // A market order can fill in several trades, a notification each ("BOUGHT 2 ...", "BOUGHT 1 ..."); a retry of this
    // test places another order, so only this order's are counted.
    const trades = page
      .getByRole('row')
      .filter({ hasText: /Trade: BOUGHT \d+ INFY \(NSE\)/ })
      .filter({ hasText: `order ${orderId}` });
    const bought = async () => {
      let quantity = 0;
      for (const text of await trades.allTextContents()) quantity += Number(/BOUGHT (\d+) /.exec(text)?.[1] ?? 0);
      return quantity;
    };
    await expect.poll(bought, { timeout: 15_000 }).toBe(3);
    await page
      .getByRole('row')
      .filter({ hasText: `Order ${orderId} placed: BUY 3 INFY (NSE) at market` })
      .waitFor();
    expect(await page.getByRole('button', { name: 'SET AN ALERT' }).count()).toBe(0);
    await shots(page, 'notifications-order');

    await page.getByRole('tab', { name: 'Alerts' }).click();
    await page.getByText('Price alerts you set will appear here.').waitFor();
    await page.getByRole('button', { name: 'SET AN ALERT' }).click();
    const alert = page.getByRole('dialog', { name: 'SET AN ALERT' });
    await alert.waitFor();
    await alert.getByLabel('Value').fill('1450');
    await alert.getByRole('button', { name: 'Add note' }).click();
    await alert.getByRole('textbox', { name: 'Note' }).fill('Buy on dips');
    await alert.getByRole('button', { name: 'Done' }).click();
    await alert.getByRole('button', { name: 'Edit note' }).waitFor();
    await shots(page, 'notifications-alert-dialog');
    await alert.getByRole('button', { name: 'SAVE' }).click();
    expect(await alert.isVisible()).toBe(true);
    await alert.getByRole('button', { name: 'CANCEL' }).click();
    await alert.waitFor({ state: 'detached' });
  });

  it("the bhav copy has INFY's day statistics from the traded book and exports them as CSV", async () => {
    const { page } = s;
    await goTo(page, '/home/bhavcopy');
    const infy = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'INFY', exact: true }) });
    await infy.waitFor({ timeout: 15_000 });
    const cells = await infy.getByRole('cell').allTextContents();
    // Symbol, ISIN, open, high, low, last, previous close, volume, turnover, trades.
    expect(cells[1]).toBe('INE009A01021');
    expect(cells[2]).not.toBe('-');
    expect(Number(cells[7]!.replaceAll(',', ''))).toBeGreaterThanOrEqual(3);
    await shots(page, 'bhavcopy');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^bhavcopy-NSE-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('Symbol,ISIN,Open,High,Low,Close / Last,Prev. close,Volume,Turnover (₹),Trades');
    const line = csv.find((l) => l.startsWith('INFY,'))!.split(',');
    expect(Number(line[7])).toBe(Number(cells[7]!.replaceAll(',', '')));

    await page.getByRole('radio', { name: 'BSE' }).click();
    await page.getByRole('table', { name: 'BSE equity bhav copy' }).waitFor();
  });

  it('login alert, exchange messages, corporate actions, links and the text pages read as a client would', async () => {
    const { page } = s;
    await goTo(page, '/home/loginalert');
    const current = page.getByRole('row').filter({ hasText: 'This session' });
    await current.waitFor({ timeout: 10_000 });
    expect(await current.textContent()).toMatch(/Chrome on Linux/);
    await shots(page, 'login-alert');

    await goTo(page, '/home/exchangemessages');
    await page.getByText('Mock trading session on Saturday').waitFor();
    await shots(page, 'exchange-messages');

    await goTo(page, '/home/corporateaction');
    await page.getByRole('cell', { name: 'Bonus 1:1' }).first().waitFor();
    await shots(page, 'corporate-action');
    await page.getByRole('radio', { name: 'Past' }).click();
    await page.getByRole('cell', { name: 'WIPRO', exact: true }).waitFor();

    await goTo(page, '/home/importantlinks');
    await page.getByRole('link', { name: /SEBI SCORES/ }).waitFor();
    await shots(page, 'important-links');

    await goTo(page, '/home/contactus');
    await page.getByRole('link', { name: '1800-000-0000' }).waitFor();
    await shots(page, 'contact');

    await goTo(page, '/home/faq');
    await page.getByText('Where do I see my past logins?').click();
    await page.getByText(/Info, Login Alert lists your recent logins/).waitFor();
    await shots(page, 'faq');

    await goTo(page, '/home/aboutus');
    await page.getByRole('heading', { name: 'Memberships' }).waitFor();
    await goTo(page, '/home/termsandcondition');
    await page.getByRole('heading', { name: 'Orders and execution' }).waitFor();
    await shots(page, 'terms');
  });

  it('SEP: START SEP, the confirm page, the confirm dialog and the success page', async () => {
    const { page } = s;
    await goTo(page, '/home/sep');
    await page.getByRole('heading', { name: 'START SEP' }).waitFor();
    await page.getByRole('radio', { name: 'FORTNIGHTLY' }).click();
    await page.getByLabel('Installments').selectOption('6');
    await shots(page, 'sep-form');
    await page.getByRole('button', { name: 'CONFIRM ORDER' }).click();
    await page.getByRole('heading', { name: 'Confirm SEP order' }).waitFor();
    expect(await page.getByText('3,000.00').isVisible()).toBe(true);
    await shots(page, 'sep-confirm');
    await page.getByRole('button', { name: 'CONFIRM', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByRole('button', { name: 'YES' }).click();
    const success = page.getByRole('alertdialog', { name: 'Success' });
    await success.waitFor();
    await success.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: 'SEP registered' }).waitFor();
    await shots(page, 'sep-success');
  });

  it('OFS: sample offers, BUY opens the bid dialog with IS and RS', async () => {
    const { page } = s;
    await goTo(page, '/home/ofs');
    await page.getByRole('button', { name: 'BUY COALINDIA' }).waitFor();
    await shots(page, 'ofs');
    await page.getByRole('button', { name: 'BUY COALINDIA' }).click();
    const bid = page.getByRole('dialog', { name: 'OFS Bid - COALINDIA' });
    await bid.getByLabel('Quantity').fill('100');
    expect(await bid.getByRole('status').textContent()).toBe('37,500.00');
    await shots(page, 'ofs-bid');
    await bid.getByRole('tab', { name: 'IS' }).click();
    await bid.getByRole('button', { name: 'PLACE BID' }).click();
    await page.getByRole('alertdialog', { name: 'Success' }).getByRole('button', { name: 'OK' }).click();
    await bid.waitFor({ state: 'detached' });
  });
});
