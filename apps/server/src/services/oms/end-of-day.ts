import { divRoundHalfUp, type ProductType } from '@kite/domain';
import { EXCHANGES, isoDate, istDay, parseIsoDate, type Exchange } from '@kite/exchange';
import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../db/pool.ts';
import { settleUnsquared } from '../portfolio/transfer.ts';
import { rechargeClosedOrders } from '../portfolio/transfer-charges.ts';
import { chargeDailyInterest, type InterestReport } from '../rms/daily-interest.ts';
import { remarginForExpiryDay } from '../rms/expiry-day-margin.ts';
import { settleExpiries } from './expiry-settlement.ts';
import type { Oms } from './oms.ts';
import { orderDay } from './order-day.ts';
import { orderColumns, orderOf, type OrderRecord } from './order-record.ts';

const INTRADAY_PRODUCTS = ['INTRADAY', 'CO', 'BO', 'SHORTSELL'];

export interface EndOfDayReport {
  expiredOrders: number;
  squaredOff: number;
  /** Intraday positions the square-off could not close (no liquidity), settled in the carry product. */
  settled: number;
  /** Orders whose trades moved product while they were open, charged by the products they ended the day in. */
  recharged: number;
  holdingsChanged: number;
  carried: number;
  /** Carried short index options expiring on the next trading day, re-margined with its expiry-day ELM. */
  remargined: number;
  /**
   * Positions in futures and options expiring today (or earlier, an end of day missed), closed at the final settlement
   * price (cash-settled).
   */
  expiriesSettled: number;
  /** Clients charged the day's interest: MTF funding, and a cash shortfall under the 50% cash rule. */
  interest: InterestReport;
}

/**
 * Squares off every open intraday position (INTRADAY, CO, BO, SHORTSELL) at market, cancelling their open orders of
 * trading day `day` (today's) first: an AMO placed for the next day stays. With `exchanges`, only those on these
 * exchanges (each closes at its own time).
 */
export async function squareOffIntraday(
  app: FastifyInstance,
  oms: Oms,
  exchanges: readonly Exchange[] = EXCHANGES,
  day: number = istDay(app.clock.now()),
): Promise<number> {
  await oms.settled();
  const open = await app.db.query(
    `SELECT ${orderColumns()} FROM orders WHERE is_open AND product = ANY($1::text[]) AND exchange = ANY($2::text[])`,
    [INTRADAY_PRODUCTS, exchanges],
  );
  for (const order of ordersOfDay(oms, open.rows, day)) oms.expire(order);
  await oms.settled();
  const { rows: positions } = await app.db.query<{
    client_id: string;
    instrument_id: string;
    product: string;
    net: string;
  }>(
    `SELECT client_id, instrument_id, product, carry_qty + buy_qty - sell_qty AS net FROM positions
      WHERE product = ANY($1::text[]) AND carry_qty + buy_qty - sell_qty <> 0`,
    [INTRADAY_PRODUCTS],
  );
  const rows = positions.filter((p) => {
    const exchange = oms.market.registry.byId(p.instrument_id)?.exc;
    return exchange !== undefined && exchanges.includes(exchange);
  });
  for (const p of rows)
    await oms.squareOff({
      clientId: Number(p.client_id),
      instrumentId: p.instrument_id,
      product: p.product,
      net: Number(p.net),
    });
  await oms.settled();
  return rows.length;
}

/** The open orders among `rows` but the AMOs placed for a trading day after `day` (placed after the close). */
function ordersOfDay(oms: Oms, rows: readonly Record<string, unknown>[], day: number): OrderRecord[] {
  return rows.map(orderOf).filter((order) => !order.isAmo || orderDay(oms.market.calendar, order) <= day);
}

