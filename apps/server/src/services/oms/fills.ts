import {
  CHARGE_AMOUNTS,
  chargesDifference,
  chargesProductOf,
  computeExecutionCharges,
  type ChargeAmounts,
  type Charges,
  type ProductType,
} from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';
import { consumeEdisQuantity } from '../portfolio/holdings-check.ts';
import { FundsDelta } from '../rms/funds.ts';
import { fillMargin } from '../rms/order-margin.ts';
import type { OrderRecord } from './order-record.ts';
import { lockPosition, netQuantity, realisedPaiseOf, unitsToPaise, type PositionRecord } from './positions.ts';

export interface Fill {
  exchangeTradeId: string;
  price: number;
  quantity: number;
  time: number;
  tradeDate: string;
}

/**
 * The charges of one fill: brokerage is per executed order (market-facts 1.4), so a fill pays the charges of the
 * order's execution so far (this fill included, same instrument and side) less what its earlier fills paid, component
 * by component. The order's fills then add up exactly to computeCharges of its total quantity and value, the figure
 * /Trade/Charges estimates for the same quantity at the same price. The order row is locked by the caller.
 */
async function fillCharges(
  tx: Queryable,
  order: OrderRecord,
  instrument: Instrument,
  side: 'BUY' | 'SELL',
  price: number,
  quantity: number,
  tradeDate: string,
): Promise<Charges> {
  const facts = {
    exchange: instrument.exc,
    instr: instrument.instr,
    symbol: instrument.symbol,
    side: side === 'BUY' ? ('buy' as const) : ('sell' as const),
    product: chargesProductOf(order.product),
    priceDecimals: instrument.priceDecimals,
    lotQualifier: instrument.multiplier,
    tradeDate,
  };
  // The order's first fill: no earlier trades of it (for either leg of a spread), nothing to ask.
  if (order.filledQty === 0)
    return computeExecutionCharges({ ...facts, quantity, value: BigInt(price) * BigInt(quantity) });
  const sums = CHARGE_AMOUNTS.map((key) => `COALESCE(sum((charges_detail->>'${key}')::bigint), 0)::text AS "${key}"`);
  const { rows } = await tx.query<Record<string, string>>(
    `SELECT COALESCE(sum(quantity), 0)::text AS qty, COALESCE(sum(price * quantity), 0)::text AS value, ${sums.join(', ')}
       FROM trades WHERE client_id = $1 AND order_id = $2 AND instrument_id = $3 AND side = $4`,
    [order.clientId, order.id, instrument.id, side],
  );
  const earlier = rows[0] ?? {};
  const paid = Object.fromEntries(CHARGE_AMOUNTS.map((key) => [key, Number(earlier[key] ?? 0)])) as ChargeAmounts;
  const cumulative = computeExecutionCharges({
    ...facts,
    quantity: Number(earlier.qty ?? 0) + quantity,
    value: BigInt(earlier.value ?? '0') + BigInt(price) * BigInt(quantity),
  });
  return chargesDifference(cumulative, paid);
}

/** One side of a trade for one instrument: trade row with charges, position, funds (used margin or delivery money). */
async function bookLeg(
  tx: Queryable,
  order: OrderRecord,
  instrument: Instrument,
  side: 'BUY' | 'SELL',
  price: number,
  quantity: number,
  fill: Fill,
  market: Market,
  rows: FillRows,
): Promise<void> {
  const charges = await fillCharges(tx, order, instrument, side, price, quantity, fill.tradeDate);
  rows.trades.push({ instrumentId: instrument.id, exchange: instrument.exc, side, quantity, price, charges });

  const position = await lockPosition(tx, {
    clientId: order.clientId,
    instrumentId: instrument.id,
    exchange: instrument.exc,
    product: order.product,
    segment: order.segment === 'spread' ? 'fno' : order.segment,
  });
  const before = netQuantity(position);
  const signed = side === 'BUY' ? quantity : -quantity;
  const closing = before !== 0 && Math.sign(before) !== Math.sign(signed) ? Math.min(quantity, Math.abs(before)) : 0;
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
    rows.funds.post(
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
    rows.funds.change({ used: held - release });
    rows.funds.post(realisedChange, `Realised P&L ${order.displaySymbol}`, ref);
  }
  rows.positions.push(position);
  if (charges.total > 0) rows.funds.post(-charges.total, `Charges ${order.displaySymbol}`, ref);
}

/**
 * A fill of a client's order (execution report), inside the caller's transaction with the client's funds row and the
 * order row locked: the order's filled quantity and average, the share of its margin block released (the last fill
 * releases the rest), the trade(s), the position and the funds.
 */
