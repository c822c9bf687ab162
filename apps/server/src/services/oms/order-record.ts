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
    vtdDate: r.vtd_date ? String(r.vtd_date) : null,
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
  const { rows } = await q.query(`SELECT * FROM orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
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

/** Shown order numbers: IST date yymmdd + the row id, so they sort by time and never repeat. */
function orderNoOf(id: number, istDate: string): string {
  return `${istDate.replaceAll('-', '').slice(2)}${String(id).padStart(8, '0')}`;
}

/** Inserts an order (status REQUEST SENT) and its first order_events row. */
export async function insertOrder(tx: Queryable, o: NewOrder, istDate: string): Promise<OrderRecord> {
  const idRow = await tx.query<{ id: string }>("SELECT nextval('orders_id_seq') AS id");
  const id = Number(idRow.rows[0]?.id);
  const { rows } = await tx.query(
    `INSERT INTO orders (id, order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment, price_decimals,
       side, product, order_type, validity, vtd_date, quantity, disclosed_qty, limit_price, trigger_price, status, is_amo,
       parent_order_id, leg_role, bo_trailing_sl, blocked_margin_paise, co_trigger_price, bo_stop_distance, bo_target_distance,
       edis_reserved_qty, edis_isin, app_id)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,'REQUEST SENT',$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29)
     RETURNING *`,
    [
      id,
      orderNoOf(id, istDate),
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
    ],
  );
  const order = orderOf(rows[0] as Row);
  await insertEvent(tx, order, 'NEW');
  return order;
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
