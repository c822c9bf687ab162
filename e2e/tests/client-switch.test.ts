import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/auth.ts';
import { browserSuite } from '../support/suite.ts';
import { goTo } from '../support/trading.ts';

describe('one client after another in the same tab (platform.md 4.1)', () => {
  const s = browserSuite({ signedInAs: 'DEMO1' });

  it("never shows the first client's holdings to the next while the next client's own load", async () => {
    const { page } = s;
    await goTo(page, '/home/dpholdings');
    const holdings = page.getByRole('main');
    await holdings.getByText('HDFCBANK', { exact: true }).first().waitFor({ timeout: 15_000 });

    // Logout from the user menu and DEMO2's login, with no page load in between (the app and its memory stay).
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'YES' }).click();
    await page.waitForURL('**/base/login');
    await page.getByRole('alertdialog', { name: 'Logout' }).getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('Client ID').fill('DEMO2');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL('**/home/dashboard');

    // DEMO2's holdings answer is held back, as on a slow line.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/Account/HoldingsSummary', async (route) => {
      await held;
      await route.continue();
    });
    await goTo(page, '/home/dpholdings');
    await page.waitForTimeout(1_000);
    expect(await holdings.getByText('HDFCBANK', { exact: true }).count()).toBe(0);
    release();
    await holdings.getByText('SBIN', { exact: true }).first().waitFor({ timeout: 15_000 });
    expect(await holdings.getByText('HDFCBANK', { exact: true }).count()).toBe(0);
    await page.unroute('**/api/Account/HoldingsSummary');
  });
});
