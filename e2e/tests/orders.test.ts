import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { looks } from '../support/browser.ts';
import { goTo } from '../support/trading.ts';
import { browserSuite } from '../support/suite.ts';

interface Answer<T> {
  response: { infoID: string; infoMsg: string; data: T };
}
interface Sym {
  id: string;
  exc: string;
  exc_seg: string;
  instr: string;
  xSym: string;
}

/** Exact decimal text to paise and back, so the test never prices through floats. */
const toPaise = (text: string) => {
  const [rupees = '0', fraction = ''] = text.trim().split('.');
  return Number(rupees) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};
const fromPaise = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** The numbers of the orders a list shows, sorted. */
const shownOrders = (page: Page) =>
  page
    .locator('tbody tr[data-row-key]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key')).sort());

describe('My Orders, the Order Log and My Trades in the browser (trading.md 2.3, 2.4, 8)', () => {
  /** The plain API through the signed-in page's cookies; encryption is off on this server of our own. */
  async function call<T>(path: string, data: unknown, appId = false): Promise<Answer<T>> {
    const response = await s.page.request.post(`/api${path}`, {
      data: { request: { data, appVersion: '3.0.0' } },
      headers: appId ? { 'x-app-id': 'e2e-orders' } : {},
    });
    return (await response.json()) as Answer<T>;
  }

  async function scrip(search: string): Promise<{ sym: Sym; displaySym: string; low: number; tick: number }> {
    const found = await call<{ searchResults: { sym: Sym; displaySym: string }[] }>('/Trade/SymbolSearch', {
      search,
      tab: 'equity',
    });
    expect(found.response.infoID, found.response.infoMsg).toBe('0');
    const row = found.response.data.searchResults.find((r) => r.sym.exc === 'NSE');
    if (!row) throw new Error(`no NSE result for ${search}`);
    const quote = await call<{ quote: { dpr: string; tickSize: string } }>('/Market/GetQuote', { sym: row.sym });
    expect(quote.response.infoID, quote.response.infoMsg).toBe('0');
    const [low = '0'] = quote.response.data.quote.dpr.split('-');
    return {
      sym: row.sym,
      displaySym: row.displaySym,
      low: toPaise(low),
      tick: toPaise(quote.response.data.quote.tickSize),
    };
  }

  /** The numbers of the orders My Orders lists as OUTSTANDING on its first tab (equity, NSE). */
  async function outstandingOrders(): Promise<string[]> {
    const book = await call<{ orders: { orderId: string }[] }>('/Trade/MyOrders', {
      tab: 'equity',
      filters: [
        { key: 'ordStatus', value: 'OUTSTANDING' },
        { key: 'exc', value: 'NSE' },
      ],
    });
    expect(book.response.infoID, book.response.infoMsg).toBe('0');
    return book.response.data.orders.map((o) => o.orderId).sort();
  }

  // A server of our own, with encryption off so the test may place orders through the plain API.
  const s = browserSuite({ ownServer: { ENCRYPTION: 'off' }, signedInAs: 'DEMO1' });

  it('shows a far limit order OUTSTANDING, opens its history, cancels it and sees CANCELLED', async () => {
    const { page } = s;
    const infy = await scrip('INFY');
    // Just above the day's lower circuit: far below the market, so it rests in the book.
    const price = fromPaise((Math.ceil(infy.low / infy.tick) + 2) * infy.tick);
    // None on a first attempt; a retry may find the order of a first attempt that failed before cancelling it.
    const outstandingBefore = await outstandingOrders();
    const placed = await call<{ orderId: string; msg: string }>(
      '/Trade/AddOrder',
      {
        ordAction: 'buy',
        sym: infy.sym,
        ordType: 'limit',
        qty: '3',
        limitPrice: price,
        ordDuration: 'DAY',
        prdType: 'CASH',
      },
      true,
    );
    expect(placed.response.infoID, placed.response.infoMsg).toBe('0');
    const orderId = placed.response.data.orderId;
    /** This order's row in a list of orders. */
    const ownRow = (list: Page | Locator) => list.locator(`tbody tr[data-row-key="${orderId}"]`);

    await goTo(page, '/home/dashboard');
    const widget = page.getByRole('region', { name: 'Outstanding Orders' });
    await ownRow(widget).getByRole('button', { name: infy.displaySym, exact: true }).waitFor({ timeout: 15_000 });
    await looks(page, 'orders-dashboard-widget');

    await goTo(page, '/home/myorders');
    await page.getByRole('heading', { name: 'MY ORDERS' }).waitFor();
    const row = ownRow(page);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(infy.displaySym);
    expect(await row.textContent()).toContain('OUTSTANDING');
    await row.getByRole('button', { name: `Details of ${infy.displaySym}` }).click();
    await page.getByText(orderId, { exact: true }).first().waitFor();
    await looks(page, 'orders-myorders-expanded');

    await row.getByRole('button', { name: `Order history of ${infy.displaySym}` }).click();
    const log = page.getByRole('dialog', { name: 'ORDER LOG' });
    await log.waitFor();
    await log.getByRole('cell', { name: 'OUTSTANDING' }).first().waitFor({ timeout: 10_000 });
    expect(await log.textContent()).toContain(orderId);
    await looks(page, 'orders-order-log');
    await log.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await log.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: 'Cancel/Exit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel Order' });
    await confirm.getByText('Do you want to cancel/exit this order ?').waitFor();
    await confirm.getByRole('button', { name: 'YES' }).click();
    const sent = page.getByRole('alertdialog', { name: 'Cancel Order' });
    await sent.getByText('Cancel Request Sent').waitFor({ timeout: 10_000 });
    await sent.getByRole('button', { name: 'OK' }).click();
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 15_000 }).toContain('CANCELLED');
    expect(await row.getByRole('button', { name: 'Cancel/Exit' }).isDisabled()).toBe(true);

    await page.getByRole('combobox', { name: 'Status' }).selectOption('CANCELLED');
    await ownRow(page).waitFor({ timeout: 10_000 });
    await page.getByRole('combobox', { name: 'Status' }).selectOption('OUTSTANDING');
    // Back to what was outstanding before this test's order.
    if (outstandingBefore.length === 0) await page.getByText('No orders found').waitFor({ timeout: 10_000 });
    else await expect.poll(() => shownOrders(page), { timeout: 10_000 }).toEqual(outstandingBefore);
  }, 120_000);

  it('a market buy shows in My Trades', async () => {
    const { page } = s;
    const tcs = await scrip('TCS');
    const placed = await call<{ orderId: string }>(
      '/Trade/AddOrder',
      {
        ordAction: 'buy',
        sym: tcs.sym,
        ordType: 'market',
        qty: '2',
        limitPrice: '0',
        ordDuration: 'DAY',
        prdType: 'INTRADAY',
      },
      true,
    );
    expect(placed.response.infoID, placed.response.infoMsg).toBe('0');
    await goTo(page, '/home/mytrades');
    await page.getByRole('heading', { name: 'MY TRADES' }).waitFor();
    const trade = page.locator('tbody tr').filter({ hasText: placed.response.data.orderId });
    await expect
      .poll(
        async () => {
          if ((await trade.count()) === 0) await page.getByRole('button', { name: 'Refresh' }).click();
          return trade.count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    const cells = await trade.first().locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual([tcs.displaySym, 'BUY', 'NSE', 'MARKET']);
    expect(cells[6]).toBe('INTRADAY');
    await looks(page, 'orders-mytrades');
  }, 60_000);
});
