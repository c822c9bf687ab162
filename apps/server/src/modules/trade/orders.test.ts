import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderRow, PositionRow } from '@kite/domain';
import { RejectReason } from '@kite/exchange';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { REPORTS_WAIT_MS } from '../../plugins/calls.ts';
import type { TestApp } from '../../test/harness.ts';
import { fundsOf, orderPayload, orderRow, priceOffLast, quoteOf, rupees, symOf } from './order-test-support.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';
import { marginShortfall } from '../../services/oms/placement.ts';

describe('order placement, RMS and execution', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  it('DEMO1 buys at market: EXECUTED with a trade, a position and the funds debited', async () => {
    const sym = symOf(t, 'NSE', 'INFY-EQ');
    const before = await fundsOf(t, 'DEMO1');
    const answer = await t.call<OrderAnswer>('/Trade/AddOrder', orderPayload(sym, { ordType: 'market', qty: '5' }), {
      cookie: demo1,
    });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(answer.data.msg).toBe('Your order has been accepted. Please check current status in order book!');
    const order = await orderRow(t, answer.data.orderId);
    expect(order.status).toBe('EXECUTED');
    expect(Number(order.filled_qty)).toBe(5);
    expect(order.exchange_order_id).not.toBeNull();
    const trades = await t.db.query<{
      quantity: string;
      price: string;
      charges_paise: string;
      exchange_trade_id: string;
    }>('SELECT quantity, price, charges_paise, exchange_trade_id FROM trades WHERE order_id = $1', [order.id]);
    expect(trades.rows).toHaveLength(1);
    const trade = trades.rows[0]!;
    expect(Number(trade.quantity)).toBe(5);
    expect(trade.exchange_trade_id).toMatch(/^\d+$/);
    const position = await t.db.query<{ buy_qty: string; buy_value: string }>(
      "SELECT buy_qty, buy_value FROM positions WHERE client_id = $1 AND instrument_id = $2 AND product = 'CASH'",
      [order.client_id, sym.id],
    );
    expect(Number(position.rows[0]?.buy_qty)).toBe(5);
    const after = await fundsOf(t, 'DEMO1');
    const value = Number(trade.price) * 5;
    expect(after.ledger).toBe(before.ledger - value - Number(trade.charges_paise));
    expect(after.blocked).toBe(before.blocked);

    const book = await t.call<{ orders: OrderRow[] }>(
      '/Trade/MyOrders',
      { tab: 'equity', filters: [{ key: 'ordStatus', value: 'EXECUTED' }] },
      { cookie: demo1 },
    );
    expect(book.data.orders.map((o) => o.orderId)).toContain(answer.data.orderId);
    const row = book.data.orders.find((o) => o.orderId === answer.data.orderId)!;
    expect(row).toMatchObject({
      ordStatus: 'EXECUTED',
      tradedQty: 5,
      remQty: 0,
      modifiable: false,
      cancellable: false,
      ordType: 'MARKET',
      user: 'DEMO1',
    });
    const trades2 = await t.call<{ trades: { orderId: string; tradedQty: number }[] }>(
      '/Trade/MyTrades',
      { tab: 'equity' },
      { cookie: demo1 },
    );
    expect(trades2.data.trades.find((x) => x.orderId === answer.data.orderId)?.tradedQty).toBe(5);
  });

  it("the client's next calls show the order as the exchange left it, though the answer did not wait for that write", async () => {
    // The answer follows the placement's commit; the acceptance and fill are written after it, and each later call of
    // the client waits for them (plugins/calls.ts). No settling here: the calls themselves must see the fill.
    const sym = symOf(t, 'NSE', 'WIPRO-EQ');
    const buyAtMarket = async (qty: string) => {
      const answer = await t.call<OrderAnswer>(
        '/Trade/AddOrder',
        orderPayload(sym, { ordType: 'market', qty, prdType: 'INTRADAY' }),
        { cookie: demo1 },
      );
      expect(answer.infoID, answer.infoMsg).toBe('0');
      return answer.data.orderId;
    };
    const placed = await buyAtMarket('3');
    const book = await t.call<{ orders: OrderRow[] }>(
      '/Trade/MyOrders',
      { tab: 'equity', filters: [] },
      { cookie: demo1 },
    );
    expect(book.data.orders.find((o) => o.orderId === placed)).toMatchObject({ ordStatus: 'EXECUTED' });
    await buyAtMarket('2');
    const positions = await t.call<{ positions: PositionRow[] }>(
      '/Account/NetPositions',
      { tab: 'equity', filters: [] },
      { cookie: demo1 },
    );
    expect(positions.data.positions.find((p) => p.uniqueId === sym.id && p.prdType === 'INTRADAY')).toMatchObject({
      buyQty: 5,
    });
  });

  it("a call waits for the client's queued reports at most REPORTS_WAIT_MS (the database away), then goes on", async () => {
    const stuck = vi.spyOn(t.app.oms, 'reportsQueued').mockReturnValue(new Promise<void>(() => {}));
    try {
      const started = performance.now();
      const book = await t.call<{ orders: OrderRow[] }>('/Trade/OpenOrders', {}, { cookie: demo1 });
      const waited = performance.now() - started;
      expect(book.infoID, book.infoMsg).toBe('0');
      expect(waited).toBeGreaterThanOrEqual(REPORTS_WAIT_MS - 50);
      expect(waited).toBeLessThan(REPORTS_WAIT_MS + 5_000);
      expect(stuck).toHaveBeenCalled();
    } finally {
      stuck.mockRestore();
    }
  });

  it('a limit away from the market rests, is modified and cancelled; the block is released exactly', async () => {
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const low = priceOffLast(t, sym, 95);
    const before = await fundsOf(t, 'DEMO1');
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: '10', limitPrice: rupees(low) }),
      {
        cookie: demo1,
      },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    let order = await orderRow(t, placed.data.orderId);
    expect(order.status).toBe('OUTSTANDING');
    expect(Number(order.blocked_margin_paise)).toBe(low * 10);
    expect((await fundsOf(t, 'DEMO1')).blocked).toBe(before.blocked + low * 10);

    const open = await t.call<{ orders: OrderRow[] }>('/Trade/OpenOrders', {}, { cookie: demo1 });
    const row = open.data.orders.find((o) => o.orderId === placed.data.orderId);
    expect(row).toMatchObject({ ordStatus: 'OUTSTANDING', modifiable: true, cancellable: true, remQty: 10 });
    // /Market/PendingOrders (investing.md 7) answers the same list, and only the session's own orders.
    const listed = async (cookie: string) => {
      const answer = await t.call<{ orders: OrderRow[] }>('/Market/PendingOrders', {}, { cookie });
      expect(answer.infoID, answer.infoMsg).toBe('0');
      return answer.data.orders.map((o) => [o.orderId, o.ordStatus, o.remQty]);
    };
    expect(await listed(demo1)).toEqual(open.data.orders.map((o) => [o.orderId, o.ordStatus, o.remQty]));
    expect((await listed(demo2)).some(([orderId]) => orderId === placed.data.orderId)).toBe(false);

    const lower = low - 100;
    const modified = await t.call<OrderAnswer>(
      '/Trade/ModifyOrder',
      orderPayload(sym, { orderId: placed.data.orderId, qty: '12', limitPrice: rupees(lower) }),
      { cookie: demo1 },
    );
    expect(modified.infoID, modified.infoMsg).toBe('0');
    expect(modified.data.msg).toBe('Your order has been modified. Please check current status in order book!');
    order = await orderRow(t, placed.data.orderId);
    expect(Number(order.quantity)).toBe(12);
    expect(Number(order.limit_price)).toBe(lower);
    expect(Number(order.blocked_margin_paise)).toBe(lower * 12);
    expect((await fundsOf(t, 'DEMO1')).blocked).toBe(before.blocked + lower * 12);

    const cancelled = await t.call<{ msg: string }>(
      '/Trade/CancelOrder',
      { sym, orderId: placed.data.orderId },
      { cookie: demo1 },
    );
    expect(cancelled.infoID, cancelled.infoMsg).toBe('0');
    expect(cancelled.data.msg).toBe('Cancel Request Sent');
    order = await orderRow(t, placed.data.orderId);
    expect(order.status).toBe('CANCELLED');
    expect(Number(order.blocked_margin_paise)).toBe(0);
    const after = await fundsOf(t, 'DEMO1');
    expect(after).toEqual(before);

    const again = await t.call('/Trade/CancelOrder', { sym, orderId: placed.data.orderId }, { cookie: demo1 });
    expect(again.infoID).toBe('ORD004');
    const modifyCancelled = await t.call(
      '/Trade/ModifyOrder',
      orderPayload(sym, { orderId: placed.data.orderId, qty: '1', limitPrice: rupees(lower) }),
      { cookie: demo1 },
    );
    expect(modifyCancelled.infoID).toBe('ORD003');

    const log = await t.call<{ orderLog: { ordStatus: string; qty: number; ordPrice: string }[] }>(
      '/Order/OrderLog',
      { orderId: placed.data.orderId },
      { cookie: demo1 },
    );
    expect(log.infoID).toBe('0');
    expect(log.data.orderLog.map((l) => l.ordStatus)).toEqual([
      'REQUEST SENT',
      'OUTSTANDING',
      'OUTSTANDING',
      'CANCELLED',
    ]);
    expect(log.data.orderLog[2]).toMatchObject({ qty: 12, ordPrice: rupees(lower) });
    // Before the modification, the values it was placed with.
    expect(log.data.orderLog[0]).toMatchObject({ qty: 10, ordPrice: rupees(low) });
  });

  it("another client's order id is refused for modify, cancel, exits and the log, with no change", async () => {
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const low = priceOffLast(t, sym, 95);
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: '1', limitPrice: rupees(low) }),
      {
        cookie: demo1,
      },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const before = await orderRow(t, placed.data.orderId);
    const orderId = placed.data.orderId;
    const answers = [
      await t.call('/Trade/ModifyOrder', orderPayload(sym, { orderId, qty: '2', limitPrice: rupees(low) }), {
        cookie: demo2,
      }),
      await t.call('/Trade/CancelOrder', { sym, orderId }, { cookie: demo2 }),
      await t.call('/Trade/ExitCoverOrder', { orderId }, { cookie: demo2 }),
      await t.call('/Trade/ExitBracketOrder', { orderId, syomOrderId: orderId, boStatus: 'OPEN' }, { cookie: demo2 }),
      await t.call('/Order/OrderLog', { orderId }, { cookie: demo2 }),
    ];
    expect(answers.map((a) => a.infoID)).toEqual(['ORD001', 'ORD001', 'ORD001', 'ORD001', 'ORD001']);
    expect(await orderRow(t, orderId)).toEqual(before);
    const book = await t.call<{ orders: OrderRow[] }>(
      '/Trade/MyOrders',
      { tab: 'equity', filters: [] },
      { cookie: demo2 },
    );
    expect(book.data.orders.map((o) => o.orderId)).not.toContain(orderId);
    await t.call('/Trade/CancelOrder', { sym, orderId }, { cookie: demo1 });
  });

  it('refuses bad input with the validator message and changes nothing', async () => {
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const before = await fundsOf(t, 'DEMO1');
    const count = async () => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM orders')).rows[0]?.n);
    const n = await count();
    const noQty = await t.call('/Trade/AddOrder', orderPayload(sym, { qty: '', limitPrice: '100' }), { cookie: demo1 });
    expect(noQty).toMatchObject({ infoID: 'ORD006', infoMsg: 'Please enter valid Quantity' });
    const tick = await t.call('/Trade/AddOrder', orderPayload(sym, { qty: '1', limitPrice: '3000.05' }), {
      cookie: demo1,
    });
    expect(tick.infoMsg).toBe('Price should be multiple of Tick Size which is ₹ 0.10');
    const band = await t.call('/Trade/AddOrder', orderPayload(sym, { qty: '1', limitPrice: '1.00' }), {
      cookie: demo1,
    });
    expect(band.infoMsg).toBe('Please enter valid price');
    const schema = await t.call('/Trade/AddOrder', orderPayload(sym, { ordAction: 'hold' }), { cookie: demo1 });
    expect(schema.infoID).toBe('EGN001');
    const unknown = await t.call(
      '/Trade/AddOrder',
      orderPayload({ ...sym, id: '999999' }, { qty: '1', limitPrice: '100' }),
      { cookie: demo1 },
    );
    expect(unknown.infoID).toBe('ORD012');
    expect(await count()).toBe(n);
    expect(await fundsOf(t, 'DEMO1')).toEqual(before);
  });

  it('DEMO2 placing on NFO is refused: not subscribed to the segment', async () => {
    const fut = t.app.marketRuntime.market.registry.all().find((i) => i.exc === 'NFO' && i.instr === 'FUTIDX')!;
    const sym = symOf(t, 'NFO', fut.trSymbol);
    const answer = await t.call(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: String(fut.lot), ordType: 'market', prdType: 'CARRY FORWARD' }),
      { cookie: demo2 },
    );
    expect(answer).toMatchObject({
      infoID: 'ORD009',
      infoMsg: 'You have not subscribed to trade in this segment. Please contact your RM or customer service.',
    });
  });

  it('a sell beyond free holdings is refused; within them it executes and credits the funds', async () => {
    const sym = symOf(t, 'NSE', 'HDFCBANK-EQ');
    const beyond = await t.call(
      '/Trade/AddOrder',
      orderPayload(sym, { ordAction: 'sell', ordType: 'market', qty: '61' }),
      { cookie: demo1 },
    );
    expect(beyond.infoID).toBe('ORD008');
    const before = await fundsOf(t, 'DEMO1');
    const sold = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { ordAction: 'sell', ordType: 'market', qty: '60' }),
      { cookie: demo1 },
    );
    expect(sold.infoID, sold.infoMsg).toBe('0');
    const order = await orderRow(t, sold.data.orderId);
    expect(order.status).toBe('EXECUTED');
    expect((await fundsOf(t, 'DEMO1')).ledger).toBeGreaterThan(before.ledger);
    const more = await t.call(
      '/Trade/AddOrder',
      orderPayload(sym, { ordAction: 'sell', ordType: 'market', qty: '1' }),
      { cookie: demo1 },
    );
    expect(more.infoID).toBe('ORD008');
  });

  it('DEMO2 (non-POA) is refused without e-DIS approval and can sell the approved quantity', async () => {
    const sym = symOf(t, 'NSE', 'SBIN-EQ');
    const refused = await t.call(
      '/Trade/AddOrder',
      orderPayload(sym, { ordAction: 'sell', ordType: 'market', qty: '10' }),
      { cookie: demo2 },
    );
    expect(refused).toMatchObject({
      infoID: 'ORD010',
      infoMsg: 'Kindly provide eDIS approval for Non POA holiding Qty before placing sell order request',
    });
    const instrument = t.app.marketRuntime.market.registry.byId(sym.id)!;
    await t.db.query(
      `INSERT INTO edis_approvals (client_id, isin, symbol, exchange, request_no, quantity, status, trading_day, approved_at)
       SELECT id, $1, 'SBIN', 'NSE', 'REQ-T1', 10, 'APPROVED', $2::date, now() FROM clients WHERE user_id = 'DEMO2'`,
      [instrument.isin, t.app.oms.tradingDate()],
    );
    const tooMany = await t.call(
      '/Trade/AddOrder',
      orderPayload(sym, { ordAction: 'sell', ordType: 'market', qty: '11' }),
      { cookie: demo2 },
    );
    expect(tooMany.infoMsg).toBe('Order quantity can not be greater then E-dis quantity');
    const sold = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { ordAction: 'sell', ordType: 'market', qty: '10' }),
      { cookie: demo2 },
    );
    expect(sold.infoID, sold.infoMsg).toBe('0');
    expect((await orderRow(t, sold.data.orderId)).status).toBe('EXECUTED');
    const used = await t.db.query<{ used_qty: string }>(
      "SELECT used_qty FROM edis_approvals WHERE request_no = 'REQ-T1'",
    );
    expect(Number(used.rows[0]?.used_qty)).toBe(10);
  });
  it('a modification the exchange would refuse (above the freeze quantity) is refused, writes nothing and the order rests', async () => {
    const market = t.app.marketRuntime.market;
    const future = market.registry
      .all()
      .find((i) => i.instr === 'FUTIDX' && i.symbol === 'NIFTY' && i.tradable && i.freezeQuantity > 0);
    if (!future) throw new Error('no NIFTY future');
    const sym = symOf(t, 'NFO', future.trSymbol);
    const price = quoteOf(t, sym).lastPrice - 20 * future.tickSize;
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: String(future.lot), limitPrice: rupees(price), prdType: 'CARRY FORWARD' }),
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const before = await orderRow(t, placed.data.orderId);
    expect(before.status).toBe('OUTSTANDING');
    const fundsBefore = await fundsOf(t, 'DEMO1');
    const aboveFreeze = (Math.floor(future.freezeQuantity / future.lot) + 1) * future.lot;
    const modified = await t.call(
      '/Trade/ModifyOrder',
      {
        ...orderPayload(sym, { qty: String(aboveFreeze), limitPrice: rupees(price), prdType: 'CARRY FORWARD' }),
        orderId: placed.data.orderId,
      },
      { cookie: demo1 },
    );
    expect(modified.infoID, modified.infoMsg).toBe('ORD007');
    await t.app.oms.settled();
    expect(await orderRow(t, placed.data.orderId)).toEqual(before);
    expect(await fundsOf(t, 'DEMO1')).toEqual(fundsBefore);
    await t.call('/Trade/CancelOrder', { sym, orderId: placed.data.orderId }, { cookie: demo1 });
  });
  /** DEMO2's two TCS shares bought 5% under the last, resting, with its row and funds as placed, and its modify. */
  async function demo2Resting() {
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const low = priceOffLast(t, sym, 95);
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: '2', limitPrice: rupees(low) }),
      {
        cookie: demo2,
      },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const orderId = placed.data.orderId;
    return {
      low,
      orderId,
      before: await orderRow(t, orderId),
      fundsBefore: await fundsOf(t, 'DEMO2'),
      modify: (qty: number) =>
        t.call('/Trade/ModifyOrder', orderPayload(sym, { orderId, qty: String(qty), limitPrice: rupees(low) }), {
          cookie: demo2,
        }),
      cancel: () => t.call('/Trade/CancelOrder', { sym, orderId }, { cookie: demo2 }),
    };
  }
  it('a modification whose larger block the funds do not cover is refused with the figures; a smaller one frees the difference', async () => {
    const { low, orderId, before, fundsBefore, modify, cancel } = await demo2Resting();
    const tooMany = Math.floor(fundsBefore.available / low) + 3;
    const refused = await modify(tooMany);
    expect(refused.infoID).toBe('ORD002');
    expect(refused.infoMsg).toBe(marginShortfall(false, low * (tooMany - 2), fundsBefore));
    expect(await orderRow(t, orderId)).toEqual(before);
    expect(await fundsOf(t, 'DEMO2')).toEqual(fundsBefore);

    const smaller = await modify(1);
    expect(smaller.infoID, smaller.infoMsg).toBe('0');
    expect(Number((await orderRow(t, orderId)).blocked_margin_paise)).toBe(low);
    // A delivery buy's block is cash-only: its cash-only part moves with it.
    expect(await fundsOf(t, 'DEMO2')).toEqual({
      ...fundsBefore,
      blocked: fundsBefore.blocked - low,
      cashBlocked: fundsBefore.cashBlocked - low,
      available: fundsBefore.available + low,
      cash: fundsBefore.cash + low,
    });
    await cancel();
  });
  it('a modification the exchange refuses after the block moved (the book changed meanwhile) gives the block back', async () => {
    const { orderId, before, fundsBefore, modify, cancel } = await demo2Resting();
    const refusing = vi
      .spyOn(t.app.marketRuntime.market, 'modify')
      .mockReturnValueOnce({ rejectReason: RejectReason.QuantityBelowFilled, events: [] });
    try {
      const modified = await modify(5);
      expect(modified.infoID).toBe('ORD007');
      expect(refusing).toHaveBeenCalledTimes(1);
    } finally {
      refusing.mockRestore();
    }
    const after = await orderRow(t, orderId);
    expect({ ...after, updated_at: before.updated_at }).toEqual(before);
    expect(await fundsOf(t, 'DEMO2')).toEqual(fundsBefore);
    await cancel();
  });
  it('CheckMargin of an order too large to margin is refused as invalid, not answered with a server error', async () => {
    const sym = symOf(t, 'NSE', 'SBIN-EQ');
    const answer = await t.call(
      '/Trade/CheckMargin',
      { sym, ordType: 'limit', qty: '1000000000', ordAction: 'sell', triggerPrice: '92857.75', prdType: 'CASH' },
      { cookie: demo1 },
    );
    expect(answer.status).toBe(200);
    expect([answer.infoID, answer.infoMsg]).toEqual(['EGN001', 'Invalid request: qty (the order value is too large)']);
  });
});
