import {
  CHARGE_AMOUNTS,
  chargesDifference,
  chargesProductOf,
  computeExecutionCharges,
  mulDivRound,
  type ChargeAmounts,
  type PlanCover,
  type ProductType,
} from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';
import { consumeEdisQuantity } from '../portfolio/holdings-check.ts';
import { blockChange, FundsDelta, lockFunds, REALISED_PNL_NARRATION } from '../rms/funds.ts';
import { fillMargin, openOrderMargin } from '../rms/order-margin.ts';
import type { Combinable } from './group-commit.ts';
import { EVENT_AT, type StoredOrderEvent } from './order-events.ts';
import { isOpen, orderColumns, orderOf, statusOnceAccepted, type OrderRecord } from './order-record.ts';
import { netQuantity, positionOf, realisedPaiseOf, unitsToPaise, type PositionRecord } from './positions.ts';

export interface Fill {
  exchangeTradeId: string;
  price: number;
  quantity: number;
  time: number;
  tradeDate: string;
}

/** One side of a trade for the order `ref` of `clientId`, as the execution report gave it. */
export interface FillItem {
  ref: number;
  clientId: number;
  fill: Fill;
  market: Market;
  /**
   * The exchange's number when the order's acceptance was reported with this fill (oms-core.ts folds them): the
   * acceptance is written by the fill's update of the row, with its own ACCEPTED event in the log before the trade.
   */
  acceptedAs?: number;
}

/**
 * The fills of a lane's batch (README "Group commit"), whatever their clients and orders, in two statements (three
 * with a calendar spread among them): one locks and reads what they need (`lockForFills`: funds rows, order rows,
 * positions, earlier charges); then every fill is worked out in memory one after the other and one statement writes
 * them all (trades, positions, funds, ledger entries, orders, TRADE events). The answer for each item is its order
 * after the fill, or null when the order is unknown here or already complete.
 */
export const FILLS: Combinable<FillItem, OrderRecord | null> = {
  kind: 'fill',
  rank: 2,
  many: async (tx, items) => {
    const market = items[0]!.market;
    const locked = await lockForFills(
      tx,
      items.map((i) => i.clientId),
      items.map((i) => i.ref),
    );
    const { orders } = locked;
    const batch = new FillBatch(market, locked.plans, locked.at);
    await batch.load(tx, [...orders.values()], locked);
    const answers: (OrderRecord | null)[] = [];
    for (const item of items) {
      const order = orders.get(item.ref);
      if (!order || order.clientId !== item.clientId || order.filledQty >= order.quantity) {
        answers.push(null);
        continue;
      }
      const updated = await batch.apply(
        tx,
        item.acceptedAs === undefined ? order : batch.accept(order, item.acceptedAs),
        item.fill,
      );
      orders.set(order.id, updated);
      answers.push(updated);
    }
    await batch.remargin(tx);
    await batch.write(tx);
    return answers;
  },
};

/** A client's trading plan period (modules/plan): IST dates yyyy-mm-dd. */
interface PlanPeriod {
  segment: 'EQ' | 'FO';
  start: string;
  end: string;
}

/** Rows of positions and of earlier fills' sums, as `lockForFills` reads them. */
type Row = Record<string, string>;

interface LockedForFills {
  orders: Map<number, OrderRecord>;
  plans: Map<number, PlanPeriod[]>;
  /** The positions of the orders' own instruments, upserted and locked (spread legs are not among them). */
  positions: Row[];
  /** Quantity, value and charges booked so far by the orders already partly filled, by instrument and side. */
  booked: Row[];
  /** The transaction's time (ms), the time of the events the batch adds to the orders' logs. */
  at: number;
}

/** The statement's row of JSON: each list is null when empty (json_agg of no rows). */
interface LockedRest {
  at: number;
  funds: { clientId: number; plans: PlanPeriod[] | null }[] | null;
  positions: Row[] | null;
  booked: Row[] | null;
}

