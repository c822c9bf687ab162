import { exerciseStt, tradingText, type ProductType } from '@kite/domain';
import {
  buildInstruments,
  InstrumentRegistry,
  isoDate,
  istInstant,
  parseIsoDate,
  type Exchange,
  type Instrument,
  type Market,
} from '@kite/exchange';
import type { FastifyInstance } from 'fastify';
import { inTransaction, type DbClient } from '../../db/pool.ts';
import { lastPriceOf } from '../portfolio/instruments.ts';
import { lockPosition } from '../portfolio/transfer.ts';
import { changeFunds, LEDGER_EXPIRY, postLedger, REALISED_PNL_NARRATION } from '../rms/funds.ts';
import { fillMargin } from '../rms/order-margin.ts';
import { netQuantity, positionOf, realisedPaiseOf } from './positions.ts';

/**
 * The futures and options listed now whose last trading day is `day` (ISO, IST) or earlier: an instrument expiring
 * today is listed until the day roll at midnight, so an end of day run before it finds it here; after it (the listing
 * then is the next trading day's), `settleExpiries` finds it by the trading symbol and expiry its position names.
 * Spreads hold no positions: their legs do.
 */
export function contractsExpiringBy(market: Market, day: string): Instrument[] {
  return market.registry
    .all()
    .filter((i) => (i.assetClass === 'FUTURE' || i.assetClass === 'OPTION') && i.expiry !== null && i.expiry <= day);
}

/**
 * A position's contract: `instrument` under the position's instrument id, `listed` as the contract list it comes from
 * names it, and that list (`listing`: the market's registry, or for a contract the registry no longer has its expiry
 * day's list, rebuilt), where its underlying and its calendar spreads are found.
 */
interface Contract {
  instrument: Instrument;
  listed: Instrument;
  listing: InstrumentRegistry;
}

/**
 * The exchange's final settlement price in the contract's price units: a future settles at its underlying's closing
 * price of the expiry day, an option at its intrinsic value (call: underlying - strike, put: strike - underlying, never
 * below zero: out of the money it expires worthless). On the expiry day (or a day the market has not reached) the
 * underlying's last price is its close; for an earlier expiry day whose end of day never ran, the close of that day's
 * bar in the market's daily candles (`closeOn`). Null when the underlying has no price to settle at (nothing is
 * settled then rather than at zero).
 */
export function finalSettlementPrice(market: Market, contract: Contract): number | null {
  const { instrument, listed, listing } = contract;
  const listedUnderlying = listed.underlying === null ? undefined : listing.byId(listed.underlying);
  const underlying = listedUnderlying && market.registry.bySymbol(listedUnderlying.exc, listedUnderlying.trSymbol);
  if (!underlying || underlying.priceDecimals !== instrument.priceDecimals || instrument.expiry === null) return null;
  const spot =
    instrument.expiry >= isoDate(market.currentDay())
      ? lastPriceOf(market, underlying)
      : closeOn(market, underlying, instrument.expiry);
  if (spot <= 0) return null;
  if (instrument.optType === null) return spot;
  const strike = instrument.strike ?? 0;
  return Math.max(0, instrument.optType === 'CE' ? spot - strike : strike - spot);
}

/**
 * An instrument's close on an earlier day (price units; 0 when the market has no bar of it): the day's bar of the
 * market's daily candles, the live day's as this process saw it, else the generated history the charts show (no
 * earlier day's prices survive a restart: README "Expiry settlement").
 */
