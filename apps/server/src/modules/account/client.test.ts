import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '@kite/domain';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import type { TestApp } from '../../test/harness.ts';
import { createSeededApp, signIn } from './account-test-support.ts';

describe('client settings calls', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  it('MTF: EGN012 in progress the first time, activated afterwards, persisted in the flags', async () => {
    const first = await t.call<{ activatedMTF: boolean }>('/Account/MTFActivation', {}, { cookie: demo2 });
    expect(first.infoID).toBe('EGN012');
    expect(first.data.activatedMTF).toBe(false);
    const second = await t.call<{ activatedMTF: boolean }>('/Account/MTFActivation', {}, { cookie: demo2 });
    expect(second.infoID).toBe('0');
    expect(second.data.activatedMTF).toBe(true);
    const login = await t.call<SignedIn>('/Account/Login', { userId: 'DEMO2', password: DEMO_PASSWORD });
    expect(login.data.accountDetails.mta_nse_permission).toBe('Y');
    demo2 = login.setCookie as string;
    const { rows } = await t.db.query(`SELECT user_id, mtf_status FROM clients ORDER BY user_id`);
    expect(rows).toContainEqual({ user_id: 'DORMANT1', mtf_status: 'none' });
  });

  it('MTF: a client already activated is answered activated at once', async () => {
    const answer = await t.call<{ activatedMTF: boolean }>('/Account/MTFActivation', {}, { cookie: demo1 });
    expect(answer).toMatchObject({ infoID: '0', data: { activatedMTF: true } });
  });

  it('limit against holding: persists Y and N for the caller only', async () => {
    const read = async () => Object.fromEntries((await t.db.query('SELECT user_id, limit_against_holding FROM clients')).rows.map((r) => [r.user_id, r.limit_against_holding]));
    const yes = await t.call('/Pledging/LimitAgainstHoldingReq', { status: 'Y' }, { cookie: demo1 });
    expect(yes.data).toEqual({ Success: true, Error_Mesg: '' });
    expect(await read()).toMatchObject({ DEMO1: true, DEMO2: false });
    const login = await t.call<SignedIn>('/Account/Login', { userId: 'DEMO1', password: DEMO_PASSWORD });
    expect(login.data.LIMITAGAINSTHOLDINGFLAG).toBe(true);
    demo1 = login.setCookie as string;
    await t.call('/Pledging/LimitAgainstHoldingReq', { status: 'N' }, { cookie: demo1 });
    expect((await read()).DEMO1).toBe(false);
    const bad = await t.call('/Pledging/LimitAgainstHoldingReq', { status: 'X' }, { cookie: demo1 });
    expect(bad.infoID).toBe('EGN001');
    const other = await t.call('/Pledging/LimitAgainstHoldingReq', { status: 'Y', clientId: 'DEMO2' }, { cookie: demo1 });
    expect(other.infoID).toBe('EGN001');
    expect(await read()).toMatchObject({ DEMO1: false, DEMO2: false });
  });

  it('records each risk disclosure acknowledgement', async () => {
    expect((await t.call('/RiskDisclosure', {}, { cookie: demo1 })).infoID).toBe('0');
    expect((await t.call('/RiskDisclosure', {})).infoID).toBe('EGN006');
    const { rows } = await t.db.query(`SELECT c.user_id FROM risk_disclosure_acks a JOIN clients c ON c.id = a.client_id`);
    expect(rows).toEqual([{ user_id: 'DEMO1' }]);
  });

  it("verifies an e-mail against the caller's own registered address", async () => {
    const own = await t.call<{ verified: boolean }>('/Client/VerifyContactEmail', { email: 'DEMO1@kite-india.example' }, { cookie: demo1 });
    expect(own.data.verified).toBe(true);
    const others = await t.call<{ verified: boolean }>('/Client/VerifyContactEmail', { email: 'demo2@kite-india.example' }, { cookie: demo1 });
    expect(others.data.verified).toBe(false);
    expect((await t.call('/Client/VerifyContactEmail', { email: 'not-an-email' }, { cookie: demo1 })).infoID).toBe('EGN001');
  });
});
