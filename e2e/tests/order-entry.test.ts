import { platformText } from '@kite/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { acknowledgeRisk } from '../support/risk-disclosure.ts';
import { signIn } from '../support/auth.ts';
import { looks, openPage, snapshot, squeezedTexts } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import { browserSuite } from '../support/suite.ts';
import { openOrderFor, placeOrderError, setField } from '../support/trading.ts';

const SEGMENT_TEXT = platformText.segmentNotSubscribed;

async function closeDialog(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'CANCEL' }).last().click();
  await dialog.waitFor({ state: 'detached' });
  await page.waitForTimeout(50);
}

describe('order entry in the browser (trading.md 2.2, 4.1, 5.1)', () => {
  const s = browserSuite({ signedInAs: 'DEMO1' });

  it('DEMO1 opens the dialog with F1, searches RELIANCE and buys 1 at market: SUCCESS with an order id', async () => {
    const { page } = s;
    const dialog = await openOrderFor(page, 'reliance', { pick: /RELIANCE/ });
    expect(await dialog.getByLabel('Quantity', { exact: true }).inputValue()).toBe('1');
    // F6 toggles market depth while the dialog is open, even from its fields (trading.md 2.1).
    const depth = dialog.getByRole('table', { name: 'Market depth' });
    await depth.waitFor();
    await dialog.getByLabel('Quantity', { exact: true }).focus();
    await page.keyboard.press('F6');
    await depth.waitFor({ state: 'detached' });
    await page.keyboard.press('F6');
    await depth.waitFor();
    await looks(page, 'order-entry-input');
    // The depth's prices, quantities and headings each fit their column, at both sizes.
    const cells = '[role="dialog"] table[aria-label="Market depth"] :is(td, th)';
    for (const width of [1366, 1920]) {
      await page.setViewportSize({ width, height: width === 1366 ? 768 : 1080 });
      const fit = await squeezedTexts(page, cells);
      expect(fit.shown, `at ${width}`).toBeGreaterThan(30);
      expect(fit.squeezed, `at ${width}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    await dialog.getByRole('radio', { name: 'Market' }).check();
    expect(await dialog.getByLabel('Price', { exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'CONFIRM ORDER' }).click();
    const confirm = page.getByRole('dialog', { name: 'CONFIRM BUY ORDER' });
    await confirm.waitFor();
    await confirm.getByText('Charges', { exact: true }).click();
    await looks(page, 'order-entry-confirm');
    await confirm.getByRole('button', { name: 'SUBMIT ORDER' }).click();
    const result = page.getByRole('dialog', { name: 'SUCCESS' });
    await result.waitFor({ timeout: 15_000 });
    expect(
      await result.getByText('Your order has been accepted. Please check current status in order book!').count(),
    ).toBe(1);
    expect(await result.getByTestId('order-id').textContent()).toMatch(/\S+/);
    await looks(page, 'order-entry-result');
    await result.getByRole('button', { name: 'OKAY' }).click();
    await page.waitForURL('**/home/myorders');
  });

  it('a limit order far below the market is accepted and rests', async () => {
    const { page } = s;
    const dialog = await openOrderFor(page, 'reliance', { pick: /RELIANCE/ });
    const ltp = ((await dialog.getByLabel('Last traded price').textContent()) ?? '').replace(/,/g, '');
    // 5% below the last price, on a 10-paise step (a multiple of RELIANCE's 0.05 or 0.10 tick): inside the daily
    // band, far from the best offer.
    const paise = Math.round((Number(ltp) * 0.95 * 100) / 10) * 10;
    await setField(dialog, 'Price', (paise / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'CONFIRM ORDER' }).click();
    await page.getByRole('dialog', { name: 'CONFIRM BUY ORDER' }).getByRole('button', { name: 'SUBMIT ORDER' }).click();
    const result = page.getByRole('dialog', { name: 'SUCCESS' });
    await result.waitFor({ timeout: 15_000 });
    await result.getByRole('button', { name: 'OKAY' }).click();
    await page.waitForURL('**/home/myorders');
    await expect
      .poll(async () => (await page.locator('main').textContent()) ?? '', { timeout: 10_000 })
      .toMatch(/OPEN|OUTSTANDING|PENDING/i);
  });

  it('shows the rule messages of trading.md 5.1 for crafted bad orders', async () => {
    const { page } = s;
    const dialog = await openOrderFor(page, 'reliance', { pick: /RELIANCE/ });
    const price = await dialog.getByLabel('Price', { exact: true }).inputValue();
    await setField(dialog, 'Quantity', '');
    expect(await placeOrderError(page, dialog)).toBe('Please enter valid Quantity');
    await setField(dialog, 'Quantity', '100');
    await setField(dialog, 'Price', `${price.split('.')[0]}.03`);
    expect(await placeOrderError(page, dialog)).toMatch(
      /^Price should be multiple of Tick Size which is ₹ 0\.(05|10)$/,
    );
    await setField(dialog, 'Price', price);
    await setField(dialog, 'Trigger Price SL', `${Number(price.split('.')[0]) + 5}`);
    expect(await placeOrderError(page, dialog)).toBe(
      "'STOP LOSS PRICE' cannot be greater than 'PRICE' for Stop Loss Buy order",
    );
    await setField(dialog, 'Trigger Price SL', price);
    expect(await placeOrderError(page, dialog)).toBe('Stoploss should not be equal to limit price');
    await setField(dialog, 'Trigger Price SL', '0');
    await setField(dialog, 'Disclosed QTY', '5');
    const error = page.getByRole('alertdialog', { name: 'Place Order' });
    await dialog.getByRole('button', { name: 'CONFIRM ORDER' }).click();
    await error.waitFor();
    await looks(page, 'order-entry-error');
    expect(await error.locator('p').textContent()).toBe('Disclosed QTY should not be less than 10% of the Order QTY');
    await error.getByRole('button', { name: 'OK' }).click();
    await closeDialog(page, dialog);

    const future = await openOrderFor(page, 'nifty', { tab: 'FnO', button: 'Future', pick: /NIFTY/ });
    const lot = await future.getByLabel('Quantity', { exact: true }).inputValue();
    expect(Number(lot)).toBeGreaterThan(1);
    await setField(future, 'Quantity', String(Number(lot) + 1));
    expect(await placeOrderError(page, future)).toBe(`Quantity should be multiple of ${lot}`);
    await closeDialog(page, future);
  });

  it('asks before trading a security under surveillance (IRCON)', async () => {
    const { page } = s;
    const dialog = await openOrderFor(page, 'ircon', { pick: /IRCON/ });
    await dialog.getByRole('button', { name: 'CONFIRM ORDER' }).click();
    await page.getByRole('dialog', { name: 'CONFIRM BUY ORDER' }).getByRole('button', { name: 'SUBMIT ORDER' }).click();
    await page.getByText('Security is under Surveillance Measure, would you like to continue?').waitFor();
    await looks(page, 'order-entry-surveillance');
    await page.getByRole('button', { name: 'NO', exact: true }).click();
    await page.getByRole('dialog', { name: 'CONFIRM BUY ORDER' }).getByRole('button', { name: 'CANCEL' }).click();
    await closeDialog(page, page.getByRole('dialog', { name: 'ORDER ENTRY - BUY ORDER' }));
  });
});

describe('e-DIS from the order dialog (trading.md 4.2)', () => {
  it('DEMO2 (non-POA) selling SBIN from IN DP w/o POA gets SUBMIT E-DIS, which opens the depository page', async () => {
    const s = await openPage();
    try {
      const { page } = s;
      await signIn(page, 'DEMO2');
      await page.getByRole('button', { name: 'Place an Order' }).click();
      const dialog = page.getByRole('dialog', { name: 'ORDER ENTRY - BUY ORDER' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'SELL', exact: true }).click();
      const sell = page.getByRole('dialog', { name: 'ORDER ENTRY - SELL ORDER' });
      const search = sell.getByRole('searchbox', { name: 'Search scrips' });
      await search.click();
      await search.fill('sbin');
      await sell.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: /SBIN/ }).first().click();
      await sell.locator('[data-quote="ok"]').waitFor({ timeout: 10_000 });
      expect(await sell.getByRole('radio', { name: 'IN DP w/o POA' }).isChecked()).toBe(true);
      const submitEdis = sell.getByRole('button', { name: 'SUBMIT E-DIS' });
      await submitEdis.waitFor();
      expect(await sell.getByRole('button', { name: 'generate new TPIN' }).count()).toBe(1);
      await looks(page, 'order-entry-sell-edis');
      const popup = s.context.waitForEvent('page', { timeout: 10_000 }).catch(() => null);
      await submitEdis.click();
      const opened = await popup;
      if (opened) await opened.waitForLoadState();
      expect(opened ? opened.url() : page.url()).toMatch(/\/depository\/edis\//);
      if (opened) await snapshot(opened, 'order-entry-edis-depository');
    } finally {
      await s.close();
    }
  });
});

describe('segment permission in order entry (trading.md 5.3, 6)', () => {
  it('DEMO2 (equity only) finds no FnO tab in the order dialog search', async () => {
    const s = await openPage();
    try {
      await signIn(s.page, 'DEMO2');
      const { page } = s;
      // The footer's 'Place an Order' is the other way in (platform.md 2.3).
      await page.getByRole('button', { name: 'Place an Order' }).click();
      const dialog = page.getByRole('dialog', { name: 'ORDER ENTRY - BUY ORDER' });
      await dialog.waitFor();
      await dialog.getByRole('searchbox', { name: 'Search scrips' }).click();
      const tabs = dialog.getByRole('tablist', { name: 'Segments' }).getByRole('tab');
      expect(await tabs.allTextContents()).toEqual(['Equity', 'Index']);
      await snapshot(page, 'order-entry-demo2-search-tabs');
    } finally {
      await s.close();
    }
  });

  it('DEMO2 sending an F&O order anyway, from its signed-in page, is refused with the spec text', async () => {
    // The screens no longer offer DEMO2 an F&O scrip, so the refusal is proven where a client could still reach it:
    // the API, called from the signed-in browser page with its own session cookie (a server of our own with
    // encryption off, so the page may call it in plain JSON).
    const server = await startServer(inject('e2eAdminDatabaseUrl'), { ENCRYPTION: 'off', WEB_DIST: inject('webDist') });
    const s = await openPage({ baseUrl: server.url });
    const call = async (path: string, data: unknown) => {
      const response = await s.page.request.post(`/api${path}`, {
        data: { request: { data, appVersion: '3.0.0' } },
        headers: { 'x-app-id': 'e2e-segment' },
      });
      return ((await response.json()) as { response: { infoID: string; infoMsg: string; data: unknown } }).response;
    };
    try {
      await signIn(s.page, 'DEMO1');
      await acknowledgeRisk(s.page);
      const found = await call('/Trade/SymbolSearch', {
        search: 'nifty',
        tab: 'fno',
        filters: [{ name: 'assetClass', value: 'FUTURE' }],
      });
      expect(found.infoID, found.infoMsg).toBe('0');
      const future = (found.data as { searchResults: { sym: { exc: string } }[] }).searchResults.find(
        (r) => r.sym.exc === 'NFO',
      );
      if (!future) throw new Error('no NFO future for nifty');

      await s.context.clearCookies();
      await s.page.evaluate(() => window.localStorage.clear());
      await signIn(s.page, 'DEMO2');
      const search = await call('/Trade/SymbolSearch', {
        search: 'nifty',
        tab: 'fno',
        filters: [{ name: 'assetClass', value: 'FUTURE' }],
      });
      expect(search.infoMsg).toBe(SEGMENT_TEXT);
      const order = await call('/Trade/AddOrder', {
        ordAction: 'buy',
        sym: future.sym,
        ordType: 'market',
        qty: '75',
        ordDuration: 'DAY',
        prdType: 'INTRADAY',
      });
      expect(order.infoID).not.toBe('0');
      expect(order.infoMsg).toBe(SEGMENT_TEXT);
    } finally {
      await s.close();
      await server.stop();
    }
  });
});