/**
 * End of the trading day (trading.md 4.4, market-facts 1): DAY and IOC orders (and VTD orders due today) expire,
 * intraday positions are squared off at the market price, delivery (CASH) buys become holdings and delivery sells
 * leave them, futures and options expiring today (and any a missed run left) are settled at their final settlement
 * price (expiry-settlement.ts: every contract is cash-settled, stock F&O included, which the exchange settles
 * physically; README "Expiry settlement"), and what remains open (F&O, MTF, carry forward) is rolled into carried
 * quantities at its average price; the short index options among them that expire on the next trading day then carry
 * that day's expiry-day ELM; last, the day's interest on MTF funding and on a cash shortfall (rms/daily-interest.ts).
 */
export async function endOfDay(
  app: FastifyInstance,
  oms: Oms,
  today: string = oms.tradingDate(),
): Promise<EndOfDayReport> {
  const day = parseIsoDate(today);
  if (day === null) throw new RangeError(`end of day for ${today}: not a yyyy-mm-dd date`);
  await oms.settled();
  const market = oms.market;
  // VTD is for equity only (trading.md 4.1): every order in a contract expiring today is a DAY or IOC order.
  const open = await app.db.query(
    `SELECT ${orderColumns()} FROM orders WHERE is_open AND (validity <> 'VTD' OR vtd_date <= $1::date)`,
    [today],
  );
  const expiring = ordersOfDay(oms, open.rows, day);
  for (const order of expiring) oms.expire(order);
  await oms.settled();
  const squaredOff = await squareOffIntraday(app, oms, EXCHANGES, day);
  const settled = await settleUnsquaredPositions(app, oms, today);
  // Every day order is closed now: the ones whose trades moved while they were open are charged as they end the day.
  const recharged = await rechargeClosedOrders(app.db, market, today);
  const expiriesSettled = (await settleExpiries(app, market, today)).length;
  if (expiriesSettled > 0) app.log.info({ today, expiriesSettled }, 'expired contracts settled');

  const { holdingsChanged, carried } = await inTransaction(app.db, async (tx) => {
    let holdingsChanged = 0;
    let carried = 0;
    const { rows } = await tx.query<Record<string, string>>('SELECT * FROM positions ORDER BY id FOR UPDATE');
    for (const p of rows) {
      const buyQty = Number(p.buy_qty);
      const sellQty = Number(p.sell_qty);
      const carry = Number(p.carry_qty);
      const net = carry + buyQty - sellQty;
      const instrument = market.registry.byId(String(p.instrument_id));
      if (p.product === 'CASH' && instrument && net !== 0) {
        const isin = instrument.isin ?? '';
        if (net > 0) {
          // Delivery buys: the holding's average moves to include today's bought shares at their average price.
          const avgPaise =
            buyQty > 0 ? divRoundHalfUp(BigInt(p.buy_value ?? '0'), BigInt(buyQty)) : Number(p.carry_avg_price);
          await tx.query(
            `INSERT INTO holdings (client_id, exchange, symbol, isin, quantity, avg_price_paise)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (client_id, isin) DO UPDATE SET
               avg_price_paise = round((holdings.avg_price_paise * holdings.quantity
                                        + EXCLUDED.avg_price_paise * EXCLUDED.quantity)::numeric
                                       / (holdings.quantity + EXCLUDED.quantity))::bigint,
               quantity = holdings.quantity + EXCLUDED.quantity, updated_at = now()`,
            [p.client_id, instrument.exc, instrument.symbol, isin, net, avgPaise],
          );
        } else {
          // Pledged shares stay in the demat until unpledged: a sale beyond the unpledged ones (NOT IN DP by a client
          // allowed to sell short) is a short delivery the exchange settles by auction (not simulated), and never
          // takes the holding below its pledge.
          await tx.query(
            `UPDATE holdings SET quantity = GREATEST(quantity - $3, pledged_qty, 0), updated_at = now()
              WHERE client_id = $1 AND isin = $2`,
            [p.client_id, isin, -net],
          );
        }
        holdingsChanged++;
      }
      if (p.product === 'CASH' || INTRADAY_PRODUCTS.includes(String(p.product)) || net === 0) {
        await tx.query('DELETE FROM positions WHERE id = $1', [p.id]);
        continue;
      }
      // Carried at the average price of the open side (today's trades with what was carried in).
      const long = net > 0;
      const qty = (long ? buyQty : sellQty) + (Math.sign(carry) === Math.sign(net) ? Math.abs(carry) : 0);
      const value =
        BigInt(long ? (p.buy_value ?? '0') : (p.sell_value ?? '0')) +
        (Math.sign(carry) === Math.sign(net) ? BigInt(Math.abs(carry)) * BigInt(p.carry_avg_price ?? '0') : 0n);
      const avg = qty > 0 ? divRoundHalfUp(value, BigInt(qty)) : Number(p.carry_avg_price);
      await tx.query(
        `UPDATE positions SET carry_qty = $2, carry_avg_price = $3, buy_qty = 0, buy_value = 0, sell_qty = 0, sell_value = 0,
                realised_paise = 0, updated_at = now() WHERE id = $1`,
        [p.id, net, avg],
      );
      carried++;
    }
    return { holdingsChanged, carried };
  });
  const nextDay = market.calendar.next(day);
  const remargined = await remarginForExpiryDay(app.db, market, isoDate(nextDay));
  const interest = await chargeDailyInterest(app.db, market, today, nextDay - day);
  return {
    expiredOrders: expiring.length,
    squaredOff,
    settled,
    recharged,
    holdingsChanged,
    carried,
    remargined,
    expiriesSettled,
    interest,
  };
}

