import type { Queryable } from '../../db/pool.ts';

/** The IST day of the database's clock, which stamps orders and trades (as the order book reads "today"). */
const IST_TODAY = `date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata'`;

/** SQL of the information calls (db/migrations/0019_information.sql; audit_log, orders, order_events, trades). */

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
  id: string;
  at: Date;
  order_no: string;
  side: 'BUY' | 'SELL';
  display_symbol: string;
  exchange: string;
  price_decimals: 2 | 4;
  status: string;
  action: string;
  quantity: string;
  price: string;
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

/** A client's ($1) order state changes of the IST day, newest first, at most $2; read through order_events_client_day. */
export const ORDER_EVENTS_OF_DAY = `SELECT e.id::text, e.created_at AS at, o.order_no, o.side, o.display_symbol, o.exchange,
            o.price_decimals, e.status, e.action, e.quantity::text, e.price::text, COALESCE(e.detail->>'reason', '') AS reason
       FROM order_events e JOIN orders o ON o.id = e.order_id AND o.client_id = e.client_id
      WHERE e.client_id = $1 AND e.created_at >= ${IST_TODAY} AND e.action <> 'TRADE'
      ORDER BY e.created_at DESC, e.id DESC LIMIT $2`;

/** The client's order state changes of the IST day, newest first. */
export async function listOrderEvents(q: Queryable, clientId: number, limit: number): Promise<OrderEventRow[]> {
  const { rows } = await q.query<OrderEventRow>(ORDER_EVENTS_OF_DAY, [clientId, limit]);
  return rows;
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
