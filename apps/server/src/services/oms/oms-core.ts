import { hasStopLossTrigger } from '@kite/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderUpdateItem, SymbolObject } from '@kite/domain';
import { isoDate, istDay, Side, type BookEvent, type Clock, type Instrument, type Market } from '@kite/exchange';
import { createOrderPathPool, inTransaction, isDatabaseUnavailable, type Db, type DbClient } from '../../db/pool.ts';
import { instrumentOfSymbol } from '../market-runtime/symbol-object.ts';
import type { MarketRuntime } from '../market-runtime/market-runtime.ts';
import {
  ACCEPTANCES,
  acceptanceWrite,
  applyReport,
  closeOf,
  closeWithoutExchange,
  closeWrite,
  fillWrite,
  type ReportWrite,
} from './event-application.ts';
import { GroupCommit, type Combinable } from './group-commit.ts';
import { rejectText } from './exchange-reasons.ts';
import { FILLS, type FillItem } from './fills.ts';
import { exchangeOrderType, exchangeValidity } from './order-entry.ts';
import type { OrderRecord } from './order-record.ts';

export interface OmsDeps {
  db: Db;
  runtime: MarketRuntime;
  clock: Clock;
  /** Pushes an order update to the client's own sockets (stream gateway pushToClient). */
  push: (clientId: number, item: OrderUpdateItem) => void;
  log: FastifyBaseLogger;
}

export type OrderAnswer = { msg: string; orderId: string };

/** Cover and bracket products: an entry order with legs (composite-legs.ts). */
export const COMPOSITE = new Set(['CO', 'BO']);
/** Statuses after which the exchange sends no more reports for an order. */
const CLOSED_STATUSES = new Set<OrderRecord['status']>(['EXECUTED', 'CANCELLED', 'REJECTED']);
/**
 * How long a closed order's owner is kept after its last report was applied: a retry with its Idempotency-Key that
 * read the row as REQUEST SENT just before that commit still finds it sent (placement.ts), and never sends it twice.
 */
export const OWNER_KEPT_AFTER_CLOSE_MS = 60_000;

/** Exchange trade ids restart at 1 in each process: ids of later starts are lifted by this much per start. */
const TRADE_IDS_PER_SESSION = 1_000_000_000;
const RETRY_FIRST_MS = 50;
const RETRY_MAX_MS = 1_000;

/** How a restored order goes back to the exchange (restore.ts). */
export interface SubmitOptions {
  /** The stop already fired: an SL goes back as a limit, an SL-M as a market order. */
  triggered?: boolean;
}

/**
 * What every part of the OMS shares: the market (with the OMS listening to its execution reports), the owner of each
 * order sent by this process, one queue of execution reports per client (a client's reports apply in order, clients
 * in parallel), sending orders to the exchange and pushing order changes to the client's sockets.
 */
/** Acceptances, fills and closes of a client queued after one another: written together when their turn comes. */
interface ReportGroup {
  writes: { write: ReportWrite; resolve: () => void; reject: (error: unknown) => void }[];
}

export class OmsCore {
  private readonly queues = new Map<number, Promise<void>>();
  /** Per client, the group of reports queued and not started yet: the next acceptance or fill joins it. */
  private readonly openGroups = new Map<number, ReportGroup>();
  /** Order row id -> client id of every order sent to the exchange by this process. */
  private readonly owners = new Map<number, number>();
  /** Closed orders (order id -> when) whose owners go once OWNER_KEPT_AFTER_CLOSE_MS has passed, oldest first. */
  private readonly closedAt = new Map<number, number>();
  /** Orders sent and waiting for their first report (accepted or rejected) to be applied. */
  private readonly firstReports = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();
  /** Exchange order numbers of orders sent whose first report is not written yet (exchangeOrderIdOf). */
  private readonly unwrittenExchangeIds = new Map<number, number>();
  private subscribedTo: Market | null = null;
  private tradeIdBase = 0;
  /** While restoring: acceptances gathered (order id -> exchange order id) to be written in one statement. */
  private gathered: Map<number, number> | null = null;
  private closing = false;

