import { availableMarginOf, cashAvailableOf, needsCash, type MarginSources } from '@kite/domain';
import type { Queryable } from '../../db/pool.ts';

/** A client's funds row (paise) as the RMS sees it, read under lock (ARCHITECTURE.md "An order": the row is the lock). */
export interface Funds extends MarginSources {
  /** ledger + collateral - blocked - used: what an intraday or F&O order may use. */
  available: number;
  /** What a delivery buy or money out may use: collateral never funds them (cashAvailableOf). */
  cash: number;
}

interface FundsRow {
  ledger_balance_paise: string;
  collateral_paise: string;
  blocked_margin_paise: string;
  used_margin_paise: string;
  cash_blocked_paise: string;
}

function fundsOf(row: FundsRow): Funds {
  const sources: MarginSources = {
    ledger: Number(row.ledger_balance_paise),
    collateral: Number(row.collateral_paise),
    blocked: Number(row.blocked_margin_paise),
    used: Number(row.used_margin_paise),
    cashBlocked: Number(row.cash_blocked_paise),
  };
  return { ...sources, available: availableMarginOf(sources), cash: cashAvailableOf(sources) };
}

const COLUMNS = 'ledger_balance_paise, collateral_paise, blocked_margin_paise, used_margin_paise, cash_blocked_paise';

/**
 * Locks the client's client_funds row for the rest of the transaction (SELECT ... FOR UPDATE): every change of a
 * client's margin goes through here first, so concurrent orders of one client are decided one after the other.
 */
export async function lockFunds(tx: Queryable, clientId: number): Promise<Funds> {
  const { rows } = await tx.query<FundsRow>({
    name: 'rms-lock-funds',
    text: `SELECT ${COLUMNS} FROM client_funds WHERE client_id = $1 FOR UPDATE`,
    values: [clientId],
  });
  let row = rows[0];
  if (!row) {
    const inserted = await tx.query<FundsRow>(
      `INSERT INTO client_funds (client_id) VALUES ($1) ON CONFLICT (client_id) DO UPDATE SET updated_at = now() RETURNING ${COLUMNS}`,
      [clientId],
    );
    row = inserted.rows[0];
  }
  if (!row) throw new Error('client_funds row missing');
  return fundsOf(row);
}

export async function readFunds(q: Queryable, clientId: number): Promise<Funds> {
  const { rows } = await q.query<FundsRow>(`SELECT ${COLUMNS} FROM client_funds WHERE client_id = $1`, [clientId]);
  const row = rows[0];
  return row
    ? fundsOf(row)
    : fundsOf({
        ledger_balance_paise: '0',
        collateral_paise: '0',
        blocked_margin_paise: '0',
        used_margin_paise: '0',
        cash_blocked_paise: '0',
      });
}

export interface FundsChange {
  blocked?: number;
  /** The part of `blocked` that only cash may cover (a delivery buy's block, a pay-out): moved with it. */
  cashBlocked?: number;
  used?: number;
  ledger?: number;
}

/** A change of a block only cash may cover (a delivery buy's, a pay-out's): both figures move together. */
export function cashOnlyBlock(paise: number): FundsChange {
  return { blocked: paise, cashBlocked: paise };
}

/** A change of an order's block: a delivery buy's is cash-only (needsCash). */
export function blockChange(order: { product: string; side: string }, paise: number): FundsChange {
  return needsCash(order) ? cashOnlyBlock(paise) : { blocked: paise };
}

/** SQL: whether the order row `alias` is one whose block only cash may cover (needsCash). */
export const needsCashSql = (alias: string): string => `(${alias}.product = 'CASH' AND ${alias}.side = 'BUY')`;

/**
 * SQL: what a client's cash-only block must equal, recomputed from the rows (its open delivery buys' blocks and its
 * pending pay-outs), for the client whose id is the SQL expression `clientId`. The reconciliations read it; migration
 * 0031 started the column from the same sums.
 */
