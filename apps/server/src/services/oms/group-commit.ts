import { inTransaction, isDatabaseUnavailable, type Db, type DbClient, type Queryable } from '../../db/pool.ts';

type Work<T> = (tx: DbClient) => Promise<T>;

/**
 * Writes of one kind that a batch runs as ONE multi-row statement: `many` gets the items of every such write in the
 * batch and answers one result per item, in order.
 */
export interface Combinable<I, R> {
  kind: string;
  /** Where a batch runs this kind among the others (lower first): e.g. an order's acceptance before its fill. */
  rank: number;
  /**
   * `many` needs no transaction around it: it is a single statement, atomic on its own, or it opens its own
   * transactions for what its statement leaves (PLACEMENTS). A batch of only this kind runs without BEGIN/COMMIT.
   */
  singleStatement?: boolean;
  /**
   * Callers answer a client once this kind is committed (a placement), where other writes are only written behind
   * (execution reports): the lane runs the writes of such kinds in a batch of their own ahead of the others waiting.
   */
  leads?: boolean;
  many: (tx: Queryable, items: I[]) => Promise<R[]>;
}

interface Pending {
  work: Work<unknown>;
  /** Set on every write of a unit (writeCombinedAll) but its last: the unit is never split across batches. */
  unitContinues?: boolean;
  /** Set for a combinable write: its kind and item (work then runs it alone, for the fallback). */
  combined?: { with: Combinable<unknown, unknown>; item: unknown };
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Most writes in one transaction: bounds how long the first caller of a batch waits for its commit. At 64 the
 * order-entry bench's closed loop (100 orders in flight a lane) filled every batch of placements (63 a statement on
 * average); 128 leaves them whole and took 5-15% more orders a second (README "Group commit").
 */
export const MAX_BATCH = 128;
// Two lanes: the server's CPU, not the database, bounds the order path, and fewer lanes make larger batches (0.4
// statements per order against 0.9 with eight; order-entry bench, README "Group commit").
export const DEFAULT_LANES = 2;

/**
 * Group commit of the OMS's writes (README "Group commit"). A write of a client goes to one of a few lanes (client id
 * modulo the lane count). A lane runs the writes that arrived while its previous batch was committing one after the
 * other in ONE transaction with one COMMIT (one WAL flush for them all), and only then settles each caller: a write is
 * acknowledged after it is committed, as with a transaction of its own. Every row an OMS write touches belongs to the
 * write's client, so two lanes never wait for each other. When a write fails, its batch is rolled back and the
 * batch's writes run again one transaction each, so only the failing write fails; when the database is away the
 * whole batch fails (the callers retry or answer so).
 */
export class GroupCommit {
  private readonly lanes: Lane[];

  constructor(db: Db, lanes = DEFAULT_LANES) {
    this.lanes = Array.from({ length: Math.max(1, lanes) }, () => new Lane(db));
  }

  /** Runs `work` inside the client's lane's next transaction; resolves with its result once that has committed. */
  write<T>(clientId: number, work: Work<T>): Promise<T> {
    return this.lanes[clientId % this.lanes.length]!.enqueue({ work });
  }

  /**
   * Several combinable writes of a client that must commit together and in this order (an order's acceptance and its
   * fills): they go into one batch, never split across two. One outcome per write, as Promise.allSettled gives.
   */
  writeCombinedAll(
    clientId: number,
    writes: { with: Combinable<unknown, unknown>; item: unknown }[],
  ): Promise<PromiseSettledResult<unknown>[]> {
    const lane = this.lanes[clientId % this.lanes.length]!;
    return Promise.allSettled(
      writes.map((write, i) =>
        lane.enqueue({
          work: async (tx) => (await write.with.many(tx, [write.item]))[0],
          combined: write,
          unitContinues: i < writes.length - 1,
        }),
      ),
    );
  }

  /** A write the batch combines with the others of its kind into one statement; resolves after the commit. */
  writeCombined<I, R>(clientId: number, combinable: Combinable<I, R>, item: I): Promise<R> {
    return this.lanes[clientId % this.lanes.length]!.enqueue({
      work: async (tx) => (await combinable.many(tx, [item]))[0],
      combined: { with: combinable as Combinable<unknown, unknown>, item },
    });
  }
}

