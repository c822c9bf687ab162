import { expect } from 'vitest';
import { percentOfPrice, type SymbolObject } from '@kite/domain';
import { OrderType, Side, Validity, type Instrument, type Market } from '@kite/exchange';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { readFunds, type Funds } from '../../services/rms/funds.ts';
import type { TestApp } from '../../test/harness.ts';
import type { Queryable } from '../../db/pool.ts';
import { ACCEPTANCES } from '../../services/oms/event-application.ts';
import { insertOrder, type NewOrder } from '../../services/oms/order-record.ts';
import { clientIdOf } from '../portfolio/portfolio-test-support.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';

export function symOf(t: TestApp, exc: 'NSE' | 'BSE' | 'NFO' | 'CDS' | 'MCX', trSymbol: string): SymbolObject {
  const instrument = t.app.marketRuntime.market.registry.bySymbol(exc, trSymbol);
  if (!instrument) throw new Error(`no ${trSymbol}`);
  return symbolObjectOf(instrument);
}

export function quoteOf(t: TestApp, sym: SymbolObject) {
  const q = t.app.marketRuntime.market.quote(sym.id);
  if (!q) throw new Error('no quote');
  return q;
}

/** `percent`% of the instrument's last price on a step of 10 (0.10 rupees): a limit away from the market that rests. */
export function priceOffLast(t: TestApp, sym: SymbolObject, percent: number, rounding: 'up' | 'down' = 'up'): number {
  return percentOfPrice(quoteOf(t, sym).lastPrice, percent, 10, rounding);
}

/** Rupee text of integer price units (2 decimals). */
export function rupees(units: number): string {
  return (units / 100).toFixed(2);
}

export function orderPayload(sym: SymbolObject, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ordAction: 'buy',
    sym,
    ordType: 'limit',
    qty: '1',
    limitPrice: '0',
    ordDuration: 'DAY',
    prdType: 'CASH',
    ...fields,
  };
}

/**
 * A client's funds as the RMS reads them (`available` is ledger + collateral - blocked - used). The rows read directly
 * wait, as a client's calls do (plugins/calls.ts), for the execution reports received so far: an order is answered
 * before the exchange's acceptance of it is written.
 */
export async function fundsOf(t: TestApp, userId: string): Promise<Funds> {
  await t.app.oms.settled();
  return readFunds(t.db, await clientIdOf(t.db, userId));
}

export async function orderRow(t: TestApp, orderNo: string) {
  await t.app.oms.settled();
  const { rows } = await t.db.query<Record<string, string>>(
    'SELECT * FROM orders WHERE id = order_id_of($1) AND order_no = $1',
    [orderNo],
  );
  const row = rows[0];
  if (!row) throw new Error(`no order ${orderNo}`);
  return row;
}

/**
 * A market order of one lot (or `qty`) placed through AddOrder by the signed-in client, which must fill at once (the
 * seeded books have quotes on both sides): answers the order row.
 */
export async function fillAtMarket(
  t: TestApp,
  cookie: string,
  instrument: Instrument,
  fields: { ordAction?: 'buy' | 'sell'; prdType: string; qty?: number },
): Promise<Record<string, string>> {
  const sym = symOf(t, instrument.exc as Parameters<typeof symOf>[1], instrument.trSymbol);
  const answer = await t.call<OrderAnswer>(
    '/Trade/AddOrder',
    orderPayload(sym, {
      ordAction: fields.ordAction ?? 'buy',
      ordType: 'market',
      qty: String(fields.qty ?? instrument.lot),
      prdType: fields.prdType,
    }),
    { cookie },
  );
  expect(answer.infoID, answer.infoMsg).toBe('0');
  const row = await orderRow(t, answer.data.orderId);
  expect(row.status).toBe('EXECUTED');
  return row;
}

/**
 * An IOC limit order of a market agent (account 0, ref 0) at `price`: it trades with what rests there and the exchange
 * sends no execution report for it, only for the client's side.
 */
export function agentOrder(market: Market, instrumentId: string, side: Side, price: number, quantity: number): void {
  agentIoc(market, instrumentId, side, OrderType.Limit, price, quantity);
}

/**
 * The book's bids sold into by a market agent until none is left (each sale under the freeze quantity), so that a
 * client's buy placed after it is the best and only bid.
 */