function closeOn(market: Market, instrument: Instrument, day: string): number {
  const at = istInstant(parseIsoDate(day)!);
  return market.candles(instrument.id, 'day', at, at)[0]?.close ?? 0;
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

interface ExpiringRow {
  client_id: string;
  instrument_id: string;
  product: ProductType;
  exchange: string;
  trading_symbol: string | null;
  expiry: string | null;
}

/**
 * Final settlement of the futures and options expiring on or before `through` (the trading day being closed; at start
 * the day before today), cash-settled at `finalSettlementPrice` (README "Expiry settlement"). A position is found by
 * the registry's contracts or, for a contract the registry no longer has (its expiry day's end of day never ran and
 * the server restarted since), by the trading symbol and expiry its fills wrote (migration 0039). Each client's
 * positions are settled in one transaction under its funds row lock, then each position's (`lockPosition`, the RMS's
 * lock order); the far legs of calendar spreads whose near leg settled then hold their outright margin.
 */
export async function settleExpiries(
  app: FastifyInstance,
  market: Market,
  through: string,
): Promise<ExpirySettlement[]> {
  const expiring = contractsExpiringBy(market, through).map((i) => i.id);
  const { rows } = await app.db.query<ExpiringRow>(
    `SELECT client_id, instrument_id, product, exchange, trading_symbol, expiry::text AS expiry FROM positions
      WHERE (instrument_id = ANY($1::text[]) OR expiry <= $2::date) AND carry_qty + buy_qty - sell_qty <> 0
      ORDER BY client_id, id`,
    [expiring, through],
  );
  const listings = new Map<string, InstrumentRegistry>();
  const byClient = new Map<number, { contract: Contract; product: ProductType }[]>();
  for (const r of rows) {
    const contract = contractOf(market, r, through, listings);
    if (!contract) {
      if (r.expiry !== null && r.expiry <= through)
        app.log.warn({ clientId: r.client_id, tradingSymbol: r.trading_symbol }, 'expired contract not found');
      continue;
    }
    const list = byClient.get(Number(r.client_id)) ?? [];
    list.push({ contract, product: r.product });
    byClient.set(Number(r.client_id), list);
  }
  const settled: ExpirySettlement[] = [];
  for (const [clientId, positions] of byClient) {
    const done = await inTransaction(app.db, async (tx) => {
      const out: ExpirySettlement[] = [];
      const nearLegs: { contract: Contract; product: ProductType }[] = [];
      for (const { contract, product } of positions) {
        const price = finalSettlementPrice(market, contract);
        if (price === null) {
          app.log.warn({ clientId, instrumentId: contract.instrument.id }, 'expiry not settled: no underlying price');
          continue;
        }
        const one = await settlePosition(tx, clientId, contract.instrument, product, price);
        if (one) {
          out.push(one);
          nearLegs.push({ contract, product });
        }
      }
      for (const { contract, product } of nearLegs) {
        for (const far of await marginFarLegs(tx, market, clientId, contract, product))
          app.log.info({ clientId, ...far }, 'calendar spread far leg margined as an outright position');
      }
      return out;
    });
    for (const one of done) app.log.info(one, 'expired contract settled');
    settled.push(...done);
  }
  return settled;
}

/**
 * At start: positions in contracts that expired on an earlier day without the end of day of their expiry day (the
 * server was down, or the run was missed) are settled before anything else reads them. The market is built only
 * when there is one.
 */
export async function settleMissedExpiries(
  app: FastifyInstance,
  oms: { market: Market; tradingDate(): string },
): Promise<ExpirySettlement[]> {
  const today = oms.tradingDate();
  const { rows } = await app.db.query(
    'SELECT 1 FROM positions WHERE expiry < $1::date AND carry_qty + buy_qty - sell_qty <> 0 LIMIT 1',
    [today],
  );
  if (rows.length === 0) return [];
  return settleExpiries(app, oms.market, isoDate(parseIsoDate(today)! - 1));
}

/**
 * The contract of a position expiring on or before `through`, else null. The registry's instrument under the
 * position's id is the contract when the position names no other (rows written before migration 0039 name none); a
 * position whose trading symbol is not the registry's is in a contract of an earlier day's list (an expired contract is
 * in no later listing, and before migration 0040 ids were numbered afresh each day), rebuilt from its expiry day: the
 * contract list of a day is a function of the day and the calendar, and with the market's tokens it has its kept ids.
 */
function contractOf(
  market: Market,
  row: ExpiringRow,
  through: string,
  listings: Map<string, InstrumentRegistry>,
): Contract | null {
  const known = market.registry.byId(row.instrument_id);
  if (known && (row.trading_symbol === null || row.trading_symbol === known.trSymbol))
    return known.expiry !== null && known.expiry <= through
      ? { instrument: known, listed: known, listing: market.registry }
      : null;
  if (row.trading_symbol === null || row.expiry === null || row.expiry > through) return null;
  let listing = listings.get(row.expiry);
  if (!listing) {
    listing = new InstrumentRegistry(
      buildInstruments({ today: parseIsoDate(row.expiry)!, calendar: market.calendar, tokens: market.tokens }),
    );
    listings.set(row.expiry, listing);
  }
  const listed = listing.bySymbol(row.exchange as Exchange, row.trading_symbol);
  return listed ? { instrument: { ...listed, id: row.instrument_id }, listed, listing } : null;
}

/**
 * A calendar spread holds its margin on its near leg (fills.ts): once the near leg has settled, the far leg of each of
 * the client's spreads on it (same product) is an outright position and must hold an outright position's margin, the
 * RMS's requirement for its side and quantity at the far leg's last price (`fillMargin`, as a fill there would hold).
 * Raised to it, never lowered (a far leg bought outright already holds its own), under the funds row lock the
 * settlement holds; funds that do not cover it leave the account short of margin, as a broker's would be (README).
 */
async function marginFarLegs(
  tx: DbClient,
  market: Market,
  clientId: number,
  near: Contract,
  product: ProductType,
): Promise<{ instrumentId: string; marginPaise: number; addedPaise: number }[]> {
  const out: { instrumentId: string; marginPaise: number; addedPaise: number }[] = [];
  for (const spread of near.listing.derivativesOf(near.listed.id)) {
    if (spread.assetClass !== 'SPREAD' || spread.farLeg === null) continue;
    const listedFar = near.listing.byId(spread.farLeg);
    const far = listedFar && market.registry.bySymbol(listedFar.exc, listedFar.trSymbol);
    if (!far) continue;
    const { rows } = await tx.query<{ id: string; net: number; margin_paise: number }>(
      `SELECT id, (carry_qty + buy_qty - sell_qty)::int AS net, margin_paise::int AS margin_paise FROM positions
        WHERE client_id = $1 AND product = $2 AND carry_qty + buy_qty - sell_qty <> 0
          AND (trading_symbol = $3 OR (trading_symbol IS NULL AND instrument_id = $4)) AND exchange = $5
        ORDER BY id FOR UPDATE`,
      [clientId, product, far.trSymbol, far.id, far.exc],
    );
    for (const p of rows) {
      const required = fillMargin(
        market,
        far,
        { side: p.net > 0 ? 'buy' : 'sell', product, coTriggerPrice: 0, boStopDistance: 0 },
        Math.abs(p.net),
        lastPriceOf(market, far),
      );
      if (required <= p.margin_paise) continue;
      await tx.query('UPDATE positions SET margin_paise = $2, updated_at = now() WHERE id = $1', [p.id, required]);
      await changeFunds(tx, clientId, { used: required - p.margin_paise });
      out.push({ instrumentId: far.id, marginPaise: required, addedPaise: required - p.margin_paise });
    }
  }
  return out;
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
        tradeDate: instrument.expiry!,
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
