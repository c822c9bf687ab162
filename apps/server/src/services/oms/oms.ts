import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  canTradeExchange,
  checkSquareOff,
  deriveAbilities,
  ok,
  reject,
  rupeesString,
  segmentOf,
  tradingText,
  type OrderUpdateItem,
  type Paise,
  type PlaceOrderPayload,
  type Result,
  type SpreadOrderPayload,
  type SymbolObject,
} from '@kite/domain';
import { isoDate, istDay, Side, type BookEvent, type Clock, type Instrument, type Market } from '@kite/exchange';
import { inTransaction, type Db, type Queryable } from '../../db/pool.ts';
import { accountDetailsOf, extraFlagsOf, findClientById } from '../../modules/account/client.repo.ts';
import { instrumentOfSymbol } from '../market-runtime/symbol-object.ts';
import type { MarketRuntime } from '../market-runtime/market-runtime.ts';
import { DEMAT_SELL_PRODUCTS, holdingSellCheck } from '../portfolio/holdings-check.ts';
import { changeFunds, lockFunds } from '../rms/funds.ts';
import { orderMargin } from '../rms/order-margin.ts';
import { cancelText, rejectText } from './exchange-reasons.ts';
import { recordFill } from './fills.ts';
import { checkEntry, exchangeOrderType, exchangeValidity, orderTypeOf } from './order-entry.ts';
import {
  childOrders,
  findClientOrder,
  findOrderById,
  insertEvent,
  insertOrder,
  isOpen,
  type NewOrder,
  type OrderRecord,
} from './order-record.ts';
import { positionNet } from './positions.ts';

export interface OmsDeps {
  db: Db;
  runtime: MarketRuntime;
  clock: Clock;
  /** Pushes an order update to the client's own sockets (stream gateway pushToClient). */
  push: (clientId: number, item: OrderUpdateItem) => void;
  log: FastifyBaseLogger;
}

export type OrderAnswer = { msg: string; orderId: string };

type StoredAnswer = { ok: true; data: OrderAnswer } | { ok: false; code: string; message: string };

const COMPOSITE = new Set(['CO', 'BO']);
const t = tradingText.orderEntry;

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * The order management system (trading.md 3, 4, 7; ARCHITECTURE.md "An order"): places, modifies and cancels orders
 * of clients on the simulated exchange with the RMS blocking margin first, and turns the exchange's execution reports
 * into order states, trades, positions and funds, one report at a time and in the exchange's order (a serial queue),
 * pushing each change to the client's sockets.
 */
export class Oms {
  /** One queue of execution reports per client: a client's reports apply in order, clients in parallel. */
  private readonly queues = new Map<number, Promise<void>>();
  /** Order row id -> client id of every order sent to the exchange by this process. */
  private readonly owners = new Map<number, number>();
  private subscribedTo: Market | null = null;

  constructor(private readonly deps: OmsDeps) {}

  /** The market, with the OMS listening to its execution reports. */
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

  // ------------------------------------------------------------------ placing