const BOOKED_SUMS = CHARGE_AMOUNTS.map(
  (key) => `COALESCE(sum((charges_detail->>'${key}')::bigint), 0)::text AS "${key}"`,
).join(', ');

/**
 * Everything a batch of fills reads, in ONE statement (a round trip of the lane saved is a turn of the server's
 * event loop saved: README "Group commit"), locking in the order every writer of these rows keeps: the clients' funds
 * rows (client order) with their trading plans (investing.md 9: brokerage under the plan; the plan service changes a
 * plan under this same lock, so a fill sees a plan whole or not at all), then the order rows (id order), then the
 * positions of the open orders' instruments (those that exist locked FOR UPDATE in key order, the others inserted;
 * one inserted meanwhile by another transaction is locked and returned by DO UPDATE, a no-op change), and the sums of
 * the partly filled orders' earlier trades. A position is locked without writing a version of it: the write's update
 * is then its only new version, and its foreign key is not checked again (PostgreSQL checks a key at any update of a
 * row its own transaction wrote). The `(SELECT count(*) FROM funds)` filter is a one-time filter: it makes the funds
 * rows locked before the first order row. The first branch of the UNION answers the orders (orderColumns); the second,
 * one row of JSON with the rest and with the transaction's time.
 */
async function lockForFills(tx: Queryable, clientIds: number[], orderIds: number[]): Promise<LockedForFills> {
  const unique = [...new Set(clientIds)].sort((a, b) => a - b);
  const { rows } = await tx.query({
    name: 'oms-fills-lock',
    text: `WITH funds AS MATERIALIZED (
         SELECT f.client_id,
                (SELECT json_agg(json_build_object('segment', p.segment, 'start', p.start_date, 'end', p.end_date))
                   FROM client_plans p WHERE p.client_id = f.client_id) AS plans
           FROM client_funds f WHERE f.client_id = ANY($1::bigint[]) ORDER BY f.client_id FOR UPDATE OF f),
       locked AS MATERIALIZED (
         SELECT ${orderColumns('o')} FROM orders o
          WHERE o.id = ANY($2::bigint[]) AND (SELECT count(*) FROM funds) >= 0
          ORDER BY o.id FOR UPDATE OF o),
       wanted AS MATERIALIZED (
         SELECT DISTINCT l.client_id, l.instrument_id, l.exchange, l.product, l.segment
           FROM locked l WHERE l.segment <> 'spread' AND l.filled_qty < l.quantity),
       held AS MATERIALIZED (
         SELECT p.* FROM positions p JOIN wanted w USING (client_id, instrument_id, product)
          ORDER BY p.client_id, p.instrument_id, p.product FOR UPDATE OF p),
       opened AS (
         INSERT INTO positions (client_id, instrument_id, exchange, product, segment)
         SELECT w.client_id, w.instrument_id, w.exchange, w.product, w.segment FROM wanted w
          WHERE NOT EXISTS (SELECT FROM held h WHERE h.client_id = w.client_id AND h.instrument_id = w.instrument_id
                              AND h.product = w.product)
          ORDER BY w.client_id, w.instrument_id, w.product
         ON CONFLICT (client_id, instrument_id, product) DO UPDATE SET client_id = positions.client_id
         RETURNING *),
       positioned AS (SELECT * FROM held UNION ALL SELECT * FROM opened)
       SELECT 'order' AS kind, l.*, NULL::json AS rest FROM locked l
       UNION ALL
       SELECT 'rest', none.*, json_build_object(
         'at', ${EVENT_AT},
         'funds', (SELECT json_agg(json_build_object('clientId', f.client_id, 'plans', f.plans)) FROM funds f),
         'positions', (SELECT json_agg(json_build_object('id', p.id, 'client_id', p.client_id,
             'instrument_id', p.instrument_id, 'product', p.product, 'buy_qty', p.buy_qty::text,
             'buy_value', p.buy_value::text, 'sell_qty', p.sell_qty::text, 'sell_value', p.sell_value::text,
             'carry_qty', p.carry_qty::text, 'carry_avg_price', p.carry_avg_price::text,
             'realised_paise', p.realised_paise::text, 'margin_paise', p.margin_paise::text)) FROM positioned p),
         'booked', (SELECT json_agg(b) FROM (
             SELECT order_id::text, instrument_id, side, sum(quantity)::text AS qty, sum(price * quantity)::text AS value,
                    ${BOOKED_SUMS}
               FROM trades WHERE order_id IN (SELECT id FROM locked WHERE filled_qty > 0)
              GROUP BY order_id, instrument_id, side) b))
         FROM (VALUES (1)) AS one (x) LEFT JOIN locked none ON false`,
    values: [unique, [...new Set(orderIds)]],
  });
  const orders = new Map<number, OrderRecord>();
  let rest: LockedRest | null = null;
  for (const row of rows as Record<string, unknown>[]) {
    if (row.kind === 'order') {
      const order = orderOf(row);
      orders.set(order.id, order);
    } else rest = row.rest as LockedRest;
  }
  // The statement's second branch answers one row whatever was found.
  if (!rest) throw new Error('the fills lock statement answered no rest row');
  const plans = new Map((rest.funds ?? []).map((f) => [Number(f.clientId), f.plans ?? []]));
  // A client without a funds row yet gets one (lockFunds creates it): a fill's money is never written to nothing.
  for (const clientId of unique) if (!plans.has(clientId)) await lockFunds(tx, clientId);
  return { orders, plans, positions: rest.positions ?? [], booked: rest.booked ?? [], at: Number(rest.at) };
}