export async function recordFill(tx: Queryable, market: Market, order: OrderRecord, fill: Fill): Promise<OrderRecord> {
  const instrument = market.registry.byId(order.instrumentId);
  if (!instrument) throw new Error(`instrument ${order.instrumentId} unknown`);
  const remainingBefore = order.quantity - order.filledQty;
  const quantity = Math.min(fill.quantity, remainingBefore);
  const filled = order.filledQty + quantity;
  let release =
    filled >= order.quantity
      ? order.blockedMarginPaise
      : Math.floor((order.blockedMarginPaise * quantity) / remainingBefore);
  release = Math.min(release, order.blockedMarginPaise);
  const rows: FillRows = { trades: [], positions: [], funds: new FundsDelta() };
  rows.funds.change({ blocked: -release });

  if (order.segment === 'spread' && instrument.underlying && instrument.farLeg) {
    // A calendar spread trades the price difference (far - near): each fill books the near leg at its last price
    // and the far leg at near + difference (chosen; trading.md 3 "Spread payload").
    const near = market.registry.byId(instrument.underlying);
    const far = market.registry.byId(instrument.farLeg);
    if (!near || !far) throw new Error('spread legs unknown');
    const nearPrice = market.quote(near.id)?.lastPrice ?? near.referencePrice;
    const farSide = order.side === 'BUY' ? 'SELL' : 'BUY';
    await bookLeg(tx, order, near, order.side, nearPrice, quantity, fill, market, rows);
    await bookLeg(tx, order, far, farSide, nearPrice + fill.price, quantity, fill, market, rows);
  } else {
    await bookLeg(tx, order, instrument, order.side, fill.price, quantity, fill, market, rows);
  }

  // A non-POA sell uses its e-DIS approval as it executes (the open order only reserves it).
  if (order.edisIsin && order.edisReservedQty > 0 && order.side === 'SELL') {
    const reservedLeft = Math.max(0, order.edisReservedQty - order.filledQty);
    const use = Math.min(quantity, reservedLeft);
    if (use > 0) await consumeEdisQuantity(tx, order.clientId, order.edisIsin, use, fill.tradeDate);
  }

  const avg = Math.round((order.avgFillPrice * order.filledQty + fill.price * quantity) / filled);
  const status = filled >= order.quantity ? 'EXECUTED' : order.status === 'REQUEST SENT' ? 'OUTSTANDING' : order.status;
  const updated: OrderRecord = {
    ...order,
    filledQty: filled,
    avgFillPrice: avg,
    blockedMarginPaise: order.blockedMarginPaise - release,
    status,
  };
  await writeFill(tx, updated, fill, quantity, rows);
  return updated;
}

/** What a fill writes besides the locks it took: trade rows (two for a spread), positions, funds and ledger. */
interface FillRows {
  trades: {
    instrumentId: string;
    exchange: string;
    side: 'BUY' | 'SELL';
    quantity: number;
    price: number;
    charges: Charges;
  }[];
  positions: PositionRecord[];
  funds: FundsDelta;
}

/** Writes a fill in one statement: trades, positions, funds, ledger entries, the order row and its TRADE event. */
async function writeFill(
  tx: Queryable,
  order: OrderRecord,
  fill: Fill,
  quantity: number,
  rows: FillRows,
): Promise<void> {
  const { trades, positions, funds } = rows;
  await tx.query({
    name: 'oms-write-fill',
    text: `WITH traded AS (
       INSERT INTO trades (client_id, order_id, exchange_trade_id, instrument_id, exchange, side, product, quantity, price,
         charges_paise, charges_detail, traded_at)
       SELECT $1, $2, $3, t.instrument_id, t.exchange, t.side, $4, t.quantity, t.price, t.charges, t.detail::jsonb, to_timestamp($5 / 1000.0)
         FROM unnest($6::text[], $7::text[], $8::text[], $9::bigint[], $10::bigint[], $11::bigint[], $12::text[])
           AS t(instrument_id, exchange, side, quantity, price, charges, detail)),
     positioned AS (
       UPDATE positions p SET buy_qty = x.buy_qty, buy_value = x.buy_value, sell_qty = x.sell_qty, sell_value = x.sell_value,
              realised_paise = x.realised, margin_paise = x.margin, updated_at = now()
         FROM unnest($13::bigint[], $14::bigint[], $15::bigint[], $16::bigint[], $17::bigint[], $18::bigint[], $19::bigint[])
           AS x(id, buy_qty, buy_value, sell_qty, sell_value, realised, margin)
        WHERE p.id = x.id),
     funded AS (
       UPDATE client_funds SET blocked_margin_paise = blocked_margin_paise + $20, used_margin_paise = used_margin_paise + $21,
              ledger_balance_paise = ledger_balance_paise + $22, updated_at = now() WHERE client_id = $1),
     posted AS (
       INSERT INTO ledger_entries (client_id, amount_paise, narration, ref_type, ref_id)
       SELECT $1, e.amount, e.narration, e.ref_type, e.ref_id FROM unnest($23::bigint[], $24::text[], $25::text[], $26::text[])
         AS e(amount, narration, ref_type, ref_id)),
     filled AS (
       UPDATE orders SET filled_qty = $27, avg_fill_price = $28, blocked_margin_paise = $29, status = $30, updated_at = now()
        WHERE id = $2 RETURNING *)
     INSERT INTO order_events (order_id, client_id, status, action, quantity, price, trigger_price, disclosed_qty, validity, detail)
     SELECT id, client_id, status, 'TRADE', quantity, limit_price, trigger_price, disclosed_qty, validity, $31 FROM filled`,
    values: [
      order.clientId,
      order.id,
      fill.exchangeTradeId,
      order.product,
      fill.time,
      trades.map((t) => t.instrumentId),
      trades.map((t) => t.exchange),
      trades.map((t) => t.side),
      trades.map((t) => t.quantity),
      trades.map((t) => t.price),
      trades.map((t) => t.charges.total),
      trades.map((t) => JSON.stringify(t.charges)),
      positions.map((p) => p.id),
      positions.map((p) => p.buyQty),
      positions.map((p) => p.buyValue.toString()),
      positions.map((p) => p.sellQty),
      positions.map((p) => p.sellValue.toString()),
      positions.map((p) => p.realisedPaise),
      positions.map((p) => p.marginPaise),
      funds.blocked,
      funds.used,
      funds.ledger,
      funds.entries.map((e) => e.amount),
      funds.entries.map((e) => e.narration),
      funds.entries.map((e) => e.ref.type),
      funds.entries.map((e) => e.ref.id),
      order.filledQty,
      order.avgFillPrice,
      order.blockedMarginPaise,
      order.status,
      JSON.stringify({ tradeId: fill.exchangeTradeId, price: fill.price, quantity }),
    ],
  });
}
