import { createSeededApp, signIn } from '../modules/account/account-test-support.ts';
import { symbolObjectOf } from '../services/market-runtime/symbol-object.ts';
import type { SymbolObject } from '@kite/domain';
import type { TestApp } from '../test/harness.ts';

/** A seeded app with the market still (MARKET_SIM off) and signed-in sessions of the demo clients. */
export interface BatteryApp {
  t: TestApp;
  /** Session cookies by user id. DEMO3 signs in without its OTP here, so it has every permission and no OTP step. */
  cookies: Record<'DEMO1' | 'DEMO2' | 'DEMO3', string>;
  sym(exchange: 'NSE' | 'BSE' | 'NFO', trSymbol: string): SymbolObject;
  /** A price 5% under the last price, in price units on a 0.10 grid: a buy that rests without filling. */
  restingBuyUnits(sym: SymbolObject): number;
  /** restingBuyUnits as the rupee text an order carries. */
  restingBuyPrice(sym: SymbolObject): string;
  /** AddOrder data: a CASH limit buy of one NSE share at restingBuyPrice, with `fields` over it. */
  restingOrder(trSymbol: string, fields?: Record<string, unknown>): Record<string, unknown>;
  /** How many rows of a table with a client_id column belong to the client. */
  rowsOf(table: string, userId: string): Promise<number>;
}

export async function createBatteryApp(env: Record<string, string> = {}): Promise<BatteryApp> {
  const t = await createSeededApp({ MARKET_SIM: 'off', ...env });
  await t.db.query("UPDATE clients SET login_with_otp = false WHERE user_id = 'DEMO3'");
  const cookies = { DEMO1: await signIn(t, 'DEMO1'), DEMO2: await signIn(t, 'DEMO2'), DEMO3: await signIn(t, 'DEMO3') };
  const market = t.app.marketRuntime.market;
  const sym: BatteryApp['sym'] = (exchange, trSymbol) => {
    const instrument = market.registry.bySymbol(exchange, trSymbol);
    if (!instrument) throw new Error(`no ${exchange} ${trSymbol}`);
    return symbolObjectOf(instrument);
  };
  const restingBuyUnits: BatteryApp['restingBuyUnits'] = (of) => {
    const quote = market.quote(of.id);
    if (!quote) throw new Error(`no quote of ${of.trSymbol}`);
    return Math.ceil((quote.lastPrice * 95) / 1000) * 10;
  };
  const restingBuyPrice: BatteryApp['restingBuyPrice'] = (of) => {
    const units = restingBuyUnits(of);
    return `${Math.floor(units / 100)}.${String(units % 100).padStart(2, '0')}`;
  };
  return {
    t,
    cookies,
    sym,
    restingBuyUnits,
    restingBuyPrice,
    restingOrder(trSymbol, fields = {}) {
      const of = sym('NSE', trSymbol);
      const limitPrice = restingBuyPrice(of);
      return {
        ordAction: 'buy',
        sym: of,
        ordType: 'limit',
        qty: '1',
        limitPrice,
        ordDuration: 'DAY',
        prdType: 'CASH',
        ...fields,
      };
    },
    async rowsOf(table, userId) {
      const { rows } = await t.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM "${table}" r JOIN clients c ON c.id = r.client_id WHERE c.user_id = $1`,
        [userId],
      );
      return Number(rows[0]!.n);
    },
  };
}
