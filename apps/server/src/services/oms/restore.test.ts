import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION, percentOfPrice } from '@kite/domain';
import { OrderType, Side } from '@kite/exchange';
import { build } from '../../app.ts';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import {
  agentOrder,
  clearBids,
  fundsOf,
  orderPayload,
  orderRow,
  priceOffLast,
  rupees,
  symOf,
} from '../../modules/trade/order-test-support.ts';
import { ServerClock } from '../clock.ts';
import { callOn as call, restart } from '../../test/restart.ts';
import type { TestApp } from '../../test/harness.ts';
import { EXPIRED_REASON } from './restore.ts';
import { appendEvent } from './order-record.ts';
import type { OrderAnswer } from './oms-core.ts';

/** Funds blocked equals what the open order rows block: the restart released exactly the closed orders' blocks. */
async function blockedByOpenOrders(t: TestApp, userId: string): Promise<number> {
  const { rows } = await t.db.query<{ blocked: string }>(
    `SELECT COALESCE(sum(o.blocked_margin_paise), 0) AS blocked FROM orders o JOIN clients c ON c.id = o.client_id
      WHERE c.user_id = $1 AND o.status IN ('REQUEST SENT', 'OUTSTANDING')`,
    [userId],
  );
  return Number(rows[0]?.blocked ?? 0);
}