  async place(
    clientId: number,
    payload: PlaceOrderPayload,
    options: { appId?: string; idempotencyKey?: string },
  ): Promise<Result<OrderAnswer>> {
    const market = this.market;
    const instrument = this.instrumentOf(payload.sym);
    if (!instrument || !instrument.tradable || instrument.instr === 'IDX') return reject('ORD012');
    const client = await findClientById(this.deps.db, clientId);
    if (!client) return reject('EGN006');
    const abilities = deriveAbilities(accountDetailsOf(client), extraFlagsOf(client));
    if (!canTradeExchange(abilities, instrument.exc as Parameters<typeof canTradeExchange>[1])) return reject('ORD009');

    const equity = segmentOf(instrument.instr, instrument.exc) === 'equity';
    const today = this.tradingDate();
    const isin = instrument.isin ?? instrument.trSymbol;
    const sellsHoldings =
      equity &&
      payload.ordAction === 'sell' &&
      (DEMAT_SELL_PRODUCTS as readonly string[]).includes(payload.prdType) &&
      payload.isinDp === 'true';
    const holding = sellsHoldings ? await holdingSellCheck(this.deps.db, market, clientId, isin, today) : null;
    const nonPoa = client.non_poa || (holding?.nonPoa ?? false);
    const edisNeeded = sellsHoldings && nonPoa;
    const edisApproved = edisNeeded ? (holding?.edisAvailableQty ?? 0) : 0;

    const entry = checkEntry(market, instrument, { payload, nonPoa, edisApproved, now: this.deps.clock.now() });
    if (!entry.ok) return reject(entry.edis ? 'ORD010' : 'ORD006', entry.message);
    const v = entry.check.order;
    const form = entry.form;
    const product = payload.prdType;
    const side = payload.ordAction === 'buy' ? 'BUY' : 'SELL';

    if (payload.isSquareoff) {
      const outstanding = await this.outstandingCount(this.deps.db, clientId, instrument.id, product);
      const message = checkSquareOff(outstanding, product);
      if (message !== null) return reject('ORD011', message);
    }

    const composite = COMPOSITE.has(product);
    const closing = composite
      ? 0
      : await this.closingQuantity(this.deps.db, clientId, instrument.id, product, side, v.quantity);
    const margin = orderMargin(
      market,
      instrument,
      {
        side: payload.ordAction,
        product,
        quantity: v.quantity,
        price: v.price,
        triggerPrice: v.triggerPrice,
        coTriggerPrice: v.coTriggerPrice,
        boStopDistance: v.boTriggerPrice,
      },
      closing,
    ).total;

    const newOrder: NewOrder = {
      clientId,
      instrumentId: instrument.id,
      exchange: instrument.exc,
      tradingSymbol: instrument.trSymbol,
      displaySymbol: instrument.displaySym,
      segment: segmentOf(instrument.instr, instrument.exc),
      priceDecimals: instrument.priceDecimals,
      side,
      product,
      orderType: orderTypeOf(form.orderType, v.triggerPrice),
      validity: form.validity,
      vtdDate: v.vtdDate,
      quantity: v.quantity,
      disclosedQty: v.disclosedQuantity,
      limitPrice: v.price,
      triggerPrice: v.triggerPrice,
      isAmo: form.isAmo,
      parentOrderId: null,
      legRole: composite ? 'ENTRY' : null,
      boTrailingSl: 0,
      blockedMarginPaise: margin,
      coTriggerPrice: v.coTriggerPrice,
      boStopDistance: v.boTriggerPrice,
      boTargetDistance: v.boTargetPrice,
      edisReservedQty: edisNeeded ? v.quantity : 0,
      edisIsin: edisNeeded ? isin : null,
      appId: options.appId ?? null,
    };
    if (product === 'BO') {
      const trailing = Number.parseFloat(payload.boTrailingSL || '0');
      newOrder.boTrailingSl =
        Number.isFinite(trailing) && trailing > 0 ? Math.round(trailing * 10 ** instrument.priceDecimals) : 0;
    }

    const requestHash = options.idempotencyKey ? hashOf(payload) : '';
    const outcome = await inTransaction(this.deps.db, async (tx): Promise<StoredAnswer | { order: OrderRecord }> => {
      if (options.idempotencyKey) {
        const inserted = await tx.query(
          `INSERT INTO idempotency_keys (client_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT (client_id, key) DO NOTHING RETURNING key`,
          [clientId, options.idempotencyKey, requestHash],
        );
        if (inserted.rowCount === 0) {
          const { rows } = await tx.query<{ request_hash: string; answer: StoredAnswer | null }>(
            'SELECT request_hash, answer FROM idempotency_keys WHERE client_id = $1 AND key = $2',
            [clientId, options.idempotencyKey],
          );
          const prior = rows[0];
          if (!prior || prior.request_hash !== requestHash) return { ok: false, code: 'EGN009', message: '' };
          return prior.answer ?? { ok: false, code: 'EGN012', message: '' };
        }
      }
      const remember = async (answer: StoredAnswer, orderId: number | null) => {
        if (options.idempotencyKey)
          await tx.query('UPDATE idempotency_keys SET answer = $3, order_id = $4 WHERE client_id = $1 AND key = $2', [
            clientId,
            options.idempotencyKey,
            JSON.stringify(answer),
            orderId,
          ]);
        return answer;
      };
      const funds = await lockFunds(tx, clientId);
      if (sellsHoldings) {
        // Re-read under the funds lock: concurrent sells of this client are decided one after the other.
        const check = await holdingSellCheck(tx, market, clientId, isin, today);
        if (v.quantity > check.freeQty) return remember({ ok: false, code: 'ORD008', message: '' }, null);
        if (edisNeeded && v.quantity > check.edisAvailableQty)
          return remember({ ok: false, code: 'ORD006', message: t.quantityAboveEdis }, null);
      }
      if (margin > funds.available) {
        return remember({ ok: false, code: 'ORD002', message: insufficientText(margin, funds.available) }, null);
      }
      const order = await insertOrder(tx, newOrder, today);
      await changeFunds(tx, clientId, { blocked: margin });
      await remember({ ok: true, data: { msg: t.placedHeadline, orderId: order.orderNo } }, order.id);
      return { order };
    });

    if (!('order' in outcome)) return toResult(outcome);
    this.submit(outcome.order);
    await this.clientSettled(clientId);
    return ok({ msg: t.placedHeadline, orderId: outcome.order.orderNo });
  }

