import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/pool.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { GroupCommit, MAX_BATCH, type Combinable } from './group-commit.ts';

/** Rows written by the lanes under test, with the transaction that wrote each (xmin). */
async function written(t: TestApp): Promise<{ tag: string; tx: string }[]> {
  const { rows } = await t.db.query<{ tag: string; tx: string }>(
    'SELECT tag, xmin::text AS tx FROM group_commit_probe ORDER BY id',
  );
  return rows;
}

describe('group commit (README "Group commit")', () => {
  let t: TestApp;
  const calls: { kind: string; items: string[]; inTransaction: boolean }[] = [];

  /** A kind whose many inserts every item in one statement and records how it was called. */
  function kind(name: string, rank: number, singleStatement = false, leads = false): Combinable<string, string> {
    return {
      kind: name,
      rank,
      singleStatement,
      leads,
      many: async (tx: Queryable, items: string[]) => {
        calls.push({ kind: name, items, inTransaction: tx !== t.db });
        if (items.includes('boom')) throw new Error('a failing write');
        await tx.query('INSERT INTO group_commit_probe (tag) SELECT unnest($1::text[])', [items]);
        return items.map((item) => `${name}:${item}`);
      },
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.query('CREATE TABLE group_commit_probe (id BIGSERIAL PRIMARY KEY, tag TEXT NOT NULL)');
  });
  afterAll(() => t.close());

  it('runs the writes of one kind queued in the same turn as one statement in one transaction, in rank order', async () => {
    calls.length = 0;
    await t.db.query('TRUNCATE group_commit_probe');
    const lanes = new GroupCommit(t.db, 1);
    const fills = kind('fill', 2);
    const accepts = kind('accept', 0);
    const answers = await Promise.all([
      lanes.writeCombined(1, fills, 'f1'),
      lanes.writeCombined(2, accepts, 'a1'),
      lanes.writeCombined(3, fills, 'f2'),
      lanes.write(4, async (tx) => {
        await tx.query("INSERT INTO group_commit_probe (tag) VALUES ('plain')");
        return 'plain';
      }),
    ]);
    expect(answers).toEqual(['fill:f1', 'accept:a1', 'fill:f2', 'plain']);
    expect(calls).toEqual([
      { kind: 'accept', items: ['a1'], inTransaction: true },
      { kind: 'fill', items: ['f1', 'f2'], inTransaction: true },
    ]);
    const rows = await written(t);
    expect(rows.map((r) => r.tag)).toEqual(['a1', 'f1', 'f2', 'plain']);
    expect(new Set(rows.map((r) => r.tx)).size).toBe(1);
  });

  it('a batch of one single-statement kind runs without a transaction around it', async () => {
    calls.length = 0;
    const lanes = new GroupCommit(t.db, 1);
    const accepts = kind('accept', 0, true);
    expect(await Promise.all([lanes.writeCombined(1, accepts, 'x'), lanes.writeCombined(2, accepts, 'y')])).toEqual([
      'accept:x',
      'accept:y',
    ]);
    expect(calls).toEqual([{ kind: 'accept', items: ['x', 'y'], inTransaction: false }]);
  });

  it('a failing write fails alone: the batch is rolled back and its other writes commit one by one', async () => {
    calls.length = 0;
    await t.db.query('TRUNCATE group_commit_probe');
    const lanes = new GroupCommit(t.db, 1);
    const fills = kind('fill', 2);
    const outcomes = await Promise.allSettled([
      lanes.writeCombined(1, fills, 'ok1'),
      lanes.writeCombined(2, fills, 'boom'),
      lanes.writeCombined(3, fills, 'ok2'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await written(t);
    expect(rows.map((r) => r.tag)).toEqual(['ok1', 'ok2']);
    expect(new Set(rows.map((r) => r.tx)).size).toBe(2);
  });

  it('a unit of writes is never split across batches, however long the queue', async () => {
    await t.db.query('TRUNCATE group_commit_probe');
    const lanes = new GroupCommit(t.db, 1);
    const fills = kind('fill', 2);
    // The unit starts a few writes before a batch's limit, so it must run past it.
    const before = Array.from({ length: MAX_BATCH - 4 }, (_, i) => lanes.writeCombined(1, fills, `q${i}`));
    const unit = lanes.writeCombinedAll(
      2,
      Array.from({ length: 10 }, (_, i) => ({ with: fills as Combinable<unknown, unknown>, item: `u${i}` })),
    );
    await Promise.all(before);
    const outcomes = await unit;
    expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
    const rows = await written(t);
    const unitRows = rows.filter((r) => r.tag.startsWith('u'));
    expect(unitRows.map((r) => r.tag)).toEqual(Array.from({ length: 10 }, (_, i) => `u${i}`));
    expect(new Set(unitRows.map((r) => r.tx)).size).toBe(1);
  });

  it('runs leading writes in a batch of their own ahead of the others, then lets the others go next', async () => {
    calls.length = 0;
    const lanes = new GroupCommit(t.db, 1);
    const fills = kind('fill', 2);
    const places = kind('place', 1, true, true);
    // The first write starts a batch alone; what arrives while it runs waits: reports first, then placements.
    const running = lanes.writeCombined(1, fills, 'f0');
    await Promise.resolve();
    const waiting = [
      lanes.writeCombined(2, fills, 'f1'),
      lanes.writeCombined(3, places, 'p1'),
      lanes.writeCombined(4, fills, 'f2'),
      lanes.writeCombined(5, places, 'p2'),
    ];
    await running;
    // Placements keep coming while the leading batch runs: the waiting reports still go before them.
    await new Promise((resolve) => setImmediate(resolve));
    const later = lanes.writeCombined(6, places, 'p3');
    await Promise.all([...waiting, later]);
    expect(calls).toEqual([
      { kind: 'fill', items: ['f0'], inTransaction: true },
      { kind: 'place', items: ['p1', 'p2'], inTransaction: false },
      { kind: 'fill', items: ['f1', 'f2'], inTransaction: true },
      { kind: 'place', items: ['p3'], inTransaction: false },
    ]);
  });
});
