import type { OrderRow } from '@kite/domain';
import { istDayFirstDateTime, type Market } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';
import { priceText } from '../market-runtime/price-text.ts';
import { symbolObjectOf } from '../market-runtime/symbol-object.ts';
import { orderEventsOf, orderLogColumns, type OrderLogColumns } from './order-events.ts';
import { orderColumns, orderOf, type OrderRecord } from './order-record.ts';
import { orderRowOf } from './order-view.ts';

export interface OrderFilters {
  segment?: string;
  status?: string;
  exchange?: string;
  product?: string;
  instrumentId?: string;
  openOnly?: boolean;
}

/**
 * The client's orders of the day (or still open), newest first, with cover/bracket legs folded under their entry.
 * Always scoped by the session's client id.
 */
export async function listOrders(
  q: Queryable,
  market: Market,
  clientId: number,
  userId: string,
  f: OrderFilters,
): Promise<OrderRow[]> {
  // The day's orders; the filters apply to the rows shown (entries and stand-alone orders), in SQL. Legs come with
  // their entry whatever their own status; a leg whose entry is not of the day stands as a row of its own.
  const args: unknown[] = [clientId];
  const filters: string[] = [];
  const param = (value: unknown): string => {
    args.push(value);
    return `$${args.length}`;
  };
  if (f.segment) filters.push(`d.segment = ${param(f.segment)}`);
  if (f.exchange) filters.push(`d.exchange = ${param(f.exchange)}`);
  if (f.product) filters.push(`d.product = ${param(f.product)}`);
  if (f.instrumentId) filters.push(`d.instrument_id = ${param(f.instrumentId)}`);
  if (f.status && f.status !== 'ALL') filters.push(`d.status = ${param(f.status)}`);
  // Open only: an open order, or a cover/bracket entry (open while any leg is; decided below with its legs).
  if (f.openOnly) filters.push(`(d.is_open OR d.leg_role = 'ENTRY')`);
  const { rows } = await q.query(
    `WITH day AS (
       SELECT ${orderColumns()} FROM orders WHERE client_id = $1
          AND (created_at >= date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata'
               OR is_open)
     ), shown AS (
       SELECT d.* FROM day d
        WHERE NOT EXISTS (SELECT 1 FROM day p WHERE p.id = d.parent_order_id)${filters.map((c) => ` AND ${c}`).join('')}
     )
     SELECT * FROM shown
     UNION ALL
     SELECT c.* FROM day c JOIN shown s ON c.parent_order_id = s.id
     ORDER BY id DESC`,
    args,
  );
  const all = rows.map((r) => orderOf(r as Record<string, unknown>));
  const children = new Map<number, OrderRecord[]>();
  for (const o of all) {
    if (o.parentOrderId === null) continue;
    const list = children.get(o.parentOrderId) ?? [];
    list.unshift(o);
    children.set(o.parentOrderId, list);
  }
  const out: OrderRow[] = [];
  for (const o of all) {
    if (o.parentOrderId !== null && all.some((p) => p.id === o.parentOrderId)) continue;
    const row = orderRowOf(market, o, children.get(o.id) ?? [], userId);
    if (!row) continue;
    if (
      f.openOnly &&
      !(
        row.ordStatus === 'OUTSTANDING' ||
        row.ordStatus === 'REQUEST SENT' ||
        (row.boStatus === 'OPEN' && row.cancellable)
      )
    )
      continue;
    out.push(row);
  }
  return out;
}

export interface TradeRow {
  displaySym: string;
  sym: OrderRow['sym'];
  ordAction: 'BUY' | 'SELL';
  exc: 'NSE' | 'BSE' | 'NFO' | 'BFO' | 'CDS' | 'MCX' | 'NCDEX';
  ordType: string;
  tradedPrice: string;
  tradedQty: number;
  prdType: OrderRow['prdType'];
  orderId: string;
  exchOrderId: string;
  exchTradeId: string;
  tradeTime: string;
}

/** Today's trades of the client (spread fills appear as their two leg trades). */
export async function listTrades(
  q: Queryable,
  market: Market,
  clientId: number,
  f: { segment?: string; exchange?: string },
): Promise<TradeRow[]> {
  const { rows } = await q.query<Record<string, string | Date>>(
    `SELECT t.*, o.order_no, o.order_type, o.exchange_order_id, o.segment AS order_segment FROM trades t JOIN orders o ON o.id = t.order_id
      WHERE t.client_id = $1 AND t.traded_at >= date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata'
      ORDER BY t.id DESC`,
    [clientId],
  );
  const out: TradeRow[] = [];
  for (const r of rows) {
    const instrument = market.registry.byId(String(r.instrument_id));
    if (!instrument) continue;
    if (f.segment && r.order_segment !== f.segment) continue;
    if (f.exchange && r.exchange !== f.exchange) continue;
    out.push({
      displaySym: instrument.displaySym,
      sym: symbolObjectOf(instrument),
      ordAction: r.side === 'SELL' ? 'SELL' : 'BUY',
      exc: instrument.exc as TradeRow['exc'],
      ordType: String(r.order_type),
      tradedPrice: priceText(Number(r.price), instrument.priceDecimals),
      tradedQty: Number(r.quantity),
      prdType: String(r.product) as TradeRow['prdType'],
      orderId: String(r.order_no),
      exchOrderId: String(r.exchange_order_id ?? ''),
      exchTradeId: String(r.exchange_trade_id),
      tradeTime: istDayFirstDateTime((r.traded_at as Date).getTime()),
    });
  }
  return out;
}

/** Every state change of one of the client's orders (trading.md 2.4); null when the order is not the client's. */
export async function orderLogOf(q: Queryable, clientId: number, orderNo: string) {
  const { rows } = await q.query<OrderLogColumns & { price_decimals: number }>(
    `SELECT o.price_decimals, ${orderLogColumns('o')}
       FROM orders o WHERE o.id = order_id_of($2) AND o.order_no = $2 AND o.client_id = $1`,
    [clientId, orderNo],
  );
  const order = rows[0];
  if (!order) return null;
  const decimals = Number(order.price_decimals) === 4 ? 4 : 2;
  return orderEventsOf(order).map((e) => ({
    ordStatus: e.status,
    qty: e.quantity,
    ordPrice: priceText(e.price, decimals),
    disQty: e.disclosedQty,
    triggerPrice: priceText(e.triggerPrice, decimals),
    ordDuration: e.validity,
    lUpdatedTime: istDayFirstDateTime(e.at),
  }));
}
