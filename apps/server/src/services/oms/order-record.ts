import type { Queryable } from '../../db/pool.ts';
import { eventSql } from './order-events.ts';
import { needsCashSql } from '../rms/funds.ts';

/** One row of `orders` with numbers as numbers (prices in price units, quantities in units). */
export interface OrderRecord {
  id: number;
  orderNo: string;
  clientId: number;
  instrumentId: string;
  exchange: string;
  tradingSymbol: string;
  displaySymbol: string;
  segment: string;
  priceDecimals: 2 | 4;
  side: 'BUY' | 'SELL';
  product: string;
  orderType: 'LIMIT' | 'MARKET' | 'SL' | 'SL-M';
  validity: 'DAY' | 'IOC' | 'VTD';
  vtdDate: string | null;
  quantity: number;
  disclosedQty: number;
  filledQty: number;
  limitPrice: number;
  triggerPrice: number;
  avgFillPrice: number;
  /** Price units times quantity over every fill: the average is worked out from it, never from the last average. */
  filledValue: number;
  status: 'REQUEST SENT' | 'OUTSTANDING' | 'EXECUTED' | 'CANCELLED' | 'REJECTED' | 'OFFLINE';
  rejectReason: string;
  isAmo: boolean;
  parentOrderId: number | null;
  legRole: string | null;
  boTrailingSl: number;
  exchangeOrderId: string | null;
  /** Filled quantity when last submitted to the exchange (a restored order goes back for its rest only). */
  exchangeFilledBase: number;
  blockedMarginPaise: number;
  coTriggerPrice: number;
  boStopDistance: number;
  boTargetDistance: number;
  edisReservedQty: number;
  edisIsin: string | null;
  createdAt: Date;
  updatedAt: Date;
}

type Row = Record<string, unknown>;

const RECORD_COLUMNS = `id, order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment,
  price_decimals, side, product, order_type, validity, vtd_date, quantity, disclosed_qty, filled_qty, limit_price,
  trigger_price, avg_fill_price, filled_value, status, reject_reason, is_amo, parent_order_id, leg_role, bo_trailing_sl,
  exchange_order_id, exchange_filled_base, blocked_margin_paise, co_trigger_price, bo_stop_distance, bo_target_distance,
  edis_reserved_qty, edis_isin, app_id, is_open, created_at, updated_at, closed_at`.split(/,\s*/);

/**
 * SQL: every column of `orders` but its log (`events`, order-events.ts), qualified by `alias` when given. Orders are
 * read with these wherever an OrderRecord is made: only the Order Log and the notifications read the log.
 */
export function orderColumns(alias = ''): string {
  return alias ? RECORD_COLUMNS.map((c) => `${alias}.${c}`).join(', ') : RECORD_COLUMNS.join(', ');
}

const num = (v: unknown): number => Number(v ?? 0);

