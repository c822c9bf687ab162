import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { looks } from '../support/browser.ts';
import { acknowledgeRisk } from '../support/risk-disclosure.ts';
import { goTo } from '../support/trading.ts';
import { browserSuite } from '../support/suite.ts';

/** Where these pages' screenshots go for a person to judge (both themes, 1366 and 1920 px). */
const SHOTS = '/tmp/market-stats-more-shots';
const shots = (page: Page, name: string) => looks(page, name, SHOTS);

describe('more market statistics in the browser (investing.md 2 "Market statistics")', () => {
  const s = browserSuite();

  it('reaches Top Movers: breadth of both exchanges, gainers and losers, breadth by index', async () => {
    const { page } = s;
    await signIn(page, 'DEMO1');
    await acknowledgeRisk(page);
    await goTo(page, '/home/ms/eq/mkt/advancedecline');
    await page.getByRole('heading', { level: 1, name: 'Top Movers' }).waitFor();
    for (const exc of ['NSE', 'BSE'])
      await page.getByRole('img', { name: new RegExp(`^${exc}: [\\d,]+ advances, [\\d,]+ declines`) }).waitFor();
    const gainers = page.getByRole('region', { name: 'Top Gainers' }).getByRole('row');
    await expect.poll(() => gainers.count(), { timeout: 20_000 }).toBeGreaterThan(5);
    expect(await gainers.nth(1).textContent()).toMatch(/\+\d+\.\d{2}%/);
    await page.getByRole('row').filter({ hasText: 'NIFTY BANK' }).first().waitFor({ timeout: 20_000 });
    await shots(page, 'top-movers');
    await page.getByRole('combobox', { name: 'Index' }).selectOption('NIFTY IT');
    await expect.poll(() => gainers.count(), { timeout: 20_000 }).toBeLessThan(12);
  });

  it('lists the simulated block and bulk deals, labelled as simulated', async () => {
    const { page } = s;
    await goTo(page, '/home/ms/eq/mkt/intradaydeals');
    await page.getByTestId('simulated-note').waitFor({ timeout: 20_000 });
    const rows = page.getByRole('tabpanel').getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(1);
    const caption = page.getByText(/^Block Deals on NSE, \d{2}\/\d{2}\/\d{4}$/);
    await caption.waitFor();
    if ((await rows.count()) > 1) expect(await rows.nth(1).textContent()).toMatch(/^\d{2}:\d{2}\S+Simulated /);
    await shots(page, 'intraday-deals-block');
    await page.getByRole('tab', { name: 'Bulk Deals' }).click();
    await page.getByText(/^Bulk Deals on NSE/).waitFor({ timeout: 20_000 });
    await shots(page, 'intraday-deals-bulk');
  });

  it('runs the equity screens over an index', async () => {
    const { page } = s;
    await goTo(page, '/home/ms/eq/mkt/screeners');
    await page.getByRole('heading', { level: 1, name: 'Screeners' }).waitFor();
    await page.getByRole('combobox', { name: 'Universe' }).selectOption('NIFTY 50');
    await page.getByText(/50 equities screened\./).waitFor({ timeout: 20_000 });
    const rows = page.getByRole('tabpanel').getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await shots(page, 'screeners-gainers');
    await page.getByRole('tab', { name: 'Volume Surge' }).click();
    await page.getByRole('columnheader', { name: /× Median Vol\./ }).waitFor();
    await page.getByRole('tab', { name: '52W High' }).click();
    await page.getByRole('columnheader', { name: /52W High/ }).waitFor();
    await shots(page, 'screeners-52w-high');
  });

  it('reads the F&O advance / decline, build-ups and unusual activity', async () => {
    const { page } = s;
    await goTo(page, '/home/ms/fno/mkt/advancedecline');
    await page.getByRole('row').filter({ hasText: 'Stock Futures' }).first().waitFor({ timeout: 20_000 });
    await page.getByRole('img', { name: /^NIFTY Futures: \d+ advances/ }).waitFor();
    await shots(page, 'fno-advance-decline');

    // A client looks at a few NIFTY contracts: their books start trading and their open interest moves.
    const search = page.getByRole('searchbox', { name: 'Search scrips' });
    for (let n = 0; n < 5; n++) {
      await search.click();
      await page.getByRole('tab', { name: 'FnO' }).click();
      await search.fill('nifty');
      const result = page.getByRole('listbox', { name: 'Search results' }).getByRole('option').nth(n);
      await result.waitFor();
      await result.click();
      await page.getByRole('table', { name: 'Market depth' }).waitFor();
    }
    await goTo(page, '/home/ms/fno/mkt/screeners');
    await page.getByTestId('buildup-rule').waitFor({ timeout: 20_000 });
    const rows = page.getByRole('tabpanel').getByRole('row');
    // Each build-up in turn until one lists a contract (the 15 s refresh shows what traded since).
    const tabs = ['Long Build-up', 'Short Build-up', 'Short Covering', 'Long Unwinding'];
    let listed = 0;
    for (let attempt = 0; attempt < 12 && listed === 0; attempt++) {
      await page.getByRole('tab', { name: tabs[attempt % 4] }).click();
      await page.waitForTimeout(2500);
      listed = (await rows.count()) - 1;
      if (listed === 1 && (await rows.nth(1).textContent())?.includes('No contract')) listed = 0;
    }
    expect(listed).toBeGreaterThan(0);
    await shots(page, 'fno-screeners');

    await goTo(page, '/home/ms/fno/mkt/unusual');
    await page.getByRole('heading', { level: 1, name: 'Unusual Activity' }).waitFor();
    // Every future is measured, looked at or not: those whose volume or open interest moved most against the median.
    await page.getByRole('radio', { name: 'Futures' }).click();
    await page
      .getByRole('table')
      .getByText(/ FUT$|No contract stands out now\./)
      .first()
      .waitFor({ timeout: 20_000 });
    await shots(page, 'fno-unusual');
  });

  it('shows the sectors of the exchange and of the F&O stocks', async () => {
    const { page } = s;
    await goTo(page, '/home/ms/eq/mkt/sectors');
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(5);
    expect(await rows.nth(1).textContent()).toMatch(/[+-]?\d+\.\d{2}%/);
    await shots(page, 'sectors');
    await goTo(page, '/home/ms/fno/mkt/sectors');
    await page.getByRole('heading', { level: 1, name: 'F&O Sectors' }).waitFor();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(3);
    await shots(page, 'fno-sectors');
  });

  it('lists the currency and commodity underlyings by their nearest futures', async () => {
    const { page } = s;
    for (const [path, title, contract] of [
      ['/home/cur/overview', 'Currency Overview', /^USDINR /],
      ['/home/com/overview', 'Commodity Overview', /^GOLD /],
    ] as const) {
      await goTo(page, path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const rows = page.getByRole('table').getByRole('row');
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(3);
      await page.getByRole('table').getByText(contract).first().waitFor();
      await shots(page, title.toLowerCase().replace(' ', '-'));
    }
  });

  it('sums the session up on the two Market Summary pages, each list linking to its whole', async () => {
    const { page } = s;
    await goTo(page, '/home/ms/eq/mkt/summary');
    await page.getByRole('heading', { level: 1, name: 'Market Summary' }).waitFor();
    const gainers = page.getByRole('region', { name: 'Top Gainers (NSE)' });
    await expect.poll(() => gainers.getByRole('row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    expect(await gainers.getByRole('row').count()).toBeLessThanOrEqual(6);
    await shots(page, 'market-summary');
    await gainers.getByRole('link', { name: 'View all' }).click();
    await page.getByRole('heading', { level: 1, name: 'Top Movers' }).waitFor();

    await goTo(page, '/home/ms/fno/mkt/summary');
    await page.getByRole('heading', { level: 1, name: 'F&O Market Summary' }).waitFor();
    await page.getByTestId('pcr-NIFTY').waitFor({ timeout: 20_000 });
    const highest = page.getByRole('region', { name: 'Futures: Highest OI' });
    await expect.poll(() => highest.getByRole('row').count(), { timeout: 20_000 }).toBe(6);
    await shots(page, 'fno-market-summary');
  });
});
