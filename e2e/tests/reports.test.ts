import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { looks } from '../support/browser.ts';
import { goTo, toPaise } from '../support/trading.ts';
import { browserSuite } from '../support/suite.ts';

/** Where the report screens' screenshots go for a person to judge. */
const SHOTS = '/tmp/reports-shots';

describe('the report screens in the browser over real trades (investing.md 2 "Reports", 9)', () => {
  // A server of our own with encryption off: the test trades through the API with the page's session.
  const s = browserSuite({ ownServer: { ENCRYPTION: 'off' }, signedInAs: 'DEMO1' });

  const call = (path: string, data: unknown) => apiCall(s.page, path, data, 'e2e-reports');
  // What this file's orders bought and sold, counted across attempts: vitest's retry of a test that traded trades again
  // on the same database.
  const placed = { Bought: 0, Sold: 0 };
  const trade = async (search: string, ordAction: 'buy' | 'sell', qty: number) => {
    const found = await call('/Trade/SymbolSearch', { search, tab: 'equity' });
    expect(found.infoID, found.infoMsg).toBe('0');
    const hit = (found.data as { searchResults: { sym: { exc: string } }[] }).searchResults.find(
      (r) => r.sym.exc === 'NSE',
    );
    if (!hit) throw new Error(`no NSE ${search}`);
    const order = await call('/Trade/AddOrder', {
      ordAction,
      sym: hit.sym,
      ordType: 'market',
      qty: String(qty),
      ordDuration: 'DAY',
      prdType: 'CASH',
    });
    expect(order.infoID, order.infoMsg).toBe('0');
    placed[ordAction === 'buy' ? 'Bought' : 'Sold'] += qty;
  };

  it('DEMO1 buys 5 INFY and sells 10 RELIANCE, then reads the ledger from opening to closing balance', async () => {
    const { page } = s;
    await trade('infy', 'buy', 5);
    await trade('reliance', 'sell', 10);
    await goTo(page, '/home/ledger');
    await page.getByRole('heading', { name: 'Ledger' }).waitFor();
    const table = page.getByRole('table', { name: 'Ledger' });
    // A market order can fill against several resting orders, one ledger line per trade ("Sold 8 ...", "Sold 2 ...").
    const tradedIn = async (verb: 'Bought' | 'Sold') => {
      let quantity = 0;
      for (const text of await table.getByText(new RegExp(`^${verb} \\d+ `)).allTextContents())
        quantity += Number(text.split(' ')[1]);
      return quantity;
    };
    await expect.poll(() => tradedIn('Bought'), { timeout: 15_000 }).toBe(placed.Bought);
    await expect.poll(() => tradedIn('Sold'), { timeout: 15_000 }).toBe(placed.Sold);
    const balance = await call('/Account/LedgerBalance', {});
    const closing = toPaise(await page.getByTestId('closing-balance').textContent());
    expect(closing).toBe(toPaise((balance.data as { ledgerBalance: string }).ledgerBalance));
    // Lakh grouping on the opening balance of the seeded 10 lakh.
    expect(await page.getByTestId('opening-balance').textContent()).toBe('10,00,000.00');
    await looks(page, 'ledger', SHOTS);

    // The ledger was read as the page opened; Show asks for the same period again and lists a trade made since.
    await trade('infy', 'buy', 1);
    const show = page.getByRole('button', { name: 'Show', exact: true });
    const boughtAfterShow = async () => {
      await show.click();
      return tradedIn('Bought');
    };
    await expect.poll(boughtAfterShow, { timeout: 15_000 }).toBe(placed.Bought);
  });

  it("shows today's contract note with each trade's charges and the net amount", async () => {
    const { page } = s;
    await goTo(page, '/home/digitalcontractnote');
    await page.getByRole('heading', { name: 'Digital Contract Note' }).waitFor();
    const table = page.getByRole('table', { name: 'Digital Contract Note' });
    await table.locator('tbody tr').filter({ hasText: 'SELL' }).first().waitFor({ timeout: 15_000 });
    expect(await table.locator('tbody tr').filter({ hasText: 'BUY' }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Net amount receivable by the client').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(true);
    await looks(page, 'contract-note', SHOTS);
  });

  it('lists the STT of each trade of the period with its total', async () => {
    const { page } = s;
    await goTo(page, '/home/stt');
    await page.getByRole('heading', { name: 'STT' }).waitFor();
    const table = page.getByRole('table', { name: 'STT' });
    await table.locator('tbody tr').filter({ hasText: 'SELL' }).first().waitFor({ timeout: 15_000 });
    const total = toPaise(await table.locator('tfoot td').last().textContent());
    let sum = 0;
    for (const cell of await table.locator('tbody tr td:last-child').allTextContents()) sum += toPaise(cell);
    expect(total).toBe(sum);
    expect(total).toBeGreaterThan(0);
    await looks(page, 'stt', SHOTS);
  });

  it('shows the gain summary and the datewise lots of the current financial year', async () => {
    const { page } = s;
    await goTo(page, '/home/report/gainsummary');
    await page.getByRole('heading', { name: 'Gain Summary' }).waitFor();
    await page.getByTestId('total-LONG').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('table', { name: 'Summary' }).getByText('RELIANCE').count()).toBe(1);
    await looks(page, 'gain-summary', SHOTS);
    await page.getByRole('tab', { name: 'Datewise' }).click();
    const row = page
      .getByRole('table', { name: 'Datewise' })
      .locator('tbody tr')
      .filter({ hasText: 'RELIANCE' })
      .first();
    await row.waitFor();
    // Held before the records: bought on 12/06/2023, the date seeding kept with what they cost.
    expect(await row.textContent()).toContain('12/06/2023');
    expect(await row.textContent()).toContain('Long term');
    await looks(page, 'capital-gain-datewise', SHOTS);
  });

  it("shows the client's own master record, masked", async () => {
    const { page } = s;
    await goTo(page, '/home/clientmaster');
    await page.getByRole('heading', { name: 'Client Master' }).waitFor();
    await page
      .locator('dd')
      .filter({ hasText: /^DEMO1$/ })
      .waitFor({ timeout: 15_000 });
    expect(await page.getByText(/^X{6}[0-9A-Z]{4}$/).count()).toBeGreaterThanOrEqual(2);
    expect(
      await page.getByRole('table', { name: 'Demat and bank accounts' }).locator('tbody tr').count(),
    ).toBeGreaterThan(0);
    await looks(page, 'client-master', SHOTS);
  });

  it('shows the demat holdings statement with RELIANCE down by the 10 sold', async () => {
    const { page } = s;
    await goTo(page, '/home/dematholdings');
    await page.getByRole('heading', { name: 'Demat Holdings' }).waitFor();
    const table = page.getByRole('table', { name: 'Demat holdings statement' });
    const reliance = table.locator('tbody tr').filter({ hasText: 'RELIANCE' }).first();
    await reliance.waitFor({ timeout: 15_000 });
    // The seeded 50 less what was sold.
    expect(await reliance.locator('td').nth(2).textContent()).toBe(String(50 - placed.Sold));
    await looks(page, 'demat-holdings', SHOTS);
  });
});
