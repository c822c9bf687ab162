import { exerciseStt, tradingText, type ProductType } from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import type { FastifyInstance } from 'fastify';
import { inTransaction, type DbClient } from '../../db/pool.ts';
import { lastPriceOf } from '../portfolio/instruments.ts';
import { lockPosition } from '../portfolio/transfer.ts';
import { changeFunds, LEDGER_EXPIRY, postLedger, REALISED_PNL_NARRATION } from '../rms/funds.ts';
import { netQuantity, positionOf, realisedPaiseOf } from './positions.ts';

/**
 * The futures and options whose last trading day is `day` (ISO, IST). The registry is built once at start from that
 * day's contracts and never drops one, so an instrument expiring today is still found at its end of day. Spreads hold
 * no positions: their legs do.
 */
export function contractsExpiringOn(market: Market, day: string): Instrument[] {
  return market.registry
    .all()
    .filter((i) => (i.assetClass === 'FUTURE' || i.assetClass === 'OPTION') && i.expiry === day);
}

/**
 * The exchange's final settlement price in the contract's price units: a future settles at its underlying's last
 * (closing) price, an option at its intrinsic value (call: underlying - strike, put: strike - underlying, never below
 * zero: out of the money it expires worthless). Null when the underlying has no price to settle at (nothing is
 * settled then rather than at zero).
 */
export function finalSettlementPrice(market: Market, instrument: Instrument): number | null {
  const underlying = instrument.underlying === null ? undefined : market.registry.byId(instrument.underlying);
  if (!underlying || underlying.priceDecimals !== instrument.priceDecimals) return null;
  const spot = lastPriceOf(market, underlying);
  if (spot <= 0) return null;
  if (instrument.optType === null) return spot;
  const strike = instrument.strike ?? 0;
  return Math.max(0, instrument.optType === 'CE' ? spot - strike : strike - spot);
}

export interface ExpirySettlement {
  clientId: number;
  instrumentId: string;
  product: string;
  /** Net quantity closed (signed: a long is sold, a short bought back). */
  qty: number;
  price: number;
  realisedPaise: number;
  sttPaise: number;
  releasedPaise: number;
}

/**
 * Final settlement of the futures and options expiring on `today` (the trading day being closed), cash-settled at
 * `finalSettlementPrice` (README "Expiry settlement"). Each client's positions are settled in one transaction under
 * its funds row lock, then each position's (`lockPosition`, the RMS's lock order).
 */
export async function settleExpiries(app: FastifyInstance, market: Market, today: string): Promise<ExpirySettlement[]> {
  const expiring = new Map(contractsExpiringOn(market, today).map((i) => [i.id, i]));
  if (expiring.size === 0) return [];
  const { rows } = await app.db.query<{ client_id: string; instrument_id: string; product: ProductType }>(
    `SELECT client_id, instrument_id, product FROM positions
      WHERE instrument_id = ANY($1::text[]) AND carry_qty + buy_qty - sell_qty <> 0 ORDER BY client_id, id`,
    [[...expiring.keys()]],
  );
  const byClient = new Map<number, { instrument: Instrument; product: ProductType }[]>();
  for (const r of rows) {
    const list = byClient.get(Number(r.client_id)) ?? [];
    list.push({ instrument: expiring.get(r.instrument_id)!, product: r.product });
    byClient.set(Number(r.client_id), list);
  }
  const settled: ExpirySettlement[] = [];
  for (const [clientId, positions] of byClient) {
    const done = await inTransaction(app.db, async (tx) => {
      const out: ExpirySettlement[] = [];
      for (const { instrument, product } of positions) {
        const price = finalSettlementPrice(market, instrument);
        if (price === null) {
          app.log.warn({ clientId, instrumentId: instrument.id }, 'expiry not settled: no underlying price');
          continue;
        }
        const one = await settlePosition(tx, clientId, instrument, product, price, today);
        if (one) out.push(one);
      }
      return out;
    });
    for (const one of done) app.log.info(one, 'expired contract settled');
    settled.push(...done);
  }
  return settled;
}

/**
 * One position closed at the settlement price as a trade would close it: the realised P&L of the whole position
 * (`realisedPaiseOf`, carried quantity included) less what its fills already booked goes to the ledger under the
 * trades' narration, a long option in the money pays STT on exercise, its margin is released and the row is deleted.
 */
async function settlePosition(
  tx: DbClient,
  clientId: number,
  instrument: Instrument,
  product: ProductType,
  price: number,
  today: string,
): Promise<ExpirySettlement | null> {
  const lock = await lockPosition(tx, clientId, instrument, product);
  if (!lock) return null;
  const position = positionOf({ ...lock });
  const qty = netQuantity(position);
  if (qty === 0) return null;
  const value = BigInt(price) * BigInt(Math.abs(qty));
  const closed =
    qty > 0
      ? { ...position, sellQty: position.sellQty + qty, sellValue: position.sellValue + value }
      : { ...position, buyQty: position.buyQty - qty, buyValue: position.buyValue + value };
  const realisedPaise =
    realisedPaiseOf(closed, instrument.multiplier, instrument.priceDecimals) - position.realisedPaise;
  const ref = { type: LEDGER_EXPIRY, id: `${lock.segment}/${instrument.id}` };
  await postLedger(tx, clientId, realisedPaise, `${REALISED_PNL_NARRATION} ${instrument.displaySym}`, ref);
  const exercised = qty > 0 && instrument.optType !== null && price > 0;
  const sttPaise = exercised
    ? exerciseStt({
        exchange: instrument.exc,
        instr: instrument.instr,
        priceDecimals: instrument.priceDecimals,
        lotQualifier: instrument.multiplier,
        value,
        tradeDate: today,
      })
    : 0;
  await postLedger(tx, clientId, -sttPaise, tradingText.portfolio.exerciseSttLedger(instrument.displaySym), ref);
  await changeFunds(tx, clientId, { used: -position.marginPaise });
  await tx.query('DELETE FROM positions WHERE id = $1', [position.id]);
  return {
    clientId,
    instrumentId: instrument.id,
    product,
    qty,
    price,
    realisedPaise,
    sttPaise,
    releasedPaise: position.marginPaise,
  };
}