export function clearBids(market: Market, instrumentId: string): void {
  const freeze = market.registry.byId(instrumentId)?.freezeQuantity ?? 0;
  for (let bid = market.depth(instrumentId)?.bids[0]; bid; bid = market.depth(instrumentId)?.bids[0])
    agentOrder(
      market,
      instrumentId,
      Side.Sell,
      bid.price,
      freeze > 1 ? Math.min(bid.quantity, freeze - 1) : bid.quantity,
    );
}

/** An agent's IOC market order: it takes what rests on the other side, up to `quantity`. */
export function agentMarketOrder(market: Market, instrumentId: string, side: Side, quantity: number): void {
  agentIoc(market, instrumentId, side, OrderType.Market, 0, quantity);
}

function agentIoc(market: Market, instrumentId: string, side: Side, type: OrderType, price: number, quantity: number) {
  const result = market.submit(instrumentId, {
    side,
    type,
    validity: Validity.Ioc,
    price,
    quantity,
    triggerPrice: 0,
    disclosedQuantity: 0,
    vtdDay: 0,
    amo: false,
    account: 0,
    ref: 0,
  });
  expect(result.rejectReason ?? null).toBeNull();
}

/**
 * A resting limit buy of 10 SBIN (NSE) at 800.00 for `clientId`, as the OMS's insertOrder takes it: for tests that
 * need order rows made by the OMS's own statements without going through a placement.
 */
export function restingBuyFor(clientId: number): NewOrder {
  return {
    clientId,
    instrumentId: 'NSE:1',
    exchange: 'NSE',
    tradingSymbol: 'SBIN-EQ',
    displaySymbol: 'SBIN',
    segment: 'equity',
    priceDecimals: 2,
    side: 'BUY',
    product: 'CNC',
    orderType: 'LIMIT',
    validity: 'DAY',
    vtdDate: null,
    quantity: 10,
    disclosedQty: 0,
    limitPrice: 80_000,
    triggerPrice: 0,
    isAmo: false,
    parentOrderId: null,
    legRole: null,
    boTrailingSl: 0,
    blockedMarginPaise: 0,
    coTriggerPrice: 0,
    boStopDistance: 0,
    boTargetDistance: 0,
    edisReservedQty: 0,
    edisIsin: null,
    appId: null,
  };
}

/** The trading day the OMS-made order rows of these fixtures are placed on (IST yyyy-mm-dd). */
export const FIXTURE_DAY = '2026-11-27';

/**
 * `order` written by the OMS's own statements: inserted as a placement does (REQUEST SENT, the row its NEW event), then
 * accepted as an exchange report is (OUTSTANDING, its ACCEPTED event) unless `accepted` is false. Answers its id.
 */
export async function placedOrder(q: Queryable, order: NewOrder, accepted = true): Promise<number> {
  const { id } = await insertOrder(q, order, FIXTURE_DAY);
  if (accepted) await ACCEPTANCES.many(q, [{ ref: id, exchangeOrderId: id }]);
  return id;
}

/**
 * `count` copies of order `id` (its log too), each under an id of its own with a number of the fixtures' day. `set`
 * maps columns to SQL expressions that replace the copied values; they may read the copied row as `c` and the copy's
 * ordinal as `c.i` (1 to count).
 */
export async function insertOrderCopies(
  q: Queryable,
  id: number,
  count: number,
  set: Record<string, string> = {},
): Promise<void> {
  const { rows } = await q.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_name = 'orders' AND is_generated = 'NEVER' AND NOT column_name = ANY($1)`,
    [['id', 'order_no', ...Object.keys(set)]],
  );
  const copied = rows.map((r) => r.column_name);
  const columns = [...Object.keys(set), ...copied].join(', ');
  const values = [...Object.values(set), ...copied.map((column) => `c.${column}`)].join(', ');
  await q.query(
    `INSERT INTO orders (id, order_no, ${columns})
     SELECT c.new_id, order_no_of('261120', c.new_id), ${values}
       FROM (SELECT nextval('orders_id_seq') AS new_id, i, o.* FROM orders o, generate_series(1, $2::int) AS i
              WHERE o.id = $1::bigint) c`,
    [id, count],
  );
}
