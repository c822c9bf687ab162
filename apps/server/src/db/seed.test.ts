import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { seedDemoData } from './seed.ts';

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds the demo clients once, with funds and holdings in paise, and returns their logins', async () => {
    const logins = await seedDemoData(t.db);
    expect(logins.map((l) => l.userId)).toEqual(['DEMO1', 'DEMO2', 'DEMO3', 'DORMANT1']);
    expect(logins.every((l) => l.password === 'Demo@1234')).toBe(true);
    expect(await seedDemoData(t.db)).toEqual(logins);
    const clients = await t.db.query('SELECT count(*)::int AS n FROM clients');
    expect(clients.rows[0].n).toBe(4);
    const funds = await t.db.query(`SELECT f.ledger_balance_paise FROM client_funds f JOIN clients c ON c.id = f.client_id WHERE c.user_id = 'DEMO1'`);
    expect(funds.rows[0].ledger_balance_paise).toBe(100_000_000);
    const holdings = await t.db.query(
      `SELECT h.symbol, h.quantity, h.avg_price_paise, h.poa_free FROM holdings h JOIN clients c ON c.id = h.client_id WHERE c.user_id = $1 ORDER BY h.symbol`,
      ['DEMO2'],
    );
    expect(holdings.rows).toContainEqual({ symbol: 'SBIN', quantity: 100, avg_price_paise: 81_240, poa_free: true });
    const hash = await t.db.query(`SELECT password_hash FROM clients WHERE user_id = 'DEMO1'`);
    expect(hash.rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });
});