function planCoverOn(periods: PlanPeriod[] | undefined, tradeDate: string): PlanCover | undefined {
  if (!periods || periods.length === 0) return undefined;
  const holds = (segment: PlanPeriod['segment']) =>
    periods.some((p) => p.segment === segment && p.start <= tradeDate && tradeDate <= p.end);
  return { equity: holds('EQ'), fno: holds('FO') };
}

/** Quantity, value and charges an order's earlier fills booked for one instrument and side. */
interface Booked {
  qty: number;
  value: bigint;
  paid: ChargeAmounts;
}

const NOTHING_PAID = Object.fromEntries(CHARGE_AMOUNTS.map((key) => [key, 0])) as ChargeAmounts;

const bookedKey = (orderId: number, instrumentId: string, side: string) => `${orderId}|${instrumentId}|${side}`;
const positionKey = (clientId: number, instrumentId: string, product: string) =>
  `${clientId}|${instrumentId}|${product}`;
/** A position and the side of the orders that reduce it. */
const reducingKey = (clientId: number, instrumentId: string, product: string, side: 'BUY' | 'SELL') =>
  `${positionKey(clientId, instrumentId, product)}|${side}`;

/** What one batch of fills reads under its locks and what it will write, kept in memory until `write`. */
class FillBatch {
  private readonly booked = new Map<string, Booked>();
  private readonly positions = new Map<string, PositionRecord>();
  private readonly touched = new Map<number, PositionRecord>();
  /** The futures and options contracts of touched positions, written with them (migration 0039). */
  private readonly contracts = new Map<number, Instrument>();
  private readonly funds = new Map<number, FundsDelta>();
  private readonly finalOrders = new Map<number, OrderRecord>();
  /** Positions a fill reduced, with the side that reduced them: other open orders on that side may close less now. */
  private readonly reduced = new Map<
    string,
    { clientId: number; instrumentId: string; product: string; side: 'BUY' | 'SELL' }
  >();
  private readonly trades: {
    order: OrderRecord;
    fill: Fill;
    instrumentId: string;
    exchange: string;
    side: 'BUY' | 'SELL';
    quantity: number;
    price: number;
    charges: ChargeAmounts;
  }[] = [];
  /** Each order's ACCEPTED and TRADE events of this batch, in order (order-events.ts). */
  private readonly events = new Map<number, StoredOrderEvent[]>();

