import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingText } from '@kite/domain';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';
import { clearBids, fundsOf, orderPayload, orderRow, symOf } from '../../modules/trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import type { OrderAnswer } from './oms-core.ts';
import { endOfDay } from './end-of-day.ts';

/**
 * An intraday position whose end-of-day square-off finds nobody on the other side of the book is settled in the carry
 * product (README "Settled at end of day"), never dropped by the roll: positions, holdings and funds agree with the
 * client's trades.
 */
describe('end of day: an intraday position the square-off could not close', () => {
  let t: TestApp;
  let cookie: string;
  let clientId: number;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    cookie = await signIn(t, 'DEMO1');
    clientId = await clientIdOf(t.db, 'DEMO1');
  });
  afterAll(() => t.close());

  const trades = async (instrumentId: string) =>
    (
      await t.db.query<{ side: string; quantity: number; price: number; charges_paise: number }>(
        'SELECT side, quantity, price, charges_paise FROM trades WHERE client_id = $1 AND instrument_id = $2',
        [clientId, instrumentId],
      )
    ).rows;
  const squareOffOrder = async (instrumentId: string) =>
    (
      await t.db.query<{ status: string; reject_reason: string; filled_qty: number }>(
        "SELECT status, reject_reason, filled_qty FROM orders WHERE client_id = $1 AND instrument_id = $2 AND leg_role = 'SQUAREOFF'",
        [clientId, instrumentId],
      )
    ).rows;
  const positions = async (instrumentId: string) =>
    (
      await t.db.query<{ product: string; net: number; carry_qty: number; margin_paise: number }>(
        `SELECT product, (carry_qty + buy_qty - sell_qty)::int AS net, carry_qty, margin_paise FROM positions
          WHERE client_id = $1 AND instrument_id = $2 ORDER BY product`,
        [clientId, instrumentId],
      )
    ).rows;
  const transferLog = async (instrumentId: string) =>
    (
      await t.db.query<{ from_product: string; to_product: string; quantity: number; message: string }>(
        'SELECT from_product, to_product, quantity, message FROM position_transfers WHERE client_id = $1 AND instrument_id = $2',
        [clientId, instrumentId],
      )
    ).rows;

  it('an intraday equity buy becomes a delivery: the shares reach the demat and the ledger pays for them', async () => {
    const sym = symOf(t, 'NSE', 'ITC-EQ');
    const isin = t.app.marketRuntime.market.registry.byId(sym.id)!.isin;
    const held = async () =>
      Number(
        (
          await t.db.query<{ quantity: string }>('SELECT quantity FROM holdings WHERE client_id = $1 AND isin = $2', [
            clientId,
            isin,
          ])
        ).rows[0]?.quantity ?? 0,
      );
    const heldBefore = await held();
    const before = await fundsOf(t, 'DEMO1');
    const buy = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { ordType: 'market', qty: '10', prdType: 'INTRADAY' }),
      { cookie },
    );
    expect(buy.infoID, buy.infoMsg).toBe('0');
    expect((await orderRow(t, buy.data.orderId)).status).toBe('EXECUTED');
    expect((await fundsOf(t, 'DEMO1')).used).toBeGreaterThan(before.used);
    // Nobody left to buy: the end of day's market sell finds no bid.
    clearBids(t.app.marketRuntime.market, sym.id);

    const report = await endOfDay(t.app, t.app.oms);
    expect(report.settled).toBe(1);
    expect(await squareOffOrder(sym.id)).toEqual([
      { status: 'CANCELLED', reject_reason: 'Market order cancelled: no more quantity available', filled_qty: 0 },
    ]);
    // Settled as a delivery buy: in the demat after the roll, no intraday position left behind.
    expect(await positions(sym.id)).toEqual([]);
    expect(await held()).toBe(heldBefore + 10);
    // Funds agree with the trades: the ledger paid their value and charges, no margin left in use for them.
    const [trade] = await trades(sym.id);
    expect(trade).toMatchObject({ side: 'BUY', quantity: 10 });
    const after = await fundsOf(t, 'DEMO1');
    expect(after.used).toBe(before.used);
    expect(after.blocked).toBe(before.blocked);
    expect(after.ledger).toBe(before.ledger - 10 * Number(trade!.price) - Number(trade!.charges_paise));
    expect(await transferLog(sym.id)).toEqual([
      {
        from_product: 'INTRADAY',
        to_product: 'CASH',
        quantity: 10,
        message: tradingText.portfolio.settledUnsquared(10, 'INTRADAY', 'CASH'),
      },
    ]);
  });

  it('an intraday future is carried forward (NRML) holding its margin', async () => {
    const future = t.app.marketRuntime.market.registry
      .all()
      .find((i) => i.exc === 'NFO' && i.instr === 'FUTIDX' && i.symbol === 'NIFTY')!;
    const sym = symOf(t, 'NFO', future.trSymbol);
    const before = await fundsOf(t, 'DEMO1');
    const buy = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { ordType: 'market', qty: String(future.lot), prdType: 'INTRADAY' }),
      { cookie },
    );
    expect(buy.infoID, buy.infoMsg).toBe('0');
    expect((await orderRow(t, buy.data.orderId)).status).toBe('EXECUTED');
    clearBids(t.app.marketRuntime.market, sym.id);

    await endOfDay(t.app, t.app.oms);
    expect((await squareOffOrder(sym.id))[0]?.status).toBe('CANCELLED');
    const carried = await positions(sym.id);
    expect(carried).toEqual([
      { product: 'CARRY FORWARD', net: future.lot, carry_qty: future.lot, margin_paise: expect.any(Number) },
    ]);
    const margin = Number(carried[0]!.margin_paise);
    expect(margin).toBeGreaterThan(0);
    // The margin in use is the carried position's; the ledger paid only the charges (a future moves no premium).
    const [trade] = await trades(sym.id);
    const after = await fundsOf(t, 'DEMO1');
    expect(after.used).toBe(before.used + margin);
    expect(after.ledger).toBe(before.ledger - Number(trade!.charges_paise));
    expect((await transferLog(sym.id))[0]).toMatchObject({ from_product: 'INTRADAY', to_product: 'CARRY FORWARD' });
  });
});
