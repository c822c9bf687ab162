import type { FastifyBaseLogger } from 'fastify';
import type { OrderUpdateItem, SymbolObject } from '@kite/domain';
import { isoDate, istDay, Side, type BookEvent, type Clock, type Instrument, type Market } from '@kite/exchange';
import type { Db } from '../../db/pool.ts';
import { instrumentOfSymbol } from '../market-runtime/symbol-object.ts';
import type { MarketRuntime } from '../market-runtime/market-runtime.ts';
import { applyReport, applyTrade } from './event-application.ts';
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

/**
 * What every part of the OMS shares: the market (with the OMS listening to its execution reports), the owner of each
 * order sent by this process, one queue of execution reports per client (a client's reports apply in order, clients
 * in parallel), sending orders to the exchange and pushing order changes to the client's sockets.
 */
export class OmsCore {
  private readonly queues = new Map<number, Promise<void>>();
  /** Order row id -> client id of every order sent to the exchange by this process. */
  private readonly owners = new Map<number, number>();
  private subscribedTo: Market | null = null;

  constructor(readonly deps: OmsDeps) {}

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

  /** Resolves when the client's execution reports received so far have been applied. */
  async clientSettled(clientId: number): Promise<void> {
    for (let queue = this.queues.get(clientId); queue; queue = this.queues.get(clientId)) await queue;
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

  /** Records the owner of an order this process did not send (closing it after a restart). */
  adopt(orderId: number, clientId: number): void {
    this.owners.set(orderId, clientId);
  }

  /** Sends an order row to the exchange; what happens comes back as execution reports through the queue. */
  submit(order: OrderRecord): void {
    this.owners.set(order.id, order.clientId);
    this.push(order);
    const market = this.market;
    const vtdDay = order.vtdDate ? Math.round(Date.parse(`${order.vtdDate}T00:00:00Z`) / 86_400_000) : 0;
    market.submit(order.instrumentId, {
      side: order.side === 'BUY' ? Side.Buy : Side.Sell,
      type: exchangeOrderType(order.orderType),
      validity: exchangeValidity(order.validity),
      price: order.orderType === 'LIMIT' || order.orderType === 'SL' ? order.limitPrice : 0,
      quantity: order.quantity,
      triggerPrice: order.triggerPrice,
      disclosedQuantity: order.disclosedQty,
      vtdDay,
      amo: order.isAmo,
      account: order.clientId,
      ref: order.id,
    });
  }

  /** Cancels an open order at the exchange; the refusal reason, or null when the exchange took the cancel. */
  cancelAtExchange(order: OrderRecord): string | null {
    if (!order.exchangeOrderId) return 'UNKNOWN_ORDER';
    return this.market.cancel(order.instrumentId, Number(order.exchangeOrderId)).rejectReason;
  }

  push(order: OrderRecord): void {
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

  private enqueue(instrumentId: string, event: BookEvent): void {
    if (event.kind === 'traded') {
      const fill = {
        exchangeTradeId: String(event.tradeId),
        price: event.price,
        quantity: event.quantity,
        time: event.time,
        tradeDate: isoDate(istDay(event.time)),
      };
      if (event.buyRef !== 0) this.schedule(event.buyRef, () => applyTrade(this, event.buyRef, fill), event);
      if (event.sellRef !== 0) this.schedule(event.sellRef, () => applyTrade(this, event.sellRef, fill), event);
      return;
    }
    this.schedule(event.ref, () => applyReport(this, event), event);
    void instrumentId;
  }

  private schedule(ref: number, task: () => Promise<void>, event: BookEvent): void {
    const clientId = this.owners.get(ref);
    if (clientId === undefined) {
      this.deps.log.warn({ event }, 'execution report for an order this process did not send');
      return;
    }
    const next = (this.queues.get(clientId) ?? Promise.resolve())
      .then(task)
      .catch((error: unknown) => this.deps.log.error({ err: error, event }, 'order event'));
    this.queues.set(clientId, next);
    void next.then(() => {
      if (this.queues.get(clientId) === next) this.queues.delete(clientId);
    });
  }
}
