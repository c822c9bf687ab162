import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCharges, RMS_SQUARE_OFF_FEE_PAISE } from '@kite/domain';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';
import { fillAtMarket } from '../../modules/trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { squareOffIntraday } from './end-of-day.ts';

/** market-facts 1.4: an order the RMS places to square a position off pays ₹50 + 18% GST on top of its charges. */
describe('the RMS square-off fee', () => {
  let t: TestApp;
  let cookie: string;
  let clientId: number;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    cookie = await signIn(t, 'DEMO1');
    clientId = await clientIdOf(t.db, 'DEMO1');
  });
  afterAll(() => t.close());

  const tradesOf = async (instrumentId: string) =>
    (
      await t.db.query<{
        side: string;
        quantity: number;
        price: string;
        brokerage: string;
        gst: string;
        charges_paise: string;
        leg_role: string | null;
      }>(
        `SELECT t.side, t.quantity, t.price, t.charges_detail->>'brokerage' AS brokerage,
                t.charges_detail->>'gstOnBrokerage' AS gst, t.charges_paise, o.leg_role
           FROM trades t JOIN orders o ON o.id = t.order_id
          WHERE t.client_id = $1 AND t.instrument_id = $2 ORDER BY t.id`,
        [clientId, instrumentId],
      )
    ).rows;

  it("the square-off's trade pays ₹50 more brokerage and ₹9 more GST than the client's own order would, and the ledger takes it", async () => {
    const instrument = t.app.marketRuntime.market.registry.bySymbol('NSE', 'ITC-EQ')!;
    await fillAtMarket(t, cookie, instrument, { qty: 10, prdType: 'INTRADAY' });

    expect(await squareOffIntraday(t.app, t.app.oms, ['NSE'])).toBeGreaterThan(0);

    const trades = await tradesOf(instrument.id);
    const squareOff = trades.filter((trade) => trade.leg_role === 'SQUAREOFF');
    expect(squareOff.map((trade) => trade.side)).toEqual(['SELL']);
    const [sell] = squareOff;
    const asClientOrder = computeCharges({
      exchange: 'NSE',
      instr: instrument.instr,
      symbol: instrument.symbol,
      side: 'sell',
      product: 'INTRADAY',
      quantity: sell!.quantity,
      price: Number(sell!.price) as never,
      priceDecimals: instrument.priceDecimals,
      lotQualifier: instrument.multiplier,
      tradeDate: t.app.oms.tradingDate(),
    });
    expect(Number(sell!.brokerage)).toBe(asClientOrder.brokerage + RMS_SQUARE_OFF_FEE_PAISE);
    expect(Number(sell!.gst)).toBe(asClientOrder.gstOnBrokerage + 900);
    expect(Number(sell!.charges_paise)).toBe(asClientOrder.total + 5_900);
    // The client's own buy paid no fee.
    const own = trades.find((trade) => trade.leg_role === null)!;
    expect(Number(own.brokerage)).toBeLessThan(RMS_SQUARE_OFF_FEE_PAISE);

    const { rows: ledger } = await t.db.query<{ amount_paise: string }>(
      `SELECT amount_paise FROM ledger_entries WHERE client_id = $1 AND narration = $2 ORDER BY id DESC LIMIT 1`,
      [clientId, `Charges ${instrument.displaySym}`],
    );
    expect(Number(ledger[0]!.amount_paise)).toBe(-Number(sell!.charges_paise));
  });
});
