import { hash } from 'node:crypto';
import {
  canTradeExchange,
  checkSquareOff,
  deriveAbilities,
  formatAmount,
  needsCash,
  ok,
  reject,
  segmentOf,
  sellsFromDemat,
  sellsShort,
  tradingText,
  parsePrice,
  type PlaceOrderPayload,
  type Result,
  placedOrderTypeOf,
} from '@kite/domain';
import pg from 'pg';
import { inTransaction, type Queryable } from '../../db/pool.ts';
import {
  accountDetailsOf,
  extraFlagsOf,
  findClientById,
  type PermissionRow,
} from '../../modules/account/client.repo.ts';
import { holdingSellCheck } from '../portfolio/holdings-check.ts';
import { blockChange, changeFunds, lockFunds, type Funds } from '../rms/funds.ts';
import { orderMargin } from '../rms/order-margin.ts';
import { COMPOSITE, type OmsCore, type OrderAnswer } from './oms-core.ts';
import { checkEntry } from './order-entry.ts';
import type { Combinable } from './group-commit.ts';
import {
  findOrderById,
  insertOrder,
  insertOrdersBlocking,
  type BlockingOutcome,
  type BlockingPlacement,
  type NewOrder,
  type OrderRecord,
} from './order-record.ts';

type StoredAnswer = { ok: true; data: OrderAnswer } | { ok: false; code: string; message: string };
type PlacementOutcome =
  | StoredAnswer
  | { order: OrderRecord }
  | { retried: OrderRecord }
  // A placement the combined statement left to work of its own, which failed: nothing of it was committed.
  | { failed: unknown };

/** One AddOrder's write: the combined statement's part, and the paths a placement it did not place takes. */
interface Placement {
  clientId: number;
  blocking: BlockingPlacement;
  today: string;
  /** The position this order may reduce (margin products other than cover/bracket); null when none can. */
  closes: { instrumentId: string; product: string; side: 'BUY' | 'SELL'; quantity: number } | null;
  /** Sets the margin for the quantity that closes the position (priceAll). */
  price: (closing: number) => void;
  /** Records an inserted order's owner before the client's next write runs (a retry goes through the same lane). */
  adopt: (order: OrderRecord) => void;
  /** The Idempotency-Key was used already: the earlier attempt's answer (or a refusal). */
  prior: (q: Queryable) => Promise<PlacementOutcome>;
  /**
   * The funds did not cover the margin at the statement: decided again under the funds row lock, with the figures;
   * the answer is stored with the key.
   */
  underLock: (tx: Queryable) => Promise<PlacementOutcome>;
}

/**
 * The placements of a lane's batch (README "Group commit") in rounds: the first placement of each client, then the
 * second of each, and so on, each round ONE statement (insertOrdersBlocking, which needs no transaction around it: a
 * funds row is updated once per statement, so a client's placements go one a round). What a round's statement leaves
 * (a key used before; funds that did not cover) follows it, one transaction each, before the next round. The lane runs
 * a batch of placements ahead of the execution reports waiting with them (`leads`): a placement is answered when its
 * commit is done, a report only written.
 */
const PLACEMENTS: Combinable<Placement, PlacementOutcome> = {
  kind: 'placement',
  rank: 1,
  leads: true,
  singleStatement: true,
  many: async (q, items) => {
    const answers = new Map<Placement, PlacementOutcome>();
    for (const [i, round] of roundsOf(items).entries()) {
      let outcomes: BlockingOutcome[];
      try {
        outcomes = await roundStatement(q, round);
      } catch (error) {
        // The first round's failure is the batch's, as is any inside a transaction: nothing of it was committed, and
        // the lane runs the placements again, one transaction each. A later round's statement came after earlier
        // rounds committed, which must not run again: its own placements go alone.
        if (i === 0 || !(q instanceof pg.Pool)) throw error;
        for (const p of round) answers.set(p, await afterStatement(q, true, (tx) => placedAlone(tx, p)));
        continue;
      }
      await settleRound(q, round, outcomes, answers);
    }
    return items.map((p) => answers.get(p)!);
  },
};

async function placedAlone(tx: Queryable, p: Placement): Promise<PlacementOutcome> {
  return (await PLACEMENTS.many(tx, [p]))[0]!;
}

