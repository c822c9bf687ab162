import type { PositionRow, ViewerDetail, ViewerSummary } from '@kite/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import type { TestApp } from '../../test/harness.ts';
import { applyTrade, clientIdOf, instrument, ltpOf, rupees, setCarry } from '../portfolio/portfolio-test-support.ts';

type Viewer = { clientsData: { validUser: boolean; summary: ViewerSummary[]; details: ViewerDetail[] } };

describe('standalone portfolio viewer call (investing.md 2, 3, 4 "Standalone portfolio viewer", 7)', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(async () => t.close());

  it('answers validUser false for a wrong password and shows nothing', async () => {
    const answer = await t.call<Viewer>('/Client/PortFolio', { isCustomized: '0', password: 'wrong-one' }, { cookie: demo1 });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(answer.data.clientsData).toEqual({ validUser: false, summary: [], details: [] });
  });

  it("shows the client's positions with booked, notional, MTM and ANOV of a short, agreeing with Net Positions", async () => {
    const id = await clientIdOf(t.db, 'DEMO1');
    const nifty = instrument(t, (i) => i.instr === 'FUTIDX' && i.symbol === 'NIFTY' && i.exc === 'NFO');
    // Carried short 130 @ 25,000.00; today bought 65 @ 25,100.00: 65 closed at a loss of 100 each.
    await applyTrade(t.db, id, nifty, 'CARRY FORWARD', 'BUY', 65, 2_510_000);
    await setCarry(t.db, id, nifty, 'CARRY FORWARD', -130, 2_500_000);
    const ltp = ltpOf(t, nifty);

    const answer = await t.call<Viewer>('/Client/PortFolio', { isCustomized: '0', password: DEMO_PASSWORD }, { cookie: demo1 });
    expect(answer.data.clientsData.validUser).toBe(true);
    const detail = answer.data.clientsData.details.find((d) => d.contraDesc === nifty.displaySym)!;
    expect(detail).toMatchObject({
      userId: 'DEMO1',
      prevPos: -130,
      prevAvgPrice: '25000.00',
      buyQty: 65,
      buyAvgPrice: '25100.00',
      netQty: -65,
      netAvgPrice: '25000.00',
      bookedPnl: '-6500.00',
      unRealPnl: rupees(65 * (2_500_000 - ltp)),
      Anov: rupees(65 * ltp),
      prdType: 'CARRY FORWARD',
    });
    const positions = await t.call<{ positions: PositionRow[] }>(
      '/Account/NetPositions',
      { tab: 'fno', filters: [{ key: 'positionDay', value: 'all' }] },
      { cookie: demo1 },
    );
    const row = positions.data.positions.find((p) => p.uniqueId === nifty.id)!;
    expect(detail.bookedPnl).toBe(row.bookedPnl);
    expect(detail.unRealPnl).toBe(row.unRealPnl);
    expect(answer.data.clientsData.summary).toEqual([
      {
        clientId: 'DEMO1',
        bookedPnl: '-6500.00',
        unRealPnl: detail.unRealPnl,
        mtm: rupees(-650_000 + 65 * (2_500_000 - ltp)),
        anov: detail.Anov,
      },
    ]);
  });

  it("the new view takes the client's own id only; another client's is refused and DEMO2 sees none of DEMO1's", async () => {
    const own = await t.call<Viewer>('/Client/PortFolio', { isCustomized: '1', password: DEMO_PASSWORD, client_id: 'demo1' }, { cookie: demo1 });
    expect(own.data.clientsData.validUser).toBe(true);
    const other = await t.call('/Client/PortFolio', { isCustomized: '1', password: DEMO_PASSWORD, client_id: 'DEMO1' }, { cookie: demo2 });
    expect(other).toMatchObject({ infoID: 'POR008', infoMsg: 'Client not found.' });
    const mine = await t.call<Viewer>('/Client/PortFolio', { isCustomized: '0', password: DEMO_PASSWORD }, { cookie: demo2 });
    expect(mine.data.clientsData.details).toEqual([]);
    expect(mine.data.clientsData.summary).toEqual([{ clientId: 'DEMO2', bookedPnl: '0.00', unRealPnl: '0.00', mtm: '0.00', anov: '0.00' }]);
  });

  it('refuses the viewer to a session after 5 wrong passwords (POR009), until the next login', async () => {
    const session = await signIn(t, 'DEMO2');
    const viewer = (password: string, cookie = session) =>
      t.call<Viewer>('/Client/PortFolio', { isCustomized: '0', password }, { cookie });
    for (let i = 0; i < 4; i++) expect((await viewer(`wrong${i}`)).data.clientsData.validUser).toBe(false);
    expect((await viewer('wrong4')).infoID).toBe('POR009');
    expect((await viewer(DEMO_PASSWORD)).infoID).toBe('POR009');
    // A new login session starts afresh; the other session of the same client is not touched.
    expect((await viewer(DEMO_PASSWORD, await signIn(t, 'DEMO2'))).data.clientsData.validUser).toBe(true);
    expect((await viewer(DEMO_PASSWORD, demo2)).data.clientsData.validUser).toBe(true);
  });
});