/** A DATE column as 'YYYY-MM-DD' (pg reads DATE as a local-midnight Date). */
function isoDateOf(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (!(value instanceof Date)) return String(value).slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

export function orderOf(r: Row): OrderRecord {
  return {
    id: num(r.id),
    orderNo: String(r.order_no),
    clientId: num(r.client_id),
    instrumentId: String(r.instrument_id),
    exchange: String(r.exchange),
    tradingSymbol: String(r.trading_symbol),
    displaySymbol: String(r.display_symbol),
    segment: String(r.segment),
    priceDecimals: num(r.price_decimals) === 4 ? 4 : 2,
    side: r.side === 'SELL' ? 'SELL' : 'BUY',
    product: String(r.product),
    orderType: r.order_type as OrderRecord['orderType'],
    validity: r.validity as OrderRecord['validity'],
    vtdDate: isoDateOf(r.vtd_date),
    quantity: num(r.quantity),
    disclosedQty: num(r.disclosed_qty),
    filledQty: num(r.filled_qty),
    limitPrice: num(r.limit_price),
    triggerPrice: num(r.trigger_price),
    avgFillPrice: num(r.avg_fill_price),
    filledValue: num(r.filled_value),
    status: r.status as OrderRecord['status'],
    rejectReason: String(r.reject_reason ?? ''),
    isAmo: Boolean(r.is_amo),
    parentOrderId: r.parent_order_id === null || r.parent_order_id === undefined ? null : num(r.parent_order_id),
    legRole: r.leg_role === null || r.leg_role === undefined ? null : String(r.leg_role),
    boTrailingSl: num(r.bo_trailing_sl),
    exchangeOrderId:
      r.exchange_order_id === null || r.exchange_order_id === undefined ? null : String(r.exchange_order_id),
    exchangeFilledBase: num(r.exchange_filled_base),
    blockedMarginPaise: num(r.blocked_margin_paise),
    coTriggerPrice: num(r.co_trigger_price),
    boStopDistance: num(r.bo_stop_distance),
    boTargetDistance: num(r.bo_target_distance),
    edisReservedQty: num(r.edis_reserved_qty),
    edisIsin: r.edis_isin ? String(r.edis_isin) : null,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
  };
}

export const OPEN_STATUSES = ['REQUEST SENT', 'OUTSTANDING'] as const;

export function isOpen(o: Pick<OrderRecord, 'status'>): boolean {
  return o.status === 'REQUEST SENT' || o.status === 'OUTSTANDING';
}

/**
 * The exchange has the order (its acceptance or a fill): REQUEST SENT becomes OUTSTANDING, any other status stays.
 * ACCEPTANCES (event-application.ts) applies the same rule in its statement.
 */
export function statusOnceAccepted(status: OrderRecord['status']): OrderRecord['status'] {
  return status === 'REQUEST SENT' ? 'OUTSTANDING' : status;
}

/** The order of a client by its shown order number (never by id alone: every lookup is scoped to the session). */
export async function findClientOrder(
  q: Queryable,
  clientId: number,
  orderNo: string,
  lock = false,
): Promise<OrderRecord | null> {
  const { rows } = await q.query(
    `SELECT ${orderColumns()} FROM orders
      WHERE id = order_id_of($2) AND order_no = $2 AND client_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [clientId, orderNo],
  );
  return rows[0] ? orderOf(rows[0] as Row) : null;
}

export async function findOrderById(q: Queryable, id: number, lock = false): Promise<OrderRecord | null> {
  const { rows } = await q.query({
    name: lock ? 'oms-order-lock' : 'oms-order',
    text: `SELECT ${orderColumns()} FROM orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    values: [id],
  });
  return rows[0] ? orderOf(rows[0] as Row) : null;
}

export async function childOrders(q: Queryable, parentId: number): Promise<OrderRecord[]> {
  const { rows } = await q.query(`SELECT ${orderColumns()} FROM orders WHERE parent_order_id = $1 ORDER BY id`, [
    parentId,
  ]);
  return rows.map((r) => orderOf(r as Row));
}

export interface NewOrder {
  clientId: number;
  instrumentId: string;
  exchange: string;
  tradingSymbol: string;
  displaySymbol: string;
  segment: string;
  priceDecimals: 2 | 4;
  side: 'BUY' | 'SELL';
  product: string;
  orderType: OrderRecord['orderType'];
  validity: OrderRecord['validity'];
  vtdDate: string | null;
  quantity: number;
  disclosedQty: number;
  limitPrice: number;
  triggerPrice: number;
  isAmo: boolean;
  parentOrderId: number | null;
  legRole: string | null;
  boTrailingSl: number;
  blockedMarginPaise: number;
  coTriggerPrice: number;
  boStopDistance: number;
  boTargetDistance: number;
  edisReservedQty: number;
  edisIsin: string | null;
  appId: string | null;
}

/**
 * Inserts an order (status REQUEST SENT; the row is its first event, NEW). Shown order numbers: IST date yymmdd + the row id
 * (8 digits), so they sort by time and never repeat.
 */
export async function insertOrder(tx: Queryable, o: NewOrder, istDate: string): Promise<OrderRecord> {
  const { rows } = await tx.query(INSERT_ORDER, orderParams(o, istDate));
  return orderRow(rows[0]);
}

/** One placement of a combined statement (insertOrdersBlocking): at most one per client. */
export interface BlockingPlacement {
  order: NewOrder;
  /** Stored with the answer when the order is placed; a key the client used before places nothing. */
  idempotencyKey?: string;
  /** The request's hash, stored with the key: a retry with another body is refused (EGN009). Null without a key. */
  requestHash: Buffer | null;
}

/** What the statement did with a placement: placed it, found its key used before, or found the funds short. */
export type BlockingOutcome = { order: OrderRecord } | { keyUsed: true } | { notCovered: true };

const ORDER_COLUMNS = `client_id, instrument_id, exchange, trading_symbol, display_symbol, segment, price_decimals, side,
  product, order_type, validity, vtd_date, quantity, disclosed_qty, limit_price, trigger_price, is_amo, parent_order_id,
  leg_role, bo_trailing_sl, blocked_margin_paise, co_trigger_price, bo_stop_distance, bo_target_distance,
  edis_reserved_qty, edis_isin, app_id`;