/** Round k holds each client's k-th placement, in the order they came. */
function roundsOf(items: Placement[]): Placement[][] {
  const rounds: Placement[][] = [];
  const placedBy = new Map<number, number>();
  for (const p of items) {
    const k = placedBy.get(p.clientId) ?? 0;
    placedBy.set(p.clientId, k + 1);
    (rounds[k] ??= []).push(p);
  }
  return rounds;
}

/** A round's margins (the positions its placements may close) and its statement. */
async function roundStatement(q: Queryable, round: Placement[]): Promise<BlockingOutcome[]> {
  await priceAll(q, round);
  return insertOrdersBlocking(
    q,
    round.map((p) => p.blocking),
    round[0]!.today,
  );
}

/** Each placement of a round answered: placed by the statement, or what the statement left, one after the other. */
async function settleRound(
  q: Queryable,
  round: Placement[],
  outcomes: BlockingOutcome[],
  answers: Map<Placement, PlacementOutcome>,
): Promise<void> {
  for (const [i, p] of round.entries()) {
    const outcome = outcomes[i]!;
    if (!('order' in outcome)) continue;
    p.adopt(outcome.order);
    answers.set(p, { order: outcome.order });
  }
  for (const [i, p] of round.entries())
    if ('keyUsed' in outcomes[i]!) answers.set(p, await afterStatement(q, false, (q2) => p.prior(q2)));
  for (const p of round) if (!answers.has(p)) answers.set(p, await afterStatement(q, true, (tx) => p.underLock(tx)));
}

/**
 * What a placement the statement did not place needs next, in the caller's transaction when `q` is one. Otherwise
 * the statement has committed the batch's other placements, which must not run again: this placement's own work
 * (in a new transaction when it writes) fails alone.
 */
async function afterStatement(
  q: Queryable,
  writes: boolean,
  work: (q: Queryable) => Promise<PlacementOutcome>,
): Promise<PlacementOutcome> {
  if (!(q instanceof pg.Pool)) return work(q);
  try {
    return await (writes ? inTransaction(q, work) : work(q));
  } catch (error) {
    return { failed: error };
  }
}

/**
 * Reads what these placements may close (one statement) and sets each one's margin accordingly. Earlier placements
 * of the client are committed before this runs (one a round), so their open quantity is counted.
 */
async function priceAll(q: Queryable, placements: Placement[]): Promise<void> {
  const closing = placements.filter((p) => p.closes !== null);
  if (closing.length === 0) return;
  const closable = await closableQuantities(
    q,
    closing.map(({ clientId, closes }) => ({
      clientId,
      instrumentId: closes!.instrumentId,
      product: closes!.product,
      side: closes!.side,
    })),
  );
  for (const [i, p] of closing.entries()) p.price(Math.min(p.closes!.quantity, closable[i]!));
}

interface ClosingOrder {
  clientId: number;
  instrumentId: string;
  product: string;
  side: 'BUY' | 'SELL';
  /**
   * An open order being modified: only the orders placed before it are counted against the position. Earlier orders
   * close first, so modifying an order never moves the closing part from one order to another.
   */
  placedAfter?: number;
}

/**
 * For each order, the quantity on its side that would still reduce the client's open position of its product: the
 * position less what the client's earlier open orders on that side close first. Without them two sells of 10 against
 * a long of 10 were both margined as closing, and the second, filled, opened a short no margin covered.
 */