describe('open orders at a restart (README "Restart")', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let demo1: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    app = t.app;
    demo1 = await signIn(t, 'DEMO1');
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('resting, partly filled, stop, cover-leg and unconfirmed orders go back to the book; stale ones expire', async () => {
    const market = app.marketRuntime.market;
    const infy = symOf(t, 'NSE', 'INFY-EQ');
    const tcs = symOf(t, 'NSE', 'TCS-EQ');
    const reliance = symOf(t, 'NSE', 'RELIANCE-EQ');
    const place = async (fields: Record<string, unknown>, sym = infy) => {
      const placed = await t.call<OrderAnswer>('/Trade/AddOrder', orderPayload(sym, fields), { cookie: demo1 });
      expect(placed.infoID, placed.infoMsg).toBe('0');
      return placed.data.orderId;
    };
    const below = priceOffLast(t, infy, 97, 'down');
    const above = priceOffLast(t, infy, 102);

    const resting = await place({ qty: '5', limitPrice: rupees(below), prdType: 'INTRADAY' });
    // Partly filled: the only bid on TCS (the makers' bids sold into first), then 4 of 10 sold into it.
    clearBids(market, tcs.id);
    const tcsInstrument = market.registry.byId(tcs.id)!;
    const tcsPrice = market.depth(tcs.id)!.asks[0]!.price - tcsInstrument.tickSize;
    const partly = await place({ qty: '10', limitPrice: rupees(tcsPrice), prdType: 'INTRADAY' }, tcs);
    agentOrder(app.marketRuntime.market, tcs.id, Side.Sell, tcsPrice, 4);
    await app.oms.settled();
    expect(await orderRow(t, partly)).toMatchObject({ status: 'OUTSTANDING', filled_qty: 4 });
    const stop = await place({
      qty: '2',
      limitPrice: rupees(above + 50),
      triggerPrice: rupees(above),
      prdType: 'INTRADAY',
    });
    const fired = await place({
      qty: '3',
      limitPrice: rupees(above + 50),
      triggerPrice: rupees(above),
      prdType: 'INTRADAY',
    });
    const cover = await place(
      {
        ordType: 'market',
        qty: '4',
        prdType: 'CO',
        coTriggerPrice: rupees(priceOffLast(t, reliance, 99, 'down')),
      },
      reliance,
    );
    const unconfirmed = await place({ qty: '6', limitPrice: rupees(below), prdType: 'INTRADAY' });
    const stale = await place({ qty: '7', limitPrice: rupees(below), prdType: 'INTRADAY' });
    const vtdPast = await place({ qty: '8', limitPrice: rupees(below), prdType: 'CASH' });

    // What a crash leaves: a committed order whose acceptance was never written (answered all the same), one from an
    // earlier day, a VTD past its date, and a stop whose log says it fired.
    await t.db.query("UPDATE orders SET status = 'REQUEST SENT', exchange_order_id = NULL WHERE order_no = $1", [
      unconfirmed,
    ]);
    await t.db.query("UPDATE orders SET created_at = now() - interval '7 days' WHERE order_no = $1", [stale]);
    await t.db.query("UPDATE orders SET validity = 'VTD', vtd_date = current_date - 3 WHERE order_no = $1", [vtdPast]);
    const firedRow = await orderRow(t, fired);
    await appendEvent(t.db, Number(firedRow.id), 'TRIGGERED');
    const coverLeg = (
      await t.db.query<Record<string, string>>('SELECT * FROM orders WHERE parent_order_id = $1', [
        (await orderRow(t, cover)).id,
      ])
    ).rows[0]!;
    expect(coverLeg).toMatchObject({ status: 'OUTSTANDING', leg_role: 'STOPLOSS' });
    const before = await fundsOf(t, 'DEMO1');
    const unconfirmedBlock = Number((await orderRow(t, unconfirmed)).blocked_margin_paise);
    expect(unconfirmedBlock).toBeGreaterThan(0);
    const closedBlocks =
      Number((await orderRow(t, stale)).blocked_margin_paise) +
      Number((await orderRow(t, vtdPast)).blocked_margin_paise);
    expect(closedBlocks).toBeGreaterThan(0);
    const oldExchangeIds = new Map<string, string>();
    for (const no of [resting, partly, stop]) oldExchangeIds.set(no, (await orderRow(t, no)).exchange_order_id!);

    app = await restart(t, app);
    const restarted = app.marketRuntime.market;

    // Earlier day and past VTD: expired, their blocks released.
    expect(await orderRow(t, stale)).toMatchObject({
      status: 'CANCELLED',
      reject_reason: EXPIRED_REASON,
      blocked_margin_paise: 0,
    });
    expect(await orderRow(t, vtdPast)).toMatchObject({ status: 'CANCELLED', reject_reason: EXPIRED_REASON });

    // Resting orders: same order number, a new exchange order in the book for the remaining quantity, block kept.
    // The unconfirmed order too: it was answered, so it goes to the exchange as if for the first time.
    for (const [no, remaining] of [
      [resting, 5],
      [partly, 6],
      [stop, 2],
      [unconfirmed, 6],
    ] as const) {
      const row = await orderRow(t, no);
      expect(row.status, no).toBe('OUTSTANDING');
      expect(row.exchange_order_id).not.toBeNull();
      const inBook = restarted.book(row.instrument_id!)!.order(Number(row.exchange_order_id));
      expect(inBook, no).toMatchObject({ ref: Number(row.id), quantity: remaining, filled: 0 });
    }
    expect(Number((await orderRow(t, unconfirmed)).blocked_margin_paise)).toBe(unconfirmedBlock);
    const stopInBook = restarted.book(infy.id)!.order(Number((await orderRow(t, stop)).exchange_order_id))!;
    expect(stopInBook.type).toBe(OrderType.StopLimit);
    expect(stopInBook.triggerPrice).toBe(above);
    // The stop that had fired went back as a limit above the market: it traded at once.
    expect(await orderRow(t, fired)).toMatchObject({ status: 'EXECUTED', filled_qty: 3 });
    const leg = await orderRow(t, coverLeg.order_no!);
    expect(leg.status).toBe('OUTSTANDING');
    expect(restarted.book(reliance.id)!.order(Number(leg.exchange_order_id))).toMatchObject({
      type: OrderType.StopMarket,
      quantity: 4,
    });

    const after = await fundsOf(t, 'DEMO1');
    expect(after.blocked).toBe(await blockedByOpenOrders(t, 'DEMO1'));
    const firedRowAfter = await orderRow(t, fired);
    // Blocks: the closed orders' released; the fired stop's released by its fill (its margin now held as used).
    expect(after.blocked).toBe(before.blocked - closedBlocks - Number(firedRow.blocked_margin_paise));
    expect(Number(firedRowAfter.blocked_margin_paise)).toBe(0);

    // The partly filled order fills on in the new session: its new trade id cannot collide with the first session's.
    agentOrder(app.marketRuntime.market, tcs.id, Side.Sell, tcsPrice, 1_000_000);
    await app.oms.settled();
    expect(await orderRow(t, partly)).toMatchObject({ status: 'EXECUTED', filled_qty: 10 });
    const trades = await t.db.query<{ exchange_trade_id: string; quantity: string }>(
      'SELECT exchange_trade_id, quantity FROM trades WHERE order_id = $1 ORDER BY id',
      [(await orderRow(t, partly)).id],
    );
    expect(trades.rows.map((r) => Number(r.quantity))).toEqual([4, 6]);
    expect(Number(trades.rows[1]!.exchange_trade_id)).toBeGreaterThan(1_000_000_000);

    // A restored order is the client's as before: modify (exchange quantities count its rest) and cancel it.
    const modified = await call<OrderAnswer>(
      app,
      '/Trade/ModifyOrder',
      { ...orderPayload(infy, { qty: '9', limitPrice: rupees(below), prdType: 'INTRADAY' }), orderId: resting },
      demo1,
    );
    expect(modified.infoID, modified.infoMsg).toBe('0');
    const restingRow = await orderRow(t, resting);
    expect(restingRow.quantity).toBe(9);
    expect(restarted.book(infy.id)!.order(Number(restingRow.exchange_order_id))).toMatchObject({ quantity: 9 });
    const cancelled = await call(app, '/Trade/CancelOrder', { sym: infy, orderId: resting }, demo1);
    expect(cancelled.infoID, cancelled.infoMsg).toBe('0');
    expect(await orderRow(t, resting)).toMatchObject({ status: 'CANCELLED', blocked_margin_paise: 0 });
    expect((await fundsOf(t, 'DEMO1')).blocked).toBe(await blockedByOpenOrders(t, 'DEMO1'));
    expect(oldExchangeIds.size).toBe(3);
  });

  it('an AMO queued while the market is closed is queued again after a restart', async () => {
    // Saturday 21-Nov-2026, 11:00 IST: NSE is closed; the same instant after the restart.
    const saturday = Date.UTC(2026, 10, 21, 5, 30);
    await app.close();
    const clock = new ServerClock();
    clock.set(saturday);
    app = await build({ config: { ...t.config, marketHours: 'real' }, db: t.db, clock });
    await app.ready();
    const sym = symOf(t, 'NSE', 'SBIN-EQ');
    const last = app.marketRuntime.market.quote(sym.id)!.lastPrice;
    const price = percentOfPrice(last, 98, 10, 'down');
    const placed = await call<OrderAnswer>(
      app,
      '/Trade/AddOrder',
      orderPayload(sym, { qty: '1', limitPrice: rupees(price), isAmo: true }),
      demo1,
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    await app.oms.settled();
    expect(await orderRow(t, placed.data.orderId)).toMatchObject({ status: 'OUTSTANDING', is_amo: true });

    await app.close();
    const clock2 = new ServerClock();
    clock2.set(saturday);
    app = await build({ config: { ...t.config, marketHours: 'real' }, db: t.db, clock: clock2 });
    await app.ready();
    const row = await orderRow(t, placed.data.orderId);
    expect(row).toMatchObject({ status: 'OUTSTANDING', is_amo: true });
    expect(app.marketRuntime.market.book(sym.id)!.order(Number(row.exchange_order_id))).toMatchObject({
      ref: Number(row.id),
      quantity: 1,
    });
  });

  it('a retry with the same Idempotency-Key after a restart returns the order, and sends one the exchange never got', async () => {
    app = await restart(t, app);
    const sym = symOf(t, 'NSE', 'ITC-EQ');
    const price = percentOfPrice(app.marketRuntime.market.quote(sym.id)!.lastPrice, 97, 10, 'down');
    const payload = orderPayload(sym, { qty: '2', limitPrice: rupees(price), prdType: 'INTRADAY' });
    const keyed = async (key: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/Trade/AddOrder',
        headers: { 'content-type': 'application/json', cookie: demo1, 'idempotency-key': key },
        payload: JSON.stringify({ request: { data: payload, appVersion: APP_VERSION } }),
      });
      return (response.json() as { response: { infoID: string; infoMsg: string; data: OrderAnswer } }).response;
    };
    const first = await keyed('restart-key-1');
    expect(first.infoID, first.infoMsg).toBe('0');
    await app.oms.settled();
    expect((await orderRow(t, first.data.orderId)).status).toBe('OUTSTANDING');
    app = await restart(t, app);
    const again = await keyed('restart-key-1');
    expect(again).toMatchObject({ infoID: '0', data: { orderId: first.data.orderId } });

    // What a commit leaves when its answer is lost with the connection: a REQUEST SENT order (a copy of the first,
    // its block added to the funds) that this process never sent, and its key with the stored answer.
    const columns = (
      await t.db.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
          WHERE table_name = 'orders' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      )
    ).rows.map((c) => c.name);
    const ghost = await t.db.query<{ id: number; order_no: string; blocked_margin_paise: number; client_id: number }>(
      `WITH n AS (SELECT nextval('orders_id_seq') AS id)
       INSERT INTO orders (${columns.join(', ')})
       SELECT ${columns.map((c) => `r.${c}`).join(', ')}
         FROM orders o, n, jsonb_populate_record(NULL::orders, to_jsonb(o) || jsonb_build_object(
           'id', n.id, 'order_no', order_no_of('261121', n.id), 'status', 'REQUEST SENT', 'exchange_order_id', NULL)) r
        WHERE o.order_no = $1
       RETURNING id, order_no, blocked_margin_paise, client_id`,
      [first.data.orderId],
    );
    const lost = ghost.rows[0]!;
    await t.db.query('UPDATE client_funds SET blocked_margin_paise = blocked_margin_paise + $2 WHERE client_id = $1', [
      lost.client_id,
      lost.blocked_margin_paise,
    ]);
    await t.db.query(
      `INSERT INTO idempotency_keys (client_id, key, request_hash, order_id, answer)
       SELECT client_id, 'restart-key-2', request_hash, $1::bigint, jsonb_build_object('ok', true, 'data', jsonb_build_object('msg', 'placed', 'orderId', $2::text))
         FROM idempotency_keys WHERE key = 'restart-key-1'`,
      [lost.id, lost.order_no],
    );
    const resent = await keyed('restart-key-2');
    expect(resent).toMatchObject({ infoID: '0', data: { orderId: lost.order_no } });
    await app.oms.settled();
    const row = await orderRow(t, lost.order_no);
    expect(row.status).toBe('OUTSTANDING');
    expect(app.marketRuntime.market.book(sym.id)!.order(Number(row.exchange_order_id))).toMatchObject({ quantity: 2 });
    expect(await keyed('restart-key-2')).toMatchObject({ infoID: '0', data: { orderId: lost.order_no } });
    const count = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE instrument_id = $1 AND status = 'OUTSTANDING'",
      [sym.id],
    );
    expect(count.rows[0]!.n).toBe(2);
    expect((await fundsOf(t, 'DEMO1')).blocked).toBe(await blockedByOpenOrders(t, 'DEMO1'));
  });
});