/**
 * Placements of several clients in ONE statement, atomic on its own (placement.ts): a placement whose
 * Idempotency-Key this client used before places nothing; each other one blocks its margin on its client's funds
 * row only if the funds available (ledger + collateral - blocked - used) cover it, and for a delivery buy the ledger
 * less its cash-only blocks too (collateral never funds it: rms/funds.ts cash), and only then is the order
 * inserted and, with a key, the key stored with the order's id (a retry is answered with the order). The UPDATE locks
 * each funds row and re-checks the condition after any concurrent change, so concurrent orders never exceed the funds.
 * At most one placement per client: a funds row is updated once per statement. The key is looked up in the
 * statement's snapshot and inserted without ON CONFLICT: a client's placements are written by its lane one batch after
 * another, and a key committed in between fails the statement (nothing is placed; the lane runs its writes again one
 * by one).
 */
export async function insertOrdersBlocking(
  q: Queryable,
  placements: BlockingPlacement[],
  istDate: string,
): Promise<BlockingOutcome[]> {
  const o = placements.map((p) => p.order);
  // Each placed item carries its own columns through (RETURNING e.*), so no two of the statement's sets are joined to
  // each other: on the lanes' connections every join is a nested loop (db/pool.ts), n x n rows for a batch of n. now()
  // is the inserted rows' created_at (its default: the start of the statement's transaction).
  const { rows } = await q.query<{
    placement_idx: number;
    key_used: boolean;
    id: string | null;
    order_no: string;
    created_at: Date;
  }>({
    name: 'oms-placements',
    text: `WITH items AS (
       SELECT * FROM unnest($2::int[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[],
         $10::text[], $11::text[], $12::text[], $13::text[], $14::date[], $15::bigint[], $16::bigint[], $17::bigint[], $18::bigint[],
         $19::boolean[], $20::bigint[], $21::text[], $22::bigint[], $23::bigint[], $24::bigint[], $25::bigint[], $26::bigint[],
         $27::bigint[], $28::text[], $29::text[], $30::text[], $31::bytea[])
         AS i(idx, ${ORDER_COLUMNS}, key, request_hash)),
     used AS (SELECT i.idx FROM items i JOIN idempotency_keys k ON k.client_id = i.client_id AND k.key = i.key),
     blocked AS (
       UPDATE client_funds f SET blocked_margin_paise = f.blocked_margin_paise + e.blocked_margin_paise,
              cash_blocked_paise = f.cash_blocked_paise + CASE WHEN ${needsCashSql('e')} THEN e.blocked_margin_paise ELSE 0 END,
              updated_at = now()
         FROM items e
        WHERE f.client_id = e.client_id AND e.idx NOT IN (SELECT idx FROM used)
          AND f.ledger_balance_paise + f.collateral_paise - f.blocked_margin_paise - f.used_margin_paise >= e.blocked_margin_paise
          AND (NOT ${needsCashSql('e')} OR f.ledger_balance_paise - f.cash_blocked_paise >= e.blocked_margin_paise)
       RETURNING e.*),
     numbered AS (
       SELECT b.*, order_no_of($1, b.id) AS order_no
         FROM (SELECT blocked.*, nextval('orders_id_seq') AS id FROM blocked) b),
     inserted AS (
       INSERT INTO orders (id, order_no, status, ${ORDER_COLUMNS})
       SELECT id, order_no, 'REQUEST SENT', ${ORDER_COLUMNS} FROM numbered),
     remembered AS (
       INSERT INTO idempotency_keys (client_id, key, request_hash, order_id)
       SELECT client_id, key, request_hash, id FROM numbered WHERE key IS NOT NULL)
     SELECT idx AS placement_idx, false AS key_used, id, order_no, now() AS created_at FROM numbered
     UNION ALL
     SELECT idx, true, NULL, NULL, NULL FROM used`,
    values: [
      istDate.replaceAll('-', '').slice(2),
      placements.map((_, i) => i),
      o.map((x) => x.clientId),
      o.map((x) => x.instrumentId),
      o.map((x) => x.exchange),
      o.map((x) => x.tradingSymbol),
      o.map((x) => x.displaySymbol),
      o.map((x) => x.segment),
      o.map((x) => x.priceDecimals),
      o.map((x) => x.side),
      o.map((x) => x.product),
      o.map((x) => x.orderType),
      o.map((x) => x.validity),
      o.map((x) => x.vtdDate),
      o.map((x) => x.quantity),
      o.map((x) => x.disclosedQty),
      o.map((x) => x.limitPrice),
      o.map((x) => x.triggerPrice),
      o.map((x) => x.isAmo),
      o.map((x) => x.parentOrderId),
      o.map((x) => x.legRole),
      o.map((x) => x.boTrailingSl),
      o.map((x) => x.blockedMarginPaise),
      o.map((x) => x.coTriggerPrice),
      o.map((x) => x.boStopDistance),
      o.map((x) => x.boTargetDistance),
      o.map((x) => x.edisReservedQty),
      o.map((x) => x.edisIsin),
      o.map((x) => x.appId),
      placements.map((p) => p.idempotencyKey ?? null),
      placements.map((p) => p.requestHash),
    ],
  });
  // Only what the database chose is read back: the rest of the row is what was sent. A placement with no row found the
  // funds short.
  const outcomes: BlockingOutcome[] = placements.map(() => ({ notCovered: true }));
  for (const r of rows)
    outcomes[r.placement_idx] = r.key_used
      ? { keyUsed: true }
      : { order: placedOrder(placements[r.placement_idx]!.order, Number(r.id), r.order_no, r.created_at) };
  return outcomes;
}

