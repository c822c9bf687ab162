import type { PositionRow } from '@kite/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, latestOtp, signIn } from '../account/account-test-support.ts';
import { orderPayload, orderRow, symOf } from '../trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { holdingSellCheck } from '../../services/portfolio/holdings-check.ts';
import { tradingDayOf } from '../../services/portfolio/instruments.ts';
import { clientIdOf, marketOf } from './portfolio-test-support.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';

/** The portfolio calls read what the order path writes: fills -> positions and funds; e-DIS approval -> a sell. */
describe('portfolio over real orders (OMS fills)', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(async () => t.close());

  const fillPrice = async (orderNo: string): Promise<number> => Number((await orderRow(t, orderNo)).avg_fill_price);

  it('shows an intraday round trip with the realised P&L of its fills, and margin details matching the RMS', async () => {
    const sym = symOf(t, 'NSE', 'INFY-EQ');
    const buy = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { ordType: 'market', qty: '5', prdType: 'INTRADAY' }),
      { cookie: demo1 },
    );
    expect(buy.infoID, buy.infoMsg).toBe('0');
    expect((await orderRow(t, buy.data.orderId)).status).toBe('EXECUTED');
    const bought = await fillPrice(buy.data.orderId);

    const open = await t.call<{ positions: PositionRow[] }>(
      '/Account/NetPositions',
      { tab: 'equity', filters: [] },
      { cookie: demo1 },
    );
    const row = open.data.positions.find((p) => p.uniqueId === sym.id && p.prdType === 'INTRADAY');
    expect(row).toMatchObject({ netQty: 5, buyQty: 5, bookedPnl: '0.00', avgPrice: (bought / 100).toFixed(2) });

    const funds = (
      await t.db.query<{ ledger: number; blocked: number; used: number; collateral: number }>(
        `SELECT ledger_balance_paise AS ledger, blocked_margin_paise AS blocked, used_margin_paise AS used, collateral_paise AS collateral
           FROM client_funds f JOIN clients c ON c.id = f.client_id WHERE c.user_id = 'DEMO1'`,
      )
    ).rows[0]!;
    const margin = await t.call<{ usedMargin: Record<string, string>; availableMargin: string }>(
      '/Account/MarginDetails',
      {},
      { cookie: demo1 },
    );
    expect(Math.round(Number(margin.data.usedMargin.total) * 100)).toBe(funds.used + funds.blocked);
    expect(Math.round(Number(margin.data.availableMargin) * 100)).toBe(
      funds.ledger + funds.collateral - funds.blocked - funds.used,
    );
    expect(funds.used).toBeGreaterThan(0);
    expect(margin.data.usedMargin.exposure).toBe(margin.data.usedMargin.total);

    const sell = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { ordAction: 'sell', ordType: 'market', qty: '5', prdType: 'INTRADAY' }),
      { cookie: demo1 },
    );
    expect(sell.infoID, sell.infoMsg).toBe('0');
    const sold = await fillPrice(sell.data.orderId);
    const closed = await t.call<{ positions: PositionRow[] }>(
      '/Account/NetPositions',
      { tab: 'equity', filters: [] },
      { cookie: demo1 },
    );
    const flat = closed.data.positions.find((p) => p.uniqueId === sym.id && p.prdType === 'INTRADAY');
    const realised = 5 * (sold - bought);
    expect(flat).toMatchObject({
      netQty: 0,
      unRealPnl: '0.00',
      bookedPnl: (realised / 100).toFixed(2),
      isTransfer: false,
    });
    const { rows } = await t.db.query<{ realised_paise: number }>(
      "SELECT realised_paise FROM positions WHERE instrument_id = $1 AND product = 'INTRADAY'",
      [sym.id],
    );
    expect(rows[0]?.realised_paise).toBe(realised);
  });

  it('lets a non-POA client sell what e-DIS approved, and the approval is used by the fill', async () => {
    const sym = symOf(t, 'NSE', 'SBIN-EQ');
    const sellSbin = () =>
      t.call<OrderAnswer>(
        '/Trade/AddOrder',
        orderPayload(sym, { ordAction: 'sell', ordType: 'market', qty: '5', prdType: 'CASH', isinDp: 'true' }),
        {
          cookie: demo2,
        },
      );
    const refused = await sellSbin();
    expect(refused.infoMsg).toBe(
      'Kindly provide eDIS approval for Non POA holiding Qty before placing sell order request',
    );

    const submitted = await t.call<{ depositoryUrl: string }>(
      '/Edis/Submit',
      {
        dpId: '12081600',
        clientId: 'DEMO2',
        symbolId: sym.id,
        exchangeId: 'NSE',
        companyName: 'State Bank of India',
        source: 'W',
        appKey: 'EDISDEMO2',
        appName: 'KITE',
        reqType: 'DEFAULT_REQ',
        clientId1: 'DEMO2',
        quantity: 5,
      },
      { cookie: demo2 },
    );
    const post = (form: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: submitted.data.depositoryUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    await post({ action: 'approve', tpin: '1234' });
    expect((await post({ action: 'otp', otp: latestOtp(t, 'DEMO2') })).body).toContain('e-DIS approved for 5 SBIN');

    const placed = await sellSbin();
    expect(placed.infoID, placed.infoMsg).toBe('0');
    expect((await orderRow(t, placed.data.orderId)).status).toBe('EXECUTED');
    const demo2Id = await clientIdOf(t.db, 'DEMO2');
    const check = await holdingSellCheck(t.db, marketOf(t), demo2Id, 'INE062A01020', tradingDayOf(Date.now()));
    expect(check).toMatchObject({ soldTodayQty: 5, freeQty: 95, edisApprovedQty: 0 });
    const holdings = await t.call<{ holdings: { displaySym: string; qty: number; freeQty: number }[] }>(
      '/Account/HoldingsSummary',
      {},
      { cookie: demo2 },
    );
    expect(holdings.data.holdings.find((h) => h.displaySym === 'SBIN')).toMatchObject({ qty: 95, freeQty: 95 });
  });
});
