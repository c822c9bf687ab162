import type { OpeningLot } from '@kite/domain';
import type { Queryable } from '../../db/pool.ts';
import { TRADE_PARTS } from '../../services/portfolio/trade-parts.ts';
import { LEDGER_EXPIRY, REALISED_PNL_NARRATION } from '../../services/rms/funds.ts';

/**
 * SQL of the reports: read-only, over the records the order path and funds write (ledger_entries, trades with their
 * charges_detail, orders, holdings, opening_lots, client_funds, clients). Every statement filters on the session's client id.
 * Dates are IST calendar dates yyyy-mm-dd.
 */

export interface LedgerRow {
  amount_paise: number;
  narration: string;
  ref_type: string;
  ref_id: string | null;
  created_at: Date;
  /** IST calendar date yyyy-mm-dd. */
  day: string;
}

/** The balance now and every entry from `from` (IST) on, oldest first: the opening is the balance less these. */
export async function ledgerSince(
  q: Queryable,
  clientId: number,
  from: string,
): Promise<{ balance: number; entries: LedgerRow[] }> {
  const funds = await q.query<{ ledger_balance_paise: number }>(
    'SELECT ledger_balance_paise FROM client_funds WHERE client_id = $1',
    [clientId],
  );
  const { rows } = await q.query<LedgerRow>(
    `SELECT amount_paise, narration, ref_type, ref_id, created_at,
            to_char((created_at AT TIME ZONE 'Asia/Kolkata')::date, 'YYYY-MM-DD') AS day
       FROM ledger_entries
      WHERE client_id = $1 AND (created_at AT TIME ZONE 'Asia/Kolkata')::date >= $2::date
      ORDER BY created_at, id`,
    [clientId, from],
  );
  return { balance: funds.rows[0]?.ledger_balance_paise ?? 0, entries: rows };
}

export interface TradeRow {
  trade_id: number;
  exchange_trade_id: string;
  order_no: string;
  exchange_order_id: string | null;
  instrument_id: string;
  order_instrument_id: string;
  display_symbol: string;
  segment: string;
  exchange: string;
  product: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  price: number;
  price_decimals: 2 | 4;
  charges: Record<string, number>;
  traded_at: Date;
  day: string;
}

const TRADE_COLUMNS = `t.id AS trade_id, t.exchange_trade_id, o.order_no, o.exchange_order_id, t.instrument_id,
  o.instrument_id AS order_instrument_id, o.display_symbol, o.segment, t.exchange, t.product, t.side, t.quantity,
  t.price, o.price_decimals, t.charges_detail AS charges, t.traded_at,
  to_char((t.traded_at AT TIME ZONE 'Asia/Kolkata')::date, 'YYYY-MM-DD') AS day`;

/** The client's trades of one IST day, in time order. */
export async function tradesOn(q: Queryable, clientId: number, day: string): Promise<TradeRow[]> {
  const { rows } = await q.query<TradeRow>(
    `SELECT ${TRADE_COLUMNS} FROM ${TRADE_PARTS} t JOIN orders o ON o.id = t.order_id AND o.client_id = t.client_id
      WHERE t.client_id = $1 AND (t.traded_at AT TIME ZONE 'Asia/Kolkata')::date = $2::date
      ORDER BY t.traded_at, t.id, t.part`,
    [clientId, day],
  );
  return rows;
}

/** The client's trades between two IST days inclusive, in time order. */
export async function tradesBetween(q: Queryable, clientId: number, from: string, to: string): Promise<TradeRow[]> {
  const { rows } = await q.query<TradeRow>(
    `SELECT ${TRADE_COLUMNS} FROM ${TRADE_PARTS} t JOIN orders o ON o.id = t.order_id AND o.client_id = t.client_id
      WHERE t.client_id = $1 AND (t.traded_at AT TIME ZONE 'Asia/Kolkata')::date BETWEEN $2::date AND $3::date
      ORDER BY t.traded_at, t.id, t.part`,
    [clientId, from, to],
  );
  return rows;
}

/** The client's equity trades up to and including `to` (IST), in time order: all of them, as FIFO needs. */
export async function equityTradesUntil(q: Queryable, clientId: number, to: string): Promise<TradeRow[]> {
  const { rows } = await q.query<TradeRow>(
    `SELECT ${TRADE_COLUMNS} FROM ${TRADE_PARTS} t JOIN orders o ON o.id = t.order_id AND o.client_id = t.client_id
      WHERE t.client_id = $1 AND o.segment = 'equity' AND (t.traded_at AT TIME ZONE 'Asia/Kolkata')::date <= $2::date
      ORDER BY t.traded_at, t.id, t.part`,
    [clientId, to],
  );
  return rows;
}