class Lane {
  /** Writes of leading kinds (placements), and the others (execution reports, other order writes), in arrival order. */
  private leading: Pending[] = [];
  private queue: Pending[] = [];
  private running = false;
  private lastLed = false;

  constructor(private readonly db: Db) {}

  enqueue<T>(write: Pick<Pending, 'work' | 'combined' | 'unitContinues'>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Field by field: a spread that adds fields takes V8's slow path, and every order passes here two or three times.
      (write.combined?.with.leads ? this.leading : this.queue).push({
        work: write.work,
        combined: write.combined,
        unitContinues: write.unitContinues,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (!this.running) {
        this.running = true;
        // From the next microtask: the writes enqueued in this same turn (a unit) start together.
        queueMicrotask(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.leading.length > 0 || this.queue.length > 0) await this.runBatch(this.nextBatch());
    } finally {
      this.running = false;
    }
  }

  /**
   * Leading writes go first, in a batch of their own; but after such a batch the others that wait go next, so that a
   * steady stream of placements never holds the execution reports back (they would otherwise wait for a lull).
   */
  private nextBatch(): Pending[] {
    const lead = this.leading.length > 0 && (!this.lastLed || this.queue.length === 0);
    this.lastLed = lead;
    return lead ? this.leading.splice(0, MAX_BATCH) : this.queue.splice(0, this.batchLength());
  }

  /** MAX_BATCH writes, or more to finish a unit. */
  private batchLength(): number {
    let n = Math.min(MAX_BATCH, this.queue.length);
    while (n < this.queue.length && this.queue[n - 1]!.unitContinues) n++;
    return n;
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    const only = batch[0]!.combined?.with;
    if (only?.singleStatement && batch.every((p) => p.combined?.with === only)) return this.runStatement(only, batch);
    if (batch.length === 1) return this.runAlone(batch[0]!);
    const results = new Map<Pending, unknown>();
    try {
      await inTransaction(this.db, async (tx) => {
        // Combinable writes first, one statement per kind in rank order (a client's reports in one batch are
        // acceptances and fills only: oms-core.ts), then the others one after the other.
        const kinds = new Map<string, Pending[]>();
        for (const pending of batch) {
          if (!pending.combined) continue;
          const same = kinds.get(pending.combined.with.kind) ?? [];
          same.push(pending);
          kinds.set(pending.combined.with.kind, same);
        }
        for (const same of [...kinds.values()].sort((a, b) => a[0]!.combined!.with.rank - b[0]!.combined!.with.rank)) {
          const answers = await same[0]!.combined!.with.many(
            tx,
            same.map((p) => p.combined!.item),
          );
          same.forEach((pending, i) => results.set(pending, answers[i]));
        }
        for (const pending of batch) if (!pending.combined) results.set(pending, await pending.work(tx));
      });
    } catch (error) {
      return this.failed(batch, error);
    }
    for (const pending of batch) pending.resolve(results.get(pending));
  }

  /**
   * A batch that failed: with the database away every write fails (the callers retry or answer so); otherwise the
   * writes run again one transaction each, so only the failing one fails.
   */
  private async failed(batch: Pending[], error: unknown): Promise<void> {
    if (isDatabaseUnavailable(error)) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    for (const pending of batch) await this.runAlone(pending);
  }

  /** A batch of one single-statement kind: the statement commits by itself (one round trip, no BEGIN/COMMIT). */
  private async runStatement(kind: Combinable<unknown, unknown>, batch: Pending[]): Promise<void> {
    let answers: unknown[];
    try {
      answers = await kind.many(
        this.db,
        batch.map((p) => p.combined!.item),
      );
    } catch (error) {
      return this.failed(batch, error);
    }
    batch.forEach((pending, i) => pending.resolve(answers[i]));
  }

  private async runAlone(pending: Pending): Promise<void> {
    try {
      pending.resolve(await inTransaction(this.db, pending.work));
    } catch (error) {
      pending.reject(error);
    }
  }
}
