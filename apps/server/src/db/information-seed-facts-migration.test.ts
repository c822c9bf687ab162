import { describe, expect, it } from 'vitest';
import { migrate } from './migrate.ts';
import { databaseBefore } from './migration-test-support.ts';

const MIGRATION = '0034_information_seed_facts.sql';

// The information seed (0019) said NIFTY's lot was 75 and BANKNIFTY's 35 (market-facts.md 3.2: 65 and 30, as the
// market lists them), and dated corporate actions a fixed number of days from the day the database was made, so some
// fell on a weekend.
describe(`migration ${MIGRATION}`, () => {
  const database = databaseBefore(MIGRATION);

  it('states the lot sizes the market lists and moves weekend ex-dates and record dates to the next Monday', async () => {
    const db = database();
    // 2026-12-05 is a Saturday, 2026-12-06 a Sunday, 2026-12-08 a Tuesday.
    await db.query(
      `UPDATE corporate_actions SET ex_date = '2026-12-05', record_date = '2026-12-05' WHERE symbol = 'TCS'`,
    );
    await db.query(
      `UPDATE corporate_actions SET ex_date = '2026-12-06', record_date = '2026-12-06' WHERE symbol = 'INFY'`,
    );
    await db.query(
      `UPDATE corporate_actions SET ex_date = '2026-12-08', record_date = '2026-12-08' WHERE symbol = 'COALINDIA'`,
    );
    await migrate(db);

    const dates = await db.query<{ symbol: string; ex: string; record: string }>(
      `SELECT symbol, to_char(ex_date, 'YYYY-MM-DD') AS ex, to_char(record_date, 'YYYY-MM-DD') AS record
         FROM corporate_actions WHERE symbol IN ('TCS', 'INFY', 'COALINDIA') ORDER BY symbol`,
    );
    expect(dates.rows).toEqual([
      { symbol: 'COALINDIA', ex: '2026-12-08', record: '2026-12-08' },
      { symbol: 'INFY', ex: '2026-12-07', record: '2026-12-07' },
      { symbol: 'TCS', ex: '2026-12-07', record: '2026-12-07' },
    ]);
    const weekend = await db.query(
      `SELECT 1 FROM corporate_actions
        WHERE extract(isodow FROM ex_date) IN (6, 7) OR extract(isodow FROM record_date) IN (6, 7)`,
    );
    expect(weekend.rowCount).toBe(0);

    const notice = await db.query<{ message: string }>(
      `SELECT message FROM exchange_bulletin WHERE subject = 'Revision in lot sizes of index derivatives contracts'`,
    );
    expect(notice.rows).toHaveLength(1);
    expect(notice.rows[0]!.message).toContain('NIFTY contracts remains 65');
    expect(notice.rows[0]!.message).toContain('BANKNIFTY 30');
  });
});
