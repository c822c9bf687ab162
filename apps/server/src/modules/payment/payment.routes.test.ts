import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { storeCaptcha } from './captcha.ts';

const DUE = '1208160000000001';
const DUE_WITH_CHARGE = '1208160000000002';
const NOTHING_DUE = '1208160000000003';
const NSDL_DUE = 'IN30012345678901';
const APP_ID = { 'x-app-id': 'test-browser-1' };

interface ClientDetails {
  clientName: string;
  ibRefNo: string;
  dematAccNo: string;
  totalAmount: number;
  serviceCharge: number;
  gstPerc: number;
  totalPayAmt: number;
  mobile: string;
  email: string;
}
interface Lookup {
  statusCode: number;
  message: string;
  ClientDetails: ClientDetails;
  params: string;
}
interface Initiated {
  statusCode: number;
  initiatePaymentResponse: { atomTokenID: string; merchID: string; email: string; mobile: string; returnUrl: string };
}

/** A captcha whose answer the test knows, as the browser's cookie. */
async function captcha(t: TestApp, answer = 'AbC7x'): Promise<string> {
  return `captchaId=${await storeCaptcha(t.db, answer, 60_000)}`;
}

async function lookup(t: TestApp, dematAccountNumber: string) {
  return t.call<Lookup>('/initPay/clientDematDetails', { dematAccountNumber, captchaCode: 'AbC7x' }, { cookie: await captcha(t) });
}

async function dues(t: TestApp, account: string): Promise<{ due: number; charge: number }> {
  const { rows } = await t.db.query<{ due: number; charge: number }>(
    'SELECT total_due_paise AS due, service_charge_paise AS charge FROM demat_charge_accounts WHERE demat_acc_no = $1',
    [account],
  );
  if (!rows[0]) throw new Error('no such account');
  return rows[0];
}

