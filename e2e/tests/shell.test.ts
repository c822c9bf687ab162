import { tradingText } from '@kite/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { openPage, snapshot } from '../support/browser.ts';
import { acknowledgeRisk, RISK_TITLE } from '../support/risk-disclosure.ts';
import { browserSuite } from '../support/suite.ts';

async function theme(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.dataset.theme ?? null);
}

describe('the signed-in shell in a real browser (platform.md 2.3, 2.4, 2.7, 2.9, 4.1)', () => {
  const s = browserSuite();

  it('shows DEMO1 (F&O) the risk disclosure after login, and CONTINUE hides it', async () => {
    await signIn(s.page, 'DEMO1');
    const risk = s.page.getByRole('dialog', { name: RISK_TITLE });
    await risk.waitFor();
    const text = await risk.textContent();
    expect(text).toContain('9 out of 10 individual traders');
    expect(text).toContain('January 25, 2023');
    const box = await risk.boundingBox();
    // SEBI asks for a pop-up covering at least half the screen (market-facts.md 9.2).
    expect((box?.height ?? 0) * 2).toBeGreaterThanOrEqual(768);
    await snapshot(s.page, 'shell-risk-disclosure-1366');
    await acknowledgeRisk(s.page);
    await s.page.getByRole('heading', { name: 'Investment Overview' }).waitFor();
    // DEMO1 holds five stocks: the overview sums them as DP Holdings does, and its value opens that page.
    const value = s.page.getByRole('button', { name: /Portfolio value/ });
    await value.waitFor();
    const figure = (label: string) => s.page.locator(`xpath=//dt[.="${label}"]/following-sibling::dd`);
    expect(await figure('Holdings').textContent()).toBe('5');
    expect(await figure("Today's P/L").textContent()).toMatch(/^-?[\d,]+\.\d{2} \(-?\d+\.\d{2}%\)$/);
    const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));
    const overview = rupees(await value.locator('.num').textContent());
    // Top gainers and losers of NIFTY 50 today: every gainer up, every loser down (when the market has moved at all).
    for (const [name, sign] of [
      ['Top gainers of NIFTY 50 on NSE today', /^\d/],
      ['Top losers of NIFTY 50 on NSE today', /^-/],
    ] as const) {
      const table = s.page.getByRole('table', { name });
      await table.waitFor();
      await expect.poll(() => table.getAttribute('aria-busy'), { timeout: 10_000 }).not.toBe('true');
      const changes = await table.locator('tbody tr td:nth-child(4)').allTextContents();
      expect(
        changes.every((change) => sign.test(change) && change.endsWith('%')),
        `${name}: ${changes.join(' ')}`,
      ).toBe(true);
    }
    await snapshot(s.page, 'shell-dashboard-dark-1366');
    await value.click();
    await s.page.waitForURL('**/home/dpholdings');
    const current = figure('Current value');
    // Prices move between the two reads: within half a percent.
    expect(Math.abs(rupees(await current.textContent()) - overview) / overview).toBeLessThan(0.005);
    await s.page.goBack();
    await s.page.getByRole('heading', { name: 'Investment Overview' }).waitFor();
  });

  it('answers the keyboard shortcuts: F3 my orders, F1 order dialog, Escape back to the dashboard', async () => {
    await s.page.keyboard.press('F3');
    await s.page.waitForURL('**/home/myorders');
    await s.page.keyboard.press('F1');
    const order = s.page.getByRole('dialog', { name: 'BUY ORDER' });
    await order.waitFor();
    // Navigation keys do nothing while a popup is open.
    await s.page.keyboard.press('F8');
    expect(new URL(s.page.url()).pathname).toBe('/home/myorders');
    await s.page.keyboard.press('Escape');
    await order.waitFor({ state: 'detached' });
    await s.page.keyboard.press('Escape');
    await s.page.waitForURL('**/home/dashboard');
  });

  it('expands a widget full size and collapses it again', async () => {
    await s.page.getByRole('button', { name: 'Expand Top Gainers' }).click();
    await s.page.getByRole('button', { name: 'Collapse Top Gainers' }).waitFor();
    expect(await s.page.getByRole('heading', { name: 'Top Losers' }).count()).toBe(0);
    // Expanded, the list can be of BSE, and of one index there; every row still a gainer, with its trade buttons.
    await s.page.getByRole('radio', { name: 'BSE' }).click();
    await s.page.getByRole('combobox', { name: 'Index' }).selectOption('SENSEX');
    const table = s.page.getByRole('table', { name: 'Top gainers of SENSEX on BSE today' });
    await table.waitFor();
    await expect.poll(() => table.getAttribute('aria-busy'), { timeout: 10_000 }).not.toBe('true');
    const changes = await table.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(
      changes.every((change) => /^\d.*%$/.test(change)),
      changes.join(' '),
    ).toBe(true);
    expect(await table.getByRole('button', { name: /^BUY / }).count()).toBe(changes.length);
    await snapshot(s.page, 'shell-widget-expanded-1366');
    await s.page.keyboard.press('Escape');
    await s.page.getByRole('heading', { name: 'Top Losers' }).waitFor();
    await s.page.getByRole('button', { name: 'Expand Outstanding Orders' }).click();
    await s.page.waitForURL('**/home/myorders');
  });

  it('redirects an unknown /home path to the dashboard', async () => {
    await s.page.goto('/home/no/such/screen');
    await s.page.waitForURL('**/home/dashboard');
    await s.page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  });

  it('opens the main menu with its sections', async () => {
    await s.page.getByRole('button', { name: 'Marketstats' }).click();
    const menu = s.page.getByRole('menu', { name: 'Marketstats' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Market Summary' }).isDisabled()).toBe(true);
    await snapshot(s.page, 'shell-menu-marketstats-1366');
    await menu.getByRole('menuitem', { name: 'Heatmap' }).click();
    await s.page.waitForURL('**/home/ms/eq/heatmap');
    await s.page.getByRole('button', { name: 'User menu' }).click();
    await snapshot(s.page, 'shell-user-menu-1366');
    await s.page.keyboard.press('Escape');
  });

  it('toggles the theme from the user menu, reloads and keeps it', async () => {
    await s.page.goto('/home/dashboard');
    await s.page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await theme(s.page)).toBe('dark');
    await s.page.getByRole('button', { name: 'User menu' }).click();
    await Promise.all([s.page.waitForEvent('load'), s.page.getByRole('menuitem', { name: /Preferred Theme/ }).click()]);
    await s.page.getByRole('heading', { name: 'Investment Overview' }).waitFor();
    expect(await theme(s.page)).toBe('light');
    await snapshot(s.page, 'shell-dashboard-light-1366');
    await s.page.goto('/home/profile');
    await s.page.getByRole('heading', { name: 'My Details' }).waitFor();
    await snapshot(s.page, 'shell-profile-light-1366');
    await s.page.goto('/home/settings');
    await s.page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await snapshot(s.page, 'shell-settings-light-1366');
    await s.page.getByRole('radio', { name: 'Dark' }).check();
    expect(await theme(s.page)).toBe('dark');
    await snapshot(s.page, 'shell-settings-dark-1366');
  });

  it('logs out only after confirmation', async () => {
    await s.page.getByRole('button', { name: 'User menu' }).click();
    await s.page.getByRole('menuitem', { name: 'Logout' }).click();
    const confirm = s.page.getByRole('dialog', { name: 'Logout' });
    await confirm.getByRole('button', { name: 'NO' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(s.page.url()).pathname).toBe('/home/settings');
    await s.page.getByRole('button', { name: 'User menu' }).click();
    await s.page.getByRole('menuitem', { name: 'Logout' }).click();
    await s.page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'YES' }).click();
    await s.page.waitForURL('**/base/login');
    await s.page.getByRole('alertdialog', { name: 'Logout' }).getByRole('button', { name: 'OK' }).click();
    // The guard now keeps the signed-out visitor away from /home.
    await s.page.goto('/home/dashboard');
    await s.page.waitForURL('**/base/login');
  });

  it('shows DEMO2 (equity only) no risk disclosure and hides what DEMO2 may not use', async () => {
    await signIn(s.page, 'DEMO2');
    await s.page.getByRole('heading', { name: 'Investment Overview' }).waitFor();
    await s.page.waitForTimeout(500);
    expect(await s.page.getByRole('dialog', { name: RISK_TITLE }).count()).toBe(0);
    expect(await s.page.getByRole('button', { name: 'Trading Tools' }).count()).toBe(0);
    expect(
      await s.page
        .getByRole('navigation', { name: 'Quick links' })
        .getByRole('link', { name: 'My Trading Plan' })
        .count(),
    ).toBe(0);
    await s.page.getByRole('button', { name: 'Calculators' }).click();
    const calculators = s.page.getByRole('menu', { name: 'Calculators' });
    await calculators.waitFor();
    expect(await calculators.getByRole('menuitem', { name: 'Span Calculator' }).count()).toBe(0);
    expect(await calculators.getByRole('menuitem', { name: 'Margin Calculator' }).count()).toBe(1);
    await s.page.keyboard.press('Escape');
    await s.page.getByRole('button', { name: 'Marketstats' }).click();
    const marketstats = s.page.getByRole('menu', { name: 'Marketstats' });
    expect(await marketstats.getByRole('group', { name: 'Currency' }).count()).toBe(0);
    expect(await marketstats.getByRole('group', { name: 'Commodity' }).count()).toBe(0);
    await s.page.keyboard.press('Escape');
    await snapshot(s.page, 'shell-dashboard-demo2-1366');
  });

  it('runs the MTF activation dialogs for DEMO2, who has no margin trading', async () => {
    await s.page.goto('/home/profile');
    await s.page.getByRole('button', { name: 'ACTIVATE MTF' }).click();
    const alert = s.page.getByRole('dialog', { name: 'MTF ACTIVATION' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('25% initial margin');
    await alert.getByRole('button', { name: 'YES' }).click();
    expect(await alert.getByRole('alert').textContent()).toBe(
      '*You must accept terms and conditions for activation request',
    );
    await snapshot(s.page, 'shell-mtf-activation-1366');
    await alert.getByRole('checkbox').check();
    await alert.getByRole('button', { name: 'YES' }).click();
    const result = s.page.getByRole('alertdialog', { name: 'MTF ACTIVATION' });
    await result.waitFor();
    await snapshot(s.page, 'shell-mtf-result-1366');
    await result.getByRole('button', { name: 'OK' }).click();
    await result.waitFor({ state: 'detached' });
    // The simulated back office has taken the request: asking again activates MTF, and My Details shows it at once.
    await s.page.getByRole('button', { name: 'ACTIVATE MTF' }).click();
    await alert.getByRole('checkbox').check();
    await alert.getByRole('button', { name: 'YES' }).click();
    await result.getByText('THANK YOU!').waitFor();
    await result.getByRole('button', { name: 'OK' }).click();
    await result.waitFor({ state: 'detached' });
    expect(await s.page.getByText('Margin trading (NSE / BSE)').locator('..').textContent()).toContain('Yes / Yes');
    expect(await s.page.getByRole('button', { name: 'ACTIVATE MTF' }).count()).toBe(0);
  });

  it('sends the collateral consent from the user menu and confirms it', async () => {
    await s.page.getByRole('button', { name: 'User menu' }).click();
    const consent = s.page.getByRole('menuitemcheckbox', { name: 'Limit against holdings' });
    const before = await consent.getAttribute('aria-checked');
    await consent.click();
    const answer = s.page.getByRole('alertdialog');
    await answer.waitFor();
    await snapshot(s.page, 'shell-collateral-consent-1366');
    const header = await answer.getByRole('heading').textContent();
    expect(['Confirmation', 'Message']).toContain(header);
    if (header === 'Confirmation') {
      expect(await answer.textContent()).toContain(
        'Thank you for sending the request. You will recieve a confirmation email soon.',
      );
    }
    await answer.getByRole('button', { name: 'OK' }).click();
    await s.page.getByRole('button', { name: 'User menu' }).click();
    const after = await s.page
      .getByRole('menuitemcheckbox', { name: 'Limit against holdings' })
      .getAttribute('aria-checked');
    expect(after === before).toBe(header !== 'Confirmation');
    await s.page.keyboard.press('Escape');
  });
});