  constructor(
    private readonly market: Market,
    private readonly plans: Map<number, PlanPeriod[]>,
    private readonly at: number,
  ) {}

  /** The instruments an order's fill books: a calendar spread books its two legs. */
  private legsOf(order: OrderRecord): Instrument[] {
    const instrument = this.market.registry.byId(order.instrumentId);
    if (!instrument) throw new Error(`instrument ${order.instrumentId} unknown`);
    if (order.segment !== 'spread' || !instrument.underlying || !instrument.farLeg) return [instrument];
    const near = this.market.registry.byId(instrument.underlying);
    const far = this.market.registry.byId(instrument.farLeg);
    if (!near || !far) throw new Error('spread legs unknown');
    return [near, far];
  }

  /**
   * Takes what `lockForFills` read for these locked orders (earlier charges, positions) and upserts and locks the
   * positions it could not: a calendar spread's two legs, which the registry knows and the statement does not.
   */
  async load(tx: Queryable, orders: OrderRecord[], locked: LockedForFills): Promise<void> {
    for (const r of locked.booked) {
      this.booked.set(bookedKey(Number(r.order_id), String(r.instrument_id), String(r.side)), {
        qty: Number(r.qty),
        value: BigInt(r.value ?? '0'),
        paid: Object.fromEntries(CHARGE_AMOUNTS.map((key) => [key, Number(r[key] ?? 0)])) as ChargeAmounts,
      });
    }
    for (const r of locked.positions)
      this.positions.set(positionKey(Number(r.client_id), String(r.instrument_id), String(r.product)), positionOf(r));
    const keys = new Map<
      string,
      { clientId: number; instrumentId: string; exchange: string; product: string; segment: string }
    >();
    for (const order of orders) {
      if (order.filledQty >= order.quantity) continue;
      for (const leg of this.legsOf(order)) {
        const key = positionKey(order.clientId, leg.id, order.product);
        if (this.positions.has(key)) continue;
        keys.set(key, {
          clientId: order.clientId,
          instrumentId: leg.id,
          exchange: leg.exc,
          product: order.product,
          segment: order.segment === 'spread' ? 'fno' : order.segment,
        });
      }
    }
    if (keys.size === 0) return;
    // Upserted in key order, as lockForFills does: two batches lock the same rows in the same order.
    const sorted = [...keys.values()].sort(
      (a, b) =>
        a.clientId - b.clientId ||
        (a.instrumentId < b.instrumentId ? -1 : a.instrumentId > b.instrumentId ? 1 : 0) ||
        (a.product < b.product ? -1 : a.product > b.product ? 1 : 0),
    );
    const { rows } = await tx.query<Row>({
      name: 'oms-fills-positions',
      text: `INSERT INTO positions (client_id, instrument_id, exchange, product, segment)
             SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[])
             ON CONFLICT (client_id, instrument_id, product) DO UPDATE SET client_id = positions.client_id
             RETURNING *`,
      values: [
        sorted.map((k) => k.clientId),
        sorted.map((k) => k.instrumentId),
        sorted.map((k) => k.exchange),
        sorted.map((k) => k.product),
        sorted.map((k) => k.segment),
      ],
    });
    for (const r of rows)
      this.positions.set(positionKey(Number(r.client_id), String(r.instrument_id), String(r.product)), positionOf(r));
  }

  private fundsOf(clientId: number): FundsDelta {
    let delta = this.funds.get(clientId);
    if (!delta) {
      delta = new FundsDelta();
      this.funds.set(clientId, delta);
    }
    return delta;
  }

