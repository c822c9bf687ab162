import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbClient } from '../../db/pool.ts';
import { createSeededApp } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';
import { placedOrder, restingBuyFor } from '../../modules/trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { recordingStatements } from '../../test/statement-names.ts';
import { CLOSES, type CloseItem } from './event-application.ts';
import type { StoredOrderEvent } from './order-events.ts';

// An IOC order is accepted and cancelled at once: a third of the soak's orders. Closed one by one, each took four
// round trips inside its lane's batch and held every placement queued behind it; a batch closes them in one statement.
let t: TestApp;
let demo1: number;
let demo2: number;

async function blockedOf(client: DbClient, clientId: number): Promise<number> {
  const { rows } = await client.query<{ blocked: string }>(
    'SELECT blocked_margin_paise::text AS blocked FROM client_funds WHERE client_id = $1',
    [clientId],
  );
  return Number(rows[0]?.blocked);
}

/** An order of `clientId` holding `blocked` paise, its funds row holding them too. */
async function orderBlocking(client: DbClient, clientId: number, blocked: number, accepted = true): Promise<number> {
  await client.query('UPDATE client_funds SET blocked_margin_paise = blocked_margin_paise + $2 WHERE client_id = $1', [
    clientId,
    blocked,
  ]);
  return placedOrder(client, { ...restingBuyFor(clientId), blockedMarginPaise: blocked }, accepted);
}

function close(ref: number, clientId: number, status: CloseItem['status'], reason: string, action: string): CloseItem {
  return { ref, clientId, status, reason, action };
}

describe('a batch of closes', () => {
  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await clientIdOf(t.db, 'DEMO1');
    demo2 = await clientIdOf(t.db, 'DEMO2');
  });
  afterAll(() => t.close());

  it("closes many clients' orders in one statement and releases what each blocked", async () => {
    const client = await t.db.connect();
    try {
      await client.query('BEGIN');
      const cancelled = await orderBlocking(client, demo1, 5_000);
      const filledInFull = await orderBlocking(client, demo1, 7_000);
      await client.query('UPDATE orders SET filled_qty = quantity WHERE id = $1', [filledInFull]);
      const refused = await orderBlocking(client, demo2, 3_000, false);
      const closedBefore = await orderBlocking(client, demo1, 0);
      await client.query(`UPDATE orders SET status = 'CANCELLED' WHERE id = $1`, [closedBefore]);
      const before = { demo1: await blockedOf(client, demo1), demo2: await blockedOf(client, demo2) };

      const { tx, names } = recordingStatements(client);
      const answers = await CLOSES.many(tx, [
        close(cancelled, demo1, 'CANCELLED', '', 'CANCEL'),
        close(refused, demo2, 'REJECTED', 'Price outside the band', 'REJECTED'),
        close(filledInFull, demo1, 'CANCELLED', 'Cancelled: IOC', 'CANCELLED'),
        close(closedBefore, demo1, 'CANCELLED', '', 'CANCEL'),
        close(cancelled, demo2, 'CANCELLED', '', 'CANCEL'),
        close(999_999_999, demo1, 'CANCELLED', '', 'CANCEL'),
      ]);

      expect(names).toEqual(['oms-closes']);
      expect(answers.map((o) => o && [o.id, o.status, o.rejectReason, o.blockedMarginPaise])).toEqual([
        [cancelled, 'CANCELLED', '', 0],
        [refused, 'REJECTED', 'Price outside the band', 0],
        [filledInFull, 'EXECUTED', 'Cancelled: IOC', 0],
        null,
        // Closed by the first item already, and not demo2's order in any case.
        null,
        null,
      ]);
      expect(await blockedOf(client, demo1)).toBe(before.demo1 - 12_000);
      expect(await blockedOf(client, demo2)).toBe(before.demo2 - 3_000);

      const { rows } = await client.query<{ id: string; events: StoredOrderEvent[]; closed: boolean }>(
        'SELECT id::text, events, closed_at IS NOT NULL AS closed FROM orders WHERE id = ANY($1) ORDER BY id',
        [[cancelled, refused, filledInFull]],
      );
      const closing = new Map(rows.map((r) => [Number(r.id), [r.closed, r.events.at(-1)?.filter((_, i) => i !== 2)]]));
      expect(closing.get(cancelled)).toEqual([true, ['CANCEL', 'CANCELLED']]);
      expect(closing.get(refused)).toEqual([true, ['REJECTED', 'REJECTED', 'Price outside the band']]);
      expect(closing.get(filledInFull)).toEqual([true, ['CANCELLED', 'EXECUTED', 'Cancelled: IOC']]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
