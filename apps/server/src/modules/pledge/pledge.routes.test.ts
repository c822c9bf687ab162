import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collateralAfterHaircut, formatScaled, type NsdlStatusReply, type PledgeDemat } from '@kite/domain';
import { createSeededApp, latestOtp, signIn } from '../account/account-test-support.ts';
import { clientIdOf, ltpOf, nseEquity } from '../portfolio/portfolio-test-support.ts';
import { orderPayload, symOf } from '../trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';

const TCS_ISIN = 'INE467B01029';
const RELIANCE_ISIN = 'INE002A01018';
const INFY_ISIN = 'INE009A01021';

describe('/Pledge/* calls and the depository pledge pages (investing.md 4, 5, 7) against PostgreSQL', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  let demo3: string;

  const detail = async (cookie: string, tab: 'PLEDGE' | 'UNPLEDGE' = 'PLEDGE') => {
    const answer = await t.call<{ dematData: PledgeDemat[] }>('/Pledge/Detail', { tab, source: 'W' }, { cookie });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.dematData;
  };
  const row = async (cookie: string, isin: string, tab: 'PLEDGE' | 'UNPLEDGE' = 'PLEDGE') =>
    (await detail(cookie, tab))[0]!.data.find((r) => r.isin === isin);
  const holding = async (userId: string, isin: string) => {
    const { rows } = await t.db.query<{ pledged_qty: number; collateral_paise: number }>(
      `SELECT h.pledged_qty, h.collateral_paise FROM holdings h JOIN clients c ON c.id = h.client_id
        WHERE c.user_id = $1 AND h.isin = $2`,
      [userId, isin],
    );
    return rows[0]!;
  };
  const collateral = async (userId: string) => {
    const { rows } = await t.db.query<{ collateral: number }>(
      `SELECT f.collateral_paise AS collateral FROM client_funds f JOIN clients c ON c.id = f.client_id WHERE c.user_id = $1`,
      [userId],
    );
    return rows[0]!.collateral;
  };
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
  const cdsl = (cookie: string, isin: string, quantity: string, symbol = 'TCS', demat = '1208160000000001') =>
    t.call<{ redirectUrl: string }>(
      '/Pledge/Online/CDSL',
      { source: 'W', demat, reqType: 'PLEDGE', secDtls: [{ symbol, isin, value: '10', quantity }] },
      { cookie },
    );
  const nsdl = (cookie: string, data: Record<string, unknown>) =>
    t.call<NsdlStatusReply>('/Pledge/Online/NSDL', data, { cookie });

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    await t.db.query("UPDATE clients SET login_with_otp = false WHERE user_id = 'DEMO3'");
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
    demo3 = await signIn(t, 'DEMO3');
  });
  afterAll(() => t.close());

  it('refuses every call without a session (EGN006)', async () => {
    for (const path of [
      '/Pledge/Detail',
      '/Pledge/DetailV2',
      '/Pledge/Request',
      '/Pledge/Online/NSDL',
      '/Pledge/Online/CDSL',
      '/Exchange/PledgeUnpledge',
    ]) {
      expect((await t.call(path, {})).infoID).toBe('EGN006');
    }
  });

  it("lists the client's demat with pledgeor and pledgee details and its holdings, refusing another client id", async () => {
    const [demat] = await detail(demo1);
    expect(demat).toMatchObject({
      pledgerDemat: '1208160000000001',
      pledgerName: 'Aarav Sharma',
      mobile: '*****00001',
      pledgeeDematId: '1208160099999999',
      apiStatus: 'Y',
      depository: 'CDSL',
    });
    expect(demat!.data.map((r) => r.symbol)).toEqual(['HDFCBANK', 'INFY', 'ITC', 'RELIANCE', 'TCS']);
    expect(demat!.data.find((r) => r.isin === TCS_ISIN)).toMatchObject({
      segment: 'NSE',
      freeQty: 20,
      toPledgeQty: 20,
      toUnPledgeQty: 0,
      request: '',
      gatewaySource: 'CDSL',
    });
    expect(await detail(demo1, 'UNPLEDGE')).toEqual([expect.objectContaining({ data: [] })]);
    const other = await t.call('/Pledge/Detail', { tab: 'PLEDGE', clientId: 'DEMO2' }, { cookie: demo1 });
    expect(other.infoID).toBe('PLG003');
    const v2 = await t.call<{ dematData: PledgeDemat[] }>('/Pledge/DetailV2', { tab: 'PLEDGE' }, { cookie: demo2 });
    expect(v2.data.dematData[0]!.apiKey).toBe('EDISDEMO2');
  });

  it('refuses bad pledges with the spec texts and changes nothing', async () => {
    expect((await cdsl(demo1, TCS_ISIN, '21')).infoMsg).toBe('Quantity can not be greater than to be Pledge');
    expect((await cdsl(demo1, TCS_ISIN, '0')).infoMsg).toBe('Quantity can not be 0');
    expect((await cdsl(demo1, 'INE062A01020', '1', 'SBIN')).infoID).toBe('PLG004');
    expect((await cdsl(demo1, TCS_ISIN, '1', 'TCS', '1208160000000002')).infoID).toBe('PLG003');
    expect((await cdsl(demo3, INFY_ISIN, '1', 'INFY', 'IN30021410000003')).infoID).toBe('PLG005');
    expect((await nsdl(demo1, { requestFor: 'uniqueNo' })).infoID).toBe('PLG005');
    // A gateway demat pledges through its depository, not by the plain submit.
    const plain = await t.call(
      '/Pledge/Request',
      {
        symbolArr: [{ symbol: 'TCS', isin: TCS_ISIN, segment: 'NSE', qty: 1 }],
        demat: '1208160000000001',
        req_type: 'PLEDGE',
      },
      { cookie: demo1 },
    );
    expect(plain.infoID).toBe('PLG005');
    expect(await holding('DEMO1', TCS_ISIN)).toEqual({ pledged_qty: 0, collateral_paise: 0 });
    const { rows } = await t.db.query('SELECT 1 FROM pledge_requests');
    expect(rows).toHaveLength(0);
  });

  it('CDSL: redirect, OTP at the depository, then the shares are pledged, give collateral and are not free to sell', async () => {
    const filed = await cdsl(demo1, TCS_ISIN, '8');
    expect(filed.infoID, filed.infoMsg).toBe('0');
    const url = filed.data.redirectUrl;
    expect(url).toMatch(/^\/depository\/pledge\/[0-9a-f]{32}$/);
    expect(await row(demo1, TCS_ISIN)).toMatchObject({ freeQty: 20, toPledgeQty: 12, request: 'Pending at CDSL' });
    // What waits at the depository cannot be pledged twice.
    expect((await cdsl(demo1, TCS_ISIN, '13')).infoMsg).toBe('Quantity can not be greater than to be Pledge');

    const form = await page(url);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('CDSL Margin Pledge');
    expect(form.body).toContain('TCS');
    expect(form.body).toContain('value="send"');
    const sent = await page(url, { action: 'send' });
    expect(sent.body).toContain('name="otp"');
    const wrong = await page(url, { action: 'otp', otp: '000000' === latestOtp(t, 'DEMO1') ? '111111' : '000000' });
    expect(wrong.body).toContain('Invalid OTP. 2 attempt(s) left');
    expect((await holding('DEMO1', TCS_ISIN)).pledged_qty).toBe(0);

    const before = await collateral('DEMO1');
    const done = await page(url, { action: 'otp', otp: latestOtp(t, 'DEMO1') });
    expect(done.body).toContain('Pledge authorised');
    expect(done.body).toContain('href="/home/PoaPledge"');
    const expected = collateralAfterHaircut(8, ltpOf(t, nseEquity(t, 'TCS')));
    expect(await holding('DEMO1', TCS_ISIN)).toEqual({ pledged_qty: 8, collateral_paise: expected });
    expect(await collateral('DEMO1')).toBe(before + expected);
    // The margin the RMS reports counts it.
    const margin = await t.call<{ collateral: string }>('/Account/MarginDetails', {}, { cookie: demo1 });
    expect(margin.data.collateral).toBe(formatScaled(before + expected, 2));
    expect(await row(demo1, TCS_ISIN)).toMatchObject({ freeQty: 12, toPledgeQty: 12, request: 'Pledged' });
    expect(await row(demo1, TCS_ISIN, 'UNPLEDGE')).toMatchObject({ toUnPledgeQty: 8 });
    // Decided once: the page answers again without changing anything.
    expect((await page(url, { action: 'otp', otp: '123456' })).body).toContain('already decided');

    // trading.md: a delivery sell checks free quantity; the pledged 8 of 20 are not free.
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const sell = (qty: string) =>
      t.call('/Trade/AddOrder', orderPayload(sym, { ordAction: 'sell', ordType: 'market', qty }), {
        cookie: demo1,
      });
    expect((await sell('13')).infoID).toBe('ORD008');
    expect((await sell('12')).infoID).toBe('0');
  });

  it('CDSL cancel at the depository fails the request and frees the pending quantity', async () => {
    const filed = await cdsl(demo1, RELIANCE_ISIN, '5', 'RELIANCE');
    const cancelled = await page(filed.data.redirectUrl, { action: 'cancel' });
    expect(cancelled.body).toContain('Pledge cancelled by you');
    expect(await row(demo1, RELIANCE_ISIN)).toMatchObject({ toPledgeQty: 50, request: 'Failed' });
    expect((await holding('DEMO1', RELIANCE_ISIN)).pledged_qty).toBe(0);
  });

  it('an abandoned gateway request stops holding its quantity after 30 minutes and is refused by the page', async () => {
    const filed = await cdsl(demo1, RELIANCE_ISIN, '7', 'RELIANCE');
    expect(await row(demo1, RELIANCE_ISIN)).toMatchObject({ toPledgeQty: 43, request: 'Pending at CDSL' });
    await t.db.query("UPDATE pledge_requests SET created_at = now() - interval '31 minutes' WHERE request_no = $1", [
      filed.data.redirectUrl.split('/').pop(),
    ]);
    // Dated back, it is no longer the latest: the cancelled one of the test before is.
    expect(await row(demo1, RELIANCE_ISIN)).toMatchObject({ toPledgeQty: 50, request: 'Failed' });
    const late = await page(filed.data.redirectUrl, { action: 'send' });
    expect(late.body).toContain('Pledge request expired');
    expect((await holding('DEMO1', RELIANCE_ISIN)).pledged_qty).toBe(0);
  });

  it('NSDL: unique number, form post, polling NOT_FOUND then the reference; a mismatched form is UNAUTHORISED', async () => {
    const form = (uniqueNo: string, over: Record<string, string> = {}) => ({
      dpId: 'IN300214',
      clientId: 'DEMO3',
      appKey: '',
      appName: 'KITE',
      noOfSecurities: '1',
      requestType: 'PLEDGE',
      source: 'W',
      secDtls: JSON.stringify([
        {
          seqNo: `${uniqueNo}1`,
          isin: INFY_ISIN,
          isinName: 'INFOSYS',
          quantity: '5000',
          lockInReasonCode: '',
          lockInReleaseDate: '',
        },
      ]),
      requestReference: `W${uniqueNo}`,
      dematAcc: 'IN30021410000003',
      symbol: 'INFY',
      ...over,
    });
    const status = async (cookie: string, reference: string) => {
      const answer = await nsdl(cookie, { requestFor: 'requestStatusCheck', requestReference: reference });
      expect(answer.infoID, answer.infoMsg).toBe('0');
      return answer.data;
    };

    const first = (await nsdl(demo3, { requestFor: 'uniqueNo' })).data.uniqueNo;
    expect(first).toMatch(/^\d+$/);
    const forged = await page('/depository/pledge/nsdl', form(first, { clientId: 'DEMO1' }));
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('The IP address from which request came is unauthorized !');
    expect((await status(demo3, `W${first}`)).pledgeStatus).toBe('UNAUTHORISED');

    const second = (await nsdl(demo3, { requestFor: 'uniqueNo' })).data.uniqueNo;
    expect(await status(demo3, `W${second}`)).toMatchObject({ pledgeStatus: 'NOT_FOUND' });
    const posted = await page('/depository/pledge/nsdl', form(second));
    expect(posted.statusCode).toBe(303);
    const url = posted.headers.location as string;
    expect((await page(url)).body).toContain('NSDL Margin Pledge');
    expect((await status(demo3, `W${second}`)).pledgeStatus).toBe('NOT_FOUND');
    // Another client's reference tells nothing.
    expect((await status(demo1, `W${second}`)).pledgeStatus).toBe('NOT_FOUND');
    // The same number cannot be posted twice.
    expect((await page('/depository/pledge/nsdl', form(second))).statusCode).toBe(404);

    await page(url, { action: 'send' });
    const done = await page(url, { action: 'otp', otp: latestOtp(t, 'DEMO3') });
    expect(done.body).toContain('You may close this window.');
    const reply = await status(demo3, `W${second}`);
    expect(reply).toMatchObject({
      pledgeStatus: `W${second}`,
      Message: 'Margin pledge Instructions done successfully !',
    });
    expect(JSON.parse(reply.pledgeSymbolArray)).toEqual([
      { requestReference: `W${second}`, isinName: 'INFOSYS LTD.', msg: 'Pledge authorised' },
    ]);
    expect((await holding('DEMO3', INFY_ISIN)).pledged_qty).toBe(5);
  });

  it("NSDL: a unique number tells nothing of the next one, so no one can post a form on another client's request", async () => {
    const mine = (await nsdl(demo3, { requestFor: 'uniqueNo' })).data.uniqueNo;
    const next = (await nsdl(demo3, { requestFor: 'uniqueNo' })).data.uniqueNo;
    // The gateway's form intake has no broker session: a form for the number after one's own, with made-up ids.
    const forged = await page('/depository/pledge/nsdl', {
      dpId: 'IN300214',
      clientId: 'DEMO1',
      dematAcc: 'IN30021410000001',
      noOfSecurities: '1',
      requestReference: `W${BigInt(mine) + 1n}`,
      secDtls: '[]',
    });
    expect(forged.statusCode).toBe(404);
    const reply = await nsdl(demo3, { requestFor: 'requestStatusCheck', requestReference: `W${next}` });
    expect(reply.data.pledgeStatus).toBe('NOT_FOUND');
    const { rows } = await t.db.query<{ status: string }>('SELECT status FROM pledge_requests WHERE unique_no = $1', [
      next,
    ]);
    expect(rows[0]!.status).toBe('NEW');
    expect(mine).toMatch(/^[1-9]\d{14}$/);
  });

  it('NSDL: securities the client cannot pledge fail the request with the rule text', async () => {
    const uniqueNo = (await nsdl(demo3, { requestFor: 'uniqueNo' })).data.uniqueNo;
    const posted = await page('/depository/pledge/nsdl', {
      dpId: 'IN300214',
      clientId: 'DEMO3',
      dematAcc: 'IN30021410000003',
      noOfSecurities: '1',
      requestReference: `W${uniqueNo}`,
      secDtls: JSON.stringify([{ seqNo: `${uniqueNo}1`, isin: INFY_ISIN, quantity: '999000' }]),
    });
    expect(posted.body).toContain('Quantity can not be greater than to be Pledge');
    const reply = await nsdl(demo3, { requestFor: 'requestStatusCheck', requestReference: `W${uniqueNo}` });
    expect(reply.data.pledgeStatus).toBe('FAILED');
    expect((await holding('DEMO3', INFY_ISIN)).pledged_qty).toBe(5);
  });

  it('unpledges at once, within the pledged quantity, releasing its share of the collateral', async () => {
    const unpledge = (qty: number) =>
      t.call<{ MESSAGE: string }>(
        '/Pledge/Request',
        {
          symbolArr: [{ symbol: 'TCS', isin: TCS_ISIN, segment: 'NSE', qty }],
          demat: '1208160000000001',
          req_type: 'UNPLEDGE',
          source: 'W',
        },
        { cookie: demo1 },
      );
    expect((await unpledge(9)).infoMsg).toBe('Req qty can not be greater than 8');
    // Collateral the margin in use needs cannot be released.
    const demo1Id = await clientIdOf(t.db, 'DEMO1');
    const { rows: used } = await t.db.query<{ used: string }>(
      'SELECT used_margin_paise AS used FROM client_funds WHERE client_id = $1',
      [demo1Id],
    );
    await t.db.query(
      'UPDATE client_funds SET used_margin_paise = ledger_balance_paise + collateral_paise WHERE client_id = $1',
      [demo1Id],
    );
    expect((await unpledge(1)).infoMsg).toBe('Unpledge is not possible now: the margin in use needs this collateral');
    expect((await holding('DEMO1', TCS_ISIN)).pledged_qty).toBe(8);
    await t.db.query('UPDATE client_funds SET used_margin_paise = $2 WHERE client_id = $1', [demo1Id, used[0]!.used]);
    const { collateral_paise: credited } = await holding('DEMO1', TCS_ISIN);
    const before = await collateral('DEMO1');
    const done = await unpledge(2);
    expect(done.data.MESSAGE).toBe('Margin pledge Instructions done successfully !');
    const after = await holding('DEMO1', TCS_ISIN);
    expect(after.pledged_qty).toBe(6);
    expect(after.collateral_paise).toBe(credited - Math.round((credited * 2) / 8));
    expect(await collateral('DEMO1')).toBe(before - Math.round((credited * 2) / 8));
  });

  it('pledges at once by the plain submit when the demat has no gateway (apiStatus N)', async () => {
    const demo2Id = await clientIdOf(t.db, 'DEMO2');
    await t.db.query("UPDATE demat_accounts SET dp_api_status = 'N' WHERE client_id = $1", [demo2Id]);
    const [demat] = await detail(demo2);
    expect(demat!.apiStatus).toBe('N');
    const first = demat!.data[0]!;
    const answer = await t.call<{ MESSAGE: string }>(
      '/Pledge/Request',
      {
        symbolArr: [{ symbol: first.symbol, isin: first.isin, segment: first.segment, qty: 1 }],
        demat: demat!.pledgerDemat,
        req_type: 'PLEDGE',
        source: 'W',
      },
      { cookie: demo2 },
    );
    expect(answer.data.MESSAGE).toBe('Margin pledge Instructions done successfully !');
    expect((await holding('DEMO2', first.isin)).pledged_qty).toBe(1);
    expect(
      (
        await t.call(
          '/Pledge/Request',
          { symbolArr: [], demat: demat!.pledgerDemat, req_type: 'PLEDGE' },
          { cookie: demo2 },
        )
      ).infoMsg,
    ).toBe('Please select symbol to proceed further');
    await t.db.query("UPDATE demat_accounts SET dp_api_status = 'Y' WHERE client_id = $1", [demo2Id]);
  });
});
