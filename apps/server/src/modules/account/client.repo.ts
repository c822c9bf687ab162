import type { AccountDetails, ExtraFlags } from '@kite/domain';
import type { Queryable } from '../../db/pool.ts';

type Flag = 'Y' | 'N';

/** One row of clients, as stored. */
export interface ClientRow {
  id: number;
  user_id: string;
  name: string;
  pan: string;
  birth_year: number;
  mobile: string;
  email: string;
  password_hash: string;
  tpin_hash: string;
  margin_mode: string;
  mta_nse_permission: Flag;
  mta_bse_permission: Flag;
  shortsell_nse_permission: Flag;
  shortsell_bse_permission: Flag;
  equity_flag: Flag;
  bse_permission: Flag;
  fno_permission: Flag;
  fno_nse_spd_permission: Flag;
  cds_nse_permission: Flag;
  commodity_flag_mcx: Flag;
  commodity_flag_ncdex: Flag;
  shubh_plan_permission: Flag;
  fno_int_permission: Flag;
  span_permission: Flag;
  basket_order: boolean;
  new_pnl_report: boolean;
  spread_search: boolean;
  merge_eq_com: boolean;
  cug_flag: boolean;
  non_poa: boolean;
  non_poa_app_key: string | null;
  login_with_otp: boolean;
  dormant: boolean;
  locked: boolean;
  failed_attempts: number;
  mtf_status: 'none' | 'requested' | 'active';
  mtf_requested_at: Date | null;
  limit_against_holding: boolean;
  last_login_at: Date | null;
}

export interface DematRow {
  dp_type: 'CDSL' | 'NSDL';
  dp_id: string;
  dp_account: string;
  dp_api_status: Flag;
  poa: boolean;
}

export async function findClientByUserId(q: Queryable, userId: string): Promise<ClientRow | null> {
  const { rows } = await q.query<ClientRow>('SELECT * FROM clients WHERE user_id = $1', [userId]);
  return rows[0] ?? null;
}

export async function findClientById(q: Queryable, clientId: number, forUpdate = false): Promise<ClientRow | null> {
  const { rows } = await q.query<ClientRow>(`SELECT * FROM clients WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [clientId]);
  return rows[0] ?? null;
}

/** Counts a wrong password and locks the account at the limit, in one statement so parallel tries cannot slip past. */
export async function recordFailedLogin(q: Queryable, clientId: number, limit: number): Promise<{ failedAttempts: number; locked: boolean }> {
  const { rows } = await q.query<{ failed_attempts: number; locked: boolean }>(
    `UPDATE clients
        SET failed_attempts = failed_attempts + 1,
            locked = locked OR failed_attempts + 1 >= $2,
            locked_at = CASE WHEN NOT locked AND failed_attempts + 1 >= $2 THEN now() ELSE locked_at END
      WHERE id = $1
      RETURNING failed_attempts, locked`,
    [clientId, limit],
  );
  const row = rows[0];
  if (!row) throw new Error(`client ${clientId} vanished`);
  return { failedAttempts: row.failed_attempts, locked: row.locked };
}

/** Clears the failure count and stamps the login; returns the previous login time. */
export async function recordSuccessfulLogin(q: Queryable, clientId: number): Promise<Date | null> {
  const { rows } = await q.query<{ previous: Date | null }>(
    `UPDATE clients c SET failed_attempts = 0, last_login_at = now()
       FROM (SELECT last_login_at AS previous FROM clients WHERE id = $1) p
      WHERE c.id = $1
      RETURNING p.previous`,
    [clientId],
  );
  return rows[0]?.previous ?? null;
}

export async function listDemats(q: Queryable, clientId: number): Promise<DematRow[]> {
  const { rows } = await q.query<DematRow>(
    'SELECT dp_type, dp_id, dp_account, dp_api_status, poa FROM demat_accounts WHERE client_id = $1 ORDER BY id',
    [clientId],
  );
  return rows;
}

/** The Y/N segment permission flags of a client (platform.md accountDetails). */
export const PERMISSION_FLAGS = [
  'mta_nse_permission',
  'mta_bse_permission',
  'shortsell_nse_permission',
  'shortsell_bse_permission',
  'equity_flag',
  'bse_permission',
  'fno_permission',
  'fno_nse_spd_permission',
  'cds_nse_permission',
  'commodity_flag_mcx',
  'commodity_flag_ncdex',
  'shubh_plan_permission',
  'fno_int_permission',
  'span_permission',
] as const satisfies readonly (keyof ClientRow)[];

/** The client columns a client's permissions derive from (accountDetailsOf, extraFlagsOf). */
export const PERMISSION_COLUMNS = [
  'user_id',
  'margin_mode',
  ...PERMISSION_FLAGS,
  'basket_order',
  'new_pnl_report',
  'spread_search',
  'merge_eq_com',
  'non_poa',
] as const satisfies readonly (keyof ClientRow)[];

export type PermissionRow = Pick<ClientRow, (typeof PERMISSION_COLUMNS)[number]>;

export function accountDetailsOf(c: PermissionRow): AccountDetails {
  return {
    user: c.user_id,
    marginMode: c.margin_mode,
    mta_nse_permission: c.mta_nse_permission,
    mta_bse_permission: c.mta_bse_permission,
    shortsell_nse_permission: c.shortsell_nse_permission,
    shortsell_bse_permission: c.shortsell_bse_permission,
    equity_flag: c.equity_flag,
    bse_permission: c.bse_permission,
    fno_permission: c.fno_permission,
    fno_nse_spd_permission: c.fno_nse_spd_permission,
    cds_nse_permission: c.cds_nse_permission,
    commodity_flag_mcx: c.commodity_flag_mcx,
    commodity_flag_ncdex: c.commodity_flag_ncdex,
    shubh_plan_permission: c.shubh_plan_permission,
    fno_int_permission: c.fno_int_permission,
    span_permission: c.span_permission,
  };
}

export function extraFlagsOf(c: PermissionRow): ExtraFlags {
  return {
    basketOrder: c.basket_order,
    newPnlReport: c.new_pnl_report,
    spreadSearch: c.spread_search,
    mergeEqCom: c.merge_eq_com,
    nonPoa: c.non_poa,
  };
}
