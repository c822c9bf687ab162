import type { Queryable } from '../../db/pool.ts';
import { TRADE_PARTS } from '../../services/portfolio/trade-parts.ts';

/**
 * SQL of the profit and loss viewers; every statement is scoped by the session's client id. It reads what the order
 * path and settlement write (holdings, positions, trades); it writes nothing.
 */

/** Today's trades (IST day), as the trade book counts them (order-book.ts listTrades). */
const TODAY = `traded_at >= date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata'`;

/** The charges the footnotes' rates include (investing.md 2): brokerage, GST and the exchange transaction charge. */
const RATE_CHARGES = `COALESCE((charges_detail->>'brokerage')::bigint, 0) + COALESCE((charges_detail->>'gstOnBrokerage')::bigint, 0)
  + COALESCE((charges_detail->>'transactionCharge')::bigint, 0)`;

export interface DematHolding {
  exchange: string;
  isin: string;
  quantity: number;
  avgPricePaise: number;
  updatedAt: Date;
}

export async function dematHoldings(q: Queryable, clientId: number, isin: string | null): Promise<DematHolding[]> {
  const { rows } = await q.query<{
    exchange: string;
    isin: string;
    quantity: number;
    avg_price_paise: number;
    updated_at: Date;
  }>(
    `SELECT exchange, isin, quantity, avg_price_paise, updated_at FROM holdings
      WHERE client_id = $1 AND ($2::text IS NULL OR isin = $2) ORDER BY symbol`,
    [clientId, isin],
  );
  return rows.map((r) => ({
    exchange: r.exchange,
    isin: r.isin,
    quantity: r.quantity,
    avgPricePaise: r.avg_price_paise,
    updatedAt: r.updated_at,
  }));
}

export interface ChargeSum {
  instrumentId: string;
  product: string;
  side: 'BUY' | 'SELL';
  /** Paise. */
  charges: number;
}

/** Today's rate charges per instrument, product and side (the product each trade's quantity ended the day in). */
export async function todaysRateCharges(q: Queryable, clientId: number): Promise<ChargeSum[]> {
  const { rows } = await q.query<{ instrument_id: string; product: string; side: 'BUY' | 'SELL'; charges: number }>(
    `SELECT instrument_id, product, side, sum(${RATE_CHARGES})::bigint AS charges FROM ${TRADE_PARTS} t
      WHERE client_id = $1 AND ${TODAY} GROUP BY instrument_id, product, side`,
    [clientId],
  );
  return rows.map((r) => ({ instrumentId: r.instrument_id, product: r.product, side: r.side, charges: r.charges }));
}

export interface TradeRecord {
  side: 'BUY' | 'SELL';
  instrumentId: string;
  quantity: number;
  price: number;
  /** Paise: brokerage + GST + transaction charge. */
  charges: number;
  tradedAt: Date;
}

/** Today's trades of the client in some instruments and products (as they ended the day: trade-parts.ts), oldest first. */
export async function todaysTrades(
  q: Queryable,
  clientId: number,
  instrumentIds: readonly string[],
  products: readonly string[] | null,
): Promise<TradeRecord[]> {
  const { rows } = await q.query<{
    side: 'BUY' | 'SELL';
    instrument_id: string;
    quantity: number;
    price: number;
    charges: number;
    traded_at: Date;
  }>(
    `SELECT side, instrument_id, quantity, price, (${RATE_CHARGES})::bigint AS charges, traded_at FROM ${TRADE_PARTS} t
      WHERE client_id = $1 AND instrument_id = ANY($2::text[]) AND ($3::text[] IS NULL OR product = ANY($3::text[]))
        AND ${TODAY}
      ORDER BY traded_at, id, part`,
    [clientId, instrumentIds, products],
  );
  return rows.map((r) => ({
    side: r.side,
    instrumentId: r.instrument_id,
    quantity: r.quantity,
    price: r.price,
    charges: r.charges,
    tradedAt: r.traded_at,
  }));
}
