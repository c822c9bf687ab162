import type { BasketLine, ProductType } from '@kite/domain';
import type { Queryable } from '../../db/pool.ts';

/** SQL of baskets. Every statement filters on client_id: a basket or line of another client is never seen. */

export interface BasketRow {
  id: number;
  name: string;
}

export interface BasketLineRow {
  id: number;
  basket_id: number;
  instrument_id: string;
  display_symbol: string;
  exchange: string;
  exchange_seg: string;
  instr: string;
  asset_class: string;
  opt_type: string;
  strike_price: string;
  expiry_date: string;
  tr_exchange: string;
  tr_symbol: string;
  x_sym: string;
  price_decimals: 2 | 4;
  side: 'BUY' | 'SELL';
  product: ProductType;
  order_type: 'limit' | 'market';
  validity: 'DAY' | 'IOC';
  quantity: number;
  limit_price: number;
  disclosed_qty: number;
  trigger_price: number;
  is_in_dp: boolean;
}

/** The stored values of a line (what AddBasketSymbol and ModifyBasketSymbol write). */
export type LineValues = Omit<BasketLineRow, 'id' | 'basket_id'>;

const LINE_COLUMNS = [
  'instrument_id',
  'display_symbol',
  'exchange',
  'exchange_seg',
  'instr',
  'asset_class',
  'opt_type',
  'strike_price',
  'expiry_date',
  'tr_exchange',
  'tr_symbol',
  'x_sym',
  'price_decimals',
  'side',
  'product',
  'order_type',
  'validity',
  'quantity',
  'limit_price',
  'disclosed_qty',
  'trigger_price',
  'is_in_dp',
] as const satisfies readonly (keyof LineValues)[];

export async function listBaskets(db: Queryable, clientId: number): Promise<BasketRow[]> {
  const { rows } = await db.query<BasketRow>('SELECT id, name FROM baskets WHERE client_id = $1 ORDER BY id', [
    clientId,
  ]);
  return rows;
}

/** Baskets with an execution on the given IST day (the execution log's list). */
export async function listExecutedBaskets(db: Queryable, clientId: number, tradingDay: string): Promise<BasketRow[]> {
  const { rows } = await db.query<BasketRow>(
    `SELECT b.id, b.name FROM baskets b
      WHERE b.client_id = $1
        AND EXISTS (SELECT 1 FROM basket_executions e WHERE e.basket_id = b.id AND e.client_id = $1 AND e.trading_day = $2)
      ORDER BY b.id`,
    [clientId, tradingDay],
  );
  return rows;
}

export async function countBaskets(db: Queryable, clientId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM baskets WHERE client_id = $1', [
    clientId,
  ]);
  return rows[0]?.n ?? 0;
}

/** The basket if it is this client's; `lock` takes the row lock (edits and executions of one basket queue up). */
export async function findBasket(
  db: Queryable,
  clientId: number,
  basketId: string,
  lock = false,
): Promise<BasketRow | null> {
  const { rows } = await db.query<BasketRow>(
    `SELECT id, name FROM baskets WHERE id = $1 AND client_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [basketId, clientId],
  );
  return rows[0] ?? null;
}

export async function nameTaken(db: Queryable, clientId: number, name: string, exceptId?: number): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM baskets WHERE client_id = $1 AND lower(name) = lower($2) AND id <> $3',
    [clientId, name, exceptId ?? 0],
  );
  return rows.length > 0;
}

export async function insertBasket(db: Queryable, clientId: number, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO baskets (client_id, name) VALUES ($1, $2) RETURNING id',
    [clientId, name],
  );
  return rows[0]!.id;
}

export async function updateBasketName(db: Queryable, clientId: number, basketId: number, name: string): Promise<void> {
  await db.query('UPDATE baskets SET name = $3 WHERE id = $1 AND client_id = $2', [basketId, clientId, name]);
}

export async function removeBasket(db: Queryable, clientId: number, basketId: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM baskets WHERE id = $1 AND client_id = $2', [basketId, clientId]);
  return (rowCount ?? 0) > 0;
}

export async function listLines(db: Queryable, clientId: number, basketId: number): Promise<BasketLineRow[]> {
  const { rows } = await db.query<BasketLineRow>(
    `SELECT id, basket_id, ${LINE_COLUMNS.join(', ')} FROM basket_lines WHERE basket_id = $1 AND client_id = $2 ORDER BY id`,
    [basketId, clientId],
  );
  return rows;
}

export async function countLines(db: Queryable, clientId: number, basketId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM basket_lines WHERE basket_id = $1 AND client_id = $2',
    [basketId, clientId],
  );
  return rows[0]?.n ?? 0;
}

export async function insertLine(
  db: Queryable,
  clientId: number,
  basketId: number,
  values: LineValues,
): Promise<number> {
  const params = LINE_COLUMNS.map((column) => values[column]);
  const placeholders = LINE_COLUMNS.map((_, i) => `$${i + 3}`).join(', ');
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO basket_lines (basket_id, client_id, ${LINE_COLUMNS.join(', ')}) VALUES ($1, $2, ${placeholders}) RETURNING id`,
    [basketId, clientId, ...params],
  );
  return rows[0]!.id;
}

