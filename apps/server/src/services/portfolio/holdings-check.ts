import { DEMAT_SELL_PRODUCTS } from '@kite/domain';
import type { InstrumentRegistry, Market } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';

/**
 * The meeting point of the order path (OMS/RMS) and the holdings side (trading.md 4.2, 8; platform.md 3.3).
 * The OMS calls these on an equity delivery sell; keep the signatures stable.
 *
 * Model: holdings.quantity is the demat balance at the start of the day (settlement moves it, not fills); what was
 * sold from it today is read from the CASH/MARGIN positions (net sold, both exchanges); open sell orders of those
 * products hold their unfilled quantity; pledged shares are never free. e-DIS approvals count only on their trading
 * day (market-facts.md 8); an open non-POA sell's unfilled reserved quantity (orders.edis_reserved_qty) is not
 * available to another order.
 */

export interface HoldingSellCheck {
  isin: string;
  /** Demat balance (holdings.quantity), 0 when the client holds none. */
  holdingQty: number;
  pledgedQty: number;
  /** Unfilled quantity of the client's open CASH/MARGIN sell orders in this ISIN. */
  openSellQty: number;
  /** Net quantity sold from the demat today (CASH/MARGIN sells less buys, never below 0). */
  soldTodayQty: number;
  /** holdingQty - pledgedQty - openSellQty - soldTodayQty, never below 0: the demat's shares free to sell or pledge. */
  freeQty: number;
  /**
   * What a delivery sell may sell now: the free demat shares, plus today's delivery buys (and carried margin-trading
   * positions) not yet sold, less open sells, never below 0 (shares bought today are sold before they settle).
   */
  sellableQty: number;
  /** Of sellableQty, what today's delivery buys and carried margin-trading positions make up: a Not in DP sell's. */
  boughtUnsoldQty: number;
  /** The holding sits in a demat without POA/DDPI: each sale needs e-DIS approval. */
  nonPoa: boolean;
  /** Approved at the depository for this trading day and not yet used by a fill. */
  edisApprovedQty: number;
  /** edisApprovedQty less what open sells reserved: what a new sell may still use. */
  edisAvailableQty: number;
}

// By listing: a day roll's new listing is read afresh.
const idsByIsin = new WeakMap<InstrumentRegistry, Map<string, string[]>>();

/** Instrument ids of the NSE and BSE cash equities with this ISIN (one share trades on both). */
export function equityIdsOfIsin(market: Market, isin: string): string[] {
  let map = idsByIsin.get(market.registry);
  if (!map) {
    map = new Map();
    for (const i of market.registry.all()) {
      if (i.instr !== 'STK' || !i.isin) continue;
      const list = map.get(i.isin) ?? [];
      list.push(i.id);
      map.set(i.isin, list);
    }
    idsByIsin.set(market.registry, map);
  }
  return map.get(isin) ?? [];
}

