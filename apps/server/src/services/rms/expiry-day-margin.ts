import { isIndexInstrument, isOption, priceUnits, requiredMargin, type ProductType } from '@kite/domain';
import type { Market } from '@kite/exchange';
import { inTransaction, type Db } from '../../db/pool.ts';

/**
 * The start of an index option's expiry day (end-of-day.ts, the roll that makes `day` the next trading day): each
 * carried short index option expiring on `day` is re-margined to that day's requirement, SPAN and exposure at the
 * underlying's last price plus the expiry-day ELM (2% of the underlying's notional, market-facts 5), which an order
 * placed that day already pays (order-margin.ts). Until then the position kept the block of its fill, which had no
 * ELM. Each client in a transaction of its own, its funds row locked before its positions (the RMS's lock order), so
 * the used margin moves with the positions'. Running it twice gives the same blocks. Answers the positions re-margined.
 */
export async function remarginForExpiryDay(db: Db, market: Market, day: string): Promise<number> {
  const expiring = new Set(
    market.registry
      .all()
      .filter((i) => i.expiry === day && isOption(i.instr) && isIndexInstrument(i.instr))
      .map((i) => i.id),
  );
  if (expiring.size === 0) return 0;
  const { rows: clients } = await db.query<{ client_id: string }>(
    `SELECT DISTINCT client_id FROM positions
      WHERE instrument_id = ANY($1::text[]) AND carry_qty + buy_qty - sell_qty < 0 ORDER BY client_id`,
    [[...expiring]],
  );
  let remargined = 0;
  for (const { client_id: clientId } of clients) {
    remargined += await inTransaction(db, async (tx) => {
      await tx.query('SELECT 1 FROM client_funds WHERE client_id = $1 FOR UPDATE', [clientId]);
      const { rows } = await tx.query<{
        id: string;
        instrument_id: string;
        product: ProductType;
        net: number;
        margin_paise: number;
      }>(
        `SELECT id, instrument_id, product, (carry_qty + buy_qty - sell_qty)::int AS net, margin_paise FROM positions
          WHERE client_id = $1 AND instrument_id = ANY($2::text[]) AND carry_qty + buy_qty - sell_qty < 0
          ORDER BY id FOR UPDATE`,
        [clientId, [...expiring]],
      );
      let change = 0;
      for (const p of rows) {
        const instrument = market.registry.byId(p.instrument_id)!;
        const underlying = instrument.underlying ? market.snapshot(instrument.underlying) : undefined;
        const margin = requiredMargin({
          instr: instrument.instr,
          exchange: instrument.exc,
          symbol: instrument.symbol,
          product: p.product,
          side: 'sell',
          quantity: -p.net,
          price: priceUnits(market.snapshot(instrument.id)?.lastPrice ?? 0),
          priceDecimals: instrument.priceDecimals,
          lotQualifier: instrument.multiplier,
          underlyingPrice: underlying ? priceUnits(underlying.lastPrice) : null,
          strike: instrument.strike === null ? null : priceUnits(instrument.strike),
          optType: instrument.optType,
          expiresToday: true,
        }).total;
        await tx.query('UPDATE positions SET margin_paise = $2, updated_at = now() WHERE id = $1', [p.id, margin]);
        change += margin - Number(p.margin_paise);
      }
      await tx.query(
        `UPDATE client_funds SET used_margin_paise = GREATEST(used_margin_paise + $2, 0), updated_at = now()
          WHERE client_id = $1`,
        [clientId, change],
      );
      return rows.length;
    });
  }
  return remargined;
}
