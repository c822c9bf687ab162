import type { Queryable } from '../../db/pool.ts';

/** SQL of the demat-charges payment pages. Money in paise. */

export interface DematChargeAccount {
  dematAccNo: string;
  clientName: string;
  mobile: string;
  email: string;
  totalDuePaise: number;
  serviceChargePaise: number;
  gstPercHundredths: number;
}

export type PaymentStatus = 'LOOKED_UP' | 'INITIATED' | 'SUCCESS' | 'FAILED';

export interface DematPayment {
  id: number;
  ibRefNo: string;
  dematAccNo: string;
  totalDuePaise: number;
  serviceChargePaise: number;
  gstPercHundredths: number;
  totalPayPaise: number;
  status: PaymentStatus;
  atomTokenId: string | null;
}

const accountColumns = `demat_acc_no AS "dematAccNo", client_name AS "clientName", mobile, email,
  total_due_paise AS "totalDuePaise", service_charge_paise AS "serviceChargePaise", gst_perc_hundredths AS "gstPercHundredths"`;

const paymentColumns = `id, ib_ref_no AS "ibRefNo", demat_acc_no AS "dematAccNo", total_due_paise AS "totalDuePaise",
  service_charge_paise AS "serviceChargePaise", gst_perc_hundredths AS "gstPercHundredths", total_pay_paise AS "totalPayPaise",
  status, atom_token_id AS "atomTokenId"`;

export async function findAccount(db: Queryable, dematAccNo: string, forUpdate = false): Promise<DematChargeAccount | null> {
  const { rows } = await db.query<DematChargeAccount>(
    `SELECT ${accountColumns} FROM demat_charge_accounts WHERE demat_acc_no = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [dematAccNo],
  );
  return rows[0] ?? null;
}

export interface NewPayment {
  ibRefNo: string;
  account: DematChargeAccount;
  totalPayPaise: number;
  tokenHash: string;
  tokenTtlMs: number;
}

export async function insertPayment(db: Queryable, p: NewPayment): Promise<void> {
  await db.query(
    `INSERT INTO demat_payments (ib_ref_no, demat_acc_no, token_hash, token_expires_at, total_due_paise,
       service_charge_paise, gst_perc_hundredths, total_pay_paise)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5, $6, $7, $8)`,
    [
      p.ibRefNo,
      p.account.dematAccNo,
      p.tokenHash,
      p.tokenTtlMs / 1000,
      p.account.totalDuePaise,
      p.account.serviceChargePaise,
      p.account.gstPercHundredths,
      p.totalPayPaise,
    ],
  );
}

/** The payment behind a live details token. */
export async function findPaymentByToken(db: Queryable, tokenHash: string, forUpdate = false): Promise<DematPayment | null> {
  const { rows } = await db.query<DematPayment>(
    `SELECT ${paymentColumns} FROM demat_payments WHERE token_hash = $1 AND token_expires_at > now()${forUpdate ? ' FOR UPDATE' : ''}`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function markInitiated(
  db: Queryable,
  id: number,
  amounts: { totalDuePaise: number; serviceChargePaise: number; gstPercHundredths: number; totalPayPaise: number },
  atomTokenId: string,
  appId: string,
): Promise<void> {
  await db.query(
    `UPDATE demat_payments SET status = 'INITIATED', atom_token_id = $2, app_id = $3, initiated_at = now(),
       total_due_paise = $4, service_charge_paise = $5, gst_perc_hundredths = $6, total_pay_paise = $7,
       trans_id = NULL, failure_reason = NULL, completed_at = NULL
     WHERE id = $1`,
    [id, atomTokenId, appId, amounts.totalDuePaise, amounts.serviceChargePaise, amounts.gstPercHundredths, amounts.totalPayPaise],
  );
}

/** Provider tokens of the account's payments initiated and not yet settled (normally at most one). */
export async function initiatedTokens(db: Queryable, dematAccNo: string): Promise<string[]> {
  const { rows } = await db.query<{ atomTokenId: string }>(
    `SELECT atom_token_id AS "atomTokenId" FROM demat_payments
      WHERE demat_acc_no = $1 AND status = 'INITIATED' AND atom_token_id IS NOT NULL ORDER BY id`,
    [dematAccNo],
  );
  return rows.map((r) => r.atomTokenId);
}

/** Settles an initiated payment once; null when no initiated payment has this provider token. */
export async function completePayment(
  db: Queryable,
  atomTokenId: string,
  status: 'SUCCESS' | 'FAILED',
  transId: string,
  reason: string | null,
): Promise<DematPayment | null> {
  const { rows } = await db.query<DematPayment>(
    `UPDATE demat_payments SET status = $2, trans_id = $3, failure_reason = $4, completed_at = now()
     WHERE atom_token_id = $1 AND status = 'INITIATED'
     RETURNING ${paymentColumns}`,
    [atomTokenId, status, transId, reason],
  );
  return rows[0] ?? null;
}

/** What a successful payment covered is no longer due. */
export async function reduceDues(db: Queryable, dematAccNo: string, duePaise: number, serviceChargePaise: number): Promise<void> {
  await db.query(
    `UPDATE demat_charge_accounts
       SET total_due_paise = GREATEST(0, total_due_paise - $2),
           service_charge_paise = GREATEST(0, service_charge_paise - $3),
           updated_at = now()
     WHERE demat_acc_no = $1`,
    [dematAccNo, duePaise, serviceChargePaise],
  );
}
