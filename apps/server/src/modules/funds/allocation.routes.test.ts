import { parseRupees, TRADE_SEGMENTS, type SegmentAllocation } from '@kite/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { fundsOf, orderPayload, orderRow, priceOffLast, rupees, symOf } from '../trade/order-test-support.ts';
import { nearestContract } from '../../test/contracts.ts';
import type { TestApp } from '../../test/harness.ts';

interface AllocationReport {
  asAt: string;
  segments: SegmentAllocation[];
  pool: {
    ledger: string;
    collateral: string;
    payoutsHeld: string;
    allocated: string;
    availableMargin: string;
    withdrawable: string;
  };
}

const paise = (text: string): number => parseRupees(text) ?? Number.NaN;

describe('/Allocate/Funds/Report: the funds each segment holds, from real orders and fills', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  const report = async (cookie: string) => {
    const answer = await t.call<AllocationReport>('/Allocate/Funds/Report', {}, { cookie });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data;
  };
  const place = async (exc: 'NSE' | 'NFO', trSymbol: string, fields: Record<string, unknown>) => {
    const placed = await t.call<{ orderId: string }>('/Trade/AddOrder', orderPayload(symOf(t, exc, trSymbol), fields), {
      cookie: demo1,
    });
    expect(placed.infoID, placed.infoMsg).toBe('0');
    return orderRow(t, placed.data.orderId);
  };

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  it('refuses a call without a session or with a field it does not take, and changes nothing', async () => {
    expect((await t.call('/Allocate/Funds/Report', {})).infoID).toBe('EGN006');
    expect((await t.call('/Allocate/Funds/Report', { clientId: 1 }, { cookie: demo1 })).infoID).toBe('EGN001');
  });

  it('shows every segment DEMO1 may trade at nothing before any order, the whole pool available', async () => {
    const r = await report(demo1);
    expect(r.asAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(r.segments.map((s) => s.segment)).toEqual([...TRADE_SEGMENTS]);
    for (const s of r.segments) {
      expect(s).toEqual({
        segment: s.segment,
        openOrders: 0,
        blockedByOrders: '0.00',
        openPositions: 0,
        usedByPositions: '0.00',
        allocated: '0.00',
      });
    }
    expect(r.pool).toMatchObject({ ledger: '1000000.00', payoutsHeld: '0.00', allocated: '0.00' });
    expect(paise(r.pool.availableMargin)).toBe(paise(r.pool.ledger) + paise(r.pool.collateral));
  });

  it("puts each order's block and each position's margin in its own segment, adding up to what the RMS holds", async () => {
    // A delivery buy is paid from the ledger and holds no margin; an intraday one holds its margin.
    const delivery = await place('NSE', 'INFY-EQ', { ordType: 'market', qty: '5' });
    expect(delivery.status).toBe('EXECUTED');
    const intraday = await place('NSE', 'RELIANCE-EQ', { ordType: 'market', qty: '4', prdType: 'INTRADAY' });
    expect(intraday.status).toBe('EXECUTED');
    const tcs = symOf(t, 'NSE', 'TCS-EQ');
    const resting = await place('NSE', 'TCS-EQ', {
      prdType: 'INTRADAY',
      qty: '3',
      limitPrice: rupees(priceOffLast(t, tcs, 95, 'down')),
    });
    expect(resting.status).toBe('OUTSTANDING');
    const future = nearestContract(t.app.marketRuntime.market, 'NFO', 'NIFTY', 'FUTIDX');
    const bought = await place('NFO', future.trSymbol, {
      ordType: 'market',
      qty: String(future.lot),
      prdType: 'CARRY FORWARD',
    });
    expect(bought.status).toBe('EXECUTED');
    const bank = (await t.call<{ banks: { bankId: string }[] }>('/FundTransfer/GetBankDetails', {}, { cookie: demo1 }))
      .data.banks[0]!;
    const payout = await t.call(
      '/FundTransfer/PlacePayOutRequest',
      { bankId: bank.bankId, amount: '2500.00' },
      {
        cookie: demo1,
      },
    );
    expect(payout.infoID, payout.infoMsg).toBe('0');

    const funds = await fundsOf(t, 'DEMO1');
    const r = await report(demo1);
    const segment = (name: string) => r.segments.find((s) => s.segment === name)!;
    const equity = segment('equity');
    expect(equity).toMatchObject({ openOrders: 1, openPositions: 2 });
    expect(paise(equity.blockedByOrders)).toBeGreaterThan(0);
    expect(paise(equity.usedByPositions)).toBeGreaterThan(0);
    const fno = segment('fno');
    expect(fno).toMatchObject({ openOrders: 0, blockedByOrders: '0.00', openPositions: 1 });
    expect(paise(fno.usedByPositions)).toBeGreaterThan(0);
    for (const name of ['spread', 'currency', 'commodity']) expect(segment(name).allocated, name).toBe('0.00');
    for (const s of r.segments)
      expect(paise(s.allocated), s.segment).toBe(paise(s.blockedByOrders) + paise(s.usedByPositions));

    // The segments account for every rupee the RMS holds, the pay-out's hold apart; the pool is the funds row's.
    expect(r.pool.payoutsHeld).toBe('2500.00');
    expect(paise(r.pool.allocated)).toBe(r.segments.reduce((sum, s) => sum + paise(s.allocated), 0));
    expect(paise(r.pool.allocated)).toBe(funds.used + funds.blocked - 250_000);
    expect(paise(r.pool.ledger)).toBe(funds.ledger);
    expect(paise(r.pool.availableMargin)).toBe(funds.available);
    const balances = (
      await t.call<{ balances: { withdrawable: string } }>(
        '/FundTransfer/GetBankDetails',
        {},
        {
          cookie: demo1,
        },
      )
    ).data.balances;
    expect(r.pool.withdrawable).toBe(balances.withdrawable);
  });

  it('lists a segment the client may no longer trade only while it still holds something there', async () => {
    await t.db.query("UPDATE clients SET fno_permission = 'N', cds_nse_permission = 'N' WHERE user_id = 'DEMO1'");
    try {
      // A new session reads the client's permissions as they are now.
      const r = await report(await signIn(t, 'DEMO1'));
      // F&O keeps its NIFTY future; spread (which needs F&O) and currency hold nothing.
      expect(r.segments.map((s) => s.segment)).toEqual(['equity', 'fno', 'commodity']);
      expect(r.segments[1]!.openPositions).toBe(1);
    } finally {
      await t.db.query("UPDATE clients SET fno_permission = 'Y', cds_nse_permission = 'Y' WHERE user_id = 'DEMO1'");
    }
  });

  it("shows another client nothing of DEMO1's, and only the segments it may trade", async () => {
    const r = await report(demo2);
    // DEMO2 trades equity only (NSE and BSE).
    expect(r.segments).toEqual([
      {
        segment: 'equity',
        openOrders: 0,
        blockedByOrders: '0.00',
        openPositions: 0,
        usedByPositions: '0.00',
        allocated: '0.00',
      },
    ]);
    expect(r.pool).toMatchObject({ ledger: '200000.00', allocated: '0.00', payoutsHeld: '0.00' });
  });
});