  /** The lanes' own connections (db/pool.ts createOrderPathPool): their batch statements are planned once each. */
  private readonly lanePool: Db;
  private readonly writer: GroupCommit;

  constructor(readonly deps: OmsDeps) {
    this.lanePool = createOrderPathPool(deps.db);
    this.writer = new GroupCommit(this.lanePool);
  }

  /**
   * Runs an order-path write of a client in a group-committed transaction (group-commit.ts); resolves after the
   * commit. Without a known client (an order of an earlier process not adopted yet) it is a transaction of its own.
   */
  write<T>(clientId: number | null, work: (tx: DbClient) => Promise<T>): Promise<T> {
    return clientId === null ? inTransaction(this.deps.db, work) : this.writer.write(clientId, work);
  }

  /** As write, for a write the lane's batch combines with the others of its kind into one statement. */
  writeCombined<I, R>(clientId: number, combinable: Combinable<I, R>, item: I): Promise<R> {
    return this.writer.writeCombined(clientId, combinable, item);
  }

  /** The number of this process's exchange session (restore.ts): trade ids stay unique across restarts. */
  setExchangeSession(session: number): void {
    this.tradeIdBase = Math.max(0, session - 1) * TRADE_IDS_PER_SESSION;
  }

  /** From now on acceptances are gathered rather than applied one by one (restore.ts). */
  gatherAcceptances(): void {
    this.gathered = new Map();
  }

  /**
   * The acceptances gathered since gatherAcceptances, written by `write` (one statement for them all); then their
   * orders' first reports count as applied.
   */
  async applyGathered(write: (accepted: Map<number, number>) => Promise<void>): Promise<void> {
    const accepted = this.gathered ?? new Map<number, number>();
    this.gathered = null;
    const applied = write(accepted);
    for (const ref of accepted.keys()) this.settleFirstReport(ref, applied);
    await applied;
  }

  /**
   * Shutting down: stops retrying reports while the database is away, waits for the queues, then closes the lanes'
   * connections.
   */
  async close(): Promise<void> {
    this.closing = true;
    await this.settled();
    await this.lanePool.end();
  }

  get market(): Market {
    const market = this.deps.runtime.market;
    if (this.subscribedTo !== market) {
      this.subscribedTo = market;
      market.onOrderEvent((instrumentId, event) => this.enqueue(instrumentId, event));
    }
    return market;
  }

