import type { Queryable } from '../../db/pool.ts';
import { LEDGER_EXPIRY, REALISED_PNL_NARRATION } from '../../services/rms/funds.ts';

/** A bank account linked to one of the client's demat accounts (the demat account's id names it). */
export interface LinkedBankRow {
  demat_account_id: number;
  bank_name: string;
  bank_account: string;
}

/** The client's linked banks, one per bank account (the first demat account that names it). */
export async function listLinkedBanks(q: Queryable, clientId: number): Promise<LinkedBankRow[]> {
  const { rows } = await q.query<LinkedBankRow>(
    `SELECT DISTINCT ON (bank_account) id::int AS demat_account_id, bank_name, bank_account
       FROM demat_accounts
      WHERE client_id = $1 AND bank_account IS NOT NULL AND bank_name IS NOT NULL
      ORDER BY bank_account, id`,
    [clientId],
  );
  return rows.sort((a, b) => a.demat_account_id - b.demat_account_id);
}

export async function findLinkedBank(
  q: Queryable,
  clientId: number,
  dematAccountId: number,
): Promise<LinkedBankRow | null> {
  const { rows } = await q.query<LinkedBankRow>(
    `SELECT id::int AS demat_account_id, bank_name, bank_account FROM demat_accounts
      WHERE client_id = $1 AND id = $2 AND bank_account IS NOT NULL AND bank_name IS NOT NULL`,
    [clientId, dematAccountId],
  );
  return rows[0] ?? null;
}

export interface ClientContact {
  email: string;
  mobile: string;
}

export async function clientContact(q: Queryable, clientId: number): Promise<ClientContact> {
  const { rows } = await q.query<ClientContact>('SELECT email, mobile FROM clients WHERE id = $1', [clientId]);
  return rows[0] ?? { email: '', mobile: '' };
}

/**
 * Credits of today (IST) the exchange pays only at settlement (T+1): delivery sale proceeds, and the day's net realised
 * profit of intraday and F&O trades and of expired contracts' final settlement (a net loss is already out of the
 * ledger and holds nothing back).
 */
export async function unsettledCredits(q: Queryable, clientId: number): Promise<number> {
  const { rows } = await q.query<{ sales: string; realised: string }>(
    `SELECT COALESCE(sum(amount_paise) FILTER (WHERE amount_paise > 0 AND narration LIKE 'Sold %'), 0) AS sales,
            COALESCE(sum(amount_paise) FILTER (WHERE narration LIKE $2 || ' %'), 0) AS realised
       FROM ledger_entries
      WHERE client_id = $1 AND ref_type IN ('trade', $3)
        AND created_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')`,
    [clientId, REALISED_PNL_NARRATION, LEDGER_EXPIRY],
  );
  return Number(rows[0]?.sales ?? 0) + Math.max(0, Number(rows[0]?.realised ?? 0));
}

/** Pay-ins of today (IST) that succeeded or may still succeed: they count against the daily limit. */
export async function payInsToday(q: Queryable, clientId: number): Promise<number> {
  const { rows } = await q.query<{ total: string }>(
    `SELECT COALESCE(sum(amount_paise), 0) AS total FROM fund_payins
      WHERE client_id = $1 AND status IN ('PENDING', 'SUCCESS')
        AND created_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')`,
    [clientId],
  );
  return Number(rows[0]?.total ?? 0);
}

/** One pay-in or pay-out as the log shows it; times already IST text. */
export interface TransferRow {
  reference: string;
  direction: 'PAYIN' | 'PAYOUT';
  status: 'PENDING' | 'SUCCESS' | 'FAILED' | 'PROCESSED' | 'CANCELLED';
  amount_paise: string;
  /** What the pay-out run paid; null for a pay-in and until the run. */
  paid_paise: string | null;
  bank_name: string;
  bank_account: string;
  mode: string;
  requested_at: string;
  completed_at: string | null;
  gateway_trans_id: string | null;
}

const IST = (column: string) => `to_char(${column} AT TIME ZONE 'Asia/Kolkata', 'DD-MM-YYYY HH24:MI:SS')`;

