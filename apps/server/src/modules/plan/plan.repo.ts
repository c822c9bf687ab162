import type { PlanSegment } from '@kite/domain';
import type { Queryable } from '../../db/pool.ts';

/** SQL of My Trading Plan (`0016_trading_plan.sql`); a client's rows are read and written by the session's client id. */

export interface PlanRow {
  plan_id: string;
  segment: PlanSegment;
  amount_paise: number;
  margin_funding_limit_paise: number;
  popular: boolean;
}

export async function listPlans(q: Queryable): Promise<PlanRow[]> {
  const { rows } = await q.query<PlanRow>(
    `SELECT plan_id, segment, amount_paise, margin_funding_limit_paise, popular FROM trading_plans
      ORDER BY segment, sort_order, plan_id`,
  );
  return rows;
}

export interface ClientPlanRow {
  segment: PlanSegment;
  plan_id: string;
  amount_paise: number;
  /** yyyy-mm-dd (IST). */
  start_date: string;
  end_date: string;
  auto_renew: boolean;
  next_plan_id: string | null;
  next_amount_paise: number | null;
  opt_out_on_expiry: boolean;
}

const CLIENT_PLAN_COLUMNS = `c.segment, c.plan_id, p.amount_paise, to_char(c.start_date, 'YYYY-MM-DD') AS start_date,
  to_char(c.end_date, 'YYYY-MM-DD') AS end_date, c.auto_renew, c.next_plan_id, n.amount_paise AS next_amount_paise,
  c.opt_out_on_expiry`;

const CLIENT_PLAN_FROM = `client_plans c JOIN trading_plans p ON p.plan_id = c.plan_id
  LEFT JOIN trading_plans n ON n.plan_id = c.next_plan_id`;

export async function clientPlans(q: Queryable, clientId: number): Promise<ClientPlanRow[]> {
  const { rows } = await q.query<ClientPlanRow>(
    `SELECT ${CLIENT_PLAN_COLUMNS} FROM ${CLIENT_PLAN_FROM} WHERE c.client_id = $1 ORDER BY c.segment`,
    [clientId],
  );
  return rows;
}

/** Plans whose end date is before `today` (IST yyyy-mm-dd): due for renewal or lapse; one client's or everybody's. */
export async function duePlans(
  q: Queryable,
  today: string,
  clientId: number | null,
): Promise<(ClientPlanRow & { client_id: number })[]> {
  const { rows } = await q.query<ClientPlanRow & { client_id: number }>(
    `SELECT c.client_id, ${CLIENT_PLAN_COLUMNS} FROM ${CLIENT_PLAN_FROM}
      WHERE c.end_date < $1::date AND ($2::bigint IS NULL OR c.client_id = $2)
      ORDER BY c.client_id, c.segment`,
    [today, clientId],
  );
  return rows;
}

export interface NewClientPlan {
  segment: PlanSegment;
  planId: string;
  start: string;
  end: string;
  autoRenew: boolean;
}

export async function putClientPlan(q: Queryable, clientId: number, plan: NewClientPlan): Promise<void> {
  await q.query(
    `INSERT INTO client_plans (client_id, segment, plan_id, start_date, end_date, auto_renew)
     VALUES ($1, $2, $3, $4::date, $5::date, $6)
     ON CONFLICT (client_id, segment) DO UPDATE SET plan_id = EXCLUDED.plan_id, start_date = EXCLUDED.start_date,
       end_date = EXCLUDED.end_date, auto_renew = EXCLUDED.auto_renew, next_plan_id = NULL,
       opt_out_on_expiry = false, updated_at = now()`,
    [clientId, plan.segment, plan.planId, plan.start, plan.end, plan.autoRenew],
  );
}

export interface PlanChangeFields {
  planId?: string;
  autoRenew?: boolean;
  nextPlanId?: string | null;
  optOutOnExpiry?: boolean;
}

export async function changeClientPlan(
  q: Queryable,
  clientId: number,
  segment: PlanSegment,
  change: PlanChangeFields,
): Promise<void> {
  await q.query(
    `UPDATE client_plans SET plan_id = COALESCE($3, plan_id), auto_renew = COALESCE($4, auto_renew),
            next_plan_id = CASE WHEN $5 THEN $6 ELSE next_plan_id END,
            opt_out_on_expiry = COALESCE($7, opt_out_on_expiry), updated_at = now()
      WHERE client_id = $1 AND segment = $2`,
    [
      clientId,
      segment,
      change.planId ?? null,
      change.autoRenew ?? null,
      change.nextPlanId !== undefined,
      change.nextPlanId ?? null,
      change.optOutOnExpiry ?? null,
    ],
  );
}

export async function endClientPlan(q: Queryable, clientId: number, segment: PlanSegment): Promise<void> {
  await q.query('DELETE FROM client_plans WHERE client_id = $1 AND segment = $2', [clientId, segment]);
}

export type PlanAction =
  'SUBSCRIBE' | 'CHANGE' | 'UPGRADE' | 'DOWNGRADE_ON_EXPIRY' | 'OPT_OUT_ON_EXPIRY' | 'OPT_OUT_NOW' | 'RENEW' | 'LAPSE';

export interface PlanHistoryEntry {
  segment: PlanSegment;
  planId: string;
  action: PlanAction;
  amount?: number;
  gst?: number;
  start?: string | null;
  end?: string | null;
  autoRenew?: boolean | null;
}

export async function writeHistory(q: Queryable, clientId: number, entry: PlanHistoryEntry): Promise<void> {
  await q.query(
    `INSERT INTO client_plan_history (client_id, segment, plan_id, action, amount_paise, gst_paise, start_date, end_date, auto_renew)
     VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8::date, $9)`,
    [
      clientId,
      entry.segment,
      entry.planId,
      entry.action,
      entry.amount ?? 0,
      entry.gst ?? 0,
      entry.start ?? null,
      entry.end ?? null,
      entry.autoRenew ?? null,
    ],
  );
}

/** The plan cover on IST day `day` of each client: what the order path's charges read (services/oms/fills.ts). */
export async function planCoverOn(
  q: Queryable,
  clientId: number,
  day: string,
): Promise<{ equity: boolean; fno: boolean }> {
  const { rows } = await q.query<{ segment: PlanSegment }>(
    `SELECT segment FROM client_plans WHERE client_id = $1 AND start_date <= $2::date AND end_date >= $2::date`,
    [clientId, day],
  );
  return { equity: rows.some((r) => r.segment === 'EQ'), fno: rows.some((r) => r.segment === 'FO') };
}