async function closableQuantities(q: Queryable, orders: ClosingOrder[], onLane = true): Promise<number[]> {
  const { rows } = await q.query<{ n: string; closable: string }>({
    // Named only on a lane's connection, whose planner allows index lookups alone (README "Group commit"): named on
    // an ordinary one, a generic plan made while `orders` was small would scan it for every modification thereafter.
    name: onLane ? 'oms-placement-closable' : undefined,
    text: `SELECT i.n, greatest(0, abs(p.carry_qty + p.buy_qty - p.sell_qty) - (
              SELECT coalesce(sum(o.quantity - o.filled_qty), 0) FROM orders o
               WHERE o.client_id = i.client_id AND o.is_open AND o.instrument_id = i.instrument_id
                 AND o.product = i.product AND o.side = i.side AND o.id < i.placed_after)) AS closable
             FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::bigint[])
                  WITH ORDINALITY AS i(client_id, instrument_id, product, side, placed_after, n)
             JOIN positions p ON p.client_id = i.client_id AND p.instrument_id = i.instrument_id AND p.product = i.product
            WHERE CASE i.side WHEN 'BUY' THEN p.carry_qty + p.buy_qty - p.sell_qty < 0
                              ELSE p.carry_qty + p.buy_qty - p.sell_qty > 0 END`,
    values: [
      orders.map((o) => o.clientId),
      orders.map((o) => o.instrumentId),
      orders.map((o) => o.product),
      orders.map((o) => o.side),
      orders.map((o) => o.placedAfter ?? Number.MAX_SAFE_INTEGER),
    ],
  });
  const closable = orders.map(() => 0);
  for (const r of rows) closable[Number(r.n) - 1] = Number(r.closable);
  return closable;
}

interface StoredKey {
  request_hash: Buffer;
  answer: StoredAnswer | null;
  order_id: number | null;
}

/** The row of an Idempotency-Key this client used before, if it did. */
async function storedKey(q: Queryable, clientId: number, key: string): Promise<StoredKey | undefined> {
  const { rows } = await q.query<StoredKey>(
    'SELECT request_hash, answer, order_id FROM idempotency_keys WHERE client_id = $1 AND key = $2',
    [clientId, key],
  );
  return rows[0];
}

/**
 * The answer to a placement whose key was used before (EGN009 for another body): the order the key placed, answered as
 * its first attempt was (the key keeps only its id; an answer stored with it before says the same), or the refusal
 * stored with the key.
 */
async function priorAnswer(
  q: Queryable,
  prior: StoredKey | undefined,
  requestHash: Buffer | null,
): Promise<PlacementOutcome> {
  if (!prior || requestHash === null || !prior.request_hash.equals(requestHash))
    return { ok: false, code: 'EGN009', message: '' };
  const order = prior.order_id === null ? null : await findOrderById(q, Number(prior.order_id));
  if (order) return { retried: order };
  return prior.answer ?? { ok: false, code: 'EGN012', message: '' };
}

const t = tradingText.orderEntry;

/** The request's SHA-256, 32 bytes (stored as bytea: half the size of its hex text). */
function hashOf(value: unknown): Buffer {
  return hash('sha256', JSON.stringify(value), 'buffer');
}

export interface PlaceOptions {
  appId?: string;
  idempotencyKey?: string;
  /** The client's permissions as read with the session; read here when not given. */
  permissions?: PermissionRow;
}

/**
 * AddOrder (trading.md 3, 4; README "Flow"): checks, margin, then one statement in the client's lane (idempotency
 * key, margin block on the funds row, order row), then the exchange; answers once that committed.
 */