const TRANSFERS = `
  SELECT reference, 'PAYIN' AS direction, status, amount_paise, NULL::bigint AS paid_paise, bank_name, bank_account, mode,
         ${IST('created_at')} AS requested_at, ${IST('completed_at')} AS completed_at, gateway_trans_id,
         client_id, created_at, id
    FROM fund_payins
  UNION ALL
  SELECT reference, 'PAYOUT', status, amount_paise, paid_paise, bank_name, bank_account, 'NEFT',
         ${IST('created_at')}, ${IST('completed_at')}, NULL, client_id, created_at, id
    FROM fund_payouts`;

const TRANSFER_COLUMNS =
  'reference, direction, status, amount_paise, paid_paise, bank_name, bank_account, mode, requested_at, completed_at, gateway_trans_id';

export async function listTransfers(q: Queryable, clientId: number, limit: number): Promise<TransferRow[]> {
  const { rows } = await q.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM (${TRANSFERS}) t WHERE client_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [clientId, limit],
  );
  return rows;
}

export async function listPendingPayouts(q: Queryable, clientId: number): Promise<TransferRow[]> {
  const { rows } = await q.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM (${TRANSFERS}) t
      WHERE client_id = $1 AND direction = 'PAYOUT' AND status = 'PENDING' ORDER BY created_at DESC, id DESC`,
    [clientId],
  );
  return rows;
}

export async function findTransfer(
  q: Queryable,
  clientId: number,
  direction: 'PAYIN' | 'PAYOUT',
  reference: string,
): Promise<TransferRow | null> {
  const { rows } = await q.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM (${TRANSFERS}) t WHERE client_id = $1 AND direction = $2 AND reference = $3`,
    [clientId, direction, reference],
  );
  return rows[0] ?? null;
}

export interface NewPayIn {
  reference: string;
  clientId: number;
  bank: LinkedBankRow;
  mode: string;
  amountPaise: number;
  atomTokenId: string;
  appId: string;
}

export async function insertPayIn(q: Queryable, p: NewPayIn): Promise<void> {
  await q.query(
    `INSERT INTO fund_payins (reference, client_id, demat_account_id, bank_name, bank_account, mode, amount_paise, atom_token_id, app_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      p.reference,
      p.clientId,
      p.bank.demat_account_id,
      p.bank.bank_name,
      p.bank.bank_account,
      p.mode,
      p.amountPaise,
      p.atomTokenId,
      p.appId,
    ],
  );
}

/** Settles a pending pay-in once; null when no pending pay-in has this gateway token (not ours, or already settled). */
export async function settlePayIn(
  q: Queryable,
  atomTokenId: string,
  status: 'SUCCESS' | 'FAILED',
  transId: string,
  reason: string | null,
): Promise<{ client_id: number; reference: string; amount_paise: number } | null> {
  const { rows } = await q.query<{ client_id: string; reference: string; amount_paise: string }>(
    `UPDATE fund_payins SET status = $2, gateway_trans_id = $3, failure_reason = $4, completed_at = now()
      WHERE atom_token_id = $1 AND status = 'PENDING'
      RETURNING client_id, reference, amount_paise`,
    [atomTokenId, status, transId, reason],
  );
  const row = rows[0];
  return row
    ? { client_id: Number(row.client_id), reference: row.reference, amount_paise: Number(row.amount_paise) }
    : null;
}

/** The provider's token of the client's pay-in; null when it is not the client's. */
export async function payInToken(q: Queryable, clientId: number, reference: string): Promise<string | null> {
  const { rows } = await q.query<{ atom_token_id: string }>(
    'SELECT atom_token_id FROM fund_payins WHERE client_id = $1 AND reference = $2',
    [clientId, reference],
  );
  return rows[0]?.atom_token_id ?? null;
}

/** The provider's tokens of the pay-ins still pending that were opened before the instant, oldest first. */
export async function pendingPayInTokens(q: Queryable, openedBefore: Date): Promise<string[]> {
  const { rows } = await q.query<{ atom_token_id: string }>(
    "SELECT atom_token_id FROM fund_payins WHERE status = 'PENDING' AND created_at < $1 ORDER BY id",
    [openedBefore],
  );
  return rows.map((r) => r.atom_token_id);
}

export async function payInClient(q: Queryable, atomTokenId: string): Promise<number | null> {
  const { rows } = await q.query<{ client_id: string }>('SELECT client_id FROM fund_payins WHERE atom_token_id = $1', [
    atomTokenId,
  ]);
  return rows[0] ? Number(rows[0].client_id) : null;
}

export async function insertPayOut(
  q: Queryable,
  p: { reference: string; clientId: number; bank: LinkedBankRow; amountPaise: number },
): Promise<void> {
  await q.query(
    `INSERT INTO fund_payouts (reference, client_id, demat_account_id, bank_name, bank_account, amount_paise)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [p.reference, p.clientId, p.bank.demat_account_id, p.bank.bank_name, p.bank.bank_account, p.amountPaise],
  );
}

