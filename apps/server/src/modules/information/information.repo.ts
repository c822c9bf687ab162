import type { Queryable } from '../../db/pool.ts';
import { orderEventsOf, orderLogColumns, type OrderLogColumns } from '../../services/oms/order-events.ts';

/** The IST day of the database's clock, which stamps orders and trades (as the order book reads "today"). */
const IST_TODAY = `date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata'`;

/** SQL of the information calls (db/migrations/0019_information.sql; audit_log, orders and their events, trades). */

export interface BulletinRow {
  id: string;
  exchange: 'NSE' | 'BSE' | 'MCX' | 'CDSL' | 'NSDL';
  category: string;
  subject: string;
  message: string;
  posted_at: Date;
}

export async function listBulletin(q: Queryable, limit: number): Promise<BulletinRow[]> {
  const { rows } = await q.query<BulletinRow>(
    'SELECT id::text, exchange, category, subject, message, posted_at FROM exchange_bulletin ORDER BY posted_at DESC, id DESC LIMIT $1',
    [limit],
  );
  return rows;
}

export interface CorporateActionRow {
  id: string;
  exchange: 'NSE' | 'BSE';
  symbol: string;
  company_name: string;
  action_type: 'DIVIDEND' | 'SPLIT' | 'BONUS' | 'RIGHTS' | 'BUYBACK';
  purpose: string;
  ex_date: string;
  record_date: string;
}

export async function listCorporateActions(q: Queryable, limit: number): Promise<CorporateActionRow[]> {
  const { rows } = await q.query<CorporateActionRow>(
    `SELECT id::text, exchange, symbol, company_name, action_type, purpose,
            to_char(ex_date, 'YYYY-MM-DD') AS ex_date, to_char(record_date, 'YYYY-MM-DD') AS record_date
       FROM corporate_actions ORDER BY record_date DESC, symbol, id LIMIT $1`,
    [limit],
  );
  return rows;
}

export interface LoginRow {
  id: string;
  at: Date;
  ip: string | null;
  user_agent: string | null;
  via_otp: boolean;
  session_id: string | null;
}

/** The client's successful logins, newest first (the audit row every login writes). */
export async function listLogins(q: Queryable, clientId: number, limit: number): Promise<LoginRow[]> {
  const { rows } = await q.query<LoginRow>(
    `SELECT id::text, at, ip, user_agent, COALESCE((detail->>'viaOtp')::boolean, false) AS via_otp, detail->>'sessionId' AS session_id
       FROM audit_log WHERE client_id = $1 AND event = 'login_success' ORDER BY at DESC, id DESC LIMIT $2`,
    [clientId, limit],
  );
  return rows;
}

export interface OrderEventRow {
  /** The order's id and the event's place in its log. */
  id: string;
  at: Date;
  order_no: string;
  side: 'BUY' | 'SELL';
  display_symbol: string;
  exchange: string;
  price_decimals: 2 | 4;
  status: string;
  action: string;
  quantity: number;
  price: number;
  reason: string;
}

export interface TradeRow {
  id: string;
  at: Date;
  order_no: string;
  side: 'BUY' | 'SELL';
  display_symbol: string;
  exchange: string;
  price_decimals: 2 | 4;
  quantity: string;
  price: string;
}

const eventsOfDayColumns = `o.id::text, o.order_no, o.side, o.display_symbol, o.exchange, o.price_decimals,
     ${orderLogColumns('o')}, floor(extract(epoch FROM ${IST_TODAY}) * 1000)::bigint::text AS day_start`;

/**
 * A client's ($1) orders that can hold events of the IST day, with the day's start (ms): an order changes only while
 * it is open, so these are the open ones (orders_open) and those closed today (orders_closed_day). The day's start is
 * written into the condition, not taken from a CTE: the planner cannot see a CTE's value, guessed a third of the
 * client's orders closed today and, once the rows were narrow enough (0030), hashed a scan of every order instead.
 */
export const ORDERS_WITH_EVENTS_OF_DAY = `
     SELECT ${eventsOfDayColumns} FROM orders o WHERE o.client_id = $1 AND o.is_open
     UNION ALL
     SELECT ${eventsOfDayColumns} FROM orders o WHERE o.client_id = $1 AND o.closed_at >= ${IST_TODAY}`;

/** The client's order state changes of the IST day but its trades (read from trades), newest first, at most `limit`. */
export async function listOrderEvents(q: Queryable, clientId: number, limit: number): Promise<OrderEventRow[]> {
  const { rows } = await q.query<
    OrderLogColumns & {
      id: string;
      order_no: string;
      side: 'BUY' | 'SELL';
      display_symbol: string;
      exchange: string;
      price_decimals: number;
      day_start: string;
    }
  >(ORDERS_WITH_EVENTS_OF_DAY, [clientId]);
  const found: { order: number; place: number; row: OrderEventRow }[] = [];
  for (const o of rows) {
    const dayStart = Number(o.day_start);
    orderEventsOf(o).forEach((e, place) => {
      if (e.action === 'TRADE' || e.at < dayStart) return;
      found.push({
        order: Number(o.id),
        place,
        row: {
          id: `${o.id}-${place}`,
          at: new Date(e.at),
          order_no: o.order_no,
          side: o.side,
          display_symbol: o.display_symbol,
          exchange: o.exchange,
          price_decimals: Number(o.price_decimals) === 4 ? 4 : 2,
          status: e.status,
          action: e.action,
          quantity: e.quantity,
          price: e.price,
          reason: e.reason,
        },
      });
    });
  }
  found.sort((a, b) => b.row.at.getTime() - a.row.at.getTime() || b.order - a.order || b.place - a.place);
  return found.slice(0, limit).map((f) => f.row);
}

/** The client's trades of the IST day, newest first. */
export async function listTrades(q: Queryable, clientId: number, limit: number): Promise<TradeRow[]> {
  const { rows } = await q.query<TradeRow>(
    `SELECT t.id::text, t.traded_at AS at, o.order_no, t.side, o.display_symbol, t.exchange, o.price_decimals,
            t.quantity::text, t.price::text
       FROM trades t JOIN orders o ON o.id = t.order_id AND o.client_id = t.client_id
      WHERE t.client_id = $1 AND t.traded_at >= ${IST_TODAY}
      ORDER BY t.traded_at DESC, t.id DESC LIMIT $2`,
    [clientId, limit],
  );
  return rows;
}
