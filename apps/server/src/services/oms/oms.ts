import type { PlaceOrderPayload, Result, SpreadOrderPayload, SymbolObject } from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { trailStops } from './composite-legs.ts';
import { cancelOrder, exitOrder, modifyOrder } from './modification.ts';
import { OmsCore, type OmsDeps, type OrderAnswer } from './oms-core.ts';
import type { OrderRecord } from './order-record.ts';
import { placeOrder, type PlaceOptions } from './placement.ts';
import { restoreOpenOrders, type RestoreReport } from './restore.ts';
import { expire, squareOff } from './square-off.ts';
import { placeSpread } from './spreads.ts';

export type { OmsDeps, OrderAnswer } from './oms-core.ts';

/**
 * The order management system (trading.md 3, 4, 7; ARCHITECTURE.md "An order"): places, modifies and cancels orders
 * of clients on the simulated exchange with the RMS blocking margin first, and turns the exchange's execution reports
 * into order states, trades, positions and funds, one report at a time and in the exchange's order (a serial queue),
 * pushing each change to the client's sockets. The parts live in their own modules (README.md); this is app.oms.
 */
export class Oms {
  private readonly core: OmsCore;

  constructor(deps: OmsDeps) {
    this.core = new OmsCore(deps);
  }

  /** The market, with the OMS listening to its execution reports. */
  get market(): Market {
    return this.core.market;
  }

  /** Orders whose owner this process holds: open ones, and closed ones for OWNER_KEPT_AFTER_CLOSE_MS (oms-core.ts). */
  get ownedOrders(): number {
    return this.core.ownedOrders;
  }

  /** Resolves when every execution report received so far has been applied. */
  settled(): Promise<void> {
    return this.core.settled();
  }

  /** The client's execution reports queued so far, applied; undefined when none is queued (oms-core.ts). */
  reportsQueued(clientId: number): Promise<void> | undefined {
    return this.core.reportsQueued(clientId);
  }

  tradingDate(): string {
    return this.core.tradingDate();
  }

  instrumentOf(sym: Pick<SymbolObject, 'id' | 'exc'>): Instrument | undefined {
    return this.core.instrumentOf(sym);
  }

  place(clientId: number, payload: PlaceOrderPayload, options: PlaceOptions): Promise<Result<OrderAnswer>> {
    return placeOrder(this.core, clientId, payload, options);
  }

  placeSpread(
    clientId: number,
    payload: SpreadOrderPayload,
    options: { appId?: string },
  ): Promise<Result<OrderAnswer>> {
    return placeSpread(this.core, clientId, payload, options);
  }

  modify(clientId: number, payload: PlaceOrderPayload & { orderId: string }): Promise<Result<OrderAnswer>> {
    return modifyOrder(this.core, clientId, payload);
  }

  cancel(clientId: number, orderNo: string): Promise<Result<{ msg: string }>> {
    return cancelOrder(this.core, clientId, orderNo);
  }

  exit(clientId: number, orderNo: string, kind: 'CO' | 'BO'): Promise<Result<{ msg: string }>> {
    return exitOrder(this.core, clientId, orderNo, kind);
  }

  /** A square-off order for a position (end of day, auto square-off). */
  squareOff(position: { clientId: number; instrumentId: string; product: string; net: number }): Promise<void> {
    return squareOff(this.core, position);
  }

  /** Cancels an open order at the exchange on the system's behalf (end of day). */
  expire(order: OrderRecord): void {
    expire(this.core, order);
  }

  /** At start: open orders back to the exchange, unconfirmed ones rejected, earlier days' expired (restore.ts). */
  restore(): Promise<RestoreReport> {
    return restoreOpenOrders(this.core);
  }

  /** Shutting down: stop retrying execution reports while the database is away, wait for the queues, disconnect. */
  close(): Promise<void> {
    return this.core.close();
  }

  /** Bracket trailing stops (composite-legs.ts), run every market step. */
  trailStops(): Promise<void> {
    return trailStops(this.core);
  }
}