  /**
   * The charges of one fill: brokerage is per executed order (market-facts 1.4), so a fill pays the charges of the
   * order's execution so far (this fill included, same instrument and side) less what its earlier fills paid,
   * component by component. The order's fills then add up exactly to computeCharges of its total quantity and value,
   * the figure /Trade/Charges estimates for the same quantity at the same price.
   */
  private charges(
    order: OrderRecord,
    instrument: Instrument,
    side: 'BUY' | 'SELL',
    price: number,
    quantity: number,
    tradeDate: string,
  ): ChargeAmounts {
    const key = bookedKey(order.id, instrument.id, side);
    const earlier = this.booked.get(key) ?? { qty: 0, value: 0n, paid: NOTHING_PAID };
    const value = BigInt(price) * BigInt(quantity);
    const cumulative = computeExecutionCharges({
      exchange: instrument.exc,
      instr: instrument.instr,
      symbol: instrument.symbol,
      side: side === 'BUY' ? 'buy' : 'sell',
      product: chargesProductOf(order.product),
      priceDecimals: instrument.priceDecimals,
      lotQualifier: instrument.multiplier,
      tradeDate,
      plan: planCoverOn(this.plans.get(order.clientId), tradeDate),
      quantity: earlier.qty + quantity,
      value: earlier.value + value,
      rmsSquareOff: order.legRole === 'SQUAREOFF',
    });
    const charges = chargesDifference(cumulative, earlier.paid);
    const paid = Object.fromEntries(CHARGE_AMOUNTS.map((k) => [k, earlier.paid[k] + charges[k]])) as ChargeAmounts;
    this.booked.set(key, { qty: earlier.qty + quantity, value: earlier.value + value, paid });
    return charges;
  }

  /** One side of a trade for one instrument: trade row with charges, position, funds (used margin or delivery money). */
  private bookLeg(
    order: OrderRecord,
    instrument: Instrument,
    side: 'BUY' | 'SELL',
    price: number,
    quantity: number,
    fill: Fill,
  ): void {
    const charges = this.charges(order, instrument, side, price, quantity, fill.tradeDate);
    this.trades.push({
      order,
      fill,
      instrumentId: instrument.id,
      exchange: instrument.exc,
      side,
      quantity,
      price,
      charges,
    });

    const position = this.positions.get(positionKey(order.clientId, instrument.id, order.product));
    if (!position) throw new Error('position row missing');
    const funds = this.fundsOf(order.clientId);
    const before = netQuantity(position);
    const signed = side === 'BUY' ? quantity : -quantity;
    const closing = before !== 0 && Math.sign(before) !== Math.sign(signed) ? Math.min(quantity, Math.abs(before)) : 0;
    if (closing > 0 && order.product !== 'CASH' && order.segment !== 'spread' && order.legRole === null)
      this.reduced.set(reducingKey(order.clientId, instrument.id, order.product, side), {
        clientId: order.clientId,
        instrumentId: instrument.id,
        product: order.product,
        side,
      });
    const value = BigInt(price) * BigInt(quantity);
    if (side === 'BUY') {
      position.buyQty += quantity;
      position.buyValue += value;
    } else {
      position.sellQty += quantity;
      position.sellValue += value;
    }
    const realised = realisedPaiseOf(position, instrument.multiplier, instrument.priceDecimals);
    const realisedChange = realised - position.realisedPaise;
    position.realisedPaise = realised;

    const ref = { type: 'trade', id: `${order.orderNo}/${fill.exchangeTradeId}` };
    if (order.product === 'CASH') {
      // Delivery: the money moves at the fill (buy debited, sell credited); nothing stays as used margin.
      const amount = unitsToPaise(value, instrument.multiplier, instrument.priceDecimals);
      funds.post(
        side === 'BUY' ? -amount : amount,
        `${side === 'BUY' ? 'Bought' : 'Sold'} ${quantity} ${order.displaySymbol}`,
        ref,
      );
    } else {
      // Margin products: the order's block becomes the position's margin; closing releases the closed share.
      let release = 0;
      if (closing > 0 && position.marginPaise > 0) {
        release = Math.floor((position.marginPaise * closing) / Math.abs(before));
        if (closing === Math.abs(before)) release = position.marginPaise;
      }
      // Spread legs: the spread's margin (a third of a leg, at the near leg's price) is held on the near leg only.
      const market = this.market;
      const held =
        order.segment === 'spread' && instrument.id !== order.instrumentId && side !== order.side
          ? 0
          : fillMargin(
              market,
              order.segment === 'spread' ? (market.registry.byId(order.instrumentId) ?? instrument) : instrument,
              {
                side: order.side === 'BUY' ? 'buy' : 'sell',
                product: order.product as ProductType,
                coTriggerPrice: order.coTriggerPrice,
                boStopDistance: order.boStopDistance,
              },
              quantity - closing,
              price,
            );
      position.marginPaise += held - release;
      funds.change({ used: held - release });
      funds.post(realisedChange, `${REALISED_PNL_NARRATION} ${order.displaySymbol}`, ref);
    }
    this.touched.set(position.id, position);
    if (instrument.expiry !== null) this.contracts.set(position.id, instrument);
    if (charges.total > 0) funds.post(-charges.total, `Charges ${order.displaySymbol}`, ref);
  }

