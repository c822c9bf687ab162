import type { ChartSlot, SavedChart } from '@kite/domain';
import type { Queryable } from '../../db/pool.ts';

/** SQL of chart preferences (`0014_chart_preferences.sql`); every statement is scoped by the session's client id. */

/** The client's saved chart of a slot, as stored (the caller checks it against the contract), or undefined. */
export async function findChart(q: Queryable, clientId: number, chartId: ChartSlot): Promise<unknown> {
  const { rows } = await q.query<{ preference: unknown; symObj: unknown; drawings: unknown }>(
    `SELECT preference, sym_obj AS "symObj", drawings FROM chart_preferences WHERE client_id = $1 AND chart_id = $2`,
    [clientId, chartId],
  );
  return rows[0];
}

/** Saves (inserts or replaces) the client's chart of a slot. */
export async function saveChart(q: Queryable, clientId: number, chartId: ChartSlot, chart: SavedChart): Promise<void> {
  await q.query(
    `INSERT INTO chart_preferences (client_id, chart_id, preference, sym_obj, drawings) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (client_id, chart_id) DO UPDATE
       SET preference = EXCLUDED.preference, sym_obj = EXCLUDED.sym_obj, drawings = EXCLUDED.drawings, updated_at = now()`,
    [clientId, chartId, JSON.stringify(chart.preference), JSON.stringify(chart.symObj), JSON.stringify(chart.drawings)],
  );
}
