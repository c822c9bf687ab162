import type { PositionRow } from '@kite/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { applyTrade, clientIdOf, instrument, ltpOf, nseEquity, rupees, setCarry } from './portfolio-test-support.ts';

type Positions = { positions: PositionRow[] };

describe('NetPositions (trading.md 2.5, 3, 4.4)', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  let demo1Id: number;

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
    demo1Id = await clientIdOf(t.db, 'DEMO1');
  });
  afterAll(async () => t.close());

  it('values an intraday equity position from its trades: buy 10 @ 100, sell 4 @ 110 books Rs 40 exactly', async () => {
    const reliance = nseEquity(t, 'RELIANCE');
    await applyTrade(t.db, demo1Id, reliance, 'INTRADAY', 'BUY', 10, 10_000);
    await applyTrade(t.db, demo1Id, reliance, 'INTRADAY', 'SELL', 4, 11_000);
    const ltp = ltpOf(t, reliance);

    const answer = await t.call<Positions>('/Account/NetPositions', { tab: 'equity', filters: [] }, { cookie: demo1 });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(answer.data.positions).toHaveLength(1);
    const row = answer.data.positions[0]!;
    expect(row).toMatchObject({
      displaySym: 'RELIANCE',
      prdType: 'INTRADAY',
      netQty: 6,
      avgPrice: '100.00',
      buyQty: 10,
      sellQty: 4,
      buyAvgPrice: '100.00',
      sellAvgPrice: '110.00',
      bookedPnl: '40.00',
      unRealPnl: rupees(6 * (ltp - 10_000)),
      netPnL: rupees(4_000 + 6 * (ltp - 10_000)),
      ltp: rupees(ltp),
      isTransfer: true,
      lot: 1,
      uniqueId: reliance.id,
      streamSym: 'RELIANCE',
    });
    expect(row.sym.id).toBe(reliance.id);
  });

  it('rounds once to paise with the instrument multiplier (USDINR futures, 4 decimals, 1000 per lot)', async () => {
    const usdinr = instrument(t, (i) => i.instr === 'FUTCUR' && i.symbol === 'USDINR');
    await applyTrade(t.db, demo1Id, usdinr, 'CARRY FORWARD', 'BUY', 2, 885_000);
    await applyTrade(t.db, demo1Id, usdinr, 'CARRY FORWARD', 'SELL', 1, 885_125);
    const ltp = ltpOf(t, usdinr);
    const answer = await t.call<Positions>(
      '/Account/NetPositions',
      { tab: 'currency', filters: [] },
      { cookie: demo1 },
    );
    const row = answer.data.positions.find((p) => p.uniqueId === usdinr.id);
    expect(row).toMatchObject({
      netQty: 1,
      buyAvgPrice: '88.5000',
      sellAvgPrice: '88.5125',
      bookedPnl: '12.50',
      // What the browser moves the live P&L by.
      multiplier: 1000,
    });
    // one unit of price (0.0001) on 1 lot of 1000 is 10 paise
    expect(row?.unRealPnl).toBe(rupees((ltp - 885_000) * 10));
  });

  it('shows the carried quantity in the ALL view and only today in the TODAY view', async () => {
    const nifty = instrument(t, (i) => i.instr === 'FUTIDX' && i.symbol === 'NIFTY' && i.exc === 'NFO');
    await applyTrade(t.db, demo1Id, nifty, 'CARRY FORWARD', 'BUY', 65, 2_510_000);
    await applyTrade(t.db, demo1Id, nifty, 'CARRY FORWARD', 'SELL', 130, 2_520_000);
    await setCarry(t.db, demo1Id, nifty, 'CARRY FORWARD', 65, 2_500_000);
    const ltp = ltpOf(t, nifty);

    const all = await t.call<Positions>(
      '/Account/NetPositions',
      { tab: 'fno', filters: [{ key: 'positionDay', value: 'all' }] },
      { cookie: demo1 },
    );
    const allRow = all.data.positions.find((p) => p.uniqueId === nifty.id);
    // carried 65 @ 25000 + bought 65 @ 25100, sold 130 @ 25200: flat, realised 130 x 25200 - 65 x 25000 - 65 x 25100
    expect(allRow).toMatchObject({
      netQty: 0,
      bookedPnl: '19500.00',
      unRealPnl: '0.00',
      netPnL: '19500.00',
      currPos: -65,
      currAvgPrice: '25200.00',
      prevPos: 65,
      prevAvgPrice: '25000.00',
      isTransfer: false,
      lot: 65,
      multiplier: 1,
    });

    const today = await t.call<Positions>(
      '/Account/NetPositions',
      { tab: 'fno', filters: [{ key: 'positionDay', value: 'today' }] },
      { cookie: demo1 },
    );
    const todayRow = today.data.positions.find((p) => p.uniqueId === nifty.id);
    expect(todayRow).toMatchObject({
      netQty: -65,
      avgPrice: '25200.00',
      bookedPnl: '6500.00',
      prevPos: 0,
      isTransfer: true,
    });
    expect(todayRow?.unRealPnl).toBe(rupees(-65 * (ltp - 2_520_000)));
  });

  it('applies the product, exchange and asset class filters', async () => {
    const call = (tab: string, filters: { key: string; value: string }[]) =>
      t.call<Positions>('/Account/NetPositions', { tab, filters }, { cookie: demo1 });
    expect((await call('equity', [{ key: 'prdType', value: 'INTRADAY' }])).data.positions).toHaveLength(1);
    expect((await call('equity', [{ key: 'prdType', value: 'CASH' }])).data.positions).toHaveLength(0);
    expect((await call('equity', [{ key: 'exc', value: 'BSE' }])).data.positions).toHaveLength(0);
    expect(
      (
        await call('equity', [
          { key: 'exc', value: 'NSE' },
          { key: 'prdType', value: 'ALL' },
        ])
      ).data.positions,
    ).toHaveLength(1);
    expect((await call('fno', [{ key: 'assetClass', value: 'option' }])).data.positions).toHaveLength(0);
    expect((await call('fno', [{ key: 'assetClass', value: 'future' }])).data.positions).toHaveLength(1);
    // trading.md 4.4: the equity tab is today only, whatever is asked
    expect((await call('equity', [{ key: 'positionDay', value: 'all' }])).data.positions[0]?.prevPos).toBe(0);
    expect(
      (
        await call('commodity', [
          { key: 'prdType', value: 'CARRY FORWARD' },
          { key: 'exc', value: 'MCX' },
        ])
      ).data.positions,
    ).toHaveLength(0);
  });

  it('refuses an unknown filter or value and a tab outside the list', async () => {
    const bad = await t.call(
      '/Account/NetPositions',
      { tab: 'equity', filters: [{ key: 'assetClass', value: 'future' }] },
      { cookie: demo1 },
    );
    expect(bad.infoID).toBe('POR001');
    const badValue = await t.call(
      '/Account/NetPositions',
      { tab: 'commodity', filters: [{ key: 'prdType', value: 'CASH' }] },
      { cookie: demo1 },
    );
    expect(badValue.infoID).toBe('POR001');
    const badTab = await t.call('/Account/NetPositions', { tab: 'spread', filters: [] }, { cookie: demo1 });
    expect(badTab.infoID).toBe('EGN001');
  });

  it("never returns another client's positions, and needs a session", async () => {
    for (const tab of ['equity', 'fno', 'currency', 'commodity']) {
      const answer = await t.call<Positions>('/Account/NetPositions', { tab, filters: [] }, { cookie: demo2 });
      expect(answer.infoID).toBe('0');
      expect(answer.data.positions).toEqual([]);
    }
    expect((await t.call('/Account/NetPositions', { tab: 'equity', filters: [] })).infoID).toBe('EGN006');
  });
});