  /** The order's acceptance, as ACCEPTANCES (event-application.ts) writes it: its exchange number, OUTSTANDING, logged. */
  accept(order: OrderRecord, exchangeOrderId: number): OrderRecord {
    const accepted: OrderRecord = {
      ...order,
      exchangeOrderId: String(exchangeOrderId),
      status: statusOnceAccepted(order.status),
    };
    this.finalOrders.set(accepted.id, accepted);
    this.logEvent(accepted.id, 'ACCEPTED', accepted.status);
    return accepted;
  }

  /**
   * A fill of a client's order (its funds row and order row locked by the batch): the order's filled quantity and
   * average, the share of its margin block released (the last fill releases the rest), the trade(s), the position
   * and the funds. Answers the order after the fill.
   */
  async apply(tx: Queryable, order: OrderRecord, fill: Fill): Promise<OrderRecord> {
    const remainingBefore = order.quantity - order.filledQty;
    const quantity = Math.min(fill.quantity, remainingBefore);
    const filled = order.filledQty + quantity;
    let release =
      filled >= order.quantity
        ? order.blockedMarginPaise
        : Math.floor((order.blockedMarginPaise * quantity) / remainingBefore);
    release = Math.min(release, order.blockedMarginPaise);
    this.fundsOf(order.clientId).change(blockChange(order, -release));

    const legs = this.legsOf(order);
    if (legs.length === 2) {
      // A calendar spread trades the price difference (far - near): each fill books the near leg at its last price
      // and the far leg at near + difference (chosen; trading.md 3 "Spread payload").
      const [near, far] = legs as [Instrument, Instrument];
      const nearPrice = this.market.priceBand(near.id)?.lastPrice ?? near.referencePrice;
      this.bookLeg(order, near, order.side, nearPrice, quantity, fill);
      this.bookLeg(order, far, order.side === 'BUY' ? 'SELL' : 'BUY', nearPrice + fill.price, quantity, fill);
    } else {
      this.bookLeg(order, legs[0]!, order.side, fill.price, quantity, fill);
    }

    // A non-POA sell uses its e-DIS approval as it executes (the open order only reserves it).
    if (order.edisIsin && order.edisReservedQty > 0 && order.side === 'SELL') {
      const reservedLeft = Math.max(0, order.edisReservedQty - order.filledQty);
      const use = Math.min(quantity, reservedLeft);
      if (use > 0) await consumeEdisQuantity(tx, order.clientId, order.edisIsin, use, fill.tradeDate);
    }

    const filledValue = order.filledValue + fill.price * quantity;
    const status = filled >= order.quantity ? 'EXECUTED' : statusOnceAccepted(order.status);
    const updated: OrderRecord = {
      ...order,
      filledQty: filled,
      filledValue,
      avgFillPrice: mulDivRound(filledValue, 1, filled),
      blockedMarginPaise: order.blockedMarginPaise - release,
      status,
    };
    this.finalOrders.set(updated.id, updated);
    // The trade itself is the trades row written with it.
    this.logEvent(updated.id, 'TRADE', status);
    return updated;
  }

