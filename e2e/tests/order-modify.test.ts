import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { snapshot } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';
import { goTo, setField, toPaise } from '../support/trading.ts';

interface Sym {
  id: string;
  exc: string;
  instr: string;
}
interface BookRow {
  orderId: string;
  prdType: string;
  limitPrice: string;
  triggerPrice: string;
  ordStatus: string;
}

/** Rupee text of paise, exact. */
const rupees = (paise: number) =>
  `${paise < 0 ? '-' : ''}${Math.floor(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;

describe('modifying orders through the order dialog (trading.md 2.2, 4.1)', () => {
  // A server of our own, with encryption off so the test may place the orders through the plain API.
  const s = browserSuite({ ownServer: { ENCRYPTION: 'off' }, signedInAs: 'DEMO1' });

  async function data<T>(path: string, body: unknown): Promise<T> {
    const answer = await apiCall(s.page, path, body);
    expect(answer.infoID, `${path}: ${answer.infoMsg}`).toBe('0');
    return answer.data as T;
  }

  async function firstResult(search: string, tab: string, filters: unknown[] = []) {
    const found = await data<{ searchResults: { sym: Sym; displaySym: string }[] }>('/Trade/SymbolSearch', {
      search,
      tab,
      filters,
    });
    const row = found.searchResults.find((r) => r.sym.exc === 'NSE' || r.sym.exc === 'NFO');
    if (!row) throw new Error(`no result for ${search}`);
    const { quote } = await data<{ quote: { ltp: string; lot: number } }>('/Market/GetQuote', { sym: row.sym });
    return { ...row, ltp: toPaise(quote.ltp), lot: quote.lot };
  }

  async function bookRow(tab: 'equity' | 'spread', orderId: string): Promise<BookRow> {
    const book = await data<{ orders: BookRow[] }>('/Trade/MyOrders', { tab, filters: [] });
    const row = book.orders.find((o) => o.orderId === orderId);
    if (!row) throw new Error(`order ${orderId} not in the ${tab} book`);
    return row;
  }

  /** My Orders on `tab`, Modify on the order's row: the MODIFY ORDER dialog with its quote loaded. */
  async function openModify(page: Page, tab: string, orderId: string): Promise<Locator> {
    await goTo(page, '/home/dashboard');
    await goTo(page, '/home/myorders');
    await page.getByRole('heading', { name: 'MY ORDERS' }).waitFor();
    await page.getByRole('tab', { name: tab, exact: true }).click();
    const row = page.locator(`tbody tr[data-row-key="${orderId}"]`);
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Modify', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'MODIFY ORDER' });
    await dialog.waitFor();
    await dialog.locator('[data-quote="ok"]').waitFor({ timeout: 10_000 });
    return dialog;
  }

  /** CONFIRM ORDER, SUBMIT ORDER: the result must be SUCCESS with the modified headline. */
  async function submitModify(page: Page, dialog: Locator, shot?: string): Promise<void> {
    await dialog.getByRole('button', { name: 'CONFIRM ORDER' }).click();
    const confirm = page.getByRole('dialog', { name: 'CONFIRM MODIFY BUY ORDER' });
    await confirm.waitFor();
    if (shot) await snapshot(page, shot);
    await confirm.getByRole('button', { name: 'SUBMIT ORDER' }).click();
    const result = page.getByRole('dialog', { name: /SUCCESS|FAILED/ });
    await result.waitFor({ timeout: 15_000 });
    const text = (await result.textContent()) ?? '';
    expect(text).toContain('Your order has been modified. Please check current status in order book!');
    await result.getByRole('button', { name: 'OKAY' }).click();
    await result.waitFor({ state: 'detached' });
  }

  it('a regular limit order and a stop-loss order: a new price is accepted; SL confirms its trigger and type', async () => {
    const { page } = s;
    const infy = await firstResult('INFY', 'equity');
    // Whole rupees (a multiple of every equity tick), 5% and 6% under the last price: the orders rest.
    const price = Math.floor((infy.ltp * 95) / 10_000) * 100;
    const placed = await data<{ orderId: string }>('/Trade/AddOrder', {
      ordAction: 'buy',
      sym: infy.sym,
      ordType: 'limit',
      qty: '2',
      limitPrice: rupees(price),
      ordDuration: 'DAY',
      prdType: 'INTRADAY',
    });
    let dialog = await openModify(page, 'Equity', placed.orderId);
    // The advance order types cannot change on modify; the order's own (Regular) still shows as chosen.
    const regular = dialog.getByRole('radio', { name: 'Regular' });
    expect(await regular.isDisabled()).toBe(true);
    expect(await regular.isChecked()).toBe(true);
    await snapshot(page, 'order-modify-input');
    await setField(dialog, 'Price', rupees(price - 100));
    await submitModify(page, dialog, 'order-modify-confirm-limit');
    const limit = await bookRow('equity', placed.orderId);
    expect([limit.prdType, toPaise(limit.limitPrice)]).toEqual(['INTRADAY', price - 100]);

    // A buy stop 3% over the last price (untriggered), its limit a rupee above the trigger.
    const trigger = Math.ceil((infy.ltp * 103) / 10_000) * 100;
    const stop = await data<{ orderId: string }>('/Trade/AddOrder', {
      ordAction: 'buy',
      sym: infy.sym,
      ordType: 'limit',
      qty: '1',
      limitPrice: rupees(trigger + 100),
      triggerPrice: rupees(trigger),
      ordDuration: 'DAY',
      prdType: 'INTRADAY',
    });
    dialog = await openModify(page, 'Equity', stop.orderId);
    await setField(dialog, 'Price', rupees(trigger + 200));
    await dialog.getByRole('button', { name: 'CONFIRM ORDER' }).click();
    const confirm = page.getByRole('dialog', { name: 'CONFIRM MODIFY BUY ORDER' });
    await confirm.waitFor();
    const shown = await confirm
      .locator('dt')
      .evaluateAll((terms) =>
        Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent])),
      );
    expect(shown['Order Type']).toBe('SL');
    expect(toPaise(shown['Trigger Price SL'] ?? '')).toBe(trigger);
    await snapshot(page, 'order-modify-confirm-sl');
    await confirm.getByRole('button', { name: 'CANCEL' }).click();
    await submitModify(page, dialog);
    const stopRow = await bookRow('equity', stop.orderId);
    expect([stopRow.ordStatus, toPaise(stopRow.limitPrice), toPaise(stopRow.triggerPrice)]).toEqual([
      'OUTSTANDING',
      trigger + 200,
      trigger,
    ]);
  }, 120_000);

  it('a cover order keeps its product CO; its new price is accepted', async () => {
    const { page } = s;
    const tcs = await firstResult('TCS', 'equity');
    const price = Math.floor((tcs.ltp * 98) / 10_000) * 100;
    // Within the cover range (3% of the last price), below the buy's price.
    const trigger = Math.ceil((tcs.ltp * 975) / 100_000) * 100;
    const placed = await data<{ orderId: string }>('/Trade/AddOrder', {
      ordAction: 'buy',
      sym: tcs.sym,
      ordType: 'limit',
      qty: '1',
      limitPrice: rupees(price),
      coTriggerPrice: rupees(trigger),
      ordDuration: 'DAY',
      prdType: 'CO',
    });
    const dialog = await openModify(page, 'Equity', placed.orderId);
    expect(await dialog.getByRole('radio', { name: 'Cover' }).isChecked()).toBe(true);
    // Disabled on modify, the order's own advance type is still drawn as chosen (the browser greys both alike).
    const drawn = (name: string) =>
      dialog.getByRole('radio', { name }).evaluate((radio) => getComputedStyle(radio).backgroundImage);
    expect(await drawn('Cover')).toContain('radial-gradient');
    expect(await drawn('Regular')).toBe('none');
    await snapshot(page, 'order-modify-input-cover');
    await setField(dialog, 'Price', rupees(price - 100));
    await submitModify(page, dialog, 'order-modify-confirm-cover');
    const row = await bookRow('equity', placed.orderId);
    expect([row.prdType, toPaise(row.limitPrice)]).toEqual(['CO', price - 100]);
  }, 120_000);

  it('a calendar spread placed as CARRY FORWARD keeps its product; its new price difference is accepted', async () => {
    const { page } = s;
    const spread = await firstResult('NIFTY', 'fno', [{ name: 'assetClass', value: 'SPREAD' }]);
    const placed = await data<{ orderId: string }>('/Trade/AddSpreadOrder', {
      sym: spread.sym,
      qty: String(spread.lot),
      priceDiff: '-12.50',
      ordType: 'limit',
      prdType: 'CARRY FORWARD',
      ordAction: 'B',
      ordAction2: 'S',
    });
    const dialog = await openModify(page, 'Spread', placed.orderId);
    expect(await dialog.getByLabel('Price Difference', { exact: true }).inputValue()).toBe('-12.50');
    // The order's own product shows as chosen, locked as every other product is on modify.
    const product = (name: string) => dialog.getByRole('tab', { name, exact: true });
    expect(await product('Carry Forward').getAttribute('aria-selected')).toBe('true');
    expect(await product('Spread').isDisabled()).toBe(true);
    // Required Margin is the spread's own, as the RMS prices it (at its near leg), not the default 0.00.
    const margin = dialog.getByLabel('Required Margin', { exact: true });
    await expect.poll(async () => toPaise(await margin.textContent()), { timeout: 10_000 }).toBeGreaterThan(0);
    const asked = await data<{ requiredMargin: string }>('/Trade/CheckMargin', {
      sym: spread.sym,
      ordType: 'limit',
      qty: String(spread.lot),
      ordAction: 'buy',
      limitPrice: '-12.50',
      prdType: 'CARRY FORWARD',
    });
    // The near leg moves between the two asks: within 2% of each other.
    const shown = toPaise(await margin.textContent());
    expect(Math.abs(shown - toPaise(asked.requiredMargin)) * 50).toBeLessThanOrEqual(toPaise(asked.requiredMargin));
    await snapshot(page, 'order-modify-input-spread');
    await setField(dialog, 'Price Difference', '-13');
    await submitModify(page, dialog, 'order-modify-confirm-spread');
    const row = await bookRow('spread', placed.orderId);
    expect([row.prdType, toPaise(row.limitPrice)]).toEqual(['CARRY FORWARD', -1300]);
  }, 120_000);
});
