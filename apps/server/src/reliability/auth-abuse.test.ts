import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@kite/domain';
import { DEMO_PASSWORD } from '../db/seed.ts';
import type { CallAnswer } from '../test/harness.ts';
import { createBatteryApp, type BatteryApp } from './battery-app.ts';

/*
 * Authentication abuse (issue 5, item 6). Points already proven by the module tests, not repeated here:
 * - lockout after LOGIN_LOCKOUT_LIMIT wrong passwords, even the right one refused: modules/account/recovery.test.ts
 *   ("locks after 5 wrong passwords; even the right password is then refused")
 * - OTP single use: modules/account/login.test.ts ("uses an OTP once only")
 * - OTP expiry: modules/account/login.test.ts ("refuses an expired OTP, and a new one works")
 * - OTP attempt limits: modules/account/login.test.ts ("allows at most 3 wrong tries, then a new OTP is needed"),
 *   modules/account/recovery.test.ts ("needs a new OTP after 3 wrong tries in the chain")
 * - a new session id at login, the old one ended: modules/account/login.test.ts ("issues a new session id at every login")
 * - cookie flags HttpOnly, SameSite=Strict, Path=/, Secure over https: modules/account/login.test.ts ("sets the cookie
 *   HttpOnly, SameSite=Strict..."), Secure by configuration: plugins/auth.test.ts ("cookie Secure mode from config")
 * - rate limits of the login, OTP and recovery calls with "Too many requests. Please try again after N seconds.":
 *   modules/account/rate-limit.test.ts
 * Added here: cross-site requests refused, and the order-entry rate limit (clear message, no order made).
 */

const ORDER_LIMIT = 3;

describe('authentication abuse: cross-site requests and order-entry rate limits', () => {
  let b: BatteryApp;
  beforeAll(async () => {
    b = await createBatteryApp({ ORDER_RATE_MAX_PER_CLIENT: String(ORDER_LIMIT), ORDER_RATE_WINDOW_MS: '60000' });
  });
  afterAll(() => b.t.close());

  const ordersOf = (userId: string) => b.rowsOf('orders', userId);
  const order = () => b.restingOrder('ITC-EQ');
  /** POST as a browser would, with the site headers given. */
  const post = async (path: string, data: unknown, headers: Record<string, string>, cookie?: string) => {
    const response = await b.t.app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { 'content-type': 'application/json', host: 'kite.example', ...(cookie ? { cookie } : {}), ...headers },
      payload: JSON.stringify({ request: { data, appVersion: APP_VERSION } }),
    });
    return {
      status: response.statusCode,
      ...(response.json() as { response: { infoID: string; infoMsg: string } }).response,
    };
  };

  describe('cross-site requests', () => {
    it('refuses a signed-in order from another site (Sec-Fetch-Site cross-site or same-site) and makes no order', async () => {
      const before = await ordersOf('DEMO2');
      for (const site of ['cross-site', 'same-site']) {
        const answer = await post(
          '/Trade/AddOrder',
          order(),
          { 'sec-fetch-site': site, origin: 'https://evil.example' },
          b.cookies.DEMO2,
        );
        expect(answer).toMatchObject({
          status: 403,
          infoID: 'EGN004',
          infoMsg: 'Requests from another site are not accepted.',
        });
      }
      expect(await ordersOf('DEMO2')).toBe(before);
    });

    it('judges by Origin against Host when the browser sends no Sec-Fetch-Site, refusing an opaque origin', async () => {
      const before = await ordersOf('DEMO2');
      for (const origin of ['https://evil.example', 'http://kite.example.evil.example', 'null']) {
        expect((await post('/Trade/AddOrder', order(), { origin }, b.cookies.DEMO2)).status).toBe(403);
      }
      expect(await ordersOf('DEMO2')).toBe(before);
      const same = await post('/Trade/AddOrder', order(), { origin: 'https://kite.example' }, b.cookies.DEMO2);
      expect(same.infoID, same.infoMsg).toBe('0');
      expect(await ordersOf('DEMO2')).toBe(before + 1);
    });

    it('refuses a login posted from another site (login CSRF) and starts no session', async () => {
      const before = await b.rowsOf('sessions', 'DEMO1');
      const answer = await post(
        '/Account/Login',
        { userId: 'DEMO1', password: DEMO_PASSWORD },
        { 'sec-fetch-site': 'cross-site' },
      );
      expect(answer).toMatchObject({ status: 403, infoID: 'EGN004' });
      expect(await b.rowsOf('sessions', 'DEMO1')).toBe(before);
    });

    it('accepts the same origin, and API clients that send neither header', async () => {
      const sameOrigin = await post(
        '/Account/ValidateSession',
        {},
        { 'sec-fetch-site': 'same-origin' },
        b.cookies.DEMO1,
      );
      expect(sameOrigin).toMatchObject({ status: 200, infoID: '0' });
      const apiClient = await post('/Account/ValidateSession', {}, {}, b.cookies.DEMO1);
      expect(apiClient).toMatchObject({ status: 200, infoID: '0' });
      // Reading is not refused: GET carries no state change.
      const docs = await b.t.app.inject({
        method: 'GET',
        url: '/api/docs',
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(docs.statusCode).toBe(200);
    });
  });

  describe('order-entry rate limit', () => {
    it('answers 429 EGN003 with the seconds to wait past the limit, makes no order, and leaves other clients alone', async () => {
      const place = (cookie: string) => b.t.call<{ orderId: string }>('/Trade/AddOrder', order(), { cookie });
      const before = await ordersOf('DEMO3');
      const answers: CallAnswer<{ orderId: string }>[] = [];
      for (let i = 0; i < ORDER_LIMIT + 2; i++) answers.push(await place(b.cookies.DEMO3));
      expect(answers.slice(0, ORDER_LIMIT).map((a) => a.infoID)).toEqual(Array(ORDER_LIMIT).fill('0'));
      for (const limited of answers.slice(ORDER_LIMIT)) {
        expect(limited.status).toBe(429);
        expect(limited.infoID).toBe('EGN003');
        expect(limited.infoMsg).toMatch(/^Too many requests\. Please try again after \d+ seconds\.$/);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(await ordersOf('DEMO3')).toBe(before + ORDER_LIMIT);
      // Modify and cancel are order entry too: refused alike, the order untouched.
      const first = answers[0]!.data.orderId;
      const cancel = await b.t.call(
        '/Trade/CancelOrder',
        { sym: b.sym('NSE', 'ITC-EQ'), orderId: first },
        { cookie: b.cookies.DEMO3 },
      );
      expect(cancel).toMatchObject({ status: 429, infoID: 'EGN003' });
      const { rows } = await b.t.db.query<{ status: string }>('SELECT status FROM orders WHERE order_no = $1', [first]);
      expect(rows[0]!.status).toBe('OUTSTANDING');
      // The limit is per client: DEMO1 still places.
      expect((await place(b.cookies.DEMO1)).infoID).toBe('0');
    });
  });
});
