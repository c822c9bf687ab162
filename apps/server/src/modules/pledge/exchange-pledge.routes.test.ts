import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangePledgeItem } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';

const TCS_ISIN = 'INE467B01029';
const DEMO1_DEMAT = '1208160000000001';

interface Answer {
  state: string;
  exErr: string[];
  ExchangePledgeUnpledge: { rePledge: ExchangePledgeItem[]; reUnpledge: ExchangePledgeItem[] };
  status: string;
}

describe('/Exchange/PledgeUnpledge (investing.md 4 "Pledge (exchange)", 5 "Exchange pledge", 7) against PostgreSQL', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;

  const call = (cookie: string, data: Record<string, unknown>) =>
    t.call<Answer>('/Exchange/PledgeUnpledge', { appKey: '', ...data }, { cookie });
  const list = async (cookie: string) => {
    const answer = await call(cookie, { reqType: 'EXCHANGE_PLEDGE_UNPLEDGE' });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data;
  };
  const tcs = (segments: [string, number][], demat = DEMO1_DEMAT) => [
    { symbol: 'TCS', isin: TCS_ISIN, demat, segments: segments.map(([name, quantity]) => ({ name, quantity })) },
  ];
  const marks = async () => {
    const { rows } = await t.db.query<{ segment: string; quantity: number }>(
      `SELECT e.segment, e.quantity FROM exchange_pledges e JOIN clients c ON c.id = e.client_id
        WHERE c.user_id = 'DEMO1' AND e.quantity > 0 ORDER BY e.segment`,
    );
    return Object.fromEntries(rows.map((r) => [r.segment, r.quantity]));
  };

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
    // DEMO1 pledges 8 TCS at the depository by the plain submit (its demat without gateway for this setup).
    await t.db.query("UPDATE demat_accounts SET dp_api_status = 'N' WHERE dp_account = $1", [DEMO1_DEMAT]);
    const pledged = await t.call(
      '/Pledge/Request',
      {
        symbolArr: [{ symbol: 'TCS', isin: TCS_ISIN, segment: 'NSE', qty: 8 }],
        demat: DEMO1_DEMAT,
        req_type: 'PLEDGE',
      },
      { cookie: demo1 },
    );
    expect(pledged.infoID, pledged.infoMsg).toBe('0');
  });
  afterAll(() => t.close());

  it('lists the pledged holdings to mark, with every segment, for a client enabled for all', async () => {
    const answer = await list(demo1);
    expect(answer).toMatchObject({ state: 'ENABLED', exErr: [], status: '' });
    expect(answer.ExchangePledgeUnpledge.rePledge).toEqual([
      {
        symbol: 'TCS',
        isin: TCS_ISIN,
        demat: DEMO1_DEMAT,
        freeQty: 8,
        toPledgeQty: 8,
        toUnPledgeQty: 0,
        segments: [
          { name: 'CM', quantity: 0 },
          { name: 'FO', quantity: 0 },
          { name: 'CDS', quantity: 0 },
        ],
        request: '',
      },
    ]);
    expect(answer.ExchangePledgeUnpledge.reUnpledge).toEqual([]);
  });

  it('refuses bad submits with the spec texts and marks nothing', async () => {
    expect((await call(demo1, { reqType: 'EPLEDGE', symbols: [] })).infoMsg).toBe(
      'Please select symbol to proceed further',
    );
    expect((await call(demo1, { reqType: 'EPLEDGE', symbols: tcs([['CM', 0]]) })).infoMsg).toBe(
      'Quantity can not be 0',
    );
    expect(
      (
        await call(demo1, {
          reqType: 'EPLEDGE',
          symbols: tcs([
            ['CM', 5],
            ['NFO', 4],
          ]),
        })
      ).infoMsg,
    ).toBe('Your total qty is 9 qty can not be greater than 8');
    expect((await call(demo1, { reqType: 'EPLEDGE', symbols: tcs([['MCX', 1]]) })).infoID).toBe('PLG006');
    expect((await call(demo1, { reqType: 'EPLEDGE', symbols: tcs([['CM', 1]], '1208160000000002') })).infoID).toBe(
      'PLG003',
    );
    expect((await call(demo1, { reqType: 'EXCHANGE_PLEDGE_UNPLEDGE', userId: 'DEMO2' })).infoID).toBe('PLG003');
    expect((await call(demo1, { reqType: 'EUNPLEDGE', symbols: tcs([['CM', 1]]) })).infoMsg).toBe(
      'Your total qty is 1 qty can not be greater than 0',
    );
    expect(await marks()).toEqual({});
  });

  it('marks for segments (NSE as CM, NFO as FO), then the marked shares cannot be unpledged at the depository', async () => {
    const done = await call(demo1, {
      reqType: 'EPLEDGE',
      symbols: tcs([
        ['NSE', 3],
        ['NFO', 2],
      ]),
    });
    expect(done.infoID, done.infoMsg).toBe('0');
    expect(done.data.status).toBe('SUCCESS');
    expect(await marks()).toEqual({ CM: 3, FO: 2 });
    const { rePledge, reUnpledge } = done.data.ExchangePledgeUnpledge;
    expect(rePledge[0]).toMatchObject({ freeQty: 3, toUnPledgeQty: 5 });
    expect(reUnpledge[0]).toMatchObject({
      freeQty: 5,
      segments: [
        { name: 'CM', quantity: 3 },
        { name: 'FO', quantity: 2 },
        { name: 'CDS', quantity: 0 },
      ],
    });
    const unpledge = await t.call(
      '/Pledge/Request',
      {
        symbolArr: [{ symbol: 'TCS', isin: TCS_ISIN, segment: 'NSE', qty: 4 }],
        demat: DEMO1_DEMAT,
        req_type: 'UNPLEDGE',
      },
      { cookie: demo1 },
    );
    expect(unpledge.infoMsg).toBe('Req qty can not be greater than 3');
  });

  it('unmarks within each segment', async () => {
    expect((await call(demo1, { reqType: 'EUNPLEDGE', symbols: tcs([['FO', 3]]) })).infoMsg).toBe(
      'Your total qty is 3 qty can not be greater than 2',
    );
    const done = await call(demo1, { reqType: 'EUNPLEDGE', symbols: tcs([['CM', 3]]) });
    expect(done.infoID, done.infoMsg).toBe('0');
    expect(done.data.status).toBe('SUCCESS');
    expect(await marks()).toEqual({ FO: 2 });
  });

  it('lists the segments a client is not enabled for, refuses them, and is DISABLED without any', async () => {
    await t.db.query("UPDATE demat_accounts SET dp_api_status = 'N' WHERE dp_account = '1208160000000002'");
    const pledged = await t.call(
      '/Pledge/Request',
      {
        symbolArr: [{ symbol: 'SBIN', isin: 'INE062A01020', segment: 'NSE', qty: 2 }],
        demat: '1208160000000002',
        req_type: 'PLEDGE',
      },
      { cookie: demo2 },
    );
    expect(pledged.infoID, pledged.infoMsg).toBe('0');
    const answer = await list(demo2);
    expect(answer.exErr).toEqual(['FO', 'CDS']);
    const fo = await call(demo2, {
      reqType: 'EPLEDGE',
      symbols: [
        { symbol: 'SBIN', isin: 'INE062A01020', demat: '1208160000000002', segments: [{ name: 'FO', quantity: 1 }] },
      ],
    });
    expect(fo).toMatchObject({ infoID: 'PLG006', infoMsg: 'You are not enabled for segment FO.' });
    await t.db.query("UPDATE clients SET equity_flag = 'N', bse_permission = 'N' WHERE user_id = 'DEMO2'");
    expect(await list(demo2)).toMatchObject({
      state: 'DISABLED',
      ExchangePledgeUnpledge: { rePledge: [], reUnpledge: [] },
    });
  });
});
