import type { Queryable } from '../../db/pool.ts';

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

/** The order of a client by its shown order number (never by id alone: every lookup is scoped to the session). */
export async function findClientOrder(
  q: Queryable,
  clientId: number,
  orderNo: string,
  lock = false,
): Promise<OrderRecord | null> {
  const { rows } = await q.query(
    `SELECT * FROM orders WHERE client_id = $1 AND order_no = $2${lock ? ' FOR UPDATE' : ''}`,
    [clientId, orderNo],
  );
  return rows[0] ? orderOf(rows[0] as Row) : null;
}

export async function findOrderById(q: Queryable, id: number, lock = false): Promise<OrderRecord | null> {
  const { rows } = await q.query({
    name: lock ? 'oms-order-lock' : 'oms-order',
    text: `SELECT * FROM orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    values: [id],
  });
  return rows[0] ? orderOf(rows[0] as Row) : null;
}

export async function childOrders(q: Queryable, parentId: number): Promise<OrderRecord[]> {
  const { rows } = await q.query('SELECT * FROM orders WHERE parent_order_id = $1 ORDER BY id', [parentId]);
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
 * Inserts an order (status REQUEST SENT) and its first order_events row in one statement. Shown order numbers: IST
 * date yymmdd + the row id (8 digits), so they sort by time and never repeat.
 */
export async function insertOrder(tx: Queryable, o: NewOrder, istDate: string): Promise<OrderRecord> {
  const { rows } = await tx.query(
    insertSql("n AS (SELECT nextval('orders_id_seq') AS id)", ''),
    orderParams(o, istDate),
  );
  return orderRow(rows[0]);
}

/**
 * Placement in one statement (placement.ts): the client's funds row blocks the order's margin only if the funds
 * available (ledger + collateral - blocked - used) cover it, and only then is the order inserted with its event and,
 * with an Idempotency-Key, its answer stored. Null when the funds did not cover it (nothing written). The UPDATE
 * locks the funds row and re-checks the condition after any concurrent change, so concurrent orders never exceed
 * the funds.
 */
export async function insertOrderBlocking(
  tx: Queryable,
  o: NewOrder,
  istDate: string,
  answer: { idempotencyKey?: string; msg: string },
): Promise<OrderRecord | null> {
  const params = orderParams(o, istDate);
  const blocking = `blocked AS (
       UPDATE client_funds SET blocked_margin_paise = blocked_margin_paise + $${params.length + 1}, updated_at = now()
        WHERE client_id = $2 AND ledger_balance_paise + collateral_paise - blocked_margin_paise - used_margin_paise >= $${params.length + 1}
       RETURNING client_id),
     n AS (SELECT nextval('orders_id_seq') AS id FROM blocked)`;
  const remembered = answer.idempotencyKey
    ? `, remembered AS (
       UPDATE idempotency_keys k SET order_id = i.id,
              answer = jsonb_build_object('ok', true, 'data', jsonb_build_object('msg', $${params.length + 2}::text, 'orderId', i.order_no))
         FROM inserted i WHERE k.client_id = $2 AND k.key = $${params.length + 3})`
    : '';
  const { rows } = await tx.query({
    name: answer.idempotencyKey ? 'oms-place-keyed' : 'oms-place',
    text: insertSql(blocking, remembered),
    values: [...params, o.blockedMarginPaise, ...(answer.idempotencyKey ? [answer.msg, answer.idempotencyKey] : [])],
  });
  return rows[0] ? orderRow(rows[0]) : null;
}

function orderRow(row: unknown): OrderRecord {
  return orderOf(row as Row);
}

/** The insert of an order and its NEW event after `idCte` (a CTE named n giving the id) and before `moreCtes`. */
function insertSql(idCte: string, moreCtes: string): string {
  return `WITH ${idCte},
     inserted AS (
       INSERT INTO orders (id, order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment, price_decimals,
         side, product, order_type, validity, vtd_date, quantity, disclosed_qty, limit_price, trigger_price, status, is_amo,
         parent_order_id, leg_role, bo_trailing_sl, blocked_margin_paise, co_trigger_price, bo_stop_distance, bo_target_distance,
         edis_reserved_qty, edis_isin, app_id)
       SELECT n.id, $1 || lpad(n.id::text, 8, '0'), $2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,'REQUEST SENT',$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28
         FROM n
       RETURNING *),
     logged AS (
       INSERT INTO order_events (order_id, client_id, status, action, quantity, price, trigger_price, disclosed_qty, validity)
       SELECT id, client_id, status, 'NEW', quantity, limit_price, trigger_price, disclosed_qty, validity FROM inserted)${moreCtes}
     SELECT * FROM inserted`;
}

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

/** One order_events row: the order's state after an action (trading.md 2.4 Order Log). */
export async function insertEvent(
  tx: Queryable,
  o: OrderRecord,
  action: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx.query(
    `INSERT INTO order_events (order_id, client_id, status, action, quantity, price, trigger_price, disclosed_qty, validity, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      o.id,
      o.clientId,
      o.status,
      action,
      o.quantity,
      o.limitPrice,
      o.triggerPrice,
      o.disclosedQty,
      o.validity,
      JSON.stringify(detail),
    ],
  );
}
