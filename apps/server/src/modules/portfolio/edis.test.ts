import { tradingText } from '@kite/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, latestOtp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { consumeEdisQuantity, holdingSellCheck } from '../../services/portfolio/holdings-check.ts';
import { tradingDayOf } from '../../services/portfolio/instruments.ts';
import { clientIdOf, marketOf, nseEquity } from './portfolio-test-support.ts';
import { orderPayload, orderRow, symOf } from '../trade/order-test-support.ts';

type Submit = { Flag: string; Message: string; depositoryUrl?: string; requestId?: string };

describe('e-DIS: submit, the depository TPIN page, approved quantity (trading.md 4.2, 8; market-facts.md 8)', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  let demo2Id: number;
  let sbinId: string;
  let sbinIsin: string;

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
    demo2Id = await clientIdOf(t.db, 'DEMO2');
    const sbin = nseEquity(t, 'SBIN');
    sbinId = sbin.id;
    sbinIsin = sbin.isin!;
  });
  afterAll(async () => t.close());

  const request = (over: Record<string, unknown> = {}) => ({
    dpId: '12081600',
    clientId: 'DEMO2',
    symbolId: sbinId,
    exchangeId: 'NSE',
    companyName: 'State Bank of India',
    source: 'W',
    appKey: 'EDISDEMO2',
    appName: 'KITE',
    reqType: 'DEFAULT_REQ',
    clientId1: 'DEMO2',
    quantity: '10',
    ...over,
  });
  const submit = (data: Record<string, unknown>, cookie = demo2) => t.call<Submit>('/Edis/Submit', data, { cookie });
  const page = (url: string, form?: Record<string, string>) =>
    t.app.inject(
      form
        ? {
            method: 'POST',
            url,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(form).toString(),
          }
        : { method: 'GET', url },
    );
  const today = () => tradingDayOf(Date.now());
  const check = () => holdingSellCheck(t.db, marketOf(t), demo2Id, sbinIsin, today());

  it('runs end to end: submit, wrong TPIN refused, TPIN then OTP approve, the sell check sees it, fills use it', async () => {
    const answer = await submit(request());
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(answer.data).toMatchObject({ Flag: 'S', Message: 'Please authorise the sale on the CDSL page' });
    const url = answer.data.depositoryUrl!;
    expect(url).toBe(`/depository/edis/${answer.data.requestId}`);
    expect((await check()).edisApprovedQty).toBe(0);

    const form = await page(url);
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toContain('text/html');
    expect(form.body).toContain('SBIN');
    expect(form.body).toContain('name="tpin"');
    // the app's own form post (no action) shows the same page
    expect((await page(url, { data: 'anything' })).body).toContain('name="tpin"');

    const wrong = await page(url, { action: 'approve', tpin: '9999' });
    expect(wrong.body).toContain('Invalid TPIN. 2 attempt(s) left');
    expect((await check()).edisApprovedQty).toBe(0);

    const tpinOk = await page(url, { action: 'approve', tpin: '1234' });
    expect(tpinOk.body).toContain('name="otp"');
    expect(tpinOk.body).toContain('Enter the OTP sent to your registered mobile and e-mail.');
    expect((await check()).edisApprovedQty).toBe(0);
    const otp = latestOtp(t, 'DEMO2');
    expect(otp).toMatch(/^\d{6}$/);
    const wrongOtp = await page(url, { action: 'otp', otp: otp === '000000' ? '111111' : '000000' });
    expect(wrongOtp.body).toContain('Invalid OTP. 2 attempt(s) left');
    // reloading the page keeps the OTP step
    expect((await page(url)).body).toContain('name="otp"');

    const right = await page(url, { action: 'otp', otp });
    expect(right.body).toContain('e-DIS approved for 10 SBIN');
    expect(right.body).toContain('"Flag":"S"');
    expect(right.body).toContain('/home/dashboard');
    const after = await check();
    expect(after).toMatchObject({ nonPoa: true, freeQty: 100, edisApprovedQty: 10, edisAvailableQty: 10 });

    const panel = await t.call<{ holdings: { cash: { confNonPoaQty: number; nonPoaQty: number } } }>(
      '/Account/HoldingsBySymbol',
      { sym: symbolObjectOf(nseEquity(t, 'SBIN')) },
      { cookie: demo2 },
    );
    expect(panel.data.holdings.cash).toEqual({ dp: 100, confNonPoaQty: 10, nonPoaQty: 100 });

    // a decided request cannot be decided again
    expect((await page(url, { action: 'cancel' })).body).toContain('already been answered');
    expect((await page(url)).body).toContain('e-DIS approved for 10 SBIN');

    // an executed sell uses the approval; more than approved is not consumed
    expect(await consumeEdisQuantity(t.db, demo2Id, sbinIsin, 4, today())).toBe(4);
    expect((await check()).edisApprovedQty).toBe(6);
    expect(await consumeEdisQuantity(t.db, demo2Id, sbinIsin, 9, today())).toBe(6);
    expect((await check()).edisApprovedQty).toBe(0);
  });

  it('cancels with flag C, and refuses after three wrong TPINs with flag F', async () => {
    const cancelled = await submit(request({ quantity: 5 }));
    const cancelPage = await page(cancelled.data.depositoryUrl!, { action: 'cancel' });
    expect(cancelPage.body).toContain('e-DIS authorisation cancelled');
    expect(cancelPage.body).toContain('"Flag":"C"');

    const locked = await submit(request({ quantity: 5 }));
    const url = locked.data.depositoryUrl!;
    await page(url, { action: 'approve', tpin: '0000' });
    await page(url, { action: 'approve', tpin: '12' });
    const third = await page(url, { action: 'approve', tpin: '4321' });
    expect(third.body).toContain('Invalid TPIN entered too many times');
    expect(third.body).toContain('"Flag":"F"');
    expect((await page(url, { action: 'approve', tpin: '1234' })).body).toContain('already been answered');
    expect((await check()).edisApprovedQty).toBe(0);
    const { rows } = await t.db.query<{ status: string }>('SELECT status FROM edis_approvals WHERE request_no = $1', [
      locked.data.requestId,
    ]);
    expect(rows[0]?.status).toBe('REJECTED');
  });

  it('refuses after three wrong OTPs with flag F, and an OTP step without the TPIN does nothing', async () => {
    const answer = await submit(request({ quantity: 5 }));
    const url = answer.data.depositoryUrl!;
    expect((await page(url, { action: 'otp', otp: '123456' })).body).toContain('name="tpin"');
    await page(url, { action: 'approve', tpin: '1234' });
    const otp = latestOtp(t, 'DEMO2');
    const wrong = otp === '000000' ? '111111' : '000000';
    await page(url, { action: 'otp', otp: wrong });
    await page(url, { action: 'otp', otp: 'abc' });
    const third = await page(url, { action: 'otp', otp: wrong });
    expect(third.body).toContain('Invalid OTP entered too many times');
    expect(third.body).toContain('"Flag":"F"');
    expect((await page(url, { action: 'otp', otp })).body).toContain('already been answered');
    expect((await check()).edisApprovedQty).toBe(0);
  });

  it('expires a request of an earlier trading day', async () => {
    const answer = await submit(request({ quantity: 5 }));
    await t.db.query('UPDATE edis_approvals SET trading_day = trading_day - 1 WHERE request_no = $1', [
      answer.data.requestId,
    ]);
    const expired = await page(answer.data.depositoryUrl!, { action: 'approve', tpin: '1234' });
    expect(expired.body).toContain('This e-DIS request has expired');
    expect((await check()).edisApprovedQty).toBe(0);
  });

  it("refuses what is not the client's own, not non-POA or not free, and creates nothing", async () => {
    const count = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM edis_approvals')).rows[0]!.n;
    const before = await count();
    expect((await submit(request({ clientId: 'DEMO1' }))).infoID).toBe('POR005');
    expect((await submit(request({ appKey: 'EDISDEMO1' }))).infoID).toBe('POR005');
    expect((await submit(request({ dpId: 'IN300214' }))).infoID).toBe('POR005');
    expect((await submit(request({ symbolId: nseEquity(t, 'RELIANCE').id }))).infoID).toBe('POR002');
    expect((await submit(request({ exchangeId: 'BSE' }))).infoID).toBe('POR002');
    expect((await submit(request({ quantity: '101' }))).infoID).toBe('POR004');
    expect((await submit(request({ quantity: '0' }))).infoID).toBe('POR004');
    expect((await submit(request({ quantity: '2.5' }))).infoID).toBe('POR004');
    // DEMO1's demat has POA: nothing to authorise
    const poa = await submit(
      request({ clientId: 'DEMO1', clientId1: 'DEMO1', symbolId: nseEquity(t, 'RELIANCE').id }),
      demo1,
    );
    expect(poa.infoID).toBe('POR003');
    // DEMO2's SBIN asked for by DEMO1: not their holding
    expect((await submit(request({ clientId: 'DEMO1', clientId1: 'DEMO1' }), demo1)).infoID).toBe('POR002');
    expect((await t.call('/Edis/Submit', request())).infoID).toBe('EGN006');
    expect(await count()).toBe(before);
  });

  it('answers the service-down text when the depository API is off (dpApiStatus N)', async () => {
    await t.db.query("UPDATE demat_accounts SET dp_api_status = 'N' WHERE client_id = $1", [demo2Id]);
    const answer = await submit(request({ quantity: 1 }));
    expect(answer.data).toEqual({ Flag: 'F', Message: 'CDSL-EDIS Service currently not avaliable' });
    await t.db.query("UPDATE demat_accounts SET dp_api_status = 'N', dp_type = 'NSDL' WHERE client_id = $1", [demo2Id]);
    expect((await submit(request({ quantity: 1 }))).data.Message).toBe('NSDL-EDIS Service currently not avaliable');
    await t.db.query("UPDATE demat_accounts SET dp_api_status = 'Y', dp_type = 'CDSL' WHERE client_id = $1", [demo2Id]);
  });

  it('answers 404 for an unknown request number', async () => {
    expect((await page('/depository/edis/0123456789abcdef0123456789abcdef')).statusCode).toBe(404);
    expect((await page('/depository/edis/not-a-request', { action: 'approve', tpin: '1234' })).statusCode).toBe(404);
  });

  it('asks no e-DIS of an intraday sell, which takes no shares from the demat, and still of a delivery sell', async () => {
    const place = (symbol: string, fields: Record<string, unknown>) =>
      t.call<{ orderId: string }>(
        '/Trade/AddOrder',
        // As the order dialog sends a sell with its In DP toggle left on (order-payloads.ts).
        orderPayload(symOf(t, 'NSE', symbol), { ordType: 'market', qty: '2', isinDp: 'true', ...fields }),
        { cookie: demo2 },
      );
    // An intraday buy squared off by an intraday sell, and an intraday short of a stock DEMO2 also holds (ICICIBANK).
    for (const [symbol, fields] of [
      ['INFY-EQ', { prdType: 'INTRADAY' }],
      ['INFY-EQ', { prdType: 'INTRADAY', ordAction: 'sell' }],
      ['ICICIBANK-EQ', { prdType: 'INTRADAY', ordAction: 'sell' }],
    ] as const) {
      const answer = await place(symbol, fields);
      expect(answer.infoID, `${symbol} ${fields.prdType} ${answer.infoMsg}`).toBe('0');
      expect((await orderRow(t, answer.data.orderId)).status).toBe('EXECUTED');
    }
    // The delivery sell of the held ICICIBANK, with no approval today, still waits for e-DIS (trading.md 4.2).
    const delivery = await place('ICICIBANK-EQ', { prdType: 'CASH', ordAction: 'sell' });
    expect([delivery.infoID, delivery.infoMsg]).toEqual(['ORD010', tradingText.edis.approvalRequired]);
  });
});