/**
 * A row the placement statement inserted: the order as sent, with its id, number and time. Built field by field: a
 * spread of the sent order that adds fields takes V8's slow path (~11 µs an order here, against ~0.05).
 */
function placedOrder(sent: NewOrder, id: number, orderNo: string, createdAt: Date): OrderRecord {
  return {
    id,
    orderNo,
    clientId: sent.clientId,
    instrumentId: sent.instrumentId,
    exchange: sent.exchange,
    tradingSymbol: sent.tradingSymbol,
    displaySymbol: sent.displaySymbol,
    segment: sent.segment,
    priceDecimals: sent.priceDecimals,
    side: sent.side,
    product: sent.product,
    orderType: sent.orderType,
    validity: sent.validity,
    vtdDate: sent.vtdDate,
    quantity: sent.quantity,
    disclosedQty: sent.disclosedQty,
    filledQty: 0,
    limitPrice: sent.limitPrice,
    triggerPrice: sent.triggerPrice,
    avgFillPrice: 0,
    filledValue: 0,
    status: 'REQUEST SENT',
    rejectReason: '',
    isAmo: sent.isAmo,
    parentOrderId: sent.parentOrderId,
    legRole: sent.legRole,
    boTrailingSl: sent.boTrailingSl,
    exchangeOrderId: null,
    exchangeFilledBase: 0,
    blockedMarginPaise: sent.blockedMarginPaise,
    coTriggerPrice: sent.coTriggerPrice,
    boStopDistance: sent.boStopDistance,
    boTargetDistance: sent.boTargetDistance,
    edisReservedQty: sent.edisReservedQty,
    edisIsin: sent.edisIsin,
    createdAt,
    updatedAt: createdAt,
  };
}

function orderRow(row: unknown): OrderRecord {
  return orderOf(row as Row);
}

/** The insert of an order (its NEW event is the row itself, order-events.ts). */
const INSERT_ORDER = `WITH n AS (SELECT nextval('orders_id_seq') AS id)
     INSERT INTO orders (id, order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment, price_decimals,
       side, product, order_type, validity, vtd_date, quantity, disclosed_qty, limit_price, trigger_price, status, is_amo,
       parent_order_id, leg_role, bo_trailing_sl, blocked_margin_paise, co_trigger_price, bo_stop_distance, bo_target_distance,
       edis_reserved_qty, edis_isin, app_id)
     SELECT n.id, order_no_of($1, n.id), $2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,'REQUEST SENT',$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28
       FROM n
     RETURNING ${orderColumns()}`;

function orderParams(o: NewOrder, istDate: string): unknown[] {
  return [
    istDate.replaceAll('-', '').slice(2),
    o.clientId,
    o.instrumentId,
    o.exchange,
    o.tradingSymbol,
    o.displaySymbol,
    o.segment,
    o.priceDecimals,
    o.side,
    o.product,
    o.orderType,
    o.validity,
    o.vtdDate,
    o.quantity,
    o.disclosedQty,
    o.limitPrice,
    o.triggerPrice,
    o.isAmo,
    o.parentOrderId,
    o.legRole,
    o.boTrailingSl,
    o.blockedMarginPaise,
    o.coTriggerPrice,
    o.boStopDistance,
    o.boTargetDistance,
    o.edisReservedQty,
    o.edisIsin,
    o.appId,
  ];
}

/** An event that changes nothing else, appended to the order's log (order-events.ts) with the order's status. */
export async function appendEvent(tx: Queryable, orderId: number, action: string): Promise<void> {
  await tx.query(`UPDATE orders SET events = events || ${eventSql('$2::text', 'status')} WHERE id = $1`, [
    orderId,
    action,
  ]);
}
