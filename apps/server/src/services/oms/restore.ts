import { hasStopLossTrigger } from '@kite/domain';
import { istDay, type Market } from '@kite/exchange';
import { inTransaction } from '../../db/pool.ts';
import { needsCashSql } from '../rms/funds.ts';
import { ACCEPTANCES } from './event-application.ts';
import type { OmsCore } from './oms-core.ts';
import { orderDay } from './order-day.ts';
import { eventSql, STOP_FIRED } from './order-events.ts';
import { orderColumns, orderOf, type OrderRecord } from './order-record.ts';

/** The reason written on orders expired at start (README "Restart"). */
export const EXPIRED_REASON = 'Expired at end of day';

export interface RestoreReport {
  /** Exchange session number of this process (trade ids are unique across sessions with it). */
  session: number;
  restored: number;
  expired: number;
}

function expired(market: Market, order: OrderRecord, today: number, todayIso: string): boolean {
  if (order.validity === 'VTD') return order.vtdDate !== null && order.vtdDate < todayIso;
  return orderDay(market.calendar, order) < today;
}

/**
 * At start the in-memory exchange is empty while the database still holds open orders (a restart or a crash):
 * - REQUEST SENT or OUTSTANDING of an earlier trading day (DAY, IOC, a VTD past its date): expired as end of day
 *   would.
 * - every other REQUEST SENT and OUTSTANDING order (partly filled, cover/bracket legs, AMOs, stops, VTDs): submitted
 *   again in their original time order for their remaining quantity, keeping order number and margin block; the
 *   exchange numbers them anew. A REQUEST SENT order is one whose placement was committed, so one the client may
 *   have been told about (an order is answered once its placement commits): the exchange's report of it, if any,
 *   was lost with the process, so it is sent as if for the first time.
 *   A stop that fired before (TRIGGERED in its log) goes back in its fired form, as does one whose trigger the
 *   price crossed while the server was down (the exchange would have fired it).
 * Expiring is one transaction and the acceptances one statement (multi-row), so a start with thousands of resting
 * orders stays within seconds.
 */
export async function restoreOpenOrders(core: OmsCore): Promise<RestoreReport> {
  const db = core.deps.db;
  const sessionRow = await db.query<{ session: number }>("SELECT nextval('exchange_session_seq')::int AS session");
  const session = sessionRow.rows[0]?.session ?? 1;
  core.setExchangeSession(session);

  const market = core.market;
  const now = core.deps.clock.now();
  const today = market.calendar.onOrAfter(istDay(now));
  const todayIso = core.tradingDate();
  const { rows } = await db.query(`SELECT ${orderColumns()} FROM orders WHERE is_open ORDER BY created_at, id`);
  const open = rows.map((r) => orderOf(r as Record<string, unknown>));
  const expiring: OrderRecord[] = [];
  const resting: OrderRecord[] = [];
  for (const order of open) (expired(market, order, today, todayIso) ? expiring : resting).push(order);
  if (expiring.length > 0) await expireAll(core, expiring);

  const triggered = new Set<number>();
  if (resting.length > 0) {
    const fired = await db.query<{ order_id: number }>(
      `SELECT id AS order_id FROM orders WHERE id = ANY($1::bigint[]) AND ${STOP_FIRED}`,
      [resting.map((o) => o.id)],
    );
    for (const r of fired.rows) triggered.add(Number(r.order_id));
    await db.query(
      'UPDATE orders SET exchange_order_id = NULL, exchange_filled_base = filled_qty WHERE id = ANY($1::bigint[])',
      [resting.map((o) => o.id)],
    );
  }
  core.gatherAcceptances();
  const firstReports = resting.map((order) => {
    const restored: OrderRecord = { ...order, exchangeOrderId: null, exchangeFilledBase: order.filledQty };
    const fired = triggered.has(order.id) || triggerCrossed(market, restored);
    return core.submit(restored, { triggered: fired });
  });
  // The acceptances in one statement (a client's reports otherwise apply one after the other); the other reports
  // (rejections, and trades where prices moved across a limit while the server was down) apply in the queues.
  await core.applyGathered(async (accepted) => {
    if (accepted.size === 0) return;
    const items = [...accepted].map(([ref, exchangeOrderId]) => ({ ref, exchangeOrderId }));
    await inTransaction(db, (tx) => ACCEPTANCES.many(tx, items));
  });
  const outcomes = await Promise.allSettled(firstReports);
  const failed = outcomes.find((o) => o.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  await core.settled();
  return {
    session,
    restored: resting.length,
    expired: expiring.length,
  };
}

/** An untriggered stop whose trigger the last price has passed: the exchange would refuse it as a stop. */
function triggerCrossed(market: Market, order: OrderRecord): boolean {
  if (!hasStopLossTrigger(order.orderType)) return false;
  market.book(order.instrumentId);
  const last = market.priceBand(order.instrumentId)?.lastPrice;
  if (last === undefined) return false;
  return order.side === 'BUY' ? order.triggerPrice <= last : order.triggerPrice >= last;
}

/** Expires orders without the exchange in one transaction: status, reason, block released, an EXPIRED event each. */
async function expireAll(core: OmsCore, orders: OrderRecord[]): Promise<void> {
  const ids = orders.map((order) => order.id);
  await inTransaction(core.deps.db, async (tx) => {
    // Funds rows first (the lock order of every funds change), then the order rows.
    await tx.query(
      'SELECT 1 FROM client_funds WHERE client_id IN (SELECT DISTINCT client_id FROM orders WHERE id = ANY($1::bigint[])) ORDER BY client_id FOR UPDATE',
      [ids],
    );
    await tx.query(
      `UPDATE client_funds f SET blocked_margin_paise = f.blocked_margin_paise - b.blocked,
              cash_blocked_paise = f.cash_blocked_paise - b.cash_blocked, updated_at = now()
         FROM (SELECT client_id, sum(blocked_margin_paise) AS blocked,
                      COALESCE(sum(blocked_margin_paise) FILTER (WHERE ${needsCashSql('orders')}), 0) AS cash_blocked
                 FROM orders WHERE id = ANY($1::bigint[]) AND is_open GROUP BY client_id) b
        WHERE f.client_id = b.client_id`,
      [ids],
    );
    await tx.query(
      `UPDATE orders SET status = 'CANCELLED', reject_reason = $2, blocked_margin_paise = 0, updated_at = now(),
              closed_at = now(), events = events || ${eventSql(`'EXPIRED'`, `'CANCELLED'`, '$2::text')}
        WHERE id = ANY($1::bigint[]) AND is_open`,
      [ids, EXPIRED_REASON],
    );
  });
}