export async function placeOrder(
  core: OmsCore,
  clientId: number,
  payload: PlaceOrderPayload,
  options: PlaceOptions,
): Promise<Result<OrderAnswer>> {
  const market = core.market;
  const instrument = core.instrumentOf(payload.sym);
  if (!instrument || !instrument.tradable || instrument.instr === 'IDX') return reject('ORD012');
  const client = options.permissions ?? (await findClientById(core.deps.db, clientId));
  if (!client) return reject('EGN006');
  const abilities = deriveAbilities(accountDetailsOf(client), extraFlagsOf(client));
  if (!canTradeExchange(abilities, instrument.exc as Parameters<typeof canTradeExchange>[1])) return reject('ORD009');
  // trading.md 6: margin trading (funded buys) only on an exchange enabled for the client.
  if (
    payload.prdType === 'MARGIN' &&
    payload.ordAction === 'buy' &&
    (instrument.exc === 'NSE' || instrument.exc === 'BSE') &&
    !abilities.marginTrading[instrument.exc]
  )
    return reject('ORD013');

  const equity = segmentOf(instrument.instr, instrument.exc) === 'equity';
  const today = core.tradingDate();
  const isin = instrument.isin ?? instrument.trSymbol;
  const dematSell = equity && payload.ordAction === 'sell' && sellsFromDemat(payload.prdType);
  const sellsHoldings = dematSell && payload.isinDp === 'true';
  // NOT IN DP is a short sale only for a client allowed to sell short on the exchange; anyone else sells NOT IN DP
  // only what they bought today (trading.md 8: the toggle shows for short-sell permission or a non-POA demat).
  const sellsBoughtToday = dematSell && !sellsHoldings && !sellsShort(abilities, instrument.exc);
  const checksShares = sellsHoldings || sellsBoughtToday;
  const holding = sellsHoldings ? await holdingSellCheck(core.deps.db, market, clientId, isin, today) : null;
  const nonPoa = client.non_poa || (holding?.nonPoa ?? false);
  const edisNeeded = sellsHoldings && nonPoa;
  const edisApproved = edisNeeded ? (holding?.edisAvailableQty ?? 0) : 0;

  const entry = checkEntry(market, instrument, { payload, nonPoa, edisApproved, now: core.deps.clock.now() });
  if (!entry.ok) return reject(entry.edis ? 'ORD010' : 'ORD006', entry.message);
  const v = entry.check.order;
  const form = entry.form;
  const product = payload.prdType;
  const side: 'BUY' | 'SELL' = payload.ordAction === 'buy' ? 'BUY' : 'SELL';

  if (payload.isSquareoff) {
    const outstanding = await outstandingCount(core.deps.db, clientId, instrument.id, product);
    const message = checkSquareOff(outstanding, product);
    if (message !== null) return reject('ORD011', message);
  }

  const composite = COMPOSITE.has(product);
  const marginOf = (closing: number) =>
    orderMargin(
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
  // The part closing an open position needs no margin: the position is read in the lane with the batch's others.
  const closes =
    composite || product === 'CASH' ? null : { instrumentId: instrument.id, product, side, quantity: v.quantity };
  let margin = marginOf(0);

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
    orderType: placedOrderTypeOf(form.orderType, v.triggerPrice > 0),
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
    // Exact decimal to price units: the trailing step never passes through binary floating point.
    const trailing = parsePrice(payload.boTrailingSL || '0', instrument.priceDecimals);
    newOrder.boTrailingSl = trailing !== null && trailing > 0 ? trailing : 0;
  }

  const requestHash = options.idempotencyKey ? hashOf(payload) : null;
  let insertedId: number | null = null;
  const placement: Placement = {
    clientId,
    blocking: { order: newOrder, idempotencyKey: options.idempotencyKey, requestHash },
    closes,
    price: (closing) => {
      margin = marginOf(closing);
      newOrder.blockedMarginPaise = margin;
    },
    today,
    adopt: (order) => {
      // Claimed before the lane runs the client's next write: a retry of this request must not send the order twice.
      insertedId = order.id;
      core.adopt(order.id, clientId);
    },
    prior: async (q) => priorAnswer(q, await storedKey(q, clientId, options.idempotencyKey ?? ''), requestHash),
    underLock: async (tx) => {
      // The key keeps a refusal's answer, or the id of the order it placed (priorAnswer answers with the order).
      const remember = async <A extends StoredAnswer | null>(answer: A, orderId: number | null): Promise<A> => {
        if (options.idempotencyKey)
          await tx.query(
            `INSERT INTO idempotency_keys (client_id, key, request_hash, answer, order_id) VALUES ($1, $2, $3, $4, $5)`,
            [clientId, options.idempotencyKey, requestHash, answer === null ? null : JSON.stringify(answer), orderId],
          );
        return answer;
      };
      const funds = await lockFunds(tx, clientId);
      if (checksShares) {
        // Re-read under the funds lock: concurrent sells of this client are decided one after the other.
        const check = await holdingSellCheck(tx, market, clientId, isin, today);
        if (sellsBoughtToday && v.quantity > check.boughtUnsoldQty)
          return remember({ ok: false, code: 'ORD008', message: t.notInDpAboveBought }, null);
        if (v.quantity > check.sellableQty) return remember({ ok: false, code: 'ORD008', message: '' }, null);
        if (edisNeeded && v.quantity > check.edisAvailableQty)
          return remember({ ok: false, code: 'ORD006', message: t.quantityAboveEdis }, null);
      }
      const shortfall = marginShortfall(needsCash(newOrder), margin, funds);
      if (shortfall !== null) return remember({ ok: false, code: 'ORD002', message: shortfall }, null);
      const order = await insertOrder(tx, newOrder, today);
      placement.adopt(order);
      await changeFunds(tx, clientId, blockChange(newOrder, margin));
      await remember(null, order.id);
      return { order };
    },
  };
  let outcome: PlacementOutcome;
  try {
    // The common case is combined with the lane's other placements into one statement (PLACEMENTS); a delivery sell
    // re-reads the client's shares under the funds lock, so it takes the locking path in a write of its own.
    outcome = checksShares
      ? await core.write(clientId, async (tx) => {
          await priceAll(tx, [placement]);
          const prior = options.idempotencyKey ? await storedKey(tx, clientId, options.idempotencyKey) : undefined;
          return prior ? priorAnswer(tx, prior, requestHash) : placement.underLock(tx);
        })
      : await core.writeCombined(clientId, PLACEMENTS, placement);
    if ('failed' in outcome) throw outcome.failed;
  } catch (error) {
    // Nothing was acknowledged; the client may retry (with its Idempotency-Key the retry finds a commit that did land).
    // A database fault goes on to the one error path, which answers it 503 EGN008 as for any other call.
    if (insertedId !== null) core.forget(insertedId);
    throw error;
  }

  if ('retried' in outcome) {
    // A retry whose first attempt committed but never reached the exchange (the answer was lost with the
    // connection): this process sends it now, once. One it sent already answers as the first attempt did.
    const order = outcome.retried;
    if (order.status === 'REQUEST SENT' && !core.sent(order.id)) return acknowledge(core, order);
    return placed(order);
  }
  if (!('order' in outcome)) return toResult(outcome);
  return acknowledge(core, outcome.order);
}