  private logEvent(orderId: number, action: 'ACCEPTED' | 'TRADE', status: OrderRecord['status']): void {
    const event: StoredOrderEvent = [action, status, this.at];
    const events = this.events.get(orderId);
    if (events) events.push(event);
    else this.events.set(orderId, [event]);
  }

  /**
   * An open order that closes a position blocks nothing for the part it closes, the client's earlier open orders on
   * its side closing first (placement.ts). When a later order fills first (its price was reached first) and reduces
   * the position, an earlier one is left closing less than it was margined for: its block is raised to what its
   * opening part needs now, as a placement would price it. Only batches with such a fill read anything more.
   */
  async remargin(tx: Queryable): Promise<void> {
    if (this.reduced.size === 0) return;
    const keys = [...this.reduced.values()];
    const { rows } = await tx.query<Row>({
      name: 'oms-fills-remargin',
      text: `SELECT ${orderColumns('o')} FROM orders o
              WHERE (o.client_id, o.instrument_id, o.product, o.side) IN
                    (SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]))
                AND o.is_open AND o.leg_role IS NULL
              ORDER BY o.id FOR UPDATE OF o`,
      values: [
        keys.map((k) => k.clientId),
        keys.map((k) => k.instrumentId),
        keys.map((k) => k.product),
        keys.map((k) => k.side),
      ],
    });
    const closable = new Map<string, number>();
    for (const row of rows) {
      const locked = orderOf(row);
      // An order of this batch is read as the batch left it (its block is released pro rata by its own fills).
      const order = this.finalOrders.get(locked.id) ?? locked;
      if (!isOpen(order)) continue;
      const key = reducingKey(order.clientId, order.instrumentId, order.product, order.side);
      if (!closable.has(key)) {
        const net = netQuantity(this.positions.get(positionKey(order.clientId, order.instrumentId, order.product))!);
        closable.set(key, net !== 0 && net > 0 === (order.side === 'SELL') ? Math.abs(net) : 0);
      }
      const remaining = order.quantity - order.filledQty;
      const closing = Math.min(remaining, closable.get(key)!);
      closable.set(key, closable.get(key)! - closing);
      if (this.finalOrders.has(order.id)) continue;
      const instrument = this.market.registry.byId(order.instrumentId);
      if (!instrument) continue;
      const block = openOrderMargin(this.market, instrument, order, remaining, closing);
      if (block <= order.blockedMarginPaise) continue;
      this.fundsOf(order.clientId).change(blockChange(order, block - order.blockedMarginPaise));
      this.finalOrders.set(order.id, { ...order, blockedMarginPaise: block });
    }
  }

