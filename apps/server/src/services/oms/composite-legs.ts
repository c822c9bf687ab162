import { ok, reject, tradingText, type Result } from '@kite/domain';
import { inTransaction } from '../../db/pool.ts';
import { exchangeQuantity, type OmsCore } from './oms-core.ts';
import {
  childOrders,
  findOrderById,
  insertOrder,
  isOpen,
  orderColumns,
  orderOf,
  type OrderRecord,
} from './order-record.ts';

/**
 * Cover: each entry fill adds its quantity to the stop-loss leg (SL-M at the cover trigger). Bracket: each entry fill
 * adds to a target leg (limit at fill average ± target) and a stop-loss leg (SL-M at average ∓ stop); a leg fill
 * reduces its sibling to the open quantity, cancelling it at zero (one cancels the other).
 */
export async function afterCompositeFill(core: OmsCore, order: OrderRecord, quantity: number): Promise<void> {
  if (order.legRole === 'ENTRY') {
    const legs = await childOrders(core.deps.db, order.id);
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
    // Each leg is sized to the open exposure after this fill, not grown by the fill's quantity: when an entry fills in
    // several trades at once, their fills are applied one after the other before the exchange's reports of the legs
    // sent for the first one (accepted, modified) are written, so the leg rows do not show them yet.
    const exposure = order.filledQty - legs.reduce((sum, l) => sum + l.filledQty, 0);
    for (const w of wanted) {
      const existing = legs.find((l) => l.legRole === w.role && isOpen(l));
      const exchangeOrderId = existing ? core.exchangeOrderIdOf(existing) : null;
      if (existing && exchangeOrderId !== null) {
        core.market.modify(order.instrumentId, {
          orderId: exchangeOrderId,
          price: existing.limitPrice,
          quantity: exchangeQuantity(existing, existing.filledQty + exposure),
          triggerPrice: existing.triggerPrice,
          disclosedQuantity: 0,
        });
      } else {
        const leg = await insertLeg(core, order, w.role, {
          orderType: w.type,
          quantity,
          price: w.price,
          trigger: w.trigger,
        });
        core.submit(leg);
      }
    }
    return;
  }
  if (order.product !== 'BO' || !order.parentOrderId) return;
  const entry = await findOrderById(core.deps.db, order.parentOrderId);
  if (!entry) return;
  const legs = await childOrders(core.deps.db, entry.id);
  const exposure = entry.filledQty - legs.reduce((sum, l) => sum + l.filledQty, 0);
  for (const sibling of legs.filter(
    (l) => l.id !== order.id && isOpen(l) && (l.legRole === 'TARGET' || l.legRole === 'STOPLOSS'),
  )) {
    const exchangeOrderId = core.exchangeOrderIdOf(sibling);
    if (exchangeOrderId === null) continue;
    if (exposure <= 0) core.market.cancel(sibling.instrumentId, exchangeOrderId);
    else if (sibling.quantity - sibling.filledQty !== exposure)
      core.market.modify(sibling.instrumentId, {
        orderId: exchangeOrderId,
        price: sibling.limitPrice,
        quantity: exchangeQuantity(sibling, sibling.filledQty + exposure),
        triggerPrice: sibling.triggerPrice,
        disclosedQuantity: 0,
      });
  }
}

/** Cancels the open parts of a cover/bracket order, then squares off its open quantity at market. */
export async function exitComposite(core: OmsCore, entry: OrderRecord): Promise<Result<{ msg: string }>> {
  const legs = await childOrders(core.deps.db, entry.id);
  const open = [entry, ...legs].filter(isOpen);
  const exposureBefore = entry.filledQty - legs.reduce((sum, l) => sum + l.filledQty, 0);
  if (open.length === 0 && exposureBefore <= 0) return reject('ORD005');
  for (const o of open) core.cancelAtExchange(o);
  await core.clientSettled(entry.clientId);
  const fresh = await findOrderById(core.deps.db, entry.id);
  const after = await childOrders(core.deps.db, entry.id);
  const exposure = (fresh?.filledQty ?? 0) - after.reduce((sum, l) => sum + l.filledQty, 0);
  if (exposure > 0 && fresh) {
    const exitOrder = await insertLeg(core, fresh, 'EXIT', {
      orderType: 'MARKET',
      quantity: exposure,
      price: 0,
      trigger: 0,
    });
    core.submit(exitOrder);
    await core.clientSettled(entry.clientId);
  }
  return ok({ msg: tradingText.orders.cancelSent });
}

/** A leg of a cover/bracket order (or its exit): opposite side, same product, no margin of its own. */
async function insertLeg(
  core: OmsCore,
  entry: OrderRecord,
  role: 'STOPLOSS' | 'TARGET' | 'EXIT' | 'SQUAREOFF',
  leg: { orderType: OrderRecord['orderType']; quantity: number; price: number; trigger: number },
): Promise<OrderRecord> {
  return inTransaction(core.deps.db, (tx) =>
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
      core.tradingDate(),
    ),
  );
}

/**
 * Open trailing bracket stops with their entry's figures. `is_open` lets the planner read orders_trailing_stops (open
 * trailing legs); the status then keeps the accepted ones.
 */
export const trailingStopsQuery = {
  text: `SELECT ${orderColumns('l')}, e.side AS entry_side, e.avg_fill_price AS entry_avg_fill_price,
                e.bo_stop_distance AS entry_bo_stop_distance
           FROM orders l JOIN orders e ON e.id = l.parent_order_id
          WHERE l.leg_role = 'STOPLOSS' AND l.product = 'BO' AND l.bo_trailing_sl > 0 AND l.is_open
            AND l.status = 'OUTSTANDING'`,
};

/**
 * Bracket trailing stop: for every open stop-loss leg with boTrailingSL, when the last price has moved in favour by
 * whole steps of boTrailingSL from the entry average, the stop moves by the same steps (never back). Run per step.
 */
export async function trailStops(core: OmsCore): Promise<void> {
  const { rows } = await core.deps.db.query(trailingStopsQuery);
  for (const row of rows as Record<string, unknown>[]) {
    const leg = orderOf(row);
    const last = core.market.priceBand(leg.instrumentId)?.lastPrice;
    if (last === undefined || !leg.exchangeOrderId) continue;
    const long = row.entry_side === 'BUY';
    const entryAverage = Number(row.entry_avg_fill_price);
    const stopDistance = Number(row.entry_bo_stop_distance);
    const gain = long ? last - entryAverage : entryAverage - last;
    const steps = Math.floor(gain / leg.boTrailingSl);
    if (steps <= 0) continue;
    const base = long ? entryAverage - stopDistance : entryAverage + stopDistance;
    const target = long ? base + steps * leg.boTrailingSl : base - steps * leg.boTrailingSl;
    if (long ? target <= leg.triggerPrice : target >= leg.triggerPrice) continue;
    core.market.modify(leg.instrumentId, {
      orderId: Number(leg.exchangeOrderId),
      price: 0,
      quantity: exchangeQuantity(leg, leg.quantity),
      triggerPrice: target,
      disclosedQuantity: 0,
    });
  }
}