/** Cancels a pending pay-out of the client; null when it is not pending (or not the client's). */
export async function cancelPayOut(
  q: Queryable,
  clientId: number,
  reference: string,
): Promise<{ amount_paise: number } | null> {
  const { rows } = await q.query<{ amount_paise: string }>(
    `UPDATE fund_payouts SET status = 'CANCELLED', completed_at = now()
      WHERE client_id = $1 AND reference = $2 AND status = 'PENDING' RETURNING amount_paise`,
    [clientId, reference],
  );
  return rows[0] ? { amount_paise: Number(rows[0].amount_paise) } : null;
}

/** A pending pay-out of the client, locked for the pay-out run; null when it is no longer pending. */
export async function lockPendingPayOut(
  q: Queryable,
  clientId: number,
  reference: string,
): Promise<{ amount_paise: number } | null> {
  const { rows } = await q.query<{ amount_paise: string }>(
    `SELECT amount_paise FROM fund_payouts WHERE client_id = $1 AND reference = $2 AND status = 'PENDING' FOR UPDATE`,
    [clientId, reference],
  );
  return rows[0] ? { amount_paise: Number(rows[0].amount_paise) } : null;
}

/** Records the run's payment of a pending pay-out: PROCESSED with what was paid, or CANCELLED when that is nothing. */
export async function recordPayOutPaid(q: Queryable, reference: string, paidPaise: number): Promise<void> {
  await q.query(
    `UPDATE fund_payouts SET status = CASE WHEN $2::bigint > 0 THEN 'PROCESSED' ELSE 'CANCELLED' END,
            paid_paise = $2, completed_at = now()
      WHERE reference = $1 AND status = 'PENDING'`,
    [reference, paidPaise],
  );
}

/** Pending pay-outs, oldest first; with `requestedBefore`, only those requested before that instant. */
export async function pendingPayOutRefs(
  q: Queryable,
  requestedBefore: Date | null,
): Promise<{ client_id: number; reference: string }[]> {
  const { rows } = await q.query<{ client_id: string; reference: string }>(
    `SELECT client_id, reference FROM fund_payouts
      WHERE status = 'PENDING' AND ($1::timestamptz IS NULL OR created_at < $1)
      ORDER BY id`,
    [requestedBefore],
  );
  return rows.map((r) => ({ client_id: Number(r.client_id), reference: r.reference }));
}

export interface SegmentHoldingRow {
  segment: string;
  open_orders: number;
  blocked_paise: number;
  open_positions: number;
  used_paise: number;
}

/**
 * Per segment, the client's open orders and the margin they block, and its open positions and the margin they hold
 * (the RMS keeps only the totals on the funds row; each order and position row carries its own share).
 */
export async function segmentHoldings(q: Queryable, clientId: number): Promise<SegmentHoldingRow[]> {
  const { rows } = await q.query<SegmentHoldingRow>(
    `SELECT segment, sum(open_orders)::int AS open_orders, sum(blocked_paise)::bigint AS blocked_paise,
            sum(open_positions)::int AS open_positions, sum(used_paise)::bigint AS used_paise
       FROM (SELECT segment, count(*) AS open_orders, sum(blocked_margin_paise) AS blocked_paise,
                    0 AS open_positions, 0 AS used_paise
               FROM orders WHERE client_id = $1 AND is_open GROUP BY segment
             UNION ALL
             SELECT segment, 0, 0, count(*) FILTER (WHERE carry_qty + buy_qty - sell_qty <> 0), sum(margin_paise)
               FROM positions WHERE client_id = $1 GROUP BY segment) s
      GROUP BY segment`,
    [clientId],
  );
  return rows;
}

/** Now as the transfers' times are shown: IST "dd-mm-yyyy HH:MM:SS". */
export async function istNow(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ now: string }>(`SELECT ${IST('now()')} AS now`);
  return rows[0]!.now;
}