/** Average price (paise) of each of the client's holdings, by symbol: the cost of a delivery sale beyond every lot. */
export async function holdingAverages(q: Queryable, clientId: number): Promise<Map<string, number>> {
  const { rows } = await q.query<{ symbol: string; avg_price_paise: number }>(
    'SELECT symbol, avg_price_paise FROM holdings WHERE client_id = $1',
    [clientId],
  );
  return new Map(rows.map((r) => [r.symbol, r.avg_price_paise]));
}

/**
 * The shares of each security held before the records (opening_lots, as seeding stored them), oldest first; a lot's
 * day is its purchase date as an IST day number, null when not known.
 */
export async function openingLots(q: Queryable, clientId: number): Promise<Map<string, OpeningLot[]>> {
  const { rows } = await q.query<{ symbol: string; day: number | null; quantity: number; price_paise: number }>(
    `SELECT symbol, acquired_on - DATE '1970-01-01' AS day, quantity, price_paise FROM opening_lots
      WHERE client_id = $1 ORDER BY acquired_on NULLS FIRST, id`,
    [clientId],
  );
  const lots = new Map<string, OpeningLot[]>();
  for (const r of rows) {
    const of = lots.get(r.symbol) ?? [];
    of.push({ day: r.day, quantity: r.quantity, pricePaise: r.price_paise });
    lots.set(r.symbol, of);
  }
  return lots;
}

export async function clientOf(
  q: Queryable,
  clientId: number,
): Promise<{ name: string; user_id: string; pan: string } | undefined> {
  const { rows } = await q.query<{ name: string; user_id: string; pan: string }>(
    'SELECT name, user_id, pan FROM clients WHERE id = $1',
    [clientId],
  );
  return rows[0];
}

export interface MasterRow {
  user_id: string;
  name: string;
  pan: string;
  mobile: string;
  email: string;
  equity_flag: string;
  fno_permission: string;
  cds_nse_permission: string;
  commodity_flag_mcx: string;
  commodity_flag_ncdex: string;
  created_at: Date;
}

export async function masterOf(
  q: Queryable,
  clientId: number,
): Promise<{ client: MasterRow | undefined; demats: DematRow[] }> {
  const client = await q.query<MasterRow>(
    `SELECT user_id, name, pan, mobile, email, equity_flag, fno_permission, cds_nse_permission, commodity_flag_mcx,
            commodity_flag_ncdex, created_at FROM clients WHERE id = $1`,
    [clientId],
  );
  const demats = await q.query<DematRow>(
    'SELECT dp_type, dp_id, dp_account, poa, bank_name, bank_account FROM demat_accounts WHERE client_id = $1 ORDER BY id',
    [clientId],
  );
  return { client: client.rows[0], demats: demats.rows };
}

export interface DematRow {
  dp_type: string;
  dp_id: string;
  dp_account: string;
  poa: boolean;
  bank_name: string | null;
  bank_account: string | null;
}

/**
 * The realised P&L services/oms/fills.ts books to the ledger for a margin product's fill: narration
 * `REALISED_PNL_NARRATION <symbol>`, ref_type 'trade', ref_id '<order no>/<exchange trade id>'. An expired contract's
 * final settlement (oms/expiry-settlement.ts) books it with the same narration, ref_type LEDGER_EXPIRY and ref_id
 * '<segment>/<instrument id>': no order stands behind it.
 */
const REALISED_NARRATION = `${REALISED_PNL_NARRATION} %`;

export interface BookedRealisedRow {
  segment: string;
  display_symbol: string;
  realised: number;
}

/**
 * The realised P&L the ledger booked between two IST days, by segment and symbol: a trade's under its order's (a
 * spread under its own name), an expiry settlement's under the contract's.
 */
export async function bookedRealised(
  q: Queryable,
  clientId: number,
  from: string,
  to: string,
): Promise<BookedRealisedRow[]> {
  const { rows } = await q.query<BookedRealisedRow>(
    `SELECT segment, display_symbol, sum(amount_paise)::bigint AS realised FROM (
       SELECT o.segment, o.display_symbol, l.amount_paise
         FROM ledger_entries l
         JOIN orders o ON o.id = order_id_of(split_part(l.ref_id, '/', 1)) AND o.order_no = split_part(l.ref_id, '/', 1)
                     AND o.client_id = l.client_id
        WHERE l.client_id = $1 AND l.ref_type = 'trade' AND l.narration LIKE $4
          AND (l.created_at AT TIME ZONE 'Asia/Kolkata')::date BETWEEN $2::date AND $3::date
       UNION ALL
       SELECT split_part(l.ref_id, '/', 1), substr(l.narration, length($5::text) + 2), l.amount_paise
         FROM ledger_entries l
        WHERE l.client_id = $1 AND l.ref_type = $6 AND l.narration LIKE $4
          AND (l.created_at AT TIME ZONE 'Asia/Kolkata')::date BETWEEN $2::date AND $3::date
     ) booked
      GROUP BY segment, display_symbol
      ORDER BY display_symbol`,
    [clientId, from, to, REALISED_NARRATION, REALISED_PNL_NARRATION, LEDGER_EXPIRY],
  );
  return rows;
}