  /** Sends an order row to the exchange; what happens comes back as execution reports through the queue. */
  private submit(order: OrderRecord): void {
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

  private async outstandingCount(
    q: Queryable,
    clientId: number,
    instrumentId: string,
    product: string,
  ): Promise<number> {
    const { rows } = await q.query<{ n: string }>(
      `SELECT count(*) AS n FROM orders WHERE client_id = $1 AND instrument_id = $2 AND product = $3 AND status IN ('REQUEST SENT', 'OUTSTANDING')`,
      [clientId, instrumentId, product],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** The part of an order that reduces the client's open position of the same product (needs no margin). */
  private async closingQuantity(
    q: Queryable,
    clientId: number,
    instrumentId: string,
    product: string,
    side: 'BUY' | 'SELL',
    quantity: number,
  ): Promise<number> {
    if (product === 'CASH') return 0;
    const net = await positionNet(q, clientId, instrumentId, product);
    if (net === 0 || net > 0 === (side === 'BUY')) return 0;
    return Math.min(quantity, Math.abs(net));
  }

  // ------------------------------------------------------------------ spreads

  /**
   * Calendar spread: one order on the exchange's spread book, which trades the price difference (far - near); its
   * fills are booked as two leg trades (fills.ts). ordAction is the near leg's side, ordAction2 the far leg's.
   */
  async placeSpread(
    clientId: number,
    payload: SpreadOrderPayload,
    options: { appId?: string },
  ): Promise<Result<OrderAnswer>> {
    if (payload.orderId) {
      return this.modify(clientId, {
        orderId: payload.orderId,
        isOffline: false,
        tradedQty: payload.tradedQty ?? '0',
        ordAction: payload.ordAction === 'B' ? 'buy' : 'sell',
        sym: payload.sym,
        ordType: 'limit',
        qty: payload.qty,
        isSquareoff: false,
        isinDp: 'true',
        limitPrice: payload.priceDiff,
        ordDuration: 'DAY',
        vtdDate: '',
        prdType: payload.prdType,
        coTriggerPrice: '0',
        boTriggerPrice: '0',
        boTargetPrice: '0',
        boTrailingSL: '0',
        triggerPrice: '0',
        isAmo: false,
        disQty: '0',
      });
    }
    const instrument = this.instrumentOf(payload.sym);
    if (!instrument || instrument.assetClass !== 'SPREAD') return reject('ORD012');
    return this.place(
      clientId,
      {
        isOffline: false,
        tradedQty: '0',
        ordAction: payload.ordAction === 'B' ? 'buy' : 'sell',
        sym: payload.sym,
        ordType: 'limit',
        qty: payload.qty,
        isSquareoff: false,
        isinDp: 'true',
        limitPrice: payload.priceDiff,
        ordDuration: 'DAY',
        vtdDate: '',
        prdType: payload.prdType,
        coTriggerPrice: '0',
        boTriggerPrice: '0',
        boTargetPrice: '0',
        boTrailingSL: '0',
        triggerPrice: '0',
        isAmo: false,
        disQty: '0',
      },
      options,
    );
  }

  // ------------------------------------------------------------------ modify, cancel, exits

  async modify(clientId: number, payload: PlaceOrderPayload & { orderId: string }): Promise<Result<OrderAnswer>> {
    const market = this.market;
    await this.settled();
    const order = await findClientOrder(this.deps.db, clientId, payload.orderId);
    if (!order) return reject('ORD001');
    if (!isOpen(order) || !order.exchangeOrderId || order.legRole === 'EXIT' || order.legRole === 'SQUAREOFF')
      return reject('ORD003');
    const instrument = market.registry.byId(order.instrumentId);
    if (!instrument) return reject('ORD012');

    // Action, product and (for legs) the quantity are locked on modify (trading.md 4.1).
    const leg = order.legRole === 'STOPLOSS' || order.legRole === 'TARGET';
    const legTrigger =
      payload.coTriggerPrice !== '0' && payload.coTriggerPrice !== '' ? payload.coTriggerPrice : payload.triggerPrice;
    const form: PlaceOrderPayload = {
      ...payload,
      ordAction: order.side === 'BUY' ? 'buy' : 'sell',
      prdType: leg || order.legRole === 'ENTRY' ? 'INTRADAY' : (order.product as PlaceOrderPayload['prdType']),
      qty: leg ? String(order.quantity) : payload.qty,
      ordType: leg ? (order.orderType === 'LIMIT' ? 'limit' : 'market') : payload.ordType,
      triggerPrice:
        leg && order.legRole === 'STOPLOSS' ? legTrigger : order.legRole === 'ENTRY' ? '0' : payload.triggerPrice,
      isinDp: 'false',
      isAmo: order.isAmo,
      isSquareoff: false,
    };
    const entry = checkEntry(market, instrument, {
      payload: form,
      nonPoa: false,
      edisApproved: 0,
      now: this.deps.clock.now(),
    });
    if (!entry.ok) return reject('ORD006', entry.message);
    const v = entry.check.order;
    if (v.quantity <= order.filledQty) return reject('ORD006', rejectText('QUANTITY_BELOW_FILLED'));
    const price = order.orderType === 'MARKET' || order.orderType === 'SL-M' ? 0 : v.price;
    const trigger = order.orderType === 'SL' || order.orderType === 'SL-M' ? v.triggerPrice || order.triggerPrice : 0;

    const closing =
      COMPOSITE.has(order.product) && order.legRole !== 'ENTRY'
        ? v.quantity
        : await this.closingQuantity(
            this.deps.db,
            clientId,
            order.instrumentId,
            order.product,
            order.side,
            v.quantity - order.filledQty,
          );
    const newBlock = leg
      ? 0
      : orderMargin(
          market,
          instrument,
          {
            side: order.side === 'BUY' ? 'buy' : 'sell',
            product: order.product as PlaceOrderPayload['prdType'],
            quantity: v.quantity - order.filledQty,
            price,
            triggerPrice: trigger,
            coTriggerPrice: order.coTriggerPrice,
            boStopDistance: order.boStopDistance,
          },
          closing,
        ).total;

    const adjusted = await inTransaction(this.deps.db, async (tx): Promise<Result<number>> => {
      const funds = await lockFunds(tx, clientId);
      const current = await findOrderById(tx, order.id, true);
      if (!current || !isOpen(current)) return reject('ORD003');
      const delta = newBlock - current.blockedMarginPaise;
      if (delta > 0 && delta > funds.available) return reject('ORD002', insufficientText(delta, funds.available));
      await changeFunds(tx, clientId, { blocked: delta });
      await tx.query('UPDATE orders SET blocked_margin_paise = $2, updated_at = now() WHERE id = $1', [
        order.id,
        newBlock,
      ]);
      return ok(delta);
    });
    if (!adjusted.ok) return adjusted;

    const result = market.modify(order.instrumentId, {
      orderId: Number(order.exchangeOrderId),
      price,
      quantity: v.quantity,
      triggerPrice: trigger,
      disclosedQuantity: v.disclosedQuantity,
    });
    if (result.rejectReason) {
      await this.settled();
      await this.restoreBlock(order.id, clientId, adjusted.data);
      return reject('ORD007', rejectText(result.rejectReason));
    }
    await this.settled();
    return ok({ msg: t.modifiedHeadline, orderId: order.orderNo });
  }

  /** Undoes a modify's block change when the exchange refused it (never below zero: fills may have released it). */
  private async restoreBlock(orderId: number, clientId: number, delta: number): Promise<void> {
    await inTransaction(this.deps.db, async (tx) => {
      await lockFunds(tx, clientId);
      const current = await findOrderById(tx, orderId, true);
      if (!current) return;
      const back = Math.min(delta, current.blockedMarginPaise);
      await changeFunds(tx, clientId, { blocked: -back });
      await tx.query('UPDATE orders SET blocked_margin_paise = blocked_margin_paise - $2 WHERE id = $1', [
        orderId,
        back,
      ]);
    });
  }

  async cancel(clientId: number, orderNo: string): Promise<Result<{ msg: string }>> {
    await this.settled();
    const order = await findClientOrder(this.deps.db, clientId, orderNo);
    if (!order) return reject('ORD001');
    // trading.md 8: cancelling a cover or bracket order squares off what executed and cancels the pending part.
    if (COMPOSITE.has(order.product) && order.legRole !== null && order.legRole !== 'EXIT') {
      const entry =
        order.legRole === 'ENTRY'
          ? order
          : order.parentOrderId
            ? await findOrderById(this.deps.db, order.parentOrderId)
            : null;
      if (!entry) return reject('ORD004');
      if (entry.clientId !== clientId) return reject('ORD001');
      const exit = await this.exitComposite(entry);
      return exit.ok ? ok({ msg: tradingText.orders.cancelSent }) : reject('ORD004');
    }
    if (!isOpen(order)) return reject('ORD004');
    const refused = this.cancelAtExchange(order);
    if (refused) return reject('ORD007', rejectText(refused));
    await this.settled();
    return ok({ msg: tradingText.orders.cancelSent });
  }

  private cancelAtExchange(order: OrderRecord): string | null {
    if (!order.exchangeOrderId) return 'UNKNOWN_ORDER';
    return this.market.cancel(order.instrumentId, Number(order.exchangeOrderId)).rejectReason;
  }

  async exit(clientId: number, orderNo: string, kind: 'CO' | 'BO'): Promise<Result<{ msg: string }>> {
    await this.settled();
    const order = await findClientOrder(this.deps.db, clientId, orderNo);
    if (!order) return reject('ORD001');
    const entry =
      order.legRole === 'ENTRY'
        ? order
        : order.parentOrderId
          ? await findOrderById(this.deps.db, order.parentOrderId)
          : null;
    if (!entry || entry.clientId !== clientId || entry.product !== kind) return reject('ORD005');
    return this.exitComposite(entry);
  }

  /** Cancels the open parts of a cover/bracket order, then squares off its open quantity at market. */
  private async exitComposite(entry: OrderRecord): Promise<Result<{ msg: string }>> {
    const legs = await childOrders(this.deps.db, entry.id);
    const open = [entry, ...legs].filter(isOpen);
    const exposureBefore = entry.filledQty - legs.reduce((sum, l) => sum + l.filledQty, 0);
    if (open.length === 0 && exposureBefore <= 0) return reject('ORD005');
    for (const o of open) this.cancelAtExchange(o);
    await this.settled();
    const fresh = await findOrderById(this.deps.db, entry.id);
    const after = await childOrders(this.deps.db, entry.id);
    const exposure = (fresh?.filledQty ?? 0) - after.reduce((sum, l) => sum + l.filledQty, 0);
    if (exposure > 0 && fresh) {
      const exitOrder = await this.insertLeg(fresh, 'EXIT', {
        orderType: 'MARKET',
        quantity: exposure,
        price: 0,
        trigger: 0,
      });
      this.submit(exitOrder);
      await this.settled();
    }
    return ok({ msg: tradingText.orders.cancelSent });
  }

  /** A leg of a cover/bracket order (or its exit): opposite side, same product, no margin of its own. */
  private async insertLeg(
    entry: OrderRecord,
    role: 'STOPLOSS' | 'TARGET' | 'EXIT' | 'SQUAREOFF',
    leg: { orderType: OrderRecord['orderType']; quantity: number; price: number; trigger: number },
  ): Promise<OrderRecord> {
    return inTransaction(this.deps.db, (tx) =>
      insertOrder(
        tx,
        {
          clientId: entry.clientId,
          instrumentId: entry.instrumentId,
          exchange: entry.exchange,
          tradingSymbol: entry.tradingSymbol,
          displaySymbol: entry.displaySymbol,
          segment: entry.segment,
          priceDecimals: entry.priceDecimals,
          side: entry.side === 'BUY' ? 'SELL' : 'BUY',
          product: entry.product,
          orderType: leg.orderType,
          validity: 'DAY',
          vtdDate: null,
          quantity: leg.quantity,
          disclosedQty: 0,
          limitPrice: leg.price,
          triggerPrice: leg.trigger,
          isAmo: false,
          parentOrderId: entry.id,
          legRole: role,
          boTrailingSl: entry.boTrailingSl,
          blockedMarginPaise: 0,
          coTriggerPrice: 0,
          boStopDistance: 0,
          boTargetDistance: 0,
          edisReservedQty: 0,
          edisIsin: null,
          appId: null,
        },
        this.tradingDate(),
      ),
    );
  }

  /**
   * A square-off order for a position (end of day, auto square-off): market, opposite side, no margin. Not for a
   * client's request, so no checks beyond the exchange's.
   */
  async squareOff(position: { clientId: number; instrumentId: string; product: string; net: number }): Promise<void> {
    const instrument = this.market.registry.byId(position.instrumentId);
    if (!instrument || position.net === 0) return;
    const order = await inTransaction(this.deps.db, (tx) =>
      insertOrder(
        tx,
        {
          clientId: position.clientId,
          instrumentId: instrument.id,
          exchange: instrument.exc,
          tradingSymbol: instrument.trSymbol,
          displaySymbol: instrument.displaySym,
          segment: segmentOf(instrument.instr, instrument.exc),
          priceDecimals: instrument.priceDecimals,
          side: position.net > 0 ? 'SELL' : 'BUY',
          product: position.product,
          orderType: 'MARKET',
          validity: 'DAY',
          vtdDate: null,
          quantity: Math.abs(position.net),
          disclosedQty: 0,
          limitPrice: 0,
          triggerPrice: 0,
          isAmo: false,
          parentOrderId: null,
          legRole: 'SQUAREOFF',
          boTrailingSl: 0,
          blockedMarginPaise: 0,
          coTriggerPrice: 0,
          boStopDistance: 0,
          boTargetDistance: 0,
          edisReservedQty: 0,
          edisIsin: null,
          appId: null,
        },
        this.tradingDate(),
      ),
    );
    this.submit(order);
  }

  /** Cancels an open order at the exchange on the system's behalf (end of day). */
  expire(order: OrderRecord): void {
    if (this.cancelAtExchange(order) !== null) void this.closeWithoutExchange(order.id, 'Expired at end of day');
  }

  // ------------------------------------------------------------------ execution reports

  private enqueue(instrumentId: string, event: BookEvent): void {
    if (event.kind === 'traded') {
      const fill = {
        exchangeTradeId: String(event.tradeId),
        price: event.price,
        quantity: event.quantity,
        time: event.time,
        tradeDate: isoDate(istDay(event.time)),
      };
      if (event.buyRef !== 0) this.schedule(event.buyRef, () => this.onTraded(event.buyRef, fill), event);
      if (event.sellRef !== 0) this.schedule(event.sellRef, () => this.onTraded(event.sellRef, fill), event);
      return;
    }
    this.schedule(event.ref, () => this.apply(event), event);
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

  private async apply(e: Exclude<BookEvent, { kind: 'traded' }>): Promise<void> {
    switch (e.kind) {
      case 'accepted':
        return this.onAccepted(e.ref, e.orderId);
      case 'cancelled':
        return this.onClosed(e.ref, 'CANCELLED', cancelText(e.reason), e.reason === 'USER' ? 'CANCEL' : 'CANCELLED');
      case 'expired':
        return this.onClosed(e.ref, 'CANCELLED', 'Expired at end of day', 'EXPIRED');
      case 'rejected':
        return this.onClosed(e.ref, 'REJECTED', rejectText(e.reason), 'REJECTED');
      case 'triggered':
        return this.onNote(e.ref, 'TRIGGERED', {});
      case 'modified':
        return this.onModified(e.ref, e.price, e.quantity, e.triggerPrice);
    }
  }

  private async onAccepted(ref: number, exchangeOrderId: number): Promise<void> {
    const order = await inTransaction(this.deps.db, async (tx) => {
      const o = await findOrderById(tx, ref, true);
      if (!o) return null;
      const status = o.status === 'REQUEST SENT' ? 'OUTSTANDING' : o.status;
      await tx.query('UPDATE orders SET exchange_order_id = $2, status = $3, updated_at = now() WHERE id = $1', [
        ref,
        String(exchangeOrderId),
        status,
      ]);
      const updated = { ...o, exchangeOrderId: String(exchangeOrderId), status };
      await insertEvent(tx, updated, 'ACCEPTED');
      return updated;
    });
    if (order) this.push(order);
  }

  private clientOf(ref: number): number | null {
    return this.owners.get(ref) ?? null;
  }

  private async onTraded(ref: number, fill: Parameters<typeof recordFill>[3]): Promise<void> {
    const clientId = this.clientOf(ref);
    if (clientId === null) return;
    const market = this.market;
    const order = await inTransaction(this.deps.db, async (tx) => {
      await lockFunds(tx, clientId);
      const o = await findOrderById(tx, ref, true);
      if (!o || o.filledQty >= o.quantity) return null;
      return recordFill(tx, market, o, fill);
    });
    if (!order) return;
    this.push(order);
    if (COMPOSITE.has(order.product)) await this.afterCompositeFill(order, fill.quantity);
  }

  /**
   * Cover: each entry fill adds its quantity to the stop-loss leg (SL-M at the cover trigger). Bracket: each entry fill
   * adds to a target leg (limit at fill average ± target) and a stop-loss leg (SL-M at average ∓ stop); a leg fill
   * reduces its sibling to the open quantity, cancelling it at zero (one cancels the other).
   */
  private async afterCompositeFill(order: OrderRecord, quantity: number): Promise<void> {
    if (order.legRole === 'ENTRY') {
      const legs = await childOrders(this.deps.db, order.id);
      const sign = order.side === 'BUY' ? 1 : -1;
      const wanted: Array<{
        role: 'STOPLOSS' | 'TARGET';
        type: OrderRecord['orderType'];
        price: number;
        trigger: number;
      }> = [];
      if (order.product === 'CO')
        wanted.push({ role: 'STOPLOSS', type: 'SL-M', price: 0, trigger: order.coTriggerPrice });
      else {
        wanted.push({
          role: 'TARGET',
          type: 'LIMIT',
          price: order.avgFillPrice + sign * order.boTargetDistance,
          trigger: 0,
        });
        wanted.push({
          role: 'STOPLOSS',
          type: 'SL-M',
          price: 0,
          trigger: order.avgFillPrice - sign * order.boStopDistance,
        });
      }
      for (const w of wanted) {
        const existing = legs.find((l) => l.legRole === w.role && isOpen(l) && l.exchangeOrderId);
        if (existing) {
          this.market.modify(order.instrumentId, {
            orderId: Number(existing.exchangeOrderId),
            price: existing.limitPrice,
            quantity: existing.quantity + quantity,
            triggerPrice: existing.triggerPrice,
            disclosedQuantity: 0,
          });
        } else {
          const leg = await this.insertLeg(order, w.role, {
            orderType: w.type,
            quantity,
            price: w.price,
            trigger: w.trigger,
          });
          this.submit(leg);
        }
      }
      return;
    }
    if (order.product !== 'BO' || !order.parentOrderId) return;
    const entry = await findOrderById(this.deps.db, order.parentOrderId);
    if (!entry) return;
    const legs = await childOrders(this.deps.db, entry.id);
    const exposure = entry.filledQty - legs.reduce((sum, l) => sum + l.filledQty, 0);
    for (const sibling of legs.filter(
      (l) => l.id !== order.id && isOpen(l) && (l.legRole === 'TARGET' || l.legRole === 'STOPLOSS'),
    )) {
      if (!sibling.exchangeOrderId) continue;
      if (exposure <= 0) this.market.cancel(sibling.instrumentId, Number(sibling.exchangeOrderId));
      else if (sibling.quantity - sibling.filledQty !== exposure)
        this.market.modify(sibling.instrumentId, {
          orderId: Number(sibling.exchangeOrderId),
          price: sibling.limitPrice,
          quantity: sibling.filledQty + exposure,
          triggerPrice: sibling.triggerPrice,
          disclosedQuantity: 0,
        });
    }
  }

  private async onClosed(ref: number, status: 'CANCELLED' | 'REJECTED', reason: string, action: string): Promise<void> {
    const clientId = this.clientOf(ref);
    if (clientId === null) return;
    const order = await inTransaction(this.deps.db, async (tx) => {
      await lockFunds(tx, clientId);
      const o = await findOrderById(tx, ref, true);
      if (!o || !isOpen(o)) return null;
      const finalStatus = status === 'CANCELLED' && o.filledQty >= o.quantity ? 'EXECUTED' : status;
      await changeFunds(tx, clientId, { blocked: -o.blockedMarginPaise });
      await tx.query(
        `UPDATE orders SET status = $2, reject_reason = $3, blocked_margin_paise = 0, updated_at = now() WHERE id = $1`,
        [ref, finalStatus, reason],
      );
      const updated: OrderRecord = { ...o, status: finalStatus, rejectReason: reason, blockedMarginPaise: 0 };
      await insertEvent(tx, updated, action, reason ? { reason } : {});
      return updated;
    });
    if (order) this.push(order);
  }

  /** Closes an order the exchange no longer knows (e.g. after a restart) as cancelled, releasing its block. */
  async closeWithoutExchange(orderId: number, reason: string): Promise<void> {
    if (!this.owners.has(orderId)) {
      const { rows } = await this.deps.db.query<{ client_id: number }>('SELECT client_id FROM orders WHERE id = $1', [
        orderId,
      ]);
      if (!rows[0]) return;
      this.owners.set(orderId, Number(rows[0].client_id));
    }
    await this.onClosed(orderId, 'CANCELLED', reason, 'EXPIRED');
  }

  private async onModified(ref: number, price: number, quantity: number, trigger: number): Promise<void> {
    const order = await inTransaction(this.deps.db, async (tx) => {
      const o = await findOrderById(tx, ref, true);
      if (!o) return null;
      await tx.query(
        'UPDATE orders SET limit_price = $2, quantity = $3, trigger_price = $4, updated_at = now() WHERE id = $1',
        [ref, o.orderType === 'LIMIT' || o.orderType === 'SL' ? price : o.limitPrice, quantity, trigger],
      );
      const updated: OrderRecord = {
        ...o,
        limitPrice: o.orderType === 'LIMIT' || o.orderType === 'SL' ? price : o.limitPrice,
        quantity,
        triggerPrice: trigger,
      };
      await insertEvent(tx, updated, 'MODIFIED');
      return updated;
    });
    if (order) this.push(order);
  }

  private async onNote(ref: number, action: string, detail: Record<string, unknown>): Promise<void> {
    await inTransaction(this.deps.db, async (tx) => {
      const o = await findOrderById(tx, ref);
      if (o) await insertEvent(tx, o, action, detail);
    });
  }

  // ------------------------------------------------------------------ trailing stop (bracket)

  /**
   * Bracket trailing stop: for every open stop-loss leg with boTrailingSL, when the last price has moved in favour by
   * whole steps of boTrailingSL from the entry average, the stop moves by the same steps (never back). Run per step.
   */
  async trailStops(): Promise<void> {
    const { rows } = await this.deps.db.query(
      `SELECT l.* FROM orders l JOIN orders e ON e.id = l.parent_order_id
        WHERE l.leg_role = 'STOPLOSS' AND l.product = 'BO' AND l.bo_trailing_sl > 0 AND l.status = 'OUTSTANDING'`,
    );
    const { orderOf } = await import('./order-record.ts');
    for (const row of rows) {
      const leg = orderOf(row as Record<string, unknown>);
      const entry = leg.parentOrderId ? await findOrderById(this.deps.db, leg.parentOrderId) : null;
      const last = this.market.quote(leg.instrumentId)?.lastPrice;
      if (!entry || last === undefined || !leg.exchangeOrderId) continue;
      const long = entry.side === 'BUY';
      const gain = long ? last - entry.avgFillPrice : entry.avgFillPrice - last;
      const steps = Math.floor(gain / leg.boTrailingSl);
      if (steps <= 0) continue;
      const base = long ? entry.avgFillPrice - entry.boStopDistance : entry.avgFillPrice + entry.boStopDistance;
      const target = long ? base + steps * leg.boTrailingSl : base - steps * leg.boTrailingSl;
      if (long ? target <= leg.triggerPrice : target >= leg.triggerPrice) continue;
      this.market.modify(leg.instrumentId, {
        orderId: Number(leg.exchangeOrderId),
        price: 0,
        quantity: leg.quantity,
        triggerPrice: target,
        disclosedQuantity: 0,
      });
    }
  }

  private push(order: OrderRecord): void {
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
}

export function insufficientText(required: number, available: number): string {
  return `Insufficient funds. Required margin ₹ ${rupeesString(required as Paise)}, available margin ₹ ${rupeesString(Math.max(0, available) as Paise)}.`;
}

function toResult(answer: StoredAnswer): Result<OrderAnswer> {
  if (answer.ok) return ok(answer.data);
  return reject(answer.code as Parameters<typeof reject>[0], answer.message || undefined);
}
