import type { Queryable } from '../../db/pool.ts';

/** A client's ledger rows of expiry settlements (ref_type EXPIRY), oldest first. */
export async function expiryPostings(
  db: Queryable,
  clientId: number,
): Promise<{ narration: string; amount_paise: number; ref_id: string }[]> {
  const { rows } = await db.query<{ narration: string; amount_paise: number; ref_id: string }>(
    `SELECT narration, amount_paise::int AS amount_paise, ref_id FROM ledger_entries
      WHERE client_id = $1 AND ref_type = 'EXPIRY' ORDER BY id`,
    [clientId],
  );
  return rows;
}

/** A client's trades in an instrument: their value (price units x quantity) and charges (paise). */
export async function tradesOf(
  db: Queryable,
  clientId: number,
  instrumentId: string,
): Promise<{ value: number; charges: number }> {
  const { rows } = await db.query<{ value: string; charges: string }>(
    `SELECT COALESCE(sum(price * quantity), 0) AS value, COALESCE(sum(charges_paise), 0) AS charges
       FROM trades WHERE client_id = $1 AND instrument_id = $2`,
    [clientId, instrumentId],
  );
  return { value: Number(rows[0]!.value), charges: Number(rows[0]!.charges) };
}
