import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { orderPayload, priceOffLast, rupees, symOf } from '../../modules/trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { DEFAULT_LANES, GroupCommit } from './group-commit.ts';

// A lane's batch of placements goes in rounds: the first placement of each client in one statement, the second of
// each in the next, and so on. Until session 22 only the first of each client shared the statement, and every further
// one took a transaction of its own, one after the other: with a backlog (clients with several orders waiting) the
// lane slowed as it grew, and the open loop of the order-entry bench fell behind at about half the closed loop's rate.
let t: TestApp;
const ORDERS_EACH = 4;

/** Executions of the placement statement and how many placements each carried. */
function placementStatements(): number[] {
  return vi
    .mocked(pg.Client.prototype.query)
    .mock.calls.map(([config]) => config as unknown as { name?: string; values?: unknown[] })
    .filter((config) => config.name === 'oms-placements')
    .map((config) => (config.values![2] as number[]).length);
}

describe("a lane's placements", () => {
  let lane: { userId: string; id: number; cookie: string }[];
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off', ORDER_RATE_MAX_PER_CLIENT: '1000' });
    // Copies of DEMO1 (its password, every permission) with funds; the test uses those of one lane.
    const { rows } = await t.db.query<{ id: string; user_id: string }>(
      `INSERT INTO clients (user_id, name, pan, birth_year, mobile, email, password_hash, tpin_hash, equity_flag, bse_permission, fno_permission)
       SELECT 'ROUND' || n, name, 'ROUND' || lpad(n::text, 4, '0') || 'Z', birth_year, mobile, 'round' || n || '@kite-india.example',
              password_hash, tpin_hash, 'Y', 'Y', 'Y'
         FROM clients, generate_series(1, 8) AS n WHERE user_id = 'DEMO1'
       RETURNING id, user_id`,
    );
    await t.db.query(
      `INSERT INTO client_funds (client_id, ledger_balance_paise) SELECT id, 1000000000 FROM clients WHERE user_id LIKE 'ROUND%'`,
    );
    const first = Number(rows[0]!.id) % DEFAULT_LANES;
    const same = rows.filter((r) => Number(r.id) % DEFAULT_LANES === first).slice(0, 4);
    lane = [];
    for (const r of same) lane.push({ userId: r.user_id, id: Number(r.id), cookie: await signIn(t, r.user_id) });
  });
  afterAll(() => t.close());

  it("put each client's k-th placement in the k-th statement of the batch", async () => {
    const [blocker, ...clients] = lane;
    expect(clients.length).toBe(3);
    const sym = symOf(t, 'NSE', 'SBIN-EQ');
    const resting = orderPayload(sym, { limitPrice: rupees(priceOffLast(t, sym, 95)) });
    const queued = vi.spyOn(GroupCommit.prototype, 'writeCombined');
    const placementsQueued = () => queued.mock.calls.filter(([, kind]) => kind.kind === 'placement').length;
    vi.spyOn(pg.Client.prototype, 'query');
    const holder = await t.db.connect();
    try {
      // The lane's first batch waits on the blocker's funds row, so that every other placement queues behind it.
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM client_funds WHERE client_id = $1 FOR UPDATE', [blocker!.id]);
      const first = t.call('/Trade/AddOrder', resting, { cookie: blocker!.cookie });
      await vi.waitFor(() => expect(placementStatements()).toEqual([1]));
      const rest = clients.flatMap((client) =>
        Array.from({ length: ORDERS_EACH }, () => t.call('/Trade/AddOrder', resting, { cookie: client.cookie })),
      );
      await vi.waitFor(() => expect(placementsQueued()).toBe(1 + clients.length * ORDERS_EACH));
      await holder.query('COMMIT');

      const answers = await Promise.all([first, ...rest]);
      expect(answers.map((a) => a.infoID)).toEqual(answers.map(() => '0'));
      // One statement a round, each with one placement of every client.
      expect(placementStatements()).toEqual([1, ...Array.from({ length: ORDERS_EACH }, () => clients.length)]);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      holder.release();
      vi.restoreAllMocks();
    }
    const { rows } = await t.db.query<{ user_id: string; n: string }>(
      `SELECT c.user_id, count(*)::text AS n FROM orders o JOIN clients c ON c.id = o.client_id
        WHERE c.user_id LIKE 'ROUND%' GROUP BY c.user_id ORDER BY c.user_id`,
    );
    expect(rows).toEqual(
      [blocker!, ...clients]
        .map((c) => ({ user_id: c.userId, n: c === blocker ? '1' : String(ORDERS_EACH) }))
        .sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
  });
});
