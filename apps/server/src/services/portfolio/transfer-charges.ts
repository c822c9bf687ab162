import {
  chargesOfMovedFills,
  chargesProductOf,
  segmentOf,
  tradingText,
  type ChargeAmounts,
  type OrderAction,
  type ProductType,
} from '@kite/domain';
import type { Instrument } from '@kite/exchange';
import type { DbClient } from '../../db/pool.ts';
import { planCoverOn } from '../../modules/plan/plan.repo.ts';
import { OPEN_STATUSES } from '../oms/order-record.ts';
import { LEDGER_CHARGES, postLedger } from '../rms/funds.ts';

interface TradeRow {
  order_id: string;
  exchange: string;
  exchange_trade_id: string;
  side: 'BUY' | 'SELL';
  product: string;
  quantity: number;
  price: number;
  moved_qty: number;
  moved_product: string | null;
  charges_paise: number;
}

/** The key of one trade row (trades' primary key). */
const keyOf = (t: Pick<TradeRow, 'order_id' | 'exchange' | 'exchange_trade_id' | 'side'>) =>
  `${t.order_id}|${t.exchange}|${t.exchange_trade_id}|${t.side}`;

/**
 * Equity quantity moved between an intraday and a delivery product (TransferPosition, or the end of day settling an
 * unsquared intraday position) takes its trades of the day with it: the contract note charges the day's trades by the
 * product they end the day in (Zerodha recomputes at the contract note), so an MIS buy carried as delivery pays
 * delivery STT and stamp duty and no intraday brokerage, and a delivery buy moved to MIS the same day is refunded the
 * difference. The moved quantity is taken from the day's trades on the position's open side, first from those an
 * earlier move sent the other way (moving them back), then from those booked in the source product, newest first (the
 * day's closing trades matched the oldest). Each affected order's trades are charged again as two executions
 * (chargesOfMovedFills), stored on the trades (charges_detail, charges_paise: what every reader, contract note and
 * P&L report included, reads) and the difference is posted to the ledger once, as charges.
 *
 * Trades of an order still open are left as booked: its next fill differences against what its fills paid
 * (services/oms/fills.ts), which must stay the booked product's charges. F&O charges are the same in NRML and MIS
 * (market-facts 1.1, 1.4), so only equity moves charges. Runs under the client's funds lock, as every writer of the
 * client's trades does. Answers the paise posted (negative: a debit).
 */
export async function rechargeMovedTrades(
  tx: DbClient,
  clientId: number,
  instrument: Instrument,
  move: { fromPOS: ProductType; toPOS: ProductType; side: OrderAction; qty: number; tradingDay: string },
): Promise<number> {
  const { fromPOS, toPOS, tradingDay } = move;
  const side = move.side === 'buy' ? 'BUY' : 'SELL';
  if (segmentOf(instrument.instr, instrument.exc) !== 'equity') return 0;
  if (chargesProductOf(fromPOS) === chargesProductOf(toPOS) || move.qty <= 0) return 0;
  const { rows: candidates } = await tx.query<TradeRow>(
    `SELECT t.order_id::text, t.exchange, t.exchange_trade_id, t.side, t.product, t.quantity, t.price, t.moved_qty,
            t.moved_product, t.charges_paise
       FROM trades t JOIN orders o ON o.id = t.order_id
      WHERE t.client_id = $1 AND t.instrument_id = $2 AND t.side = $3
        AND (t.traded_at AT TIME ZONE 'Asia/Kolkata')::date = $4::date AND o.status <> ALL($7::text[])
        AND ((t.product = $5 AND t.moved_qty < t.quantity AND (t.moved_product IS NULL OR t.moved_product = $6))
          OR (t.product = $6 AND t.moved_product = $5 AND t.moved_qty > 0))
      ORDER BY (t.product = $6) DESC, t.traded_at DESC, t.id DESC`,
    [clientId, instrument.id, side, tradingDay, fromPOS, toPOS, [...OPEN_STATUSES]],
  );
  let left = move.qty;
  const changed = new Map<string, TradeRow>();
  for (const t of candidates) {
    if (left === 0) break;
    const back = t.product === toPOS;
    const take = Math.min(left, back ? t.moved_qty : t.quantity - t.moved_qty);
    const movedQty = back ? t.moved_qty - take : t.moved_qty + take;
    changed.set(keyOf(t), { ...t, moved_qty: movedQty, moved_product: movedQty === 0 ? null : back ? fromPOS : toPOS });
    left -= take;
  }
  if (changed.size === 0) return 0;

  const orderIds = [...new Set([...changed.values()].map((t) => t.order_id))];
  const { rows: orders } = await tx.query<{ id: string; product: string; leg_role: string | null }>(
    'SELECT id::text, product, leg_role FROM orders WHERE client_id = $1 AND id = ANY($2::bigint[])',
    [clientId, orderIds],
  );
  const { rows: fills } = await tx.query<TradeRow>(
    `SELECT order_id::text, exchange, exchange_trade_id, side, product, quantity, price, moved_qty, moved_product,
            charges_paise
       FROM trades WHERE client_id = $1 AND order_id = ANY($2::bigint[]) AND instrument_id = $3 AND side = $4
      ORDER BY traded_at, id`,
    [clientId, orderIds, instrument.id, side],
  );
  const plan = await planCoverOn(tx, clientId, tradingDay);
  let difference = 0;
  for (const order of orders) {
    const own = fills.filter((f) => f.order_id === order.id).map((f) => changed.get(keyOf(f)) ?? f);
    const movedTo = own.find((f) => f.moved_product !== null)?.moved_product ?? toPOS;
    const charged = chargesOfMovedFills(
      {
        exchange: instrument.exc,
        instr: instrument.instr,
        symbol: instrument.symbol,
        side: move.side,
        priceDecimals: instrument.priceDecimals,
        lotQualifier: instrument.multiplier,
        tradeDate: tradingDay,
        plan,
        rmsSquareOff: order.leg_role === 'SQUAREOFF',
      },
      chargesProductOf(order.product),
      chargesProductOf(movedTo),
      own.map((f) => ({ quantity: Number(f.quantity), price: Number(f.price), moved: Number(f.moved_qty) })),
    );
    for (const [i, f] of own.entries()) {
      const charges: ChargeAmounts = charged[i]!;
      difference += charges.total - Number(f.charges_paise);
      await tx.query(
        `UPDATE trades SET moved_qty = $5, moved_product = $6, charges_paise = $7, charges_detail = $8::jsonb
          WHERE order_id = $1 AND exchange = $2 AND exchange_trade_id = $3 AND side = $4`,
        [
          f.order_id,
          f.exchange,
          f.exchange_trade_id,
          f.side,
          f.moved_qty,
          f.moved_product,
          charges.total,
          JSON.stringify(charges),
        ],
      );
    }
  }
  await postLedger(
    tx,
    clientId,
    -difference,
    tradingText.portfolio.transferCharges(instrument.displaySym, move.qty - left, fromPOS, toPOS),
    { type: LEDGER_CHARGES, id: `${instrument.id}/${tradingDay}` },
  );
  return -difference;
}