describe('the shell at other window sizes', () => {
  it('lays out the dashboard in both themes', async () => {
    const s = await openPage({ viewport: { width: 1920, height: 1080 } });
    try {
      await signIn(s.page, 'DEMO2');
      await s.page.getByRole('heading', { name: 'Investment Overview' }).waitFor();
      await snapshot(s.page, 'shell-dashboard-dark-1920');
      await s.page.goto('/home/settings');
      await s.page.getByRole('radio', { name: 'Light' }).check();
      await s.page.goto('/home/dashboard');
      await s.page.getByRole('heading', { name: 'Investment Overview' }).waitFor();
      expect(await theme(s.page)).toBe('light');
      await snapshot(s.page, 'shell-dashboard-light-1920');
    } finally {
      await s.close();
    }
  });

  it('fits the window from the shell min-width up: nothing scrolls sideways, header and footer whole', async () => {
    // 1024 px is the shell's min-width; a page with a wide table (DP Holdings, ten columns) scrolls in its panel.
    const s = await openPage({ viewport: { width: 1024, height: 768 } });
    const inWindow = (box: { x: number; width: number } | null, width: number) =>
      box !== null && box.x >= 0 && box.x + box.width <= width;
    const inView = async (name: string, width: number) =>
      inWindow(await s.page.getByRole('button', { name, exact: true }).boundingBox(), width);
    try {
      await signIn(s.page, 'DEMO2');
      for (const width of [1024, 1100]) {
        await s.page.setViewportSize({ width, height: 768 });
        const ready = {
          '/home/dashboard': s.page.getByRole('heading', { name: 'Investment Overview' }),
          '/home/dpholdings': s.page.getByRole('table', { name: 'DP Holdings' }).locator('tbody tr').first(),
        };
        for (const [path, shown] of Object.entries(ready)) {
          await s.page.goto(path);
          await shown.waitFor();
          const where = `${path} at ${width} px`;
          expect(await s.page.evaluate(() => document.documentElement.scrollWidth), where).toBe(width);
          expect(await inView('User menu', width), where).toBe(true);
          expect(await inView('Place an Order', width), where).toBe(true);
        }
        await snapshot(s.page, `shell-dpholdings-${width}`);
        // The dashboard's overview figures each fit their column (Today's P/L ran into Holdings at 1024 px).
        await s.page.goto('/home/dashboard');
        const figures = s.page.locator('dl').filter({ has: s.page.locator('dt', { hasText: 'Holdings' }) });
        await figures.locator('dd').first().waitFor();
        const overflowing = await figures
          .locator('dd')
          .evaluateAll((cells) =>
            cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
          );
        expect(overflowing, `overview figures at ${width} px`).toEqual([]);
        // The header search's results (540 px, wider than its field there) open within the window.
        await s.page.getByRole('searchbox', { name: tradingText.searchLabel }).fill('INF');
        const results = s.page.getByRole('listbox', { name: 'Search results' });
        await results.getByRole('option').first().waitFor();
        expect(inWindow(await results.boundingBox(), width), `results at ${width} px`).toBe(true);
        await snapshot(s.page, `shell-search-${width}`);
        await s.page.keyboard.press('Escape');
      }
    } finally {
      await s.close();
    }
  });
});

describe('session timeout with a short idle limit', () => {
  const s = browserSuite({ ownServer: { SESSION_IDLE_MS: '4000' } });

  it("shows 'Session Timeout' after the idle time and returns to login", async () => {
    await signIn(s.page, 'DEMO2');
    await s.page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    const timeout = s.page.getByRole('alertdialog', { name: 'Session Timeout' });
    await timeout.waitFor({ timeout: 10_000 });
    expect(await timeout.textContent()).toContain('Session has expired due to inactivity. Please login again.');
    expect(new URL(s.page.url()).pathname).toBe('/base/login');
    await snapshot(s.page, 'shell-session-timeout-1366');
  });
});
