import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Side } from '@kite/exchange';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import {
  agentMarketOrder,
  fundsOf,
  orderPayload,
  orderRow,
  priceOffLast,
  quoteOf,
  rupees,
  symOf,
} from './order-test-support.ts';
import { nearestContract } from '../../test/contracts.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';

describe('spreads, trailing stops and modify under the RMS', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  it('a calendar spread fill is booked as two opposite leg trades on the near and far futures', async () => {
    const spread = nearestContract(t.app.marketRuntime.market, 'NFO', 'NIFTY', 'FUTIDXSPR');
    const sym = symOf(t, 'NFO', spread.trSymbol);
    const q = quoteOf(t, sym);
    expect(q.askQuantity).toBeGreaterThan(0);
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddSpreadOrder',
      {
        sym,
        qty: String(spread.lot),
        priceDiff: rupees(q.askPrice),
        ordType: 'limit',
        prdType: 'CARRY FORWARD',
        ordAction: 'B',
        ordAction2: 'S',
      },
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const order = await orderRow(t, placed.data.orderId);
    expect(order.segment).toBe('spread');
    expect(order.status).toBe('EXECUTED');
    const { rows } = await t.db.query<{ instrument_id: string; side: string; price: number; quantity: number }>(
      'SELECT instrument_id, side, price, quantity FROM trades WHERE order_id = $1 ORDER BY id',
      [order.id],
    );
    expect(rows.map((r) => [r.instrument_id, r.side, r.quantity])).toEqual([
      [spread.underlying, 'BUY', spread.lot],
      [spread.farLeg, 'SELL', spread.lot],
    ]);
    expect(rows[1]!.price - rows[0]!.price).toBe(Number(order.avg_fill_price));
  });

  it('a spread works at a negative price difference, with margin priced at the near leg', async () => {
    const market = t.app.marketRuntime.market;
    const spread = nearestContract(market, 'NFO', 'NIFTY', 'FUTIDXSPR');
    const sym = symOf(t, 'NFO', spread.trSymbol);
    const before = await fundsOf(t, 'DEMO1');
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddSpreadOrder',
      {
        sym,
        qty: String(spread.lot),
        limitPrice: '0',
        priceDiff: '-12.50',
        ordType: 'limit',
        prdType: 'CARRY FORWARD',
        ordAction: 'B',
        ordAction2: 'S',
      },
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const order = await orderRow(t, placed.data.orderId);
    expect(order.status).toBe('OUTSTANDING');
    expect(Number(order.limit_price)).toBe(-1250);
    const resting = market.book(sym.id)!.order(Number(order.exchange_order_id));
    expect(resting?.price).toBe(-1250);
    // A third of a NIFTY future's margin at the near leg's price: far more than anything priced at -12.50.
    const near = quoteOf(t, symOf(t, 'NFO', market.registry.byId(spread.underlying!)!.trSymbol)).lastPrice;
    const blocked = (await fundsOf(t, 'DEMO1')).blocked - before.blocked;
    expect(blocked).toBe(Number(order.blocked_margin_paise));
    expect(blocked).toBeGreaterThan(Math.floor((near * spread.lot) / 100));
    // The order dialog's Required Margin asks for the same spread at its (negative) difference: what was blocked.
    const asked = await t.call<{ requiredMargin: string }>(
      '/Trade/CheckMargin',
      {
        sym,
        ordType: 'limit',
        qty: String(spread.lot),
        ordAction: 'buy',
        limitPrice: '-12.50',
        prdType: 'CARRY FORWARD',
      },
      { cookie: demo1 },
    );
    expect(asked.infoID, asked.infoMsg).toBe('0');
    expect(asked.data.requiredMargin).toBe(rupees(blocked));

    const refused = await t.call(
      '/Trade/AddSpreadOrder',
      {
        sym,
        qty: String(spread.lot),
        priceDiff: '-10000000.00',
        ordType: 'limit',
        prdType: 'CARRY FORWARD',
        ordAction: 'B',
        ordAction2: 'S',
      },
      { cookie: demo1 },
    );
    expect(refused.infoID).toBe('ORD006');
    const cancelled = await t.call('/Trade/CancelOrder', { sym, orderId: placed.data.orderId }, { cookie: demo1 });
    expect(cancelled.infoID, cancelled.infoMsg).toBe('0');
    expect((await fundsOf(t, 'DEMO1')).blocked).toBe(before.blocked);
  });

  it('a bracket stop trails by boTrailingSL steps as the price moves in favour, never back', async () => {
    const sym = symOf(t, 'NSE', 'INFY-EQ');
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, {
        qty: '1',
        prdType: 'BO',
        limitPrice: rupees(quoteOf(t, sym).askPrice),
        boTriggerPrice: '20.00',
        boTargetPrice: '40.00',
        boTrailingSL: '0.20',
      }),
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const entry = await orderRow(t, placed.data.orderId);
    const stopOf = async () =>
      (
        await t.db.query<{ trigger_price: number }>(
          "SELECT trigger_price FROM orders WHERE parent_order_id = $1 AND leg_role = 'STOPLOSS'",
          [entry.id],
        )
      ).rows[0]!.trigger_price;
    const initial = await stopOf();
    expect(initial).toBe(Number(entry.avg_fill_price) - 2000);
    // Another participant sweeps the offers: the last price rises above the entry by whole steps of 0.20.
    const market = t.app.marketRuntime.market;
    const depth = market.depth(sym.id)!;
    const sweep = depth.asks.reduce((sum, level) => sum + level.quantity, 0);
    agentMarketOrder(market, sym.id, Side.Buy, sweep);
    const last = quoteOf(t, sym).lastPrice;
    const avg = Number(entry.avg_fill_price);
    const steps = Math.floor((last - avg) / 20);
    expect(steps).toBeGreaterThan(0);
    await t.app.oms.trailStops();
    await t.app.oms.settled();
    const trailed = await stopOf();
    expect(trailed).toBe(avg - 2000 + steps * 20);
    const log = await t.call<{ orderLog: { ordStatus: string; triggerPrice: string }[] }>(
      '/Order/OrderLog',
      {
        orderId: (
          await t.db.query<{ order_no: string }>(
            "SELECT order_no FROM orders WHERE parent_order_id = $1 AND leg_role = 'STOPLOSS'",
            [entry.id],
          )
        ).rows[0]!.order_no,
      },
      { cookie: demo1 },
    );
    expect(log.data.orderLog.at(-1)?.triggerPrice).toBe(rupees(trailed));
    await t.app.oms.trailStops();
    await t.app.oms.settled();
    expect(await stopOf()).toBe(trailed);
    await t.call(
      '/Trade/ExitBracketOrder',
      { orderId: placed.data.orderId, syomOrderId: placed.data.orderId, boStatus: 'OPEN' },
      { cookie: demo1 },
    );
  });

  it('a quantity increase beyond the funds is refused and leaves the order and the block as they were', async () => {
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const low = priceOffLast(t, sym, 95);
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: '10', limitPrice: rupees(low) }),
      {
        cookie: demo2,
      },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const before = await fundsOf(t, 'DEMO2');
    const orderBefore = await orderRow(t, placed.data.orderId);
    const modify = await t.call(
      '/Trade/ModifyOrder',
      orderPayload(sym, { orderId: placed.data.orderId, qty: '1000', limitPrice: rupees(low) }),
      { cookie: demo2 },
    );
    expect(modify.infoID).toBe('ORD002');
    expect(await fundsOf(t, 'DEMO2')).toEqual(before);
    expect(await orderRow(t, placed.data.orderId)).toEqual(orderBefore);
  });
});
