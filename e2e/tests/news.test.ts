import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { snapshot } from '../support/browser.ts';
import { acknowledgeRisk } from '../support/risk-disclosure.ts';
import { goTo } from '../support/trading.ts';
import { browserSuite } from '../support/suite.ts';

/** Where the news, ideas and world markets screenshots go for a person to judge (both themes at 1366 px). */
const SHOTS = '/tmp/news-shots';

async function shots(page: Page, name: string): Promise<void> {
  const theme = (value: string) => page.evaluate((v) => document.documentElement.setAttribute('data-theme', v), value);
  await snapshot(page, `${name}-1366-dark`, SHOTS);
  await theme('light');
  await snapshot(page, `${name}-1366-light`, SHOTS);
  await theme('dark');
}

const moreWidget = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'More widgets' }).getByRole('button', { name, exact: true });

describe('news, research ideas and world markets in the browser (investing.md 2 "Research ideas", "News", "World markets")', () => {
  const s = browserSuite();

  it('reads the news dashboard: four sections, a story opened with its text, one section alone', async () => {
    const { page } = s;
    await signIn(page, 'DEMO1');
    await acknowledgeRisk(page);
    await goTo(page, '/home/news');
    for (const name of ['TOP NEWS', 'INTERNATIONAL NEWS', 'ECONOMIC NEWS', 'CORPORATE NEWS']) {
      await page.getByRole('region', { name }).getByRole('listitem').first().waitFor({ timeout: 20_000 });
    }
    const top = page.getByRole('region', { name: 'TOP NEWS' });
    expect(await top.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await top.getByRole('listitem').count()).toBeLessThanOrEqual(6);
    await shots(page, 'news-dashboard');

    const story = top.getByRole('listitem').first().getByRole('button');
    await story.click();
    expect(await story.getAttribute('aria-expanded')).toBe('true');
    // The wire writes from the simulated market: the story names the market's own figures.
    await expect.poll(() => top.getByRole('listitem').first().textContent(), { timeout: 10_000 }).toMatch(/IST/);
    await shots(page, 'news-article');

    await page.getByRole('link', { name: 'Show all INTERNATIONAL NEWS' }).click();
    await page.getByRole('heading', { level: 1, name: 'News: INTERNATIONAL NEWS' }).waitFor();
    expect(await page.getByRole('region', { name: 'TOP NEWS' }).count()).toBe(0);
    await page.getByRole('region', { name: 'INTERNATIONAL NEWS' }).getByRole('listitem').first().waitFor();
    await shots(page, 'news-international');
  });

  it('opens Research Ideas full size from the dashboard: tabs, filters, the description popover, the order dialog', async () => {
    const { page } = s;
    await goTo(page, '/home/dashboard');
    await moreWidget(page, 'Research Ideas').waitFor();
    await shots(page, 'dashboard-more-widgets');
    await moreWidget(page, 'Research Ideas').click();
    const widget = page.getByRole('region', { name: 'Research Ideas' });
    const rows = widget.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(3);
    expect(await widget.getByRole('radio', { name: 'Technical' }).isChecked()).toBe(true);
    await shots(page, 'ideas-equity');

    await widget
      .getByRole('button', { name: /^About the call on / })
      .first()
      .click();
    const popover = page.getByRole('dialog', { name: /^About the call on / });
    await popover.waitFor();
    expect(await popover.textContent()).toMatch(/Status(Open|Target Hit|Stop Loss Hit)/);
    await shots(page, 'ideas-description');
    await page.keyboard.press('Escape');

    await widget.getByRole('tab', { name: 'FNO' }).click();
    expect(await widget.getByRole('radiogroup').count()).toBe(0);
    await expect.poll(() => widget.getByRole('table').textContent(), { timeout: 30_000 }).toMatch(/FUT|CE|PE/);
    await widget.getByRole('combobox', { name: 'Call type' }).selectOption('OPTION INTRADAY');
    await shots(page, 'ideas-fno');

    await widget.getByRole('tab', { name: 'Commodity' }).click();
    expect(await widget.getByRole('radio', { name: 'Fundamental' }).isChecked()).toBe(true);
    await expect.poll(() => widget.getByRole('table').textContent(), { timeout: 30_000 }).toMatch(/MCX/);
    await widget.getByRole('tab', { name: 'Equity' }).click();
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(3);
    const trade = widget.getByRole('button', { name: /^(BUY|SELL) / }).first();
    await trade.click();
    const dialog = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('button', { name: /^(BUY|SELL)$/ }) })
      .first();
    await dialog.waitFor({ timeout: 10_000 });
    await shots(page, 'ideas-order-dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Collapse Research Ideas' }).click();
  });

  it('shows the World Market Summary and hot news from the dashboard', async () => {
    const { page } = s;
    await moreWidget(page, 'World Market Summary').click();
    const world = page.getByRole('region', { name: 'World Market Summary' });
    await world.getByRole('table', { name: 'Asia indices' }).waitFor({ timeout: 20_000 });
    expect(await world.getByRole('table', { name: 'Asia indices' }).textContent()).toContain('Nikkei 225');
    await world.getByRole('button', { name: 'Europe' }).click();
    await world.getByRole('table', { name: 'Europe indices' }).waitFor();
    await shots(page, 'world-markets');
    await page.getByRole('button', { name: 'Collapse World Market Summary' }).click();

    await moreWidget(page, 'Hot News').click();
    const hot = page.getByRole('region', { name: 'Hot News' });
    await hot.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    await hot.getByRole('listitem').first().getByRole('button').click();
    await expect.poll(() => hot.getByRole('listitem').first().textContent(), { timeout: 10_000 }).toMatch(/IST/);
    await shots(page, 'hot-news');
    await page.getByRole('button', { name: 'Collapse Hot News' }).click();

    await moreWidget(page, 'Discussion Cloud').click();
    await page
      .getByRole('region', { name: 'Discussion Cloud' })
      .getByRole('listitem')
      .first()
      .waitFor({ timeout: 20_000 });
    await shots(page, 'discussion-cloud');
  });
});