  /** Resolves when every execution report received so far has been applied. */
  async settled(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  /**
   * Resolves when the client's execution reports received so far have been applied. A client's call waits for its own
   * reports only: waiting for every client's (settled) made a cancel under other clients' load wait for moments when
   * no report at all was queued (README "A client's own reports").
   */
  async clientSettled(clientId: number): Promise<void> {
    await this.queues.get(clientId);
  }

  /**
   * The client's execution reports queued so far, applied (those queued meanwhile are not waited for); undefined
   * when none is queued. A call of the client waits for it before it runs (plugins/calls.ts).
   */
  reportsQueued(clientId: number): Promise<void> | undefined {
    return this.queues.get(clientId);
  }

  tradingDate(): string {
    return isoDate(istDay(this.deps.clock.now()));
  }

  instrumentOf(sym: Pick<SymbolObject, 'id' | 'exc'>): Instrument | undefined {
    const market = this.market;
    return instrumentOfSymbol((id) => market.registry.byId(id), sym);
  }

  clientOf(ref: number): number | null {
    return this.owners.get(ref) ?? null;
  }

  /** Records the owner of an order before it is sent (placement) or one this process did not send (closing it). */
  adopt(orderId: number, clientId: number): void {
    this.owners.set(orderId, clientId);
  }

  /** Undoes adopt for an order whose transaction failed. */
  forget(orderId: number): void {
    this.owners.delete(orderId);
  }

  /** True when this process sent the order to the exchange. */
  sent(orderId: number): boolean {
    return this.owners.has(orderId);
  }

  /**
   * Sends an order row to the exchange; what happens comes back as execution reports through the queue (the first
   * is queued before this returns). Resolves when the order's first report (accepted or rejected) has been applied
   * to its row, rejects when that failed.
   */
  submit(order: OrderRecord, options: SubmitOptions = {}): Promise<void> {
    this.owners.set(order.id, order.clientId);
    const firstReport = new Promise<void>((resolve, reject) => this.firstReports.set(order.id, { resolve, reject }));
    // Callers that do not wait (legs, square-off) must not leave an unhandled rejection behind.
    firstReport.catch(() => {});
    // No push of REQUEST SENT: the exchange's first report follows at once and is pushed when applied, and every push
    // makes the client's open order book reload (ARCHITECTURE.md "An order": updates come from execution reports).
    const market = this.market;
    const vtdDay = order.vtdDate ? Math.round(Date.parse(`${order.vtdDate}T00:00:00Z`) / 86_400_000) : 0;
    const remaining = exchangeQuantity(order, order.quantity);
    const stop = hasStopLossTrigger(order.orderType);
    const type = options.triggered && stop ? (order.orderType === 'SL' ? 'LIMIT' : 'MARKET') : order.orderType;
    const result = market.submit(order.instrumentId, {
      side: order.side === 'BUY' ? Side.Buy : Side.Sell,
      type: exchangeOrderType(type),
      validity: exchangeValidity(order.validity),
      price: type === 'LIMIT' || type === 'SL' ? order.limitPrice : 0,
      quantity: remaining,
      triggerPrice: hasStopLossTrigger(type) ? order.triggerPrice : 0,
      disclosedQuantity: order.disclosedQty < remaining ? order.disclosedQty : 0,
      vtdDay,
      amo: order.isAmo,
      account: order.clientId,
      ref: order.id,
    });
    // Only legs are changed by number before their acceptance is written (composite-legs.ts).
    if (result.orderId > 0 && order.parentOrderId !== null) this.unwrittenExchangeIds.set(order.id, result.orderId);
    if (result.orderId === 0 && result.events.length === 0) {
      // Refused before reaching a book (unknown or untradable instrument, an AMO past its contract): no report comes.
      const reason = rejectText(result.rejectReason ?? 'NOT_TRADABLE');
      this.settleFirstReport(
        order.id,
        this.runAfterGroup(order.clientId, () => closeWithoutExchange(this, order.id, reason, 'REJECTED')),
      );
    }
    return firstReport;
  }

  /**
   * The exchange's number of an order, for a leg this process sent also before the exchange's acceptance of it is
   * written to its row (a bracket leg sent for one fill of its entry, grown by the next fill of the same report
   * group); null when none is known.
   */
  exchangeOrderIdOf(order: OrderRecord): number | null {
    if (order.exchangeOrderId) return Number(order.exchangeOrderId);
    return this.unwrittenExchangeIds.get(order.id) ?? null;
  }

  /** Cancels an open order at the exchange; the refusal reason, or null when the exchange took the cancel. */
  cancelAtExchange(order: OrderRecord): string | null {
    const exchangeOrderId = this.exchangeOrderIdOf(order);
    if (exchangeOrderId === null) return 'UNKNOWN_ORDER';
    return this.market.cancel(order.instrumentId, exchangeOrderId).rejectReason;
  }

  push(order: OrderRecord): void {
    if (CLOSED_STATUSES.has(order.status)) this.retire(order.id);
    try {
      this.deps.push(order.clientId, {
        name: 'order',
        type: 'order',
        orderId: order.orderNo,
        ordStatus: order.status,
        details: {
          tradedQty: order.filledQty,
          remQty: order.quantity - order.filledQty,
          rejectReason: order.rejectReason,
        },
      });
    } catch (error) {
      this.deps.log.warn({ err: error }, 'order push');
    }
  }

  /** Owners of orders closed long enough ago are dropped, so the map holds open and recently closed orders only. */
  private retire(orderId: number): void {
    const now = this.deps.clock.now();
    if (!this.closedAt.has(orderId)) this.closedAt.set(orderId, now);
    // A Map iterates in insertion order, which is closing order here.
    for (const [closedId, at] of this.closedAt) {
      if (now - at < OWNER_KEPT_AFTER_CLOSE_MS) break;
      this.owners.delete(closedId);
      this.closedAt.delete(closedId);
    }
  }

  /** Orders whose owner this process holds (open, or closed within OWNER_KEPT_AFTER_CLOSE_MS). */
  get ownedOrders(): number {
    return this.owners.size;
  }

  private enqueue(instrumentId: string, event: BookEvent): void {
    if (event.kind === 'traded') {
      const fill = {
        exchangeTradeId: String(this.tradeIdBase + event.tradeId),
        price: event.price,
        quantity: event.quantity,
        time: event.time,
        tradeDate: isoDate(istDay(event.time)),
      };
      for (const ref of [event.buyRef, event.sellRef]) {
        if (ref === 0) continue;
        const clientId = this.ownerOf(ref, event);
        if (clientId !== null) void this.join(clientId, fillWrite(this, ref, clientId, fill));
      }
      return;
    }
    if (event.kind === 'accepted' && this.gathered) {
      this.gathered.set(event.ref, event.orderId);
      return;
    }
    const clientId = this.ownerOf(event.ref, event);
    const applied =
      clientId === null
        ? null
        : event.kind === 'accepted'
          ? this.join(clientId, acceptanceWrite(this, event.ref, event.orderId))
          : event.kind === 'triggered' || event.kind === 'modified'
            ? this.runAfterGroup(clientId, () => applyReport(this, event), event)
            : this.joinClose(clientId, closeWrite(this, { ...closeOf(event), clientId }));
    if (event.kind === 'accepted' || event.kind === 'rejected') this.settleFirstReport(event.ref, applied);
    void instrumentId;
  }

  /**
   * A close joins the client's open group unless a fill is in it: a group's follow-ups run once all of it is
   * committed, and a fill's (a cover or bracket entry's legs, sized and placed from the legs' rows) must not see a
   * close the exchange reported after the fill, such as the exit's cancel of a leg (it would place that leg again).
   * Then the close starts the next group, written after the fill's follow-ups, as any close was before session 29.
   */
  private joinClose(clientId: number, write: ReportWrite): Promise<void> {
    if (this.openGroups.get(clientId)?.writes.some((w) => w.write.with === FILLS)) this.openGroups.delete(clientId);
    return this.join(clientId, write);
  }

  /** Runs a report that is not combinable after everything queued: later acceptances and fills form a new group. */
  private runAfterGroup(clientId: number, task: () => Promise<void>, event?: BookEvent): Promise<void> {
    this.openGroups.delete(clientId);
    return this.run(clientId, task, event);
  }

  private ownerOf(ref: number, event: BookEvent): number | null {
    const clientId = this.owners.get(ref);
    if (clientId !== undefined) return clientId;
    this.deps.log.warn({ event }, 'execution report for an order this process did not send');
    return null;
  }

  /**
   * Queues an acceptance, fill or close of the client. Consecutive ones (an order's acceptance, the fills the exchange
   * reported with it, an IOC's cancel) form one group that goes to the client's lane as one unit: one batch, one
   * commit, each kind in its rank's turn (acceptances, fills, closes). Resolves when this write is applied (committed
   * and pushed).
   */
  private join(clientId: number, write: ReportWrite): Promise<void> {
    let group = this.openGroups.get(clientId);
    if (!group) {
      const started: ReportGroup = { writes: [] };
      group = started;
      this.openGroups.set(clientId, started);
      void this.run(clientId, () => {
        if (this.openGroups.get(clientId) === started) this.openGroups.delete(clientId);
        return this.applyGroup(clientId, started);
      });
    }
    const joined = group;
    return new Promise<void>((resolve, reject) => joined.writes.push({ write, resolve, reject }));
  }

  /** Writes a group as one unit; a write that failed because the database was away is written again until it returns. */
  private async applyGroup(clientId: number, group: ReportGroup): Promise<void> {
    let left = foldAcceptances(group.writes);
    for (let wait = RETRY_FIRST_MS; left.length > 0; wait = Math.min(wait * 2, RETRY_MAX_MS)) {
      const outcomes = await this.writer.writeCombinedAll(
        clientId,
        left.map((w) => ({ with: w.write.with, item: w.write.item })),
      );
      const again: typeof left = [];
      for (const [i, outcome] of outcomes.entries()) {
        const w = left[i]!;
        if (outcome.status === 'fulfilled') {
          await w.write.after(outcome.value).then(w.resolve, (error: unknown) => {
            this.deps.log.error({ err: error }, 'order event');
            w.reject(error);
          });
        } else if (!this.closing && isDatabaseUnavailable(outcome.reason)) {
          again.push(w);
        } else {
          this.deps.log.error({ err: outcome.reason }, 'order event');
          w.reject(outcome.reason);
        }
      }
      left = again;
      if (left.length > 0) {
        this.deps.log.warn('order event: database unavailable, retrying');
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  private settleFirstReport(ref: number, applied: Promise<void> | null): void {
    const waiter = this.firstReports.get(ref);
    if (!waiter) return;
    this.firstReports.delete(ref);
    if (this.unwrittenExchangeIds.has(ref)) {
      const written = () => this.unwrittenExchangeIds.delete(ref);
      if (applied) applied.then(written, written);
      else written();
    }
    if (applied) applied.then(waiter.resolve, waiter.reject);
    else waiter.reject(new Error(`order ${ref} has no owner`));
  }

  /**
   * Runs a task in the client's queue; the result is the task's own outcome. A task that failed because the database
   * was away is retried until it returns (an execution report is never dropped for that); others are logged.
   */
  private run(clientId: number, task: () => Promise<void>, event?: BookEvent): Promise<void> {
    const applied = (this.queues.get(clientId) ?? Promise.resolve()).then(() => this.retrying(task));
    const next = applied.catch((error: unknown) => this.deps.log.error({ err: error, event }, 'order event'));
    this.queues.set(clientId, next);
    void next.then(() => {
      if (this.queues.get(clientId) === next) this.queues.delete(clientId);
    });
    return applied;
  }

  private async retrying(task: () => Promise<void>): Promise<void> {
    for (let wait = RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RETRY_MAX_MS)) {
      try {
        return await task();
      } catch (error) {
        if (this.closing || !isDatabaseUnavailable(error)) throw error;
        this.deps.log.warn({ err: error }, 'order event: database unavailable, retrying');
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }
}

/**
 * An order's acceptance and its first fill in one group (a marketable order filled as it entered the book) become
 * one write: the fill's update of the row also writes the acceptance (FillItem.acceptedAs), where the acceptance alone
 * would update the row a second time. The acceptance settles as soon as the pair is committed, before the fill's own
 * follow-up (push, cover/bracket legs).
 */
function foldAcceptances(writes: ReportGroup['writes']): ReportGroup['writes'] {
  const folded = [...writes];
  for (let i = 0; i < folded.length; i++) {
    const acceptance = folded[i]!;
    if (acceptance.write.with !== (ACCEPTANCES as Combinable<unknown, unknown>)) continue;
    const { ref, exchangeOrderId } = acceptance.write.item as { ref: number; exchangeOrderId: number };
    const at = folded.findIndex(
      (w, j) =>
        j > i && w.write.with === (FILLS as Combinable<unknown, unknown>) && (w.write.item as FillItem).ref === ref,
    );
    if (at < 0) continue;
    const fill = folded[at]!;
    folded[at] = {
      write: {
        with: fill.write.with,
        item: { ...(fill.write.item as FillItem), acceptedAs: exchangeOrderId },
        after: async (result) => {
          acceptance.resolve();
          await fill.write.after(result);
        },
      },
      resolve: fill.resolve,
      reject: (error) => {
        acceptance.reject(error);
        fill.reject(error);
      },
    };
    folded.splice(i, 1);
    i--;
  }
  return folded;
}

/** The quantity the exchange knows for a row quantity: a restored order was re-submitted for its rest only. */
export function exchangeQuantity(order: Pick<OrderRecord, 'exchangeFilledBase'>, rowQuantity: number): number {
  return rowQuantity - order.exchangeFilledBase;
}
