import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_AMOUNTS, type OrderRow } from '@kite/domain';
import { Side } from '@kite/exchange';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { agentOrder, clearBids, orderPayload, orderRow, quoteOf, rupees, symOf } from './order-test-support.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';

type ChargesAnswer = { charges: Record<string, string> };

/**
 * market-facts 1.4: brokerage is min(0.03%, ₹20) per executed ORDER. An order filled in pieces pays exactly what one
 * fill of its whole quantity at the same price pays, component by component, and the ledger shows the same.
 */
describe('charges of an order filled in pieces', () => {
  let t: TestApp;
  let demo1: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  /**
   * Rests a client buy limit as the only bid (the market maker's bids are sold into first; with the simulation off
   * nobody re-quotes), then sells into it in pieces at that one price.
   */
  async function buyFilledInPieces(
    trSymbol: string,
    exc: 'NSE' | 'NFO',
    qty: number,
    prdType: string,
    pieces: number[],
    together = false,
  ) {
    const sym = symOf(t, exc, trSymbol);
    const market = t.app.marketRuntime.market;
    const instrument = market.registry.byId(sym.id);
    if (!instrument) throw new Error('no instrument');
    const depth = market.depth(sym.id);
    const bestAsk = depth?.asks[0]?.price;
    if (!depth || bestAsk === undefined) throw new Error('no depth');
    clearBids(market, sym.id);
    expect(market.depth(sym.id)?.bids.length ?? 0).toBe(0);

    const price = bestAsk - instrument.tickSize;
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: String(qty), limitPrice: rupees(price), prdType }),
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    expect((await orderRow(t, placed.data.orderId)).status).toBe('OUTSTANDING');
    // One after the other, or all in one turn: then the fills are one group of the client's reports, written by one
    // combined statement (fills.ts FILLS) in one transaction.
    for (const piece of pieces) {
      agentOrder(t.app.marketRuntime.market, sym.id, Side.Sell, price, piece);
      if (!together) await t.app.oms.settled();
    }
    await t.app.oms.settled();
    const order = await orderRow(t, placed.data.orderId);
    expect(order.status).toBe('EXECUTED');
    const { rows: trades } = await t.db.query<{
      quantity: string;
      price: string;
      charges_detail: Record<string, number>;
      tx: string;
    }>('SELECT quantity, price, charges_detail, xmin::text AS tx FROM trades WHERE order_id = $1 ORDER BY id', [
      order.id,
    ]);
    expect(trades.map((r) => Number(r.quantity))).toEqual(pieces);
    expect(new Set(trades.map((r) => Number(r.price)))).toEqual(new Set([price]));
    // A trade keeps the amounts it paid; the rates are the schedule's.
    for (const r of trades) expect(Object.keys(r.charges_detail).sort()).toEqual([...CHARGE_AMOUNTS].sort());
    const sum = (key: string) => trades.reduce((s, r) => s + Number(r.charges_detail[key] ?? 0), 0);

    const estimate = await t.call<ChargesAnswer>(
      '/Trade/Charges',
      {
        exchange: exc,
        segment: exc === 'NSE' ? 'equity' : 'fno',
        transactionType: 'BUY',
        quantity: String(qty),
        price: rupees(price),
        product: prdType === 'INTRADAY' ? 'INTRADAY' : 'NRML',
        instrumentType: instrument.instr,
        symbol: trSymbol,
      },
      { cookie: demo1 },
    );
    return { order, trades, sum, estimate, price };
  }

  it('an intraday buy of 150 x ~₹1,500 filled 50 + 50 + 50 pays ₹20 brokerage once and exactly the one-fill charges', async () => {
    const { order, sum, estimate, price } = await buyFilledInPieces(
      'RELIANCE-EQ',
      'NSE',
      150,
      'INTRADAY',
      [50, 50, 50],
    );
    expect(estimate.infoID, estimate.infoMsg).toBe('0');
    // Each piece is worth more than ₹66,667, so charged alone each would hit the ₹20 cap (₹60 in all).
    expect(price * 50).toBeGreaterThan(6_666_700);
    expect(sum('brokerage')).toBe(2_000);
    const c = estimate.data.charges;
    expect(rupees(sum('brokerage'))).toBe(c.brokerage);
    expect(rupees(sum('stt'))).toBe(c.stt);
    expect(rupees(sum('transactionCharge'))).toBe(c.transactionCharge);
    expect(rupees(sum('sebiFee'))).toBe(c.sebiFee);
    expect(rupees(sum('stampDuty'))).toBe(c.stampDuty);
    expect(rupees(sum('gstOnBrokerage'))).toBe(c.gstOnBrokerage);
    expect(rupees(sum('total'))).toBe(c.total);

    // The ledger's charges entries for the order's trades are the same total, and trades.charges_paise agrees.
    const { rows } = await t.db.query<{ ledger: string; column: string }>(
      `SELECT (SELECT COALESCE(sum(amount_paise), 0) FROM ledger_entries
                WHERE client_id = $1 AND ref_type = 'trade' AND ref_id LIKE $2 || '/%' AND narration LIKE 'Charges %') AS ledger,
              (SELECT sum(charges_paise) FROM trades WHERE order_id = $3) AS column`,
      [order.client_id, order.order_no, order.id],
    );
    expect(-Number(rows[0]?.ledger)).toBe(sum('total'));
    expect(Number(rows[0]?.column)).toBe(sum('total'));
    const { rows: entries } = await t.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ledger_entries WHERE client_id = $1 AND ref_id LIKE $2 || '/%' AND narration LIKE 'Charges %'`,
      [order.client_id, order.order_no],
    );
    expect(Number(entries[0]?.n)).toBe(3);
  });

  it('fills of one order reported together are written in one transaction and pay the same as one by one', async () => {
    const { trades, sum, estimate, order } = await buyFilledInPieces(
      'INFY-EQ',
      'NSE',
      90,
      'INTRADAY',
      [30, 30, 30],
      true,
    );
    expect(new Set(trades.map((r) => r.tx)).size).toBe(1);
    expect(estimate.infoID, estimate.infoMsg).toBe('0');
    for (const key of ['brokerage', 'stt', 'transactionCharge', 'sebiFee', 'stampDuty', 'gstOnBrokerage', 'total'])
      expect(rupees(sum(key)), key).toBe(estimate.data.charges[key]);
    // The order's log: one TRADE event per fill (its trades row holds the trade), the last one executing it.
    const { rows: events } = await t.db.query<{ status: string }>(
      `SELECT e->>1 AS status FROM orders o, jsonb_array_elements(o.events) WITH ORDINALITY AS x(e, n)
        WHERE o.id = $1 AND e->>0 = 'TRADE' ORDER BY n`,
      [order.id],
    );
    expect(events.map((e) => e.status)).toEqual(['OUTSTANDING', 'OUTSTANDING', 'EXECUTED']);
    const position = await t.db.query<{ buy_qty: string }>(
      'SELECT buy_qty FROM positions WHERE client_id = $1 AND instrument_id = $2 AND product = $3',
      [order.client_id, order.instrument_id, 'INTRADAY'],
    );
    expect(Number(position.rows[0]?.buy_qty)).toBe(90);
  });

  it('an option buy filled in three pieces pays the flat ₹20 once', async () => {
    const market = t.app.marketRuntime.market;
    const option = market.registry
      .all()
      .find(
        (i) =>
          i.instr === 'OPTIDX' &&
          i.symbol === 'NIFTY' &&
          i.exc === 'NFO' &&
          (market.quote(i.id)?.lastPrice ?? 0) > 10_000,
      );
    if (!option) throw new Error('no NIFTY option');
    const lot = option.lot;
    const { trades, sum, estimate } = await buyFilledInPieces(option.trSymbol, 'NFO', 3 * lot, 'CARRY FORWARD', [
      lot,
      lot,
      lot,
    ]);
    expect(trades.map((r) => Number(r.charges_detail.brokerage))).toEqual([2_000, 0, 0]);
    expect(estimate.infoID, estimate.infoMsg).toBe('0');
    expect(rupees(sum('total'))).toBe(estimate.data.charges.total);
    expect(rupees(sum('stampDuty'))).toBe(estimate.data.charges.stampDuty);
  });

  it('MyOrders filters (applied in SQL) answer what filtering the whole book gives', async () => {
    const sym = symOf(t, 'NSE', 'RELIANCE-EQ');
    const resting = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: '1', limitPrice: rupees(quoteOf(t, sym).lastPrice - 500) }),
      { cookie: demo1 },
    );
    expect(resting.infoID, resting.infoMsg).toBe('0');
    const book = async (tab: string, filters: Array<{ key: string; value: string }>) => {
      const answer = await t.call<{ orders: OrderRow[] }>('/Trade/MyOrders', { tab, filters }, { cookie: demo1 });
      expect(answer.infoID, answer.infoMsg).toBe('0');
      return answer.data.orders;
    };
    const all = await book('equity', []);
    expect(new Set(all.map((o) => o.ordStatus))).toEqual(new Set(['EXECUTED', 'OUTSTANDING']));
    expect((await book('equity', [{ key: 'ordStatus', value: 'OUTSTANDING' }])).map((o) => o.orderId)).toEqual([
      resting.data.orderId,
    ]);
    expect(await book('equity', [{ key: 'ordStatus', value: 'EXECUTED' }])).toEqual(
      all.filter((o) => o.ordStatus === 'EXECUTED'),
    );
    expect(await book('equity', [{ key: 'prdType', value: 'CASH' }])).toEqual(all.filter((o) => o.prdType === 'CASH'));
    expect(await book('equity', [{ key: 'uniqueId', value: sym.id }])).toEqual(all.filter((o) => o.sym.id === sym.id));
    expect(await book('equity', [{ key: 'uniqueId', value: 'no-such-instrument' }])).toEqual([]);
    const fno = await book('fno', []);
    expect(fno.length).toBeGreaterThan(0);
    expect(fno.every((o) => o.sym.exc === 'NFO')).toBe(true);
    expect(all.some((o) => o.sym.exc === 'NFO')).toBe(false);
    await t.call('/Trade/CancelOrder', { sym, orderId: resting.data.orderId }, { cookie: demo1 });
  });
});
