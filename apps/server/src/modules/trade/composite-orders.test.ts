import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentOfPrice, type OrderRow } from '@kite/domain';
import { Side } from '@kite/exchange';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { agentOrder, fundsOf, orderPayload, orderRow, quoteOf, rupees, symOf } from './order-test-support.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';

async function legsOf(t: TestApp, orderNo: string) {
  const parent = await orderRow(t, orderNo);
  const { rows } = await t.db.query<Record<string, string>>(
    'SELECT * FROM orders WHERE parent_order_id = $1 ORDER BY id',
    [parent.id],
  );
  return rows;
}

async function netOf(t: TestApp, clientUser: string, instrumentId: string, product: string): Promise<number> {
  const { rows } = await t.db.query<{ net: string }>(
    `SELECT p.carry_qty + p.buy_qty - p.sell_qty AS net FROM positions p JOIN clients c ON c.id = p.client_id
      WHERE c.user_id = $1 AND p.instrument_id = $2 AND p.product = $3`,
    [clientUser, instrumentId, product],
  );
  return Number(rows[0]?.net ?? 0);
}

describe('cover and bracket orders', () => {
  let t: TestApp;
  let demo1: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it('a cover order executes with its stop-loss leg; exit squares off at market and releases the margin', async () => {
    const sym = symOf(t, 'NSE', 'RELIANCE-EQ');
    const q = quoteOf(t, sym);
    const stop = percentOfPrice(q.lastPrice, 99, 10, 'down');
    const before = await fundsOf(t, 'DEMO1');
    const range = await t.call<{ trgPriceRange: string }>(
      '/Trade/GetLtpCoverTriggerPriceRange',
      { sym, ordAction: 'buy' },
      { cookie: demo1 },
    );
    expect(range.data.trgPriceRange).toMatch(/^\d+\.\d{2}-\d+\.\d{2}$/);
    const [low, high] = range.data.trgPriceRange.split('-').map(Number) as [number, number];
    expect(low).toBeLessThan(stop / 100);
    expect(high).toBeGreaterThan(q.lastPrice / 100);

    const outOfRange = await t.call(
      '/Trade/AddOrder',
      orderPayload(sym, {
        ordType: 'market',
        qty: '10',
        prdType: 'CO',
        coTriggerPrice: rupees(percentOfPrice(q.lastPrice, 80, 10, 'down')),
      }),
      { cookie: demo1 },
    );
    expect(outOfRange.infoMsg).toBe('Trigger Price Should not be lesser than Price Range');

    const placed = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { ordType: 'market', qty: '10', prdType: 'CO', coTriggerPrice: rupees(stop) }),
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const entry = await orderRow(t, placed.data.orderId);
    expect(entry.status).toBe('EXECUTED');
    const legs = await legsOf(t, placed.data.orderId);
    expect(legs).toHaveLength(1);
    expect(legs[0]).toMatchObject({
      leg_role: 'STOPLOSS',
      side: 'SELL',
      order_type: 'SL-M',
      status: 'OUTSTANDING',
      quantity: 10,
      trigger_price: stop,
    });
    const held = await fundsOf(t, 'DEMO1');
    expect(held.used).toBeGreaterThan(before.used);
    expect(held.blocked).toBe(before.blocked);
    expect(await netOf(t, 'DEMO1', sym.id, 'CO')).toBe(10);

    const book = await t.call<{ orders: OrderRow[] }>(
      '/Trade/MyOrders',
      { tab: 'equity', filters: [{ key: 'prdType', value: 'CO' }] },
      { cookie: demo1 },
    );
    const row = book.data.orders.find((o) => o.orderId === placed.data.orderId)!;
    expect(row.leg1).toHaveLength(1);
    expect(row).toMatchObject({ cancellable: true, boStatus: 'OPEN' });

    const exit = await t.call<{ msg: string }>(
      '/Trade/ExitCoverOrder',
      { orderId: placed.data.orderId },
      { cookie: demo1 },
    );
    expect(exit.infoID, exit.infoMsg).toBe('0');
    const after = await legsOf(t, placed.data.orderId);
    expect(after.map((l) => [l.leg_role, l.status])).toEqual([
      ['STOPLOSS', 'CANCELLED'],
      ['EXIT', 'EXECUTED'],
    ]);
    expect(await netOf(t, 'DEMO1', sym.id, 'CO')).toBe(0);
    const end = await fundsOf(t, 'DEMO1');
    expect(end.used).toBe(before.used);
    expect(end.blocked).toBe(before.blocked);
    const again = await t.call('/Trade/ExitCoverOrder', { orderId: placed.data.orderId }, { cookie: demo1 });
    expect(again.infoID).toBe('ORD005');
  });

  it('a bracket order gets target and stop legs; the target filling cancels the stop (one cancels the other)', async () => {
    const sym = symOf(t, 'NSE', 'INFY-EQ');
    const q = quoteOf(t, sym);
    const price = q.askPrice;
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, {
        qty: '4',
        prdType: 'BO',
        limitPrice: rupees(price),
        boTriggerPrice: '10.00',
        boTargetPrice: '20.00',
      }),
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const entry = await orderRow(t, placed.data.orderId);
    expect(entry.status).toBe('EXECUTED');
    const avg = Number(entry.avg_fill_price);
    let legs = await legsOf(t, placed.data.orderId);
    expect(legs.map((l) => [l.leg_role, l.status, Number(l.quantity)])).toEqual([
      ['TARGET', 'OUTSTANDING', 4],
      ['STOPLOSS', 'OUTSTANDING', 4],
    ]);
    expect(Number(legs[0]!.limit_price)).toBe(avg + 2000);
    expect(Number(legs[1]!.trigger_price)).toBe(avg - 1000);

    const book = await t.call<{ orders: OrderRow[] }>(
      '/Trade/MyOrders',
      { tab: 'equity', filters: [] },
      { cookie: demo1 },
    );
    const row = book.data.orders.find((o) => o.orderId === placed.data.orderId)!;
    expect(row.leg1?.map((l) => l.orderId)).toEqual([legs[1]!.order_no]);
    expect(row.leg2?.map((l) => l.orderId)).toEqual([legs[0]!.order_no]);

    // Move the target to the bid so it executes at once.
    const bid = quoteOf(t, sym).bidPrice;
    const moved = await t.call(
      '/Trade/ModifyOrder',
      orderPayload(sym, {
        orderId: legs[0]!.order_no,
        ordAction: 'sell',
        qty: '4',
        prdType: 'BO',
        limitPrice: rupees(bid),
      }),
      { cookie: demo1 },
    );
    expect(moved.infoID, moved.infoMsg).toBe('0');
    legs = await legsOf(t, placed.data.orderId);
    expect(legs.map((l) => [l.leg_role, l.status])).toEqual([
      ['TARGET', 'EXECUTED'],
      ['STOPLOSS', 'CANCELLED'],
    ]);
    expect(await netOf(t, 'DEMO1', sym.id, 'BO')).toBe(0);
  });

  // The fills of one submit are applied one after the other before the exchange's reports of the legs sent for the
  // first fill are written: the second fill must grow those legs, not send a second pair.
  it('a bracket entry filled in several trades at once gets one target and one stop leg for its whole quantity', async () => {
    const sym = symOf(t, 'NSE', 'SBIN-EQ');
    const market = t.app.marketRuntime.market;
    const tick = market.registry.byId(sym.id)!.tickSize;
    const before = quoteOf(t, sym);
    // One share left at the best ask: a buy of 3 then trades at two prices or more.
    if (before.askQuantity > 1) agentOrder(market, sym.id, Side.Buy, before.askPrice, before.askQuantity - 1);
    const q = quoteOf(t, sym);
    expect(q.askQuantity).toBe(1);
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, {
        qty: '3',
        prdType: 'BO',
        // 2% over the ask, on the instrument's tick, in integer price units.
        limitPrice: rupees(Math.min(q.upperBand, q.askPrice + Math.floor(q.askPrice / 50 / tick) * tick)),
        boTriggerPrice: '5.00',
        boTargetPrice: '10.00',
      }),
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const entry = await orderRow(t, placed.data.orderId);
    const trades = await t.db.query('SELECT 1 FROM trades WHERE order_id = $1', [entry.id]);
    expect(trades.rowCount).toBeGreaterThanOrEqual(2);
    const filled = Number(entry.filled_qty);
    expect(filled).toBeGreaterThanOrEqual(2);
    const legs = await legsOf(t, placed.data.orderId);
    expect(legs.map((l) => [l.leg_role, l.status, Number(l.quantity)])).toEqual([
      ['TARGET', 'OUTSTANDING', filled],
      ['STOPLOSS', 'OUTSTANDING', filled],
    ]);
  });

  it('exit of a bracket order cancels both legs and squares off; another client cannot', async () => {
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const q = quoteOf(t, sym);
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, {
        qty: '2',
        prdType: 'BO',
        limitPrice: rupees(q.askPrice),
        boTriggerPrice: '15.00',
        boTargetPrice: '30.00',
        boTrailingSL: '1',
      }),
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const demo2 = await signIn(t, 'DEMO2');
    const foreign = await t.call(
      '/Trade/ExitBracketOrder',
      { orderId: placed.data.orderId, syomOrderId: placed.data.orderId, boStatus: 'OPEN' },
      { cookie: demo2 },
    );
    expect(foreign.infoID).toBe('ORD001');
    const wrongKind = await t.call('/Trade/ExitCoverOrder', { orderId: placed.data.orderId }, { cookie: demo1 });
    expect(wrongKind.infoID).toBe('ORD005');
    const exit = await t.call(
      '/Trade/ExitBracketOrder',
      { orderId: placed.data.orderId, syomOrderId: placed.data.orderId, boStatus: 'OPEN' },
      { cookie: demo1 },
    );
    expect(exit.infoID, exit.infoMsg).toBe('0');
    const legs = await legsOf(t, placed.data.orderId);
    expect(legs.map((l) => [l.leg_role, l.status])).toEqual([
      ['TARGET', 'CANCELLED'],
      ['STOPLOSS', 'CANCELLED'],
      ['EXIT', 'EXECUTED'],
    ]);
    expect(await netOf(t, 'DEMO1', sym.id, 'BO')).toBe(0);
  });
});
