import {
  CHARGE_AMOUNTS,
  chargesOfMovedFills,
  chargesProductOf,
  segmentOf,
  tradingText,
  type ChargeAmounts,
  type MovedFillCharges,
  type OrderAction,
  type ProductType,
} from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { inTransaction, type Db, type DbClient } from '../../db/pool.ts';
import { planCoverOn } from '../../modules/plan/plan.repo.ts';
import { LEDGER_CHARGES, lockFunds, postLedger } from '../rms/funds.ts';

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
  charges_detail: Partial<ChargeAmounts> | null;
  moved_charges_detail: Partial<ChargeAmounts> | null;
}

const TRADE_COLUMNS = `order_id::text, exchange, exchange_trade_id, side, product, quantity, price, moved_qty, moved_product,
  charges_paise, charges_detail, moved_charges_detail`;

const sameCharges = (stored: Partial<ChargeAmounts> | null, charges: ChargeAmounts) =>
  CHARGE_AMOUNTS.every((key) => Number(stored?.[key] ?? 0) === charges[key]);
/** Whether a trade's stored charges are already these, component by component. */
const chargedAs = (t: TradeRow, charged: MovedFillCharges) =>
  sameCharges(t.charges_detail, charged.charges) && sameCharges(t.moved_charges_detail, charged.moved);

/** The key of one trade row (trades' primary key). */
const keyOf = (t: Pick<TradeRow, 'order_id' | 'exchange' | 'exchange_trade_id' | 'side'>) =>
  `${t.order_id}|${t.exchange}|${t.exchange_trade_id}|${t.side}`;

/** One order's trades as they end the day, charged again, and what that changes. */
interface OrderRecharge {
  open: boolean;
  product: string;
  movedTo: string | null;
  movedQty: number;
  trades: ({ trade: TradeRow } & MovedFillCharges)[];
  /** Charges the order's trades pay more (paise; negative: refunded). */
  difference: number;
}

/**
 * Each order's fills (one instrument and side), with the trades in `changed` as they will be, charged as two
 * executions (chargesOfMovedFills): what stayed in the booked product and what moved. Reads, writes nothing.
 */
async function rechargeOrders(
  tx: DbClient,
  clientId: number,
  instrument: Instrument,
  side: OrderAction,
  orderIds: string[],
  changed: ReadonlyMap<string, TradeRow>,
  tradingDay: string,
): Promise<OrderRecharge[]> {
  const { rows: orders } = await tx.query<{ id: string; product: string; leg_role: string | null; is_open: boolean }>(
    'SELECT id::text, product, leg_role, is_open FROM orders WHERE client_id = $1 AND id = ANY($2::bigint[]) ORDER BY id',
    [clientId, orderIds],
  );
  const { rows: fills } = await tx.query<TradeRow>(
    `SELECT ${TRADE_COLUMNS} FROM trades
      WHERE client_id = $1 AND order_id = ANY($2::bigint[]) AND instrument_id = $3 AND side = $4
      ORDER BY traded_at, id`,
    [clientId, orderIds, instrument.id, side === 'buy' ? 'BUY' : 'SELL'],
  );
  const plan = await planCoverOn(tx, clientId, tradingDay);
  return orders.map((order) => {
    const own = fills.filter((f) => f.order_id === order.id).map((f) => changed.get(keyOf(f)) ?? f);
    const movedTo = own.find((f) => f.moved_product !== null)?.moved_product ?? null;
    const charged = chargesOfMovedFills(
      {
        exchange: instrument.exc,
        instr: instrument.instr,
        symbol: instrument.symbol,
        side,
        priceDecimals: instrument.priceDecimals,
        lotQualifier: instrument.multiplier,
        tradeDate: tradingDay,
        plan,
        rmsSquareOff: order.leg_role === 'SQUAREOFF',
      },
      chargesProductOf(order.product),
      chargesProductOf(movedTo ?? order.product),
      own.map((f) => ({ quantity: Number(f.quantity), price: Number(f.price), moved: Number(f.moved_qty) })),
    );
    const trades = own.map((trade, i) => ({ trade, ...charged[i]! }));
    return {
      open: order.is_open,
      product: order.product,
      movedTo,
      movedQty: own.reduce((sum, f) => sum + Number(f.moved_qty), 0),
      trades,
      difference: trades.reduce((sum, t) => sum + t.charges.total - Number(t.trade.charges_paise), 0),
    };
  });
}

