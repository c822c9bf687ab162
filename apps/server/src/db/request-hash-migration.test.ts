import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migrate } from './migrate.ts';
import { databaseBefore } from './migration-test-support.ts';

const MIGRATION = '0027_request_hash_as_bytes.sql';

// A client may retry a placement across the deploy that runs this migration: the key's stored hash must still match
// the retried request's.
describe(`migration ${MIGRATION}`, () => {
  const database = databaseBefore(MIGRATION);

  it("keeps each key's request hash, as its 32 bytes", async () => {
    const body = JSON.stringify({ qty: '5', ordType: 'market' });
    await database().query(
      `INSERT INTO idempotency_keys (client_id, key, request_hash, answer)
       SELECT id, 'before-the-deploy', $1, '{"ok": false, "code": "ORD002", "message": ""}' FROM clients WHERE user_id = 'DEMO1'`,
      [hash('sha256', body)],
    );

    await migrate(database(), MIGRATION);

    const { rows } = await database().query<{ request_hash: Buffer }>(
      "SELECT request_hash FROM idempotency_keys WHERE key = 'before-the-deploy'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.request_hash.equals(hash('sha256', body, 'buffer'))).toBe(true);
  });
});
