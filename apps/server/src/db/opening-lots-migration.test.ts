import { describe, expect, it } from 'vitest';
import { migrate } from './migrate.ts';
import { databaseBefore } from './migration-test-support.ts';

const MIGRATION = '0036_opening_lots.sql';

// Holdings recorded before the opening lots existed: what each held before the records is carried over, at the
// average it had before end of day blended the recorded purchases into it.
describe(`migration ${MIGRATION}`, () => {
  const database = databaseBefore(MIGRATION);

  /** A filled delivery order of DEMO1 with its one trade, on an IST day at 11:00, as the order path records them. */
  async function trade(symbol: string, side: 'BUY' | 'SELL', quantity: number, pricePaise: number, day: string) {
    await database().query(
      `WITH n AS (SELECT nextval('orders_id_seq') AS id),
       o AS (
         INSERT INTO orders (id, order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment,
                             price_decimals, side, product, order_type, validity, quantity, limit_price, status)
         SELECT n.id, order_no_of('261130', n.id), c.id, 'NSE:' || $1, 'NSE', $1 || '-EQ', $1, 'equity', 2, $2, 'CASH',
                'MARKET', 'DAY', $3, 0, 'EXECUTED'
           FROM n, clients c WHERE c.user_id = 'DEMO1'
         RETURNING id, client_id)
       INSERT INTO trades (client_id, order_id, exchange_trade_id, instrument_id, exchange, side, product, quantity, price,
                           traded_at)
       SELECT o.client_id, o.id, 'T' || o.id, 'NSE:' || $1, 'NSE', $2, 'CASH', $3, $4,
              ($5::date + time '11:00') AT TIME ZONE 'Asia/Kolkata'
         FROM o`,
      [symbol, side, quantity, pricePaise, day],
    );
  }
  const holding = (symbol: string, quantity: number, avgPaise: number) =>
    database().query(
      `UPDATE holdings h SET quantity = $2, avg_price_paise = $3 FROM clients c
        WHERE c.id = h.client_id AND c.user_id = 'DEMO1' AND h.symbol = $1`,
      [symbol, quantity, avgPaise],
    );

  it('walks each holding back through the settled delivery trades to what it held before them', async () => {
    // DEMO1 held 40 INFY at Rs 1,480.10 (seed). Day 1: bought 10 at Rs 1,600 (end of day: 50 at Rs 1,504.08);
    // day 2: sold 5 (45, average unchanged); today: bought 3, still an open position, not in the holding yet.
    await trade('INFY', 'BUY', 10, 160_000, '2026-11-23');
    await trade('INFY', 'SELL', 5, 170_000, '2026-11-24');
    await trade('INFY', 'BUY', 3, 165_000, '2026-11-25');
    await holding('INFY', 45, 150_408);
    await database().query(
      `INSERT INTO positions (client_id, instrument_id, exchange, product, segment, buy_qty, buy_value)
       SELECT id, 'NSE:INFY', 'NSE', 'CASH', 'equity', 3, 3 * 165000 FROM clients WHERE user_id = 'DEMO1'`,
    );
    // The 20 TCS held (seed) all sold since and 10 of the 60 HDFCBANK: the records' sales are of these shares.
    await trade('TCS', 'SELL', 20, 330_000, '2026-11-23');
    await holding('TCS', 0, 332_050);
    await trade('HDFCBANK', 'SELL', 10, 96_000, '2026-11-24');
    await holding('HDFCBANK', 50, 95_025);
    // LT bought in the records only: a holding with nothing held before them.
    await trade('LT', 'BUY', 7, 365_000, '2026-11-23');
    await database().query(
      `INSERT INTO holdings (client_id, exchange, symbol, isin, quantity, avg_price_paise)
       SELECT id, 'NSE', 'LT', 'INE018A01030', 7, 365000 FROM clients WHERE user_id = 'DEMO1'`,
    );

    await migrate(database(), MIGRATION);

    const { rows } = await database().query(
      `SELECT l.symbol, l.quantity, l.price_paise, l.acquired_on FROM opening_lots l JOIN clients c ON c.id = l.client_id
        WHERE c.user_id = 'DEMO1' ORDER BY l.symbol`,
    );
    expect(rows).toEqual([
      { symbol: 'HDFCBANK', quantity: 60, price_paise: 95_025, acquired_on: null },
      { symbol: 'INFY', quantity: 40, price_paise: 148_010, acquired_on: null },
      { symbol: 'ITC', quantity: 200, price_paise: 41_560, acquired_on: null },
      { symbol: 'RELIANCE', quantity: 50, price_paise: 141_235, acquired_on: null },
      { symbol: 'TCS', quantity: 20, price_paise: 332_050, acquired_on: null },
    ]);
    // Another client's holdings carried over as they stand: DEMO2 has no trades.
    const { rows: demo2 } = await database().query(
      `SELECT l.symbol, l.quantity, l.price_paise FROM opening_lots l JOIN clients c ON c.id = l.client_id
        WHERE c.user_id = 'DEMO2' ORDER BY l.symbol`,
    );
    expect(demo2).toEqual([
      { symbol: 'ICICIBANK', quantity: 30, price_paise: 129_000 },
      { symbol: 'ITC', quantity: 150, price_paise: 43_275 },
      { symbol: 'SBIN', quantity: 100, price_paise: 81_240 },
    ]);
  });
});