export const cashCommitmentsSql = (clientId: string): string =>
  `((SELECT COALESCE(sum(o.blocked_margin_paise), 0) FROM orders o
      WHERE o.client_id = ${clientId} AND o.is_open AND ${needsCashSql('o')})
    + (SELECT COALESCE(sum(p.amount_paise), 0) FROM fund_payouts p
        WHERE p.client_id = ${clientId} AND p.status = 'PENDING'))::bigint`;

/** Applies signed deltas to the locked row (the CHECK constraints refuse a negative block or use). */
export async function changeFunds(tx: Queryable, clientId: number, change: FundsChange): Promise<void> {
  const blocked = change.blocked ?? 0;
  const cashBlocked = change.cashBlocked ?? 0;
  const used = change.used ?? 0;
  const ledger = change.ledger ?? 0;
  if (blocked === 0 && cashBlocked === 0 && used === 0 && ledger === 0) return;
  await tx.query(
    `UPDATE client_funds SET blocked_margin_paise = blocked_margin_paise + $2, cash_blocked_paise = cash_blocked_paise + $3,
            used_margin_paise = used_margin_paise + $4, ledger_balance_paise = ledger_balance_paise + $5, updated_at = now()
      WHERE client_id = $1`,
    [clientId, blocked, cashBlocked, used, ledger],
  );
}

/** ledger_entries.ref_type of money the client moves in and out (fund transfer); Margin Details and reports read them. */
export const LEDGER_PAYIN = 'FUNDS_PAYIN';
export const LEDGER_PAYOUT = 'FUNDS_PAYOUT';
/**
 * ledger_entries.ref_type of an expired contract's final settlement (oms/expiry-settlement.ts): its realised P&L (with
 * the trades' narration) and the STT on exercise, ref_id '<positions.segment>/<instrument id>'.
 */
export const LEDGER_EXPIRY = 'EXPIRY';
/**
 * ledger_entries.ref_type of the charges difference when equity trades end the day in another product than they were
 * booked in (portfolio/transfer-charges.ts), ref_id '<instrument id>/<trading day>'.
 */
export const LEDGER_CHARGES = 'CHARGES';
/** The narration of a margin product's realised P&L posting (then the symbol); the reports find those postings by it. */
export const REALISED_PNL_NARRATION = 'Realised P&L';

/** A ledger movement (charges, delivery settlement, realised P&L) with its row in ledger_entries. */
export async function postLedger(
  tx: Queryable,
  clientId: number,
  amountPaise: number,
  narration: string,
  ref: { type: string; id: string },
): Promise<void> {
  if (amountPaise === 0) return;
  await changeFunds(tx, clientId, { ledger: amountPaise });
  await tx.query(
    'INSERT INTO ledger_entries (client_id, amount_paise, narration, ref_type, ref_id) VALUES ($1, $2, $3, $4, $5)',
    [clientId, amountPaise, narration, ref.type, ref.id],
  );
}

/**
 * Funds changes and ledger postings of one fill, gathered so the fill writes them with its other rows in one
 * statement (fills.ts; the funds row is already locked by then): one round trip instead of one per change.
 */
export class FundsDelta {
  blocked = 0;
  cashBlocked = 0;
  used = 0;
  ledger = 0;
  readonly entries: { amount: number; narration: string; ref: { type: string; id: string } }[] = [];

  change(change: FundsChange): void {
    this.blocked += change.blocked ?? 0;
    this.cashBlocked += change.cashBlocked ?? 0;
    this.used += change.used ?? 0;
    this.ledger += change.ledger ?? 0;
  }

  /** A ledger movement (as postLedger), written with the fill. */
  post(amountPaise: number, narration: string, ref: { type: string; id: string }): void {
    if (amountPaise === 0) return;
    this.ledger += amountPaise;
    this.entries.push({ amount: amountPaise, narration, ref });
  }
}
