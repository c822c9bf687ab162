import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../db/pool.ts';
import type {
  CompleteAnswer,
  GatewayOutcome,
  GatewayStatus,
  GatewayTransaction,
  OpenTransaction,
  OutcomeListener,
  PaymentGateway,
} from './payment-gateway.ts';

/** The provider's payment window in the web app, opened with ?atomTokenID=&merchID= (platform.md 2.2 /atom-payment). */
export const SIMULATED_GATEWAY_PAGE = '/atom-payment';

export const SIMULATED_SUCCESS_MESSAGE = 'Transaction successful';
export const SIMULATED_DECLINE_MESSAGE = 'Transaction declined by the payer';
export const SIMULATED_TIMEOUT_MESSAGE = 'Transaction timed out';

interface Row {
  atom_token_id: string;
  merch_id: string;
  merchant_name: string;
  reference: string;
  amount_paise: number;
  status: GatewayStatus;
  return_url: string;
  trans_id: string | null;
  message: string | null;
}

function toTransaction(row: Row): GatewayTransaction {
  return {
    atomTokenID: row.atom_token_id,
    merchId: row.merch_id,
    merchantName: row.merchant_name,
    reference: row.reference,
    amountPaise: row.amount_paise,
    status: row.status,
    returnUrl: row.return_url,
    outcome:
      row.status === 'PENDING'
        ? null
        : {
            atomTokenID: row.atom_token_id,
            status: row.status,
            transID: row.trans_id ?? '',
            msg: row.message ?? '',
            returnUrl: row.return_url,
          },
  };
}

/** The default provider: its own ledger in PostgreSQL; the payer decides in the popup whether the payment succeeds. */
export class SimulatedPaymentGateway implements PaymentGateway {
  private readonly listeners: OutcomeListener[] = [];

  constructor(private readonly db: Db) {}

  onOutcome(listener: OutcomeListener): void {
    this.listeners.push(listener);
  }

  async open(transaction: OpenTransaction): Promise<{ atomTokenID: string }> {
    const atomTokenID = `ATOM${Date.now()}${randomBytes(6).toString('hex').toUpperCase()}`;
    await this.db.query(
      `INSERT INTO sim_gateway_transactions
         (atom_token_id, merch_id, merchant_name, reference, amount_paise, email, mobile, return_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        atomTokenID,
        transaction.merchId,
        transaction.merchantName,
        transaction.reference,
        transaction.amountPaise,
        transaction.email,
        transaction.mobile,
        transaction.returnUrl,
      ],
    );
    return { atomTokenID };
  }

  async find(atomTokenID: string, merchId: string): Promise<GatewayTransaction | null> {
    const { rows } = await this.db.query<Row>(
      'SELECT * FROM sim_gateway_transactions WHERE atom_token_id = $1 AND merch_id = $2',
      [atomTokenID, merchId],
    );
    return rows[0] ? toTransaction(rows[0]) : null;
  }

  async complete(atomTokenID: string, merchId: string, choice: 'pay' | 'fail'): Promise<CompleteAnswer> {
    return choice === 'pay'
      ? this.settle(atomTokenID, merchId, 'SUCCESS', SIMULATED_SUCCESS_MESSAGE)
      : this.settle(atomTokenID, merchId, 'FAILED', SIMULATED_DECLINE_MESSAGE);
  }

  async expireAbandoned(openedBefore: Date): Promise<number> {
    const { rows } = await this.db.query<{ atom_token_id: string; merch_id: string }>(
      "SELECT atom_token_id, merch_id FROM sim_gateway_transactions WHERE status = 'PENDING' AND created_at < $1",
      [openedBefore],
    );
    let expired = 0;
    for (const row of rows) {
      const answer = await this.settle(row.atom_token_id, row.merch_id, 'FAILED', SIMULATED_TIMEOUT_MESSAGE);
      if (answer.ok) expired++;
    }
    return expired;
  }

  /** A pending transaction's one way out; the merchant is told before the payer is sent back. */
  private async settle(
    atomTokenID: string,
    merchId: string,
    status: 'SUCCESS' | 'FAILED',
    msg: string,
  ): Promise<CompleteAnswer> {
    const answer = await inTransaction(this.db, async (client): Promise<CompleteAnswer> => {
      const { rows } = await client.query<Row>(
        'SELECT * FROM sim_gateway_transactions WHERE atom_token_id = $1 AND merch_id = $2 FOR UPDATE',
        [atomTokenID, merchId],
      );
      const row = rows[0];
      if (!row) return { ok: false, reason: 'not-found' };
      if (row.status !== 'PENDING') return { ok: false, reason: 'already-complete' };
      const transID = String(randomInt(100_000_000, 1_000_000_000)) + String(randomInt(1000, 10_000));
      await client.query(
        'UPDATE sim_gateway_transactions SET status = $2, trans_id = $3, message = $4, completed_at = now() WHERE atom_token_id = $1',
        [atomTokenID, status, transID, msg],
      );
      const outcome: GatewayOutcome = { atomTokenID, status, transID, msg, returnUrl: row.return_url };
      return { ok: true, outcome };
    });
    if (answer.ok) for (const listener of this.listeners) await listener(answer.outcome);
    return answer;
  }
}
