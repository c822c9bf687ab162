import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { DEMO_PASSWORD } from '../support/auth.ts';
import { looks } from '../support/browser.ts';
import { goTo, toPaise } from '../support/trading.ts';
import { browserSuite } from '../support/suite.ts';

/** Where the P&L screens' screenshots go for a person to judge (both themes, 1366 and 1920 px). */
const SHOTS = '/tmp/pnl-shots';

const totalOf = (page: Page, column: string) => page.locator(`tfoot [data-total="${column}"]`).first();

describe('the Profit & Loss Summary in the browser (investing.md 2 "Profit and loss viewers")', () => {
  // A server of our own with encryption off: the page places an F&O order through the API with its own session.
  const s = browserSuite({ ownServer: { ENCRYPTION: 'off' }, signedInAs: 'DEMO1' });

  const call = (path: string, data: unknown) => apiCall(s.page, path, data, 'e2e-pnl');

  /** A derivative's trades today as Trade History reads them: none answers POR007 (nothing held). */
  async function history(id: string): Promise<{ buys: number; net: number }> {
    const answer = await call('/Business/TradeHistory', { segment: 'Derivatives', uniqueId: id });
    if (answer.infoID === 'POR007') return { buys: 0, net: 0 };
    expect(answer.infoID, answer.infoMsg).toBe('0');
    const data = answer.data as { dataSet: { TransactonType: string }[]; netBuySell: number };
    return { buys: data.dataSet.filter((t) => t.TransactonType === 'BUY').length, net: data.netBuySell };
  }

  it('DEMO1 sees the holdings rows, the TOTAL row and header cards that add up', async () => {
    const { page } = s;
    await goTo(page, '/home/portfolioTracker');
    await page.getByRole('heading', { name: 'Profit & Loss Summary' }).waitFor();
    const table = page.getByRole('table', { name: 'Profit & Loss Summary' });
    await table.getByText('RELIANCE', { exact: true }).waitFor({ timeout: 15_000 });
    for (const symbol of ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ITC'])
      expect(await table.getByText(symbol, { exact: true }).count()).toBe(1);
    expect(await table.locator('tfoot').getByRole('rowheader').textContent()).toBe('TOTAL');
    // The TOTAL of purchase values is the seeded cost: 50 x 1412.35 + 20 x 3320.50 + 40 x 1480.10 + 60 x 950.25 + 200 x 415.60.
    expect(toPaise(await totalOf(page, 'purchaseValue').textContent())).toBe(
      7_061_750 + 6_641_000 + 5_920_400 + 5_701_500 + 8_312_000,
    );
    expect(toPaise(await page.getByTestId('card-total').textContent())).toBe(33_636_650);
    // The cards follow the live prices with the TOTAL row (the same sums, ticking together).
    await expect
      .poll(
        async () => {
          const current = toPaise(await totalOf(page, 'currentValue').textContent());
          const card = toPaise(
            (await page.getByTestId('card-current').textContent())?.replace('Current Value', '') ?? '',
          );
          return current > 0 && current === card;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(
      await page
        .getByText('Buy Rate includes Actual Rate + (Brokerage + GST/Service Tax + Transaction Charges)')
        .count(),
    ).toBe(1);
    await looks(page, 'pnl-holdings', SHOTS);

    await page.getByRole('radio', { name: 'SECTOR' }).click();
    await page.getByRole('columnheader', { name: /SECTOR NAME/ }).waitFor();
    const sectors = page.getByRole('table', { name: 'SECTOR NAME' });
    await sectors.locator('tbody tr[data-row-key]').first().waitFor({ timeout: 15_000 });
    await sectors.locator('tbody tr[data-row-key]').first().getByRole('button').first().click();
    await looks(page, 'pnl-sectors', SHOTS);
    await page.getByRole('radio', { name: 'SCRIP' }).click();
  });

  it('switches to F&O, shows the future bought today and opens its Trade History', async () => {
    const { page } = s;
    const found = await call('/Trade/SymbolSearch', {
      search: 'nifty',
      tab: 'fno',
      filters: [{ name: 'assetClass', value: 'FUTURE' }],
    });
    expect(found.infoID, found.infoMsg).toBe('0');
    const future = (
      found.data as { searchResults: { sym: { id: string; exc: string }; lot: number; displaySym: string }[] }
    ).searchResults.find((r) => r.sym.exc === 'NFO');
    if (!future) throw new Error('no NFO future for nifty');
    // A retry finds the first attempt's trades in the history: the figures below are this order's change to them.
    const before = await history(future.sym.id);
    const order = await call('/Trade/AddOrder', {
      ordAction: 'buy',
      sym: future.sym,
      ordType: 'market',
      qty: String(future.lot),
      ordDuration: 'DAY',
      prdType: 'CARRY FORWARD',
    });
    expect(order.infoID, order.infoMsg).toBe('0');
    // The popup reads the history once: every fill of the order (it may trade in parts) is in before it opens.
    await expect
      .poll(async () => (await history(future.sym.id)).net, { timeout: 15_000 })
      .toBe(before.net + future.lot);
    const after = await history(future.sym.id);
    expect(after.buys).toBeGreaterThan(before.buys);

    await page.getByRole('radio', { name: 'F&O' }).click();
    const table = page.getByRole('table', { name: 'Profit & Loss Summary' });
    const row = table.locator('tbody tr[data-row-key]').first();
    await expect.poll(() => table.locator('tbody tr[data-row-key]').count(), { timeout: 15_000 }).toBe(1);
    expect(await row.textContent()).toContain(future.displaySym);
    expect(await page.getByRole('radio', { name: 'SECTOR' }).count()).toBe(0);
    await looks(page, 'pnl-fno', SHOTS);

    await row.getByRole('button', { name: /^Actions for / }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['TRADE HISTORY']);
    await page.getByRole('menuitem', { name: 'TRADE HISTORY' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trade History' });
    await dialog.waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
      await looks(page, 'pnl-trade-history-missing', SHOTS);
      throw error;
    });
    const buys = dialog.getByRole('cell', { name: 'BUY', exact: true });
    await buys.first().waitFor({ timeout: 15_000 });
    expect(await buys.count()).toBe(after.buys);
    expect(await dialog.getByText('NET BUY/SELL').count()).toBe(1);
    expect(toPaise(await dialog.locator('dd').nth(2).textContent())).toBe((before.net + future.lot) * 100);
    await looks(page, 'pnl-trade-history', SHOTS);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the new view says Holdings instead of the filter on the holdings tab', async () => {
    const { page } = s;
    await goTo(page, '/home/portfolioTrackerDion');
    const table = page.getByRole('table', { name: 'Profit & Loss Summary' });
    await table.getByText('RELIANCE', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('Filter').count()).toBe(0);
    expect(await page.getByText('Holdings', { exact: true }).count()).toBe(1);
    await looks(page, 'pnl-new-view', SHOTS);
  });

  it('the standalone viewer asks the password, then shows the summary and the position details', async () => {
    const { page } = s;
    await page.goto(`${s.server.url}/Portfolio.html`);
    const password = page.getByLabel('Password');
    await password.waitFor({ timeout: 15_000 });
    await password.fill('not-the-password');
    await password.press('Enter');
    await page.getByText('you have entered wrong password please enter correct password again').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await password.fill(DEMO_PASSWORD);
    await password.press('Enter');
    const summary = page.getByRole('table', { name: 'Summary' });
    await summary.getByRole('cell', { name: 'DEMO1', exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '+ DEMO1' }).click();
    const details = page.getByRole('table', { name: 'Position details of DEMO1' });
    // The NIFTY future bought above is DEMO1's one position.
    expect(await details.locator('tbody tr').count()).toBe(1);
    expect(await details.locator('tbody tr').first().textContent()).toContain('CARRY FORWARD');
    await looks(page, 'pnl-viewer', SHOTS);
  });
});
