import { formatAmount, tradingText } from '@kite/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Db } from '../../apps/server/src/db/pool.ts';
import { snapshot } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';
import { dialogLtp, goTo, openOrderFor, rupeesText, setField, submitOrder } from '../support/trading.ts';

const t = tradingText.orderEntry;
const LAKH = 100_000_00;

// market-facts.md 8 "Use of collateral": DEMO1, with 1 lakh of cash and 5 lakh of pledged collateral, cannot buy
// 1.5 lakh of shares for delivery, but can buy them intraday, and can buy for delivery what its cash pays for.
describe('a delivery buy is paid in cash, never from collateral', () => {
  const s = browserSuite({ ownServer: {}, signedInAs: 'DEMO1' });
  let db: Db;
  beforeAll(async () => {
    db = createPool(s.server.databaseUrl, 2);
    await db.query(
      `UPDATE client_funds f SET ledger_balance_paise = $1, collateral_paise = $2
         FROM clients c WHERE c.id = f.client_id AND c.user_id = 'DEMO1'`,
      [1 * LAKH, 5 * LAKH],
    );
  });
  afterAll(async () => {
    await db?.end();
  });

  it('refuses 1.5 lakh of delivery with the cash figure, and places it intraday and within the cash', async () => {
    const { page } = s;
    const dialog = await openOrderFor(page, 'reliance', { pick: /RELIANCE/ });
    await dialog.getByRole('tab', { name: t.productChoices.CASH }).click();
    // 5% under the last price, in whole rupees: the order rests.
    const price = Math.floor(((await dialogLtp(dialog)) * 95) / 10_000) * 100;
    const quantity = (paise: number) => String(Math.ceil(paise / price));
    await setField(dialog, 'Price', rupeesText(price));
    await setField(dialog, 'Quantity', quantity(1_50_000_00));
    await dialog.getByRole('button', { name: 'CONFIRM ORDER' }).click();
    await page.getByRole('dialog', { name: 'CONFIRM BUY ORDER' }).getByRole('button', { name: 'SUBMIT ORDER' }).click();
    const failed = page.getByRole('dialog', { name: t.failed });
    await failed.waitFor({ timeout: 15_000 });
    // A limit delivery buy blocks its value: quantity x price.
    const required = Number(quantity(1_50_000_00)) * price;
    expect(await failed.getByRole('status').textContent()).toContain(
      t.insufficientCash(formatAmount(required), formatAmount(1 * LAKH)),
    );
    await snapshot(page, 'delivery-cash-refused-1366');
    await page.keyboard.press('Escape');
    await failed.waitFor({ state: 'detached' });

    const intraday = await openOrderFor(page, 'reliance', { pick: /RELIANCE/ });
    await intraday.getByRole('tab', { name: t.productChoices.INTRADAY }).click();
    await setField(intraday, 'Price', rupeesText(price));
    await setField(intraday, 'Quantity', quantity(1_50_000_00));
    expect(await submitOrder(page, intraday, 'CONFIRM BUY ORDER')).toMatch(/\d/);

    const again = await openOrderFor(page, 'reliance', { pick: /RELIANCE/ });
    await again.getByRole('tab', { name: t.productChoices.CASH }).click();
    await setField(again, 'Price', rupeesText(price));
    await setField(again, 'Quantity', quantity(60_000_00));
    expect(await submitOrder(page, again, 'CONFIRM BUY ORDER')).toMatch(/\d/);

    const { rows } = await db.query<{ cash_blocked: number; blocked: number }>(
      `SELECT f.cash_blocked_paise AS cash_blocked, f.blocked_margin_paise AS blocked
         FROM client_funds f JOIN clients c ON c.id = f.client_id WHERE c.user_id = 'DEMO1'`,
    );
    expect(rows[0]!.cash_blocked).toBe(Number(quantity(60_000_00)) * price);
    expect(rows[0]!.blocked).toBeGreaterThan(rows[0]!.cash_blocked);

    // The Margin page shows what is left for delivery beside the available margin.
    await goTo(page, '/home/margin');
    const figure = page
      .getByText(tradingText.margin.deliveryCash, { exact: true })
      .locator('xpath=following-sibling::*[1]');
    await expect.poll(() => figure.textContent()).toBe(formatAmount(1 * LAKH - rows[0]!.cash_blocked));
    await snapshot(page, 'delivery-cash-margin-1366');
  });
});
