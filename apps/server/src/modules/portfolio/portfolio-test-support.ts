import type { Instrument, Market } from '@kite/exchange';
import type { Db } from '../../db/pool.ts';
import type { TestApp } from '../../test/harness.ts';

/** Internal id of a seeded client. */
export async function clientIdOf(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM clients WHERE user_id = $1', [userId]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no client ${userId}`);
  return id;
}

export function marketOf(t: TestApp): Market {
  return t.app.marketRuntime.market;
}

export function instrument(t: TestApp, find: (i: Instrument) => boolean): Instrument {
  const found = marketOf(t).registry.all().find(find);
  if (!found) throw new Error('instrument not found');
  return found;
}

export const nseEquity = (t: TestApp, symbol: string): Instrument =>
  instrument(t, (i) => i.instr === 'STK' && i.exc === 'NSE' && i.symbol === symbol);

export function ltpOf(t: TestApp, i: Instrument): number {
  const snap = marketOf(t).snapshot(i.id);
  if (!snap) throw new Error('no price');
  return snap.lastPrice;
}

/** A fill as the order path records it in positions: quantity and exact value (qty x price units) per side. */
export async function applyTrade(
  db: Db,
  clientId: number,
  i: Instrument,
  product: string,
  side: 'BUY' | 'SELL',
  qty: number,
  price: number,
): Promise<void> {
  const segment =
    i.exc === 'NFO' || i.exc === 'BFO'
      ? 'fno'
      : i.exc === 'CDS'
        ? 'currency'
        : i.exc === 'MCX' || i.exc === 'NCDEX'
          ? 'commodity'
          : 'equity';
  const buy = side === 'BUY';
  await db.query(
    `INSERT INTO positions (client_id, instrument_id, exchange, product, segment, buy_qty, buy_value, sell_qty, sell_value)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (client_id, instrument_id, product) DO UPDATE SET
       buy_qty = positions.buy_qty + EXCLUDED.buy_qty, buy_value = positions.buy_value + EXCLUDED.buy_value,
       sell_qty = positions.sell_qty + EXCLUDED.sell_qty, sell_value = positions.sell_value + EXCLUDED.sell_value`,
    [
      clientId,
      i.id,
      i.exc,
      product,
      segment,
      buy ? qty : 0,
      buy ? qty * price : 0,
      buy ? 0 : qty,
      buy ? 0 : qty * price,
    ],
  );
}

export async function setCarry(
  db: Db,
  clientId: number,
  i: Instrument,
  product: string,
  qty: number,
  price: number,
): Promise<void> {
  await db.query(
    'UPDATE positions SET carry_qty = $4, carry_avg_price = $5 WHERE client_id = $1 AND instrument_id = $2 AND product = $3',
    [clientId, i.id, product, qty, price],
  );
}

/** Rupees text of paise, as the API writes it. */
export function rupees(paise: number): string {
  const negative = paise < 0;
  const abs = Math.abs(paise);
  return `${negative ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
