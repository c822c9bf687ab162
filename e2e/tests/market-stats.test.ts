import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { snapshot } from '../support/browser.ts';
import { acknowledgeRisk } from '../support/risk-disclosure.ts';
import { goTo } from '../support/trading.ts';
import { browserSuite } from '../support/suite.ts';

/** Where the market statistics screenshots go for a person to judge (both themes at 1366 px). */
const SHOTS = '/tmp/market-stats-shots';

async function shots(page: Page, name: string): Promise<void> {
  const theme = (value: string) => page.evaluate((v) => document.documentElement.setAttribute('data-theme', v), value);
  await snapshot(page, `${name}-1366-dark`, SHOTS);
  await theme('light');
  await snapshot(page, `${name}-1366-light`, SHOTS);
  await theme('dark');
}

describe('market statistics in the browser (investing.md 2 "Market statistics")', () => {
  const s = browserSuite();

  it('reads the equity overview: indices, breadth of both exchanges, the most active filling as the market trades', async () => {
    const { page } = s;
    await signIn(page, 'DEMO1');
    await acknowledgeRisk(page);
    await goTo(page, '/home/ms/eq/overview');
    await page.getByRole('heading', { level: 1, name: 'Equity Overview' }).waitFor();
    const nifty = page.getByTestId('index-NIFTY 50');
    await nifty.waitFor({ timeout: 20_000 });
    expect(await nifty.textContent()).toMatch(/NIFTY 50[\d,]+\.\d{2}[+-]?[\d,]+\.\d{2} [+-]?\d+\.\d{2}%/);
    for (const exc of ['NSE', 'BSE']) {
      const bar = page.getByRole('img', { name: new RegExp(`^${exc}: [\\d,]+ advances, [\\d,]+ declines`) });
      await bar.waitFor();
    }
    const rows = page.getByRole('tabpanel').getByRole('row');
    // The first look starts the benchmark's books; the 15 s refresh shows what traded since.
    await expect.poll(() => rows.count(), { timeout: 45_000, interval: 1000 }).toBeGreaterThan(5);
    await shots(page, 'overview-most-active');

    await page.getByRole('tab', { name: 'Near 52W High' }).click();
    await page.getByRole('columnheader', { name: /Below High %/ }).waitFor();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(5);
    await page.getByRole('radio', { name: 'BSE' }).click();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(5);
    await shots(page, 'overview-52w-high-bse');
  });

  it('draws the heatmap of an index by sector and lists every index with its breadth', async () => {
    const { page } = s;
    await goTo(page, '/home/ms/eq/heatmap');
    const tiles = page.getByRole('listitem').filter({ hasText: '%' });
    await expect.poll(() => tiles.count(), { timeout: 20_000 }).toBe(50);
    await shots(page, 'heatmap-nifty50');
    await page.getByRole('combobox', { name: 'Index' }).selectOption('NIFTY BANK');
    // While NIFTY BANK loads no tile shows: wait for its own, fewer than NIFTY 50's.
    await page.getByRole('region', { name: 'Financial Services' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => tiles.count(), { timeout: 20_000 }).toBeGreaterThan(5);
    expect(await tiles.count()).toBeLessThan(50);
    await shots(page, 'heatmap-banknifty');

    await goTo(page, '/home/ms/eq/indices');
    const sensex = page.getByRole('row').filter({ hasText: 'SENSEX' });
    await sensex.waitFor({ timeout: 20_000 });
    expect(await sensex.getByRole('img', { name: /^SENSEX: \d+ advances/ }).count()).toBe(1);
    await shots(page, 'indices');
  });

  it('reads the F&O overview: put-call ratios and contracts by open interest', async () => {
    const { page } = s;
    await goTo(page, '/home/ms/fno/overview');
    const nifty = page.getByTestId('pcr-NIFTY');
    await nifty.waitFor({ timeout: 20_000 });
    expect(await nifty.textContent()).toMatch(/^NIFTY\d+\.\d{2}PCR, expiry \d{2}\/\d{2}\/\d{4}/);
    const rows = page.getByRole('tabpanel').getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(10);
    await shots(page, 'fno-overview-futures');
    await page.getByRole('radio', { name: 'Options' }).click();
    await page
      .getByRole('tabpanel')
      .getByText(/ (CE|PE)$/)
      .first()
      .waitFor({ timeout: 20_000 });
    await shots(page, 'fno-overview-options');
  });

  it("shows the coming weeks' calendar with today and the expiry days marked", async () => {
    const { page } = s;
    await goTo(page, '/home/ms/eq/calender');
    const today = page.locator('[aria-current="date"]');
    await today.waitFor({ timeout: 20_000 });
    expect(await page.getByText(/^Expiry: NIFTY \(NFO\)$/).count()).toBeGreaterThan(0);
    expect(await page.getByRole('list', { name: 'Calendar' }).getByRole('listitem').count()).toBe(42);
    await shots(page, 'calendar');
  });

  it('shows the simulated FII / DII series, labelled as simulated', async () => {
    const { page } = s;
    await goTo(page, '/home/ms/eq/mkt/fiidiiactivity');
    await page.getByTestId('simulated-note').waitFor({ timeout: 20_000 });
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(21);
    expect(await rows.nth(1).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}[\d,]+\.\d{2}/);
    await shots(page, 'fii-dii');
  });
});
