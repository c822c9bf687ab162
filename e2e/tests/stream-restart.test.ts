import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { openPage, snapshot, type BrowserSession } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { acknowledgeRisk } from '../support/risk-disclosure.ts';

/**
 * trading.md 4.9 and issue 5 (battery 8): after a server restart the browser reconnects by itself (every 5 s, up to
 * 10 times) and subscribes again, so prices move again without a reload.
 */
describe('the live stream across a server restart', () => {
  let server: RunningServer;
  let s: BrowserSession;
  const adminUrl = inject('e2eAdminDatabaseUrl');
  const env = { WEB_DIST: inject('webDist'), MARKET_TICK_MS: '200' };
  beforeAll(async () => {
    server = await startServer(adminUrl, env);
    s = await openPage({ baseUrl: server.url });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await server?.stop();
  });

  // The scrip's last price on scrip details moves only with stream ticks (no polling there).
  const lastPrice = () => s.page.getByLabel('Last traded price').textContent();

  it('reconnects and resubscribes after the server stops and starts again on the same address', async () => {
    const { page } = s;
    await signIn(page, 'DEMO1');
    await acknowledgeRisk(page);
    const search = page.getByRole('searchbox', { name: 'Search scrips' });
    await search.click();
    await search.fill('reliance');
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().click();
    await page.waitForURL('**/home/scripdetails');
    const first = await lastPrice();
    await expect.poll(lastPrice, { timeout: 15_000, interval: 250 }).not.toBe(first);

    await server.stop();
    const stopped = await lastPrice();
    await page.waitForTimeout(1_000);
    expect(await lastPrice(), 'nothing ticks while the server is down').toBe(stopped);
    // The footer says why the prices stand still.
    const notice = page.getByRole('status').filter({ hasText: 'Live prices interrupted: reconnecting…' });
    await notice.waitFor();
    await snapshot(page, 'stream-reconnecting');

    server = await startServer(adminUrl, env, server);
    // The next reconnect attempt (at most 5 s away) finds the server; the page subscribes again by itself.
    await expect.poll(lastPrice, { timeout: 20_000, interval: 250 }).not.toBe(stopped);
    await notice.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/home\/scripdetails$/);
    await snapshot(page, 'stream-after-restart');
  });
});