/** Writes a trade's moved quantity and, when given, its charges (those of its moved part while any moved). */
async function writeTrade(tx: DbClient, t: TradeRow, charged: MovedFillCharges | null): Promise<void> {
  await tx.query(
    `UPDATE trades SET moved_qty = $5, moved_product = $6,
            charges_paise = COALESCE($7, charges_paise), charges_detail = COALESCE($8::jsonb, charges_detail),
            moved_charges_detail = CASE WHEN $7::bigint IS NULL THEN moved_charges_detail ELSE $9::jsonb END
      WHERE order_id = $1 AND exchange = $2 AND exchange_trade_id = $3 AND side = $4`,
    [
      t.order_id,
      t.exchange,
      t.exchange_trade_id,
      t.side,
      t.moved_qty,
      t.moved_product,
      charged?.charges.total ?? null,
      charged ? JSON.stringify(charged.charges) : null,
      charged && t.moved_qty > 0 ? JSON.stringify(charged.moved) : null,
    ],
  );
}

/** What moving equity quantity does to the charges of the day's trades (`movedTradesCharges`). */
export interface MovedCharges {
  /** Paise the move posts to the ledger (negative: a debit): the closed orders' trades charged again. */
  posted: number;
  /** Paise the end of day will post when the orders still open close (`rechargeClosedOrders`); negative: a debit. */
  pending: number;
  /** Records the moved quantities on the trades, charges the closed orders' trades again and posts `posted`. */
  write(): Promise<void>;
}

const NOTHING: MovedCharges = { posted: 0, pending: 0, write: async () => {} };

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
 * An order still open (partly filled) has its trades' moved quantities recorded but keeps its booked charges: its next
 * fill differences against what its fills paid (services/oms/fills.ts), which must stay the booked product's charges.
 * The end of day, once every day order is closed, charges such orders again (`rechargeClosedOrders`); `pending` is
 * what that will post, so TransferPosition's funds check counts it too. F&O charges are the same in NRML and MIS
 * (market-facts 1.1, 1.4), so only equity moves charges. Reads only; `write` changes the rows, under the client's funds
 * lock, as every writer of the client's trades does.
 */
