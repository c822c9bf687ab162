import type { MarketState } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';

/** The market state saved last for this seed, or null. */
export async function loadMarketState(db: Queryable, seed: number): Promise<MarketState | null> {
  const { rows } = await db.query<{ state: MarketState }>('SELECT state FROM market_state WHERE seed = $1', [seed]);
  return rows[0]?.state ?? null;
}

/** Replaces the seed's saved state. */
export async function saveMarketState(db: Queryable, seed: number, state: MarketState): Promise<void> {
  await db.query(
    `INSERT INTO market_state (seed, state) VALUES ($1, $2)
     ON CONFLICT (seed) DO UPDATE SET state = excluded.state, saved_at = now()`,
    [seed, JSON.stringify(state)],
  );
}
