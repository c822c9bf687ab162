import type { IdeaCallStatus, IdeaCategory, IdeaSegment } from '@kite/domain';
import type { Queryable } from '../../db/pool.ts';
import type { VendorCall } from '../../adapters/research-vendor/research-vendor.ts';

/** SQL of stored research calls (`0018_content.sql`): public content; times shown in IST. */

export interface CallRow {
  callid: number;
  segment: IdeaSegment;
  category: IdeaCategory;
  subcategory: string;
  exchange: string;
  tr_symbol: string;
  calltype: 'BUY' | 'SELL';
  price_decimals: 2 | 4;
  entry_units: number;
  target1_units: number;
  target2_units: number | null;
  stoploss_units: number | null;
  sent_ms: number;
  /** End of the expiry day (IST), epoch ms. */
  expiry_end_ms: number;
  description: string;
  status: Exclude<IdeaCallStatus, 'Expired'>;
  status_ms: number | null;
}

export async function storedKeys(q: Queryable, prefixes: readonly string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ vendor_key: string }>(
    `SELECT vendor_key FROM research_calls WHERE split_part(vendor_key, ':', 1) || ':' || split_part(vendor_key, ':', 2) = ANY($1::text[])`,
    [prefixes],
  );
  return new Set(rows.map((r) => r.vendor_key));
}

export async function insertCalls(q: Queryable, calls: readonly VendorCall[]): Promise<void> {
  for (const c of calls) {
    await q.query(
      `INSERT INTO research_calls (vendor_key, segment, category, subcategory, exchange, tr_symbol, calltype,
         price_decimals, entry_units, target1_units, target2_units, stoploss_units, sent_at, expiry_day, description)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, to_timestamp($13 / 1000.0),
               DATE '1970-01-01' + $14::int, $15)
       ON CONFLICT (vendor_key) DO NOTHING`,
      [
        c.vendorKey,
        c.segment,
        c.category,
        c.subcategory,
        c.exchange,
        c.trSymbol,
        c.calltype,
        c.priceDecimals,
        c.entry,
        c.target1,
        c.target2,
        c.stoploss,
        c.sentAt,
        c.expiryDay,
        c.description,
      ],
    );
  }
}

/** A segment's calls of a category (one call type, or all when null) sent by `until`, newest first. */
export async function listCalls(
  q: Queryable,
  filter: { segment: IdeaSegment; category: IdeaCategory; subcategory: string | null },
  limit: number,
  until: number,
): Promise<CallRow[]> {
  const { rows } = await q.query<CallRow>(
    `SELECT callid, segment, category, subcategory, exchange, tr_symbol, calltype, price_decimals::int AS price_decimals,
            entry_units, target1_units, target2_units, stoploss_units,
            (extract(epoch FROM sent_at) * 1000)::bigint AS sent_ms,
            (extract(epoch FROM ((expiry_day + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')) * 1000)::bigint AS expiry_end_ms,
            description, status, (extract(epoch FROM status_at) * 1000)::bigint AS status_ms
       FROM research_calls
      WHERE segment = $1 AND category = $2 AND ($3::text IS NULL OR subcategory = $3)
        AND sent_at <= to_timestamp($5 / 1000.0)
      ORDER BY sent_at DESC, callid DESC LIMIT $4`,
    [filter.segment, filter.category, filter.subcategory, limit, until],
  );
  return rows;
}

/** Records the first hit of a call; a call already settled keeps its first status. */
export async function settleCall(
  q: Queryable,
  callid: number,
  status: Exclude<IdeaCallStatus, 'Open'>,
  at: number,
): Promise<void> {
  await q.query(
    `UPDATE research_calls SET status = $2, status_at = to_timestamp($3 / 1000.0) WHERE callid = $1 AND status = 'Open'`,
    [callid, status, at],
  );
}
