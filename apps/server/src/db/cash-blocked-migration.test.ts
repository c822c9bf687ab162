import { describe, expect, it } from 'vitest';
import { migrate } from './migrate.ts';
import { databaseBefore } from './migration-test-support.ts';

const MIGRATION = '0031_cash_blocked_margin.sql';

// Delivery buys left open and pay-outs pending across the deploy that runs this migration hold cash from the first
// order after it: the new column starts at exactly what they block.
describe(`migration ${MIGRATION}`, () => {
  const database = databaseBefore(MIGRATION);

  /** An order of DEMO1 blocking `blocked` paise, as the code before this migration wrote it. */
  async function order(side: 'BUY' | 'SELL', product: string, status: string, blocked: number): Promise<void> {
    await database().query(
      `WITH n AS (SELECT nextval('orders_id_seq') AS id)
       INSERT INTO orders (id, order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment,
                           price_decimals, side, product, order_type, validity, quantity, limit_price, status,
                           blocked_margin_paise)
       SELECT n.id, order_no_of('261130', n.id), c.id, 'NSE:1', 'NSE', 'SBIN-EQ', 'SBIN', 'equity', 2, $1, $2,
              'LIMIT', 'DAY', 10, 9900, $3, $4
         FROM n, clients c WHERE c.user_id = 'DEMO1'`,
      [side, product, status, blocked],
    );
  }

  it('starts each client at its open delivery buys plus its pending pay-outs', async () => {
    await order('BUY', 'CASH', 'OUTSTANDING', 99_000);
    await order('BUY', 'CASH', 'REQUEST SENT', 1_000);
    await order('BUY', 'CASH', 'EXECUTED', 0);
    await order('BUY', 'INTRADAY', 'OUTSTANDING', 20_000);
    await order('SELL', 'CASH', 'OUTSTANDING', 0);
    await database().query(
      `INSERT INTO fund_payouts (reference, client_id, demat_account_id, bank_name, bank_account, amount_paise, status)
       SELECT 'PO-' || s, c.id, (SELECT min(d.id) FROM demat_accounts d WHERE d.client_id = c.id), 'HDFC Bank',
              '50100012345678', $1, s
         FROM clients c, unnest(ARRAY['PENDING', 'PROCESSED', 'CANCELLED']) AS s
        WHERE c.user_id = 'DEMO1'`,
      [5_000],
    );
    // The funds row as the code before this migration kept it: every block in one sum.
    await database().query(
      `UPDATE client_funds f SET blocked_margin_paise = $1
         FROM clients c WHERE c.id = f.client_id AND c.user_id = 'DEMO1'`,
      [99_000 + 1_000 + 20_000 + 5_000],
    );

    await migrate(database(), MIGRATION);

    const { rows } = await database().query<{ user_id: string; cash_blocked: number }>(
      `SELECT c.user_id, f.cash_blocked_paise AS cash_blocked FROM client_funds f JOIN clients c ON c.id = f.client_id
        WHERE c.user_id IN ('DEMO1', 'DEMO2') ORDER BY c.user_id`,
    );
    expect(rows).toEqual([
      { user_id: 'DEMO1', cash_blocked: 99_000 + 1_000 + 5_000 },
      { user_id: 'DEMO2', cash_blocked: 0 },
    ]);
    await expect(
      database().query(
        `UPDATE client_funds f SET cash_blocked_paise = blocked_margin_paise + 1
           FROM clients c WHERE c.id = f.client_id AND c.user_id = 'DEMO1'`,
      ),
    ).rejects.toThrow(/client_funds_cash_blocked_within_blocked/);
  });
});