/**
 * What the square-off left open (its market order found nothing on the other side, or the market had closed) is
 * settled in the carry product (portfolio/transfer.ts `settleUnsquared`) before the roll, which would otherwise drop
 * an intraday row with its quantity, its margin in use and the money of its trades.
 */
async function settleUnsquaredPositions(app: FastifyInstance, oms: Oms, today: string): Promise<number> {
  const { rows } = await app.db.query<{ client_id: string; instrument_id: string; product: ProductType }>(
    `SELECT client_id, instrument_id, product FROM positions
      WHERE product = ANY($1::text[]) AND carry_qty + buy_qty - sell_qty <> 0 ORDER BY id`,
    [INTRADAY_PRODUCTS],
  );
  let settled = 0;
  for (const p of rows) {
    const instrument = oms.market.registry.byId(p.instrument_id);
    if (!instrument) continue;
    const done = await settleUnsquared(app.db, oms.market, Number(p.client_id), instrument, p.product, today);
    if (done) {
      app.log.info({ clientId: p.client_id, instrumentId: p.instrument_id, ...done }, 'settled at end of day');
      settled++;
    }
  }
  return settled;
}

/**
 * MARKET_HOURS=real: square off each exchange's intraday positions SQR_OFF_TIME_LIMIT minutes before that exchange's
 * close (NSE's at 15:30, currency's at 17:00, MCX's late at night), once a day each.
 */
export function startIntradaySquareOff(app: FastifyInstance, oms: Oms): NodeJS.Timeout {
  const doneFor = new Map<Exchange, string>();
  const timer = setInterval(() => {
    const market = oms.market;
    const today = oms.tradingDate();
    const closing = EXCHANGES.filter((exchange) => {
      const status = market.status(exchange);
      if (status.status !== 'open' || doneFor.get(exchange) === today) return false;
      return status.nextChange !== null && status.nextChange - app.clock.now() <= app.config.sqrOffTimeLimit * 60_000;
    });
    if (closing.length === 0) return;
    for (const exchange of closing) doneFor.set(exchange, today);
    squareOffIntraday(app, oms, closing).catch((error: unknown) =>
      app.log.error({ err: error }, 'intraday square-off'),
    );
  }, 30_000);
  timer.unref();
  return timer;
}