export async function updateLine(
  db: Queryable,
  clientId: number,
  basketId: number,
  lineId: string,
  values: LineValues,
): Promise<boolean> {
  const sets = LINE_COLUMNS.map((column, i) => `${column} = $${i + 4}`).join(', ');
  const { rowCount } = await db.query(
    `UPDATE basket_lines SET ${sets}, updated_at = now() WHERE id = $1 AND basket_id = $2 AND client_id = $3`,
    [lineId, basketId, clientId, ...LINE_COLUMNS.map((column) => values[column])],
  );
  return (rowCount ?? 0) > 0;
}

/** Deletes the client's lines among `lineIds`; answers how many went. */
export async function removeLines(db: Queryable, clientId: number, lineIds: readonly string[]): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM basket_lines WHERE client_id = $1 AND id = ANY($2::bigint[])', [
    clientId,
    lineIds,
  ]);
  return rowCount ?? 0;
}

export async function countOwnLines(db: Queryable, clientId: number, lineIds: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM basket_lines WHERE client_id = $1 AND id = ANY($2::bigint[])',
    [clientId, lineIds],
  );
  return rows[0]?.n ?? 0;
}

export async function insertExecution(
  db: Queryable,
  clientId: number,
  basketId: number,
  tradingDay: string,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO basket_executions (basket_id, client_id, trading_day) VALUES ($1, $2, $3) RETURNING id',
    [basketId, clientId, tradingDay],
  );
  return rows[0]!.id;
}

export async function insertExecutionLine(
  db: Queryable,
  clientId: number,
  executionId: number,
  line: BasketLine,
  outcome: { placed: boolean; orderNo: string | null; response: string },
): Promise<void> {
  await db.query(
    `INSERT INTO basket_execution_lines (execution_id, client_id, line, order_no, placed, response)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [executionId, clientId, JSON.stringify(line), outcome.orderNo, outcome.placed, outcome.response],
  );
}

export interface LogRow {
  line: BasketLine;
  order_no: string | null;
  placed: boolean;
  response: string;
  status: string | null;
}

const LOG_LINES = `SELECT l.line, l.order_no, l.placed, l.response, o.status
       FROM basket_execution_lines l
       LEFT JOIN orders o ON o.id = order_id_of(l.order_no) AND o.order_no = l.order_no AND o.client_id = $2
      WHERE l.client_id = $2 AND l.execution_id = `;

/** The lines of the latest execution of the basket on the IST day, with each order's status now. */
export async function latestExecutionLog(
  db: Queryable,
  clientId: number,
  basketId: number,
  tradingDay: string,
): Promise<LogRow[]> {
  const { rows } = await db.query<LogRow>(
    `${LOG_LINES}(SELECT id FROM basket_executions
                     WHERE basket_id = $1 AND client_id = $2 AND trading_day = $3
                     ORDER BY id DESC LIMIT 1)
      ORDER BY l.id`,
    [basketId, clientId, tradingDay],
  );
  return rows;
}

/** The lines of one execution, with each order's status now (the answer of the ExecuteBasket that made it). */
export async function executionLog(db: Queryable, clientId: number, executionId: number): Promise<LogRow[]> {
  const { rows } = await db.query<LogRow>(`${LOG_LINES}$1 ORDER BY l.id`, [executionId, clientId]);
  return rows;
}
