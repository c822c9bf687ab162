import { tokenKey, type Exchange, type Instrument, type KnownTokens } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';

/** Every instrument token kept so far (migration 0040), by `tokenKey(exchange, trading symbol)`. */
export async function loadInstrumentTokens(db: Queryable): Promise<KnownTokens> {
  const { rows } = await db.query<{ exchange: Exchange; trading_symbol: string; token: number }>(
    'SELECT exchange, trading_symbol, token FROM instrument_tokens',
  );
  return new Map(rows.map((r) => [tokenKey(r.exchange, r.trading_symbol), r.token]));
}

/**
 * Keeps the tokens a market numbered, in one statement. A contract already kept under the same token is left as it
 * is (a start that numbered it the same way); one kept under another token, or a token another contract holds, means
 * another process listed from other tokens: an error, as ids saved from here on would name the wrong contracts.
 */
export async function saveInstrumentTokens(db: Queryable, numbered: readonly Instrument[]): Promise<void> {
  if (numbered.length === 0) return;
  const columns = [numbered.map((i) => i.exc), numbered.map((i) => i.trSymbol), numbered.map((i) => i.token)];
  const inserted = await db.query(
    `INSERT INTO instrument_tokens (exchange, trading_symbol, token)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
     ON CONFLICT DO NOTHING`,
    columns,
  );
  if (inserted.rowCount === numbered.length) return;
  const { rows } = await db.query<{ kept: number }>(
    `SELECT count(*)::int AS kept FROM instrument_tokens t
       JOIN unnest($1::text[], $2::text[], $3::int[]) AS n(exchange, trading_symbol, token)
         ON t.exchange = n.exchange AND t.trading_symbol = n.trading_symbol AND t.token = n.token`,
    columns,
  );
  if (rows[0]!.kept !== numbered.length)
    throw new Error(
      `${numbered.length - rows[0]!.kept} instrument tokens were kept for other contracts by another process`,
    );
}
