import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { createPool, type Db } from '../../apps/server/src/db/pool.ts';
import { mintSsoToken } from '../../apps/server/src/modules/sso/sso-token.ts';
import { browserSuite } from '../support/suite.ts';

const BASE64 = /^[A-Za-z0-9+/]+=*$/;

describe('payload encryption in Chromium (platform.md 7.1, ENCRYPTION on)', () => {
  const s = browserSuite();
  const requests: Request[] = [];
  beforeAll(() => {
    s.page.on('request', (request) => {
      if (request.url().includes('/api/')) requests.push(request);
    });
  });

  it('agrees a key first, then sends and receives every call as ciphertext while the app works', async () => {
    const { page } = s;
    await page.goto('/PaymentGateway/payments.html');
    await page.getByRole('img', { name: 'Captcha image' }).waitFor();
    await page.waitForFunction(
      () => (document.querySelector('img[alt="Captcha image"]') as HTMLImageElement | null)?.complete === true,
    );
    const { answer } = (await (await page.request.get('/dev/captcha')).json()) as { answer: string };
    await page.getByLabel('Demat Account Number (DP ID)').fill('IN30012345678901');
    await page.getByLabel('Captcha', { exact: true }).fill(answer);
    const lookupResponse = page.waitForResponse((r) => r.url().endsWith('/api/initPay/clientDematDetails'));
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    const response = await lookupResponse;
    // The app works: the details page shows what the encrypted answer held.
    await page.waitForURL('**/DematPaymentDetails?params=**');
    await page.getByRole('cell', { name: 'MEERA NAIR' }).waitFor();

    const first = requests[0];
    expect(first?.url()).toMatch(/\/api\/Session\/KeyExchange$/);
    const agreement = JSON.parse(first?.postData() ?? '{}') as { request: { data: { publicKey: string } } };
    expect(Buffer.from(agreement.request.data.publicKey, 'base64')).toHaveLength(65);

    const calls = requests.filter((r) => !r.url().endsWith('/api/Session/KeyExchange'));
    // Every call, the app's start-up calls included, goes encrypted.
    expect(calls.map((r) => new URL(r.url()).pathname)).toEqual(
      expect.arrayContaining(['/api/initPay/clientDematDetails', '/api/DematPayment/Details']),
    );
    expect(requests.filter((r) => r.url().endsWith('/api/Session/KeyExchange'))).toHaveLength(1);
    for (const call of calls) {
      const body = call.postData() ?? '';
      expect(body).toMatch(BASE64);
      expect(body).not.toContain('IN30012345678901');
      expect(() => JSON.parse(body)).toThrow();
      expect((await call.allHeaders())['x-enc-key']).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
    const answerText = await response.text();
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    expect(answerText).toMatch(BASE64);
    expect(answerText).not.toContain('MEERA');
  });

  it('refuses a plain API call from outside the app with a clear message', async () => {
    const response = await s.page.request.post('/api/App/Config', { data: { request: { data: {} } } });
    const body = (await response.json()) as { response: { infoID: string; infoMsg: string } };
    expect(body.response.infoID).toBe('EGN001');
    expect(body.response.infoMsg).toMatch(/accepts only encrypted requests/);
  });
});

describe('an SSO entry route over the encrypted API (platform.md 2.2)', () => {
  const signingKey = 'e2e-sso-signing-key-of-at-least-32-chars';
  const s = browserSuite({ ownServer: { SSO_SIGNING_KEY: signingKey } });
  let db: Db;
  beforeAll(() => {
    db = createPool(s.server.databaseUrl, 2);
  });
  afterAll(async () => {
    await db?.end();
  });

  async function tokenFor(userId: string): Promise<string> {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM clients WHERE user_id = $1', [userId]);
    const config = loadConfig({ SSO_SIGNING_KEY: signingKey });
    return mintSsoToken(db, config, { clientId: rows[0]?.id ?? 0, source: 'P' });
  }

  it('lets the partner client in with a fresh token and opens the matching /home page', async () => {
    const { page } = s;
    const token = await tokenFor('DEMO1');
    await page.goto(`/MarketStatus?data=${encodeURIComponent(token)}`);
    await page.waitForURL('**/home/markettimings');
    const cookies = await s.context.cookies();
    expect(cookies.find((c) => c.name === 'sid')?.httpOnly).toBe(true);
    expect(await page.getByRole('button', { name: 'User menu' }).textContent()).toContain('DEMO1');
  });

  it('sends a spent token to /base/login', async () => {
    const { page } = s;
    const token = await tokenFor('DEMO1');
    await page.goto(`/IPO?data=${encodeURIComponent(token)}`);
    await page.waitForURL('**/home/ipo');
    await s.context.clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`/IPO?data=${encodeURIComponent(token)}`);
    await page.waitForURL('**/base/login');
  });
});