/**
 * Sends a committed order to the exchange and answers: the placement's commit is what makes it the client's order
 * (a restart sends every committed order the exchange had not closed, restore.ts), so the answer does not wait for
 * the exchange's first report to be written. That report is queued before this returns, and every later call of the
 * client waits for the reports queued before it (plugins/calls.ts), so the order book read next shows its state.
 */
function acknowledge(core: OmsCore, order: OrderRecord): Result<OrderAnswer> {
  void core.submit(order);
  return placed(order);
}

/** The answer to a placement that placed `order`, and to each retry of it. */
function placed(order: OrderRecord): Result<OrderAnswer> {
  return ok({ msg: t.placedHeadline, orderId: order.orderNo });
}

/** The client's open orders in an instrument and product, read from the open orders' index (`orders_open`). */
export async function outstandingCount(
  q: Queryable,
  clientId: number,
  instrumentId: string,
  product: string,
): Promise<number> {
  const { rows } = await q.query<{ n: string }>(
    `SELECT count(*) AS n FROM orders WHERE client_id = $1 AND is_open AND instrument_id = $2 AND product = $3`,
    [clientId, instrumentId, product],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The part of an open order being modified that reduces the client's position (needs no margin); `q` is not a lane's. */
export async function closingQuantity(
  q: Queryable,
  order: Omit<ClosingOrder, 'placedAfter'> & { id: number },
  quantity: number,
): Promise<number> {
  if (order.product === 'CASH') return 0;
  const [closable] = await closableQuantities(q, [{ ...order, placedAfter: order.id }], false);
  return Math.min(quantity, closable!);
}

/**
 * Why the funds do not cover `required` more margin for this order (ORD002's text), or null when they do: a delivery
 * buy needs it in cash (collateral never funds one), any other order in the available margin.
 */
export function marginShortfall(
  cashOnly: boolean,
  required: number,
  funds: Pick<Funds, 'available' | 'cash'>,
): string | null {
  const rupees = (paise: number) => formatAmount(Math.max(0, paise));
  if (required > funds.available) return t.insufficientMargin(rupees(required), rupees(funds.available));
  if (cashOnly && required > funds.cash) return t.insufficientCash(rupees(required), rupees(funds.cash));
  return null;
}

function toResult(answer: StoredAnswer): Result<OrderAnswer> {
  if (answer.ok) return ok(answer.data);
  return reject(answer.code as Parameters<typeof reject>[0], answer.message || undefined);
}