describe('demat payment pages against PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('draws a 200x50 captcha image, keeps its answer server-side and names it by cookie', async () => {
    const response = await t.app.inject({ url: `/generateCaptcha?t=${Date.now()}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/<svg[^>]*width="200"[^>]*height="50"/);
    expect(response.body).not.toMatch(/<text/);
    const cookie = response.cookies.find((c) => c.name === 'captchaId');
    expect(cookie?.httpOnly).toBe(true);
    const row = await t.db.query('SELECT answer_hash FROM captcha_challenges WHERE id = $1', [cookie?.value]);
    expect(row.rowCount).toBe(1);
    // The real answer, read as the e2e tests do, opens the lookup.
    const peek = await t.app.inject({ url: '/dev/captcha', cookies: { captchaId: cookie?.value ?? '' } });
    const { answer } = peek.json() as { answer: string };
    expect(answer).toHaveLength(5);
    const found = await t.call<Lookup>(
      '/initPay/clientDematDetails',
      { dematAccountNumber: DUE, captchaCode: answer.toLowerCase() },
      { cookie: `captchaId=${cookie?.value}` },
    );
    expect(found.infoID).toBe('0');
  });


  it('answers 429 EGN003 with the seconds to wait past 30 captchas a minute from one address', async () => {
    const ip = { 'x-forwarded-for': '10.9.8.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await t.app.inject({ url: '/generateCaptcha', headers: ip })).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await t.app.inject({ url: '/generateCaptcha', headers: ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ response: { infoID: 'EGN003' } });
    expect((await t.app.inject({ url: '/generateCaptcha', headers: { 'x-forwarded-for': '10.9.8.6' } })).statusCode).toBe(200);
  });
  it('answers the dues of a demat account with an opaque token and masked contact details', async () => {
    const answer = await lookup(t, DUE_WITH_CHARGE);
    expect(answer.infoID).toBe('0');
    expect(answer.data.statusCode).toBe(200);
    expect(answer.data.ClientDetails).toMatchObject({
      clientName: 'PRIYA IYER',
      dematAccNo: DUE_WITH_CHARGE,
      totalAmount: 236000,
      serviceCharge: 1500,
      gstPerc: 0,
      totalPayAmt: 237500,
      mobile: '******7890',
      email: 'p***@example.in',
    });
    expect(answer.data.ClientDetails.ibRefNo).toMatch(/^IB\d{16}$/);
    expect(answer.data.params).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.query('SELECT 1 FROM demat_payments WHERE token_hash = $1', [answer.data.params]);
    expect(stored.rowCount).toBe(0);
  });

  it('refuses a wrong captcha, and the captcha is then used up', async () => {
    const cookie = await captcha(t, 'right');
    const wrong = await t.call('/initPay/clientDematDetails', { dematAccountNumber: DUE, captchaCode: 'wrong' }, { cookie });
    expect(wrong.infoID).toBe('PAY001');
    const again = await t.call('/initPay/clientDematDetails', { dematAccountNumber: DUE, captchaCode: 'right' }, { cookie });
    expect(again.infoID).toBe('PAY002');
  });

  it('refuses a captcha used once already, an expired one and none at all', async () => {
    const cookie = await captcha(t, 'once1');
    expect((await t.call('/initPay/clientDematDetails', { dematAccountNumber: DUE, captchaCode: 'once1' }, { cookie })).infoID).toBe('0');
    const reused = await t.call('/initPay/clientDematDetails', { dematAccountNumber: DUE, captchaCode: 'once1' }, { cookie });
    expect(reused.infoID).toBe('PAY002');
    expect(reused.infoMsg).toMatch(/Captcha has expired/);

    const old = await captcha(t, 'late1');
    await t.db.query("UPDATE captcha_challenges SET expires_at = now() - interval '1 second' WHERE id = $1", [old.split('=')[1]]);
    expect((await t.call('/initPay/clientDematDetails', { dematAccountNumber: DUE, captchaCode: 'late1' }, { cookie: old })).infoID).toBe('PAY002');

    expect((await t.call('/initPay/clientDematDetails', { dematAccountNumber: DUE, captchaCode: 'x' })).infoID).toBe('PAY002');
    expect(
      (await t.call('/initPay/clientDematDetails', { dematAccountNumber: DUE, captchaCode: 'x' }, { cookie: 'captchaId=not-a-uuid' })).infoID,
    ).toBe('PAY002');
  });

  it('refuses an unknown demat account, one with nothing due and a malformed number', async () => {
    expect((await lookup(t, '1208169999999999')).infoID).toBe('PAY003');
    expect((await lookup(t, NOTHING_DUE)).infoID).toBe('PAY004');
    const malformed = await lookup(t, '12345');
    expect(malformed.infoID).toBe('EGN001');
    expect(malformed.infoMsg).toMatch(/Enter a valid DP ID/);
    const blank = await t.call('/initPay/clientDematDetails', { dematAccountNumber: DUE, captchaCode: ' ' });
    expect(blank.infoMsg).toMatch(/Enter a valid Captcha/);
  });

  it('shows the details behind a token and refuses a tampered one', async () => {
    const { data } = await lookup(t, DUE);
    const shown = await t.call<{ ClientDetails: ClientDetails }>('/DematPayment/Details', { params: data.params });
    expect(shown.infoID).toBe('0');
    expect(shown.data.ClientDetails).toEqual(data.ClientDetails);
    const tampered = data.params.slice(0, -1) + (data.params.endsWith('A') ? 'B' : 'A');
    expect((await t.call('/DematPayment/Details', { params: tampered })).infoID).toBe('PAY005');
    expect((await t.call('/initPay/AtomPay', { params: tampered }, { headers: APP_ID })).infoID).toBe('PAY005');
    expect((await t.db.query('SELECT 1 FROM sim_gateway_transactions')).rowCount).toBe(0);
  });

  it('needs the app-id header to initiate a payment (pay-in call, platform.md 7.1)', async () => {
    const { data } = await lookup(t, DUE);
    const answer = await t.call('/initPay/AtomPay', { params: data.params });
    expect(answer.infoID).toBe('EGN001');
    expect(answer.infoMsg).toMatch(/x-app-id/);
  });

  it('pays through the simulated provider: success settles the dues once', async () => {
    const { data } = await lookup(t, DUE);
    const initiated = await t.call<Initiated>('/initPay/AtomPay', { params: data.params }, { headers: APP_ID });
    expect(initiated.infoID).toBe('0');
    const started = initiated.data.initiatePaymentResponse;
    expect(started).toMatchObject({ merchID: 'KITEDP001', email: 'r***@example.in', mobile: '******2345', returnUrl: '/DematPaymentStatus' });
    const row = await t.db.query<{ status: string; app_id: string }>('SELECT status, app_id FROM demat_payments WHERE atom_token_id = $1', [
      started.atomTokenID,
    ]);
    expect(row.rows[0]).toEqual({ status: 'INITIATED', app_id: 'test-browser-1' });

    const txn = await t.call<{ amount: number; status: string; reference: string }>('/PaymentGateway/Transaction', {
      atomTokenID: started.atomTokenID,
      merchID: started.merchID,
    });
    expect(txn.data).toMatchObject({ amount: 88500, status: 'PENDING', reference: data.ClientDetails.ibRefNo });
    expect((await t.call('/PaymentGateway/Transaction', { atomTokenID: started.atomTokenID, merchID: 'OTHER' })).infoID).toBe('PAY006');

    const done = await t.call<{ status: string; transID: string; returnUrl: string }>('/PaymentGateway/Complete', {
      atomTokenID: started.atomTokenID,
      merchID: started.merchID,
      outcome: 'pay',
    });
    expect(done.data.status).toBe('SUCCESS');
    const back = new URL(done.data.returnUrl, 'http://x');
    expect(back.pathname).toBe('/DematPaymentStatus');
    expect(back.searchParams.get('status')).toBe('SUCCESS');
    expect(back.searchParams.get('transID')).toBe(done.data.transID);

    expect(await dues(t, DUE)).toEqual({ due: 0, charge: 0 });
    const settled = await t.db.query('SELECT status, trans_id FROM demat_payments WHERE atom_token_id = $1', [started.atomTokenID]);
    expect(settled.rows[0]).toEqual({ status: 'SUCCESS', trans_id: done.data.transID });

    const twice = await t.call('/PaymentGateway/Complete', { atomTokenID: started.atomTokenID, merchID: started.merchID, outcome: 'pay' });
    expect(twice.infoID).toBe('PAY007');
    expect((await t.call('/DematPayment/Details', { params: data.params })).infoID).toBe('PAY005');
    expect((await lookup(t, DUE)).infoID).toBe('PAY004');
  });

  it('a failed payment leaves the dues and may be tried again', async () => {
    const before = await dues(t, DUE_WITH_CHARGE);
    const { data } = await lookup(t, DUE_WITH_CHARGE);
    const first = await t.call<Initiated>('/initPay/AtomPay', { params: data.params }, { headers: APP_ID });
    const token = first.data.initiatePaymentResponse;
    const failed = await t.call<{ status: string; msg: string; returnUrl: string }>('/PaymentGateway/Complete', {
      atomTokenID: token.atomTokenID,
      merchID: token.merchID,
      outcome: 'fail',
    });
    expect(failed.data.status).toBe('FAILED');
    expect(new URL(failed.data.returnUrl, 'http://x').searchParams.get('msg')).toBe('Transaction declined by the payer');
    expect(await dues(t, DUE_WITH_CHARGE)).toEqual(before);
    const row = await t.db.query('SELECT status, failure_reason FROM demat_payments WHERE atom_token_id = $1', [token.atomTokenID]);
    expect(row.rows[0]).toEqual({ status: 'FAILED', failure_reason: 'Transaction declined by the payer' });

    const retry = await t.call<Initiated>('/initPay/AtomPay', { params: data.params }, { headers: APP_ID });
    expect(retry.infoID).toBe('0');
    expect(retry.data.initiatePaymentResponse.atomTokenID).not.toBe(token.atomTokenID);
  });

  it('a second PAY (double click, second tab, second lookup) reopens the open transaction: the dues are paid once', async () => {
    const before = await dues(t, NSDL_DUE);
    const first = await lookup(t, NSDL_DUE);
    const a = await t.call<Initiated>('/initPay/AtomPay', { params: first.data.params }, { headers: APP_ID });
    const b = await t.call<Initiated>('/initPay/AtomPay', { params: first.data.params }, { headers: APP_ID });
    const other = await lookup(t, NSDL_DUE);
    const c = await t.call<Initiated>('/initPay/AtomPay', { params: other.data.params }, { headers: APP_ID });
    const token = a.data.initiatePaymentResponse;
    expect(b.data.initiatePaymentResponse.atomTokenID).toBe(token.atomTokenID);
    expect(c.data.initiatePaymentResponse.atomTokenID).toBe(token.atomTokenID);
    const open = await t.db.query(
      "SELECT 1 FROM sim_gateway_transactions WHERE reference IN ($1, $2) AND status = 'PENDING'",
      [first.data.ClientDetails.ibRefNo, other.data.ClientDetails.ibRefNo],
    );
    expect(open.rowCount).toBe(1);

    // Paying the transaction the first window shows settles the dues: it is not left behind, unrecorded.
    const paid = await t.call<{ status: string }>('/PaymentGateway/Complete', {
      atomTokenID: token.atomTokenID,
      merchID: token.merchID,
      outcome: 'pay',
    });
    expect(paid.data.status).toBe('SUCCESS');
    expect(await dues(t, NSDL_DUE)).toEqual({ due: 0, charge: 0 });
    expect(before.due).toBeGreaterThan(0);
    expect((await t.call('/initPay/AtomPay', { params: other.data.params }, { headers: APP_ID })).infoID).toBe('PAY004');
  });

  it("records a payment the provider settled whose notification never came, when a second PAY finds it paid", async () => {
    await t.db.query('UPDATE demat_charge_accounts SET total_due_paise = 50000, service_charge_paise = 0 WHERE demat_acc_no = $1', [
      NSDL_DUE,
    ]);
    const first = await lookup(t, NSDL_DUE);
    const started = (await t.call<Initiated>('/initPay/AtomPay', { params: first.data.params }, { headers: APP_ID })).data
      .initiatePaymentResponse;
    // The provider's own record says paid, as its popup does; its notification to the broker is lost.
    await t.db.query(
      "UPDATE sim_gateway_transactions SET status = 'SUCCESS', trans_id = '9990001112223', message = 'Transaction successful' WHERE atom_token_id = $1",
      [started.atomTokenID],
    );
    expect(await dues(t, NSDL_DUE)).toEqual({ due: 50000, charge: 0 });
    const again = await t.call('/initPay/AtomPay', { params: first.data.params }, { headers: APP_ID });
    expect(again.infoID).toBe('PAY007');
    expect(await dues(t, NSDL_DUE)).toEqual({ due: 0, charge: 0 });
    const recorded = await t.db.query('SELECT status, trans_id FROM demat_payments WHERE atom_token_id = $1', [started.atomTokenID]);
    expect(recorded.rows[0]).toEqual({ status: 'SUCCESS', trans_id: '9990001112223' });
  });
});
