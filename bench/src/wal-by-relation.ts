// Where the write-ahead log of a stretch of work went: its records between two log positions, grouped by the relation
// each record's first block belongs to and by record type (pg_walinspect, shipped with PostgreSQL 15's contrib).
// A diagnostic: it tells which table or index a change of walBytesPerOrder came from.
import type pg from 'pg';
import type { Db } from '../../apps/server/src/db/pool.ts';

export interface WalShare {
  relation: string;
  record: string;
  records: number;
  bytesPerOrder: number;
}

/** The largest shares of the log between `from` and `to`, per order; null where pg_walinspect cannot be created. */
export async function walByRelation(
  admin: pg.Client,
  db: Db,
  from: string,
  to: string,
  orders: number,
): Promise<WalShare[] | null> {
  try {
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
  } catch {
    return null;
  }
  const { rows } = await admin.query<{ filenode: string | null; record: string; records: string; bytes: string }>(
    `SELECT substring(block_ref FROM 'rel \\d+/\\d+/(\\d+)') AS filenode, resource_manager || ' ' || record_type AS record,
            count(*) AS records, sum(record_length) AS bytes
       FROM pg_get_wal_records_info($1, $2)
      GROUP BY 1, 2 ORDER BY sum(record_length) DESC LIMIT 25`,
    [from, to],
  );
  // A filenode names a relation only inside its database: the scratch database's own catalogue says which.
  const names = new Map(
    (
      await db.query<{ filenode: string; name: string }>(
        `SELECT pg_relation_filenode(oid)::text AS filenode, relname AS name FROM pg_class
          WHERE pg_relation_filenode(oid) IS NOT NULL`,
      )
    ).rows.map((r) => [r.filenode, r.name]),
  );
  return rows.map((r) => ({
    relation: r.filenode === null ? '(none)' : (names.get(r.filenode) ?? `filenode ${r.filenode}`),
    record: r.record,
    records: Number(r.records),
    bytesPerOrder: Math.round(Number(r.bytes) / orders),
  }));
}
