import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tradingText, type OrderUpdateItem } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { fundsOf, orderPayload, orderRow, priceOffLast, rupees, symOf } from './order-test-support.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';

describe('intraday round trip, charges, margin, pushes and the end of day', () => {
  let t: TestApp;
  let demo1: string;
  const pushed: { clientId: number; item: OrderUpdateItem }[] = [];
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    const original = t.app.stream.pushToClient.bind(t.app.stream);
    t.app.stream.pushToClient = (clientId: number, item: OrderUpdateItem) => {
      pushed.push({ clientId, item });
      return original(clientId, item);
    };
  });
  afterAll(() => t.close());

  it('an intraday buy holds 20% as used margin; the closing sell needs none and books the realised P&L and charges', async () => {
    const sym = symOf(t, 'NSE', 'RELIANCE-EQ');
    const before = await fundsOf(t, 'DEMO1');
    const check = await t.call<{ requiredMargin: string; availableMargin: string }>(
      '/Trade/CheckMargin',
      { sym, ordType: 'limit', qty: '10', ordAction: 'buy', limitPrice: '1500.00', prdType: 'INTRADAY' },
      { cookie: demo1 },
    );
    expect(check.data).toEqual({
      requiredMargin: '3000.00',
      availableMargin: rupees(before.available),
    });

    const statements = vi.spyOn(pg.Client.prototype, 'query');
    const buy = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { ordType: 'market', qty: '10', prdType: 'INTRADAY' }),
      { cookie: demo1 },
    );
    await t.app.oms.settled();
    const texts = statements.mock.calls.map(([config]) =>
      typeof config === 'string' ? config : String((config as { text?: string }).text),
    );
    statements.mockRestore();
    expect(buy.infoID, buy.infoMsg).toBe('0');
    const bought = await orderRow(t, buy.data.orderId);
    expect(bought.status).toBe('EXECUTED');
    expect(bought.exchange_order_id).not.toBeNull();
    // The acceptance rode on the fill's update of the row: no acceptance statement of its own.
    expect(texts.some((text) => text.includes('INSERT INTO trades'))).toBe(true);
    expect(texts.some((text) => text.includes('AS a(id, exchange_order_id)'))).toBe(false);
    // The acceptance and the fills the exchange reported with it are applied together, in order: one transaction,
    // whose start is each event's time.
    const { rows: log } = await t.db.query<{ action: string; at: string }>(
      `SELECT e->>0 AS action, e->>2 AS at FROM orders o, jsonb_array_elements(o.events) WITH ORDINALITY AS x(e, n)
        WHERE o.id = $1 AND e->>0 IN ('ACCEPTED', 'TRADE') ORDER BY n`,
      [bought.id],
    );
    expect(log[0]?.action).toBe('ACCEPTED');
    expect(log.slice(1).every((e) => e.action === 'TRADE')).toBe(true);
    expect(log.length).toBeGreaterThan(1);
    expect(new Set(log.map((e) => e.at)).size).toBe(1);
    const buyPrice = Number(bought.avg_fill_price);
    const mid = await fundsOf(t, 'DEMO1');
    expect(mid.used - before.used).toBe(Math.round((buyPrice * 10 * 20) / 100));
    expect(mid.blocked).toBe(before.blocked);

    const sell = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { ordAction: 'sell', ordType: 'market', qty: '10', prdType: 'INTRADAY' }),
      { cookie: demo1 },
    );
    expect(sell.infoID, sell.infoMsg).toBe('0');
    const sold = await orderRow(t, sell.data.orderId);
    expect(sold.status).toBe('EXECUTED');
    expect(Number(sold.blocked_margin_paise)).toBe(0);
    const sellPrice = Number(sold.avg_fill_price);
    const after = await fundsOf(t, 'DEMO1');
    expect(after.used).toBe(before.used);
    const { rows } = await t.db.query<{ charges: string }>(
      'SELECT COALESCE(sum(charges_paise), 0) AS charges FROM trades WHERE order_id IN ($1, $2)',
      [bought.id, sold.id],
    );
    const charges = Number(rows[0]?.charges);
    expect(charges).toBeGreaterThan(0);
    expect(after.ledger).toBe(before.ledger + (sellPrice - buyPrice) * 10 - charges);

    // /Trade/Charges gives exactly what the executed buy paid.
    const estimate = await t.call<{ charges: { total: string } }>(
      '/Trade/Charges',
      {
        exchange: 'NSE',
        segment: 'equity',
        transactionType: 'BUY',
        quantity: '10',
        price: rupees(buyPrice),
        product: 'INTRADAY',
        instrumentType: 'STK',
        symbol: sym.trSymbol,
      },
      { cookie: demo1 },
    );
    const paid = await t.db.query<{ charges_paise: number }>('SELECT charges_paise FROM trades WHERE order_id = $1', [
      bought.id,
    ]);
    expect(estimate.data.charges.total).toBe(rupees(Number(paid.rows[0]?.charges_paise)));

    // One push per change the exchange reported: the acceptance rode on the fill, so one update, to this client only.
    const mine = pushed.filter((p) => p.item.orderId === buy.data.orderId).map((p) => p.item.ordStatus);
    expect(mine).toEqual(['EXECUTED']);
    expect(new Set(pushed.filter((p) => p.item.orderId === buy.data.orderId).map((p) => p.clientId))).toEqual(
      new Set([Number(bought.client_id)]),
    );
  });

  it('IOC away from the market is cancelled at once with its block released; VTD needs a later date', async () => {
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const low = priceOffLast(t, sym, 95);
    const before = await fundsOf(t, 'DEMO1');
    const ioc = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: '1', limitPrice: rupees(low), ordDuration: 'IOC' }),
      { cookie: demo1 },
    );
    const row = await orderRow(t, ioc.data.orderId);
    expect(row).toMatchObject({ status: 'CANCELLED', reject_reason: tradingText.exchange.cancelled.iocUnfilled });
    expect(await fundsOf(t, 'DEMO1')).toEqual(before);
    const vtd = await t.call(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: '1', limitPrice: rupees(low), ordDuration: 'VTD', vtdDate: '01/01/2020' }),
      { cookie: demo1 },
    );
    expect(vtd.infoMsg).toBe('Please select valid VTD date');
  });

  it('an AMO is accepted with isAmo; in the always-open demo market it goes straight to the book', async () => {
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const low = priceOffLast(t, sym, 95);
    const amo = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: '1', limitPrice: rupees(low), isAmo: true }),
      { cookie: demo1 },
    );
    expect(amo.infoID, amo.infoMsg).toBe('0');
    const book = await t.call<{ orders: { orderId: string; isAmo: boolean; ordStatus: string }[] }>(
      '/Trade/MyOrders',
      { tab: 'equity', filters: [{ key: 'ordStatus', value: 'OUTSTANDING' }] },
      { cookie: demo1 },
    );
    expect(book.data.orders.find((o) => o.orderId === amo.data.orderId)).toMatchObject({
      isAmo: true,
      ordStatus: 'OUTSTANDING',
    });
    await t.call('/Trade/CancelOrder', { sym, orderId: amo.data.orderId }, { cookie: demo1 });
  });

  it('end of day: DAY orders expire, intraday positions are squared off, delivery buys become holdings, futures carry', async () => {
    const infy = symOf(t, 'NSE', 'INFY-EQ');
    const tcs = symOf(t, 'NSE', 'TCS-EQ');
    const fut = t.app.marketRuntime.market.registry.all().find((i) => i.exc === 'NFO' && i.instr === 'FUTIDX')!;
    const futSym = symOf(t, 'NFO', fut.trSymbol);
    const holdingBefore = await t.db.query<{ quantity: number }>(
      "SELECT h.quantity FROM holdings h JOIN clients c ON c.id = h.client_id WHERE c.user_id = 'DEMO1' AND h.isin = $1",
      [t.app.marketRuntime.market.registry.byId(infy.id)!.isin],
    );
    const buy = await t.call<OrderAnswer>('/Trade/AddOrder', orderPayload(infy, { ordType: 'market', qty: '3' }), {
      cookie: demo1,
    });
    expect((await orderRow(t, buy.data.orderId)).status).toBe('EXECUTED');
    const intraday = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(tcs, { ordType: 'market', qty: '2', prdType: 'INTRADAY' }),
      { cookie: demo1 },
    );
    expect((await orderRow(t, intraday.data.orderId)).status).toBe('EXECUTED');
    const futures = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(futSym, { ordType: 'market', qty: String(fut.lot), prdType: 'CARRY FORWARD' }),
      { cookie: demo1 },
    );
    expect(futures.infoID, futures.infoMsg).toBe('0');
    expect((await orderRow(t, futures.data.orderId)).status).toBe('EXECUTED');
    const low = priceOffLast(t, tcs, 95);
    const resting = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(tcs, { qty: '1', limitPrice: rupees(low) }),
      {
        cookie: demo1,
      },
    );

    const response = await t.app.inject({ method: 'POST', url: '/dev/end-of-day' });
    expect(response.statusCode).toBe(200);
    expect((await orderRow(t, resting.data.orderId)).status).toBe('CANCELLED');
    const positions = await t.db.query<{ instrument_id: string; product: string; carry_qty: number; buy_qty: number }>(
      "SELECT p.instrument_id, p.product, p.carry_qty, p.buy_qty FROM positions p JOIN clients c ON c.id = p.client_id WHERE c.user_id = 'DEMO1'",
    );
    expect(positions.rows).toEqual([
      { instrument_id: fut.id, product: 'CARRY FORWARD', carry_qty: fut.lot, buy_qty: 0 },
    ]);
    const holdingAfter = await t.db.query<{ quantity: number }>(
      "SELECT h.quantity FROM holdings h JOIN clients c ON c.id = h.client_id WHERE c.user_id = 'DEMO1' AND h.isin = $1",
      [t.app.marketRuntime.market.registry.byId(infy.id)!.isin],
    );
    expect(Number(holdingAfter.rows[0]?.quantity)).toBe(Number(holdingBefore.rows[0]?.quantity) + 3);
    const funds = await fundsOf(t, 'DEMO1');
    expect(funds.blocked).toBe(0);
    expect(funds.used).toBeGreaterThan(0);
  });
});