export async function movedTradesCharges(
  tx: DbClient,
  clientId: number,
  instrument: Instrument,
  move: { fromPOS: ProductType; toPOS: ProductType; side: OrderAction; qty: number; tradingDay: string },
): Promise<MovedCharges> {
  const { fromPOS, toPOS, tradingDay } = move;
  if (segmentOf(instrument.instr, instrument.exc) !== 'equity') return NOTHING;
  if (chargesProductOf(fromPOS) === chargesProductOf(toPOS) || move.qty <= 0) return NOTHING;
  const { rows: candidates } = await tx.query<TradeRow>(
    `SELECT ${TRADE_COLUMNS} FROM trades
      WHERE client_id = $1 AND instrument_id = $2 AND side = $3
        AND (traded_at AT TIME ZONE 'Asia/Kolkata')::date = $4::date
        AND ((product = $5 AND moved_qty < quantity AND (moved_product IS NULL OR moved_product = $6))
          OR (product = $6 AND moved_product = $5 AND moved_qty > 0))
      ORDER BY (product = $6) DESC, traded_at DESC, id DESC`,
    [clientId, instrument.id, move.side === 'buy' ? 'BUY' : 'SELL', tradingDay, fromPOS, toPOS],
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
  if (changed.size === 0) return NOTHING;

  const orderIds = [...new Set([...changed.values()].map((t) => t.order_id))];
  const orders = await rechargeOrders(tx, clientId, instrument, move.side, orderIds, changed, tradingDay);
  const sum = (open: boolean) => orders.filter((o) => o.open === open).reduce((s, o) => s - o.difference, 0);
  const posted = sum(false);
  return {
    posted,
    pending: sum(true),
    write: async () => {
      for (const order of orders)
        for (const { trade, ...charged } of order.trades)
          if (!order.open) await writeTrade(tx, trade, charged);
          else if (changed.has(keyOf(trade))) await writeTrade(tx, trade, null);
      await postLedger(
        tx,
        clientId,
        posted,
        tradingText.portfolio.transferCharges(instrument.displaySym, move.qty - left, fromPOS, toPOS),
        { type: LEDGER_CHARGES, id: `${instrument.id}/${tradingDay}` },
      );
    },
  };
}

/** `movedTradesCharges` written at once (the end of day's settlement, which has no check to make). Answers `posted`. */
export async function rechargeMovedTrades(
  tx: DbClient,
  clientId: number,
  instrument: Instrument,
  move: { fromPOS: ProductType; toPOS: ProductType; side: OrderAction; qty: number; tradingDay: string },
): Promise<number> {
  const charges = await movedTradesCharges(tx, clientId, instrument, move);
  await charges.write();
  return charges.posted;
}

/**
 * End of day, after every day order has closed: the orders whose trades were moved while they were still open
 * (`movedTradesCharges` left them as booked) are charged by the products their trades ended the day in, with the
 * difference posted to the ledger (ref_type CHARGES, as a move's). Orders with moved trades traded today or closed today
 * (a VTD order closes on a later day) are looked at; one already charged so is charged the same again and posts
 * nothing, so a second run changes nothing. Each client in one transaction under its funds lock: the trades' new
 * charges, what marks the order done, are written with the ledger entry or not at all. Answers the orders charged.
 */
export async function rechargeClosedOrders(db: Db, market: Market, tradingDay: string): Promise<number> {
  const { rows } = await db.query<{ client_id: string; instrument_id: string; side: 'BUY' | 'SELL'; order_id: string }>(
    `SELECT DISTINCT t.client_id::text, t.instrument_id, t.side, t.order_id::text
       FROM trades t JOIN orders o ON o.id = t.order_id
      WHERE t.moved_qty > 0 AND NOT o.is_open
        AND ((t.traded_at AT TIME ZONE 'Asia/Kolkata')::date = $1::date
          OR (o.closed_at AT TIME ZONE 'Asia/Kolkata')::date = $1::date)
      ORDER BY 1, 2, 3, 4`,
    [tradingDay],
  );
  const byClient = new Map<string, typeof rows>();
  for (const r of rows) {
    const orders = byClient.get(r.client_id);
    if (orders) orders.push(r);
    else byClient.set(r.client_id, [r]);
  }
  let charged = 0;
  for (const [client, orders] of byClient) {
    charged += await inTransaction(db, async (tx) => {
      const clientId = Number(client);
      await lockFunds(tx, clientId);
      let count = 0;
      for (const o of orders) {
        const instrument = market.registry.byId(o.instrument_id);
        if (!instrument) continue;
        const side: OrderAction = o.side === 'BUY' ? 'buy' : 'sell';
        const [order] = await rechargeOrders(tx, clientId, instrument, side, [o.order_id], new Map(), tradingDay);
        if (!order || order.open || order.trades.every(({ trade, ...charged }) => chargedAs(trade, charged))) continue;
        for (const { trade, ...charged } of order.trades) await writeTrade(tx, trade, charged);
        await postLedger(
          tx,
          clientId,
          -order.difference,
          tradingText.portfolio.transferCharges(
            instrument.displaySym,
            order.movedQty,
            order.product,
            order.movedTo ?? order.product,
          ),
          { type: LEDGER_CHARGES, id: `${instrument.id}/${tradingDay}` },
        );
        count++;
      }
      return count;
    });
  }
  return charged;
}