  /** Writes the whole batch in one statement: trades, positions, funds, ledger entries, orders with their new events. */
  async write(tx: Queryable): Promise<void> {
    if (this.events.size === 0) return;
    const positions = [...this.touched.values()];
    const funds = [...this.funds.entries()];
    const entries = funds.flatMap(([clientId, delta]) => delta.entries.map((e) => ({ clientId, ...e })));
    const orders = [...this.finalOrders.values()];
    const trades = this.trades;
    await tx.query({
      name: 'oms-fills-write',
      text: `WITH traded AS (
         INSERT INTO trades (client_id, order_id, exchange_trade_id, instrument_id, exchange, side, product, quantity, price,
           charges_paise, charges_detail, traded_at)
         SELECT t.client_id, t.order_id, t.trade_id, t.instrument_id, t.exchange, t.side, t.product, t.quantity, t.price,
                t.charges, t.detail::jsonb, to_timestamp(t.at / 1000.0)
           FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[],
                       $9::bigint[], $10::bigint[], $11::text[], $12::bigint[])
             AS t(client_id, order_id, trade_id, instrument_id, exchange, side, product, quantity, price, charges, detail, at)),
       positioned AS (
         UPDATE positions p SET buy_qty = x.buy_qty, buy_value = x.buy_value, sell_qty = x.sell_qty, sell_value = x.sell_value,
                realised_paise = x.realised, margin_paise = x.margin, updated_at = now(),
                trading_symbol = COALESCE(p.trading_symbol, x.trading_symbol), expiry = COALESCE(p.expiry, x.expiry)
           FROM unnest($13::bigint[], $14::bigint[], $15::bigint[], $16::bigint[], $17::bigint[], $18::bigint[], $19::bigint[],
                       $39::text[], $40::date[])
             AS x(id, buy_qty, buy_value, sell_qty, sell_value, realised, margin, trading_symbol, expiry)
          WHERE p.id = x.id),
       funded AS (
         UPDATE client_funds f SET blocked_margin_paise = f.blocked_margin_paise + x.blocked,
                cash_blocked_paise = f.cash_blocked_paise + x.cash_blocked,
                used_margin_paise = f.used_margin_paise + x.used, ledger_balance_paise = f.ledger_balance_paise + x.ledger,
                updated_at = now()
           FROM unnest($20::bigint[], $21::bigint[], $22::bigint[], $23::bigint[], $24::bigint[])
             AS x(client_id, blocked, cash_blocked, used, ledger)
          WHERE f.client_id = x.client_id),
       posted AS (
         INSERT INTO ledger_entries (client_id, amount_paise, narration, ref_type, ref_id)
         SELECT * FROM unnest($25::bigint[], $26::bigint[], $27::text[], $28::text[], $29::text[]))
       UPDATE orders o SET filled_qty = x.filled, avg_fill_price = x.avg, filled_value = x.value,
              blocked_margin_paise = x.blocked,
              status = x.status, exchange_order_id = x.exchange_order_id, updated_at = now(),
              closed_at = CASE WHEN x.closed THEN COALESCE(o.closed_at, now()) END,
              events = o.events || x.events::jsonb
         FROM unnest($30::bigint[], $31::bigint[], $32::bigint[], $33::bigint[], $34::bigint[], $35::text[], $36::text[],
                     $37::text[], $38::boolean[])
           AS x(id, filled, avg, value, blocked, status, exchange_order_id, events, closed)
        WHERE o.id = x.id`,
      values: [
        trades.map((t) => t.order.clientId),
        trades.map((t) => t.order.id),
        trades.map((t) => t.fill.exchangeTradeId),
        trades.map((t) => t.instrumentId),
        trades.map((t) => t.exchange),
        trades.map((t) => t.side),
        trades.map((t) => t.order.product),
        trades.map((t) => t.quantity),
        trades.map((t) => t.price),
        trades.map((t) => t.charges.total),
        trades.map((t) => JSON.stringify(t.charges)),
        trades.map((t) => t.fill.time),
        positions.map((p) => p.id),
        positions.map((p) => p.buyQty),
        positions.map((p) => p.buyValue.toString()),
        positions.map((p) => p.sellQty),
        positions.map((p) => p.sellValue.toString()),
        positions.map((p) => p.realisedPaise),
        positions.map((p) => p.marginPaise),
        funds.map(([clientId]) => clientId),
        funds.map(([, d]) => d.blocked),
        funds.map(([, d]) => d.cashBlocked),
        funds.map(([, d]) => d.used),
        funds.map(([, d]) => d.ledger),
        entries.map((e) => e.clientId),
        entries.map((e) => e.amount),
        entries.map((e) => e.narration),
        entries.map((e) => e.ref.type),
        entries.map((e) => e.ref.id),
        orders.map((o) => o.id),
        orders.map((o) => o.filledQty),
        orders.map((o) => o.avgFillPrice),
        orders.map((o) => o.filledValue),
        orders.map((o) => o.blockedMarginPaise),
        orders.map((o) => o.status),
        orders.map((o) => o.exchangeOrderId),
        orders.map((o) => JSON.stringify(this.events.get(o.id) ?? [])),
        orders.map((o) => !isOpen(o)),
        positions.map((p) => this.contracts.get(p.id)?.trSymbol ?? null),
        positions.map((p) => this.contracts.get(p.id)?.expiry ?? null),
      ],
    });
  }
}