/** Everything the OMS needs to decide a delivery sell of one ISIN for one client (tradingDay: IST yyyy-mm-dd). */
export async function holdingSellCheck(
  q: Queryable,
  market: Market,
  clientId: number,
  isin: string,
  tradingDay: string,
): Promise<HoldingSellCheck> {
  const ids = equityIdsOfIsin(market, isin);
  const { rows } = await q.query<{
    quantity: number | null;
    pledged_qty: number | null;
    poa_free: boolean | null;
    open_sell: number;
    sold_today: number;
    position_net: number;
    reserved: number;
  }>(
    `SELECT h.quantity, h.pledged_qty, h.poa_free,
       (SELECT COALESCE(sum(o.quantity - o.filled_qty), 0)::bigint FROM orders o
         WHERE o.client_id = $1 AND o.instrument_id = ANY($2::text[]) AND o.side = 'SELL'
           AND o.product = ANY($3::text[]) AND o.is_open) AS open_sell,
       today.sold_today, today.position_net,
       (SELECT COALESCE(sum(GREATEST(LEAST(o.edis_reserved_qty, o.quantity - o.filled_qty), 0)), 0)::bigint FROM orders o
         WHERE o.client_id = $1 AND o.edis_isin = $4 AND o.is_open) AS reserved
     FROM (SELECT GREATEST(COALESCE(sum(p.sell_qty - p.buy_qty), 0), 0)::bigint AS sold_today,
                  COALESCE(sum(p.carry_qty + p.buy_qty - p.sell_qty), 0)::bigint AS position_net
             FROM positions p
            WHERE p.client_id = $1 AND p.instrument_id = ANY($2::text[]) AND p.product = ANY($3::text[])) today
     LEFT JOIN holdings h ON h.client_id = $1 AND h.isin = $4`,
    [clientId, ids, DEMAT_SELL_PRODUCTS, isin],
  );
  const row = rows[0];
  const holdingQty = row?.quantity ?? 0;
  const pledgedQty = row?.pledged_qty ?? 0;
  const openSellQty = row?.open_sell ?? 0;
  const soldTodayQty = row?.sold_today ?? 0;
  const positionNet = row?.position_net ?? 0;
  const sellableQty = Math.max(holdingQty - pledgedQty + positionNet - openSellQty, 0);
  const edisApprovedQty = await edisApprovedQuantity(q, clientId, isin, tradingDay);
  return {
    isin,
    holdingQty,
    pledgedQty,
    openSellQty,
    soldTodayQty,
    freeQty: Math.max(holdingQty - pledgedQty - openSellQty - soldTodayQty, 0),
    sellableQty,
    boughtUnsoldQty: Math.max(Math.min(positionNet - openSellQty, sellableQty), 0),
    nonPoa: row?.poa_free ?? false,
    edisApprovedQty,
    edisAvailableQty: Math.max(edisApprovedQty - (row?.reserved ?? 0), 0),
  };
}

/** Free quantity of a holding: quantity - pledged - open sells - sold today (0 when not held). */
export async function freeHoldingQuantity(
  q: Queryable,
  market: Market,
  clientId: number,
  isin: string,
  tradingDay: string,
): Promise<number> {
  return (await holdingSellCheck(q, market, clientId, isin, tradingDay)).freeQty;
}

/** Quantity approved through e-DIS for this ISIN and trading day and not yet used by an executed sell. */
export async function edisApprovedQuantity(
  q: Queryable,
  clientId: number,
  isin: string,
  tradingDay: string,
): Promise<number> {
  const { rows } = await q.query<{ qty: number }>(
    `SELECT COALESCE(sum(quantity - used_qty), 0)::bigint AS qty FROM edis_approvals
      WHERE client_id = $1 AND isin = $2 AND trading_day = $3::date AND status = 'APPROVED'`,
    [clientId, isin, tradingDay],
  );
  return rows[0]?.qty ?? 0;
}

/**
 * Uses approved e-DIS quantity when a non-POA sell executes (oldest approval first); call it inside the fill's
 * transaction. Answers the quantity consumed, which is less than asked when the approvals do not cover it.
 */
export async function consumeEdisQuantity(
  q: Queryable,
  clientId: number,
  isin: string,
  quantity: number,
  tradingDay: string,
): Promise<number> {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) return 0;
  const { rows } = await q.query<{ id: number; left: number }>(
    `SELECT id, quantity - used_qty AS left FROM edis_approvals
      WHERE client_id = $1 AND isin = $2 AND trading_day = $3::date AND status = 'APPROVED' AND used_qty < quantity
      ORDER BY approved_at, id FOR UPDATE`,
    [clientId, isin, tradingDay],
  );
  let remaining = quantity;
  for (const approval of rows) {
    if (remaining === 0) break;
    const take = Math.min(approval.left, remaining);
    await q.query('UPDATE edis_approvals SET used_qty = used_qty + $2 WHERE id = $1', [approval.id, take]);
    remaining -= take;
  }
  return quantity - remaining;
}
