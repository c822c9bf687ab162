import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { looks } from '../support/browser.ts';
import { goTo, toPaise } from '../support/trading.ts';
import { browserSuite } from '../support/suite.ts';

/** Where these screens' screenshots go for a person to judge. */
const SHOTS = '/tmp/reports-more-shots';

type Hit = { sym: { exc: string; instr?: string }; lot: number; tradable: boolean };

describe('back-office, segment, SEP and help pages and the contract note PDF in the browser (investing.md 2, 7)', () => {
  // A server of our own with encryption off: the test trades through the API with the page's session.
  const s = browserSuite({ ownServer: { ENCRYPTION: 'off' }, signedInAs: 'DEMO1' });

  const call = (path: string, data: unknown) => apiCall(s.page, path, data, 'e2e-reports-more');
  const find = async (search: string, tab: 'equity' | 'fno', pick: (hit: Hit) => boolean) => {
    const found = await call('/Trade/SymbolSearch', { search, tab });
    expect(found.infoID, found.infoMsg).toBe('0');
    const hit = (found.data as { searchResults: Hit[] }).searchResults.find((r) => r.tradable && pick(r));
    if (!hit) throw new Error(`no ${search} in ${tab}`);
    return hit;
  };
  const trade = async (hit: Hit, ordAction: 'buy' | 'sell', qty: number, prdType: string) => {
    const order = await call('/Trade/AddOrder', {
      ordAction,
      sym: hit.sym,
      ordType: 'market',
      qty: String(qty),
      ordDuration: 'DAY',
      prdType,
    });
    expect(order.infoID, order.infoMsg).toBe('0');
  };

  it('DEMO1 trades equity and a NIFTY future; the back-office report sums them per segment beside the ledger', async () => {
    const { page } = s;
    await trade(await find('infy', 'equity', (h) => h.sym.exc === 'NSE'), 'buy', 5, 'CASH');
    await trade(await find('reliance', 'equity', (h) => h.sym.exc === 'NSE'), 'sell', 10, 'CASH');
    const future = await find('nifty', 'fno', (h) => h.sym.instr === 'FUTIDX');
    await trade(future, 'buy', future.lot, 'CARRY FORWARD');
    await trade(future, 'sell', future.lot, 'CARRY FORWARD');

    await goTo(page, '/home/backofficereportcurrent');
    await page.getByRole('heading', { name: 'Back-office Report (Current FY)' }).waitFor();
    const table = page.getByRole('table', { name: 'Turnover, charges and realised P&L by segment' });
    const delivery = table.locator('tbody tr').filter({ hasText: 'Equity delivery' });
    await delivery.waitFor({ timeout: 15_000 });
    // Each market order fills in one trade or more (partly at several levels of the book).
    expect(Number(await delivery.locator('td').nth(1).textContent())).toBeGreaterThanOrEqual(2);
    const fno = table.locator('tbody tr').filter({ hasText: 'F&O' });
    expect(Number(await fno.locator('td').nth(1).textContent())).toBeGreaterThanOrEqual(2);
    const balance = await call('/Account/LedgerBalance', {});
    const closing = toPaise(await page.getByTestId('ledger-closingBalance').textContent());
    expect(closing).toBe(toPaise((balance.data as { ledgerBalance: string }).ledgerBalance));
    await looks(page, 'back-office-current', SHOTS);

    await goTo(page, '/home/backofficereportprevfinancialyear');
    await page.getByRole('heading', { name: 'Back-office Report (Previous FY)' }).waitFor();
    await page.getByTestId('financial-year').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('financial-year').textContent()).toMatch(/to 31\/03\/\d{4}$/);
    await looks(page, 'back-office-previous', SHOTS);
  });

  it('shows the equity and the F&O segment reports for the last 30 days', async () => {
    const { page } = s;
    await goTo(page, '/home/equity');
    await page.getByRole('heading', { name: 'Equity', exact: true }).waitFor();
    const securities = page.getByRole('table', { name: 'Realised P&L by security' });
    await securities.locator('tbody tr').filter({ hasText: 'RELIANCE' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('table', { name: 'Trades' }).locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    await looks(page, 'segment-equity', SHOTS);

    await goTo(page, '/home/fno');
    await page.getByRole('heading', { name: 'F&O', exact: true }).waitFor();
    const contracts = page.getByRole('table', { name: 'Realised P&L by security' });
    await contracts.locator('tbody tr').filter({ hasText: 'NIFTY' }).first().waitFor({ timeout: 15_000 });
    expect(await page.getByRole('table', { name: 'Trades' }).locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    await looks(page, 'segment-fno', SHOTS);
  });

  it("downloads today's contract note as a PDF from the contract-note page", async () => {
    const { page } = s;
    await goTo(page, '/home/digitalcontractnote');
    await page.getByRole('heading', { name: 'Digital Contract Note' }).waitFor();
    const button = page.getByRole('button', { name: 'Download PDF' });
    await button.waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^contract-note-\d{8}\.pdf$/);
    const file = await download.path();
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    await looks(page, 'contract-note-pdf-button', SHOTS);
  });

  it('shows the SEP reports empty, saying why', async () => {
    const { page } = s;
    for (const [path, title, empty] of [
      ['/home/sepregistrationreport', 'SEP Registration Report', 'You have no registered SEPs.'],
      ['/home/sepexecutionreport', 'SEP Execution Report', 'No SEP installments have been executed.'],
    ] as const) {
      await goTo(page, path);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByText(empty).waitFor();
      expect(await page.getByRole('link', { name: 'See the START SEP preview' }).count()).toBe(1);
    }
    await looks(page, 'sep-execution-report', SHOTS);
  });

  it('shows the help page with its links and the keyboard shortcuts', async () => {
    const { page } = s;
    await goTo(page, '/home/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    const shortcuts = page.getByRole('table', { name: 'Keyboard shortcuts' });
    expect(await shortcuts.locator('tbody tr').count()).toBe(9);
    await page.getByText(/Helpdesk: /).waitFor({ timeout: 15_000 });
    await looks(page, 'help', SHOTS);
    await page.getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.getByRole('heading', { name: 'FAQ' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home/faq');
  });
});
