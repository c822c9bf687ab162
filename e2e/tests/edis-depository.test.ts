import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { latestOtp } from '../support/auth.ts';
import { snapshot } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

/** The simulated CDSL e-DIS page (trading.md 4.2; market-facts.md 8) in a real browser: TPIN, a wrong TPIN, OTP, approval. */
describe('e-DIS depository page', () => {
  const requestNo = 'e2e0' + '0'.repeat(24) + 'ed15';

  const session = browserSuite({ ownServer: {} });
  beforeAll(async () => {
    const db = new pg.Client({ connectionString: session.server.databaseUrl });
    await db.connect();
    // A request as /Edis/Submit files it for DEMO2's non-POA SBIN holding, today (IST).
    await db.query(
      `INSERT INTO edis_approvals (client_id, isin, symbol, exchange, request_no, quantity, status, trading_day, dp_type)
       SELECT id, 'INE062A01020', 'SBIN', 'NSE', $1, 25, 'PENDING', (now() AT TIME ZONE 'Asia/Kolkata')::date, 'CDSL'
         FROM clients WHERE user_id = 'DEMO2'`,
      [requestNo],
    );
    await db.end();
  });

  it('takes the TPIN, refuses a wrong one, then approves with the right TPIN and the OTP', async () => {
    const { page } = session;
    await page.goto(`/depository/edis/${requestNo}`);
    await expect.poll(() => page.getByRole('heading', { name: 'CDSL e-DIS authorisation' }).isVisible()).toBe(true);
    await snapshot(page, 'edis-depository-form-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snapshot(page, 'edis-depository-form-1920');
    await page.setViewportSize({ width: 1366, height: 768 });

    await page.getByLabel('TPIN').fill('9999');
    await page.getByRole('button', { name: 'AUTHORISE' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid TPIN. 2 attempt(s) left');
    await snapshot(page, 'edis-depository-wrong-tpin-1366');

    await page.getByLabel('TPIN').fill('1234');
    await page.getByRole('button', { name: 'AUTHORISE' }).click();
    // market-facts.md 8: the depository's OTP follows the TPIN
    await page.getByLabel('OTP').waitFor();
    await snapshot(page, 'edis-depository-otp-1366');
    await page.getByLabel('OTP').fill(await latestOtp(page, 'DEMO2'));
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await expect.poll(() => page.getByRole('heading').textContent()).toBe('e-DIS approved for 25 SBIN');
    await snapshot(page, 'edis-depository-approved-1366');
    expect(await page.getByRole('link', { name: 'Return to the trading app' }).getAttribute('href')).toBe(
      '/home/dashboard',
    );
  });
});
