import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulDivRound, priceUnits, requiredMargin } from '@kite/domain';
import { istInstant, isoDate, parseIsoDate, type Instrument } from '@kite/exchange';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';
import { fundsOf, orderPayload, orderRow, rupees, symOf } from '../../modules/trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import type { OrderAnswer } from '../oms/oms-core.ts';
import { endOfDay } from '../oms/end-of-day.ts';

/**
 * market-facts 5: a short index option pays 2% extra ELM on its expiry day. One carried from an earlier day is
 * re-margined by the end of day that makes its expiry day the next trading day.
 */
describe('expiry-day ELM on carried short index options', () => {
  let t: TestApp;
  let cookie: string;
  let clientId: number;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    cookie = await signIn(t, 'DEMO1');
    clientId = await clientIdOf(t.db, 'DEMO1');
  });
  afterAll(() => t.close());

  const marginOf = (option: Instrument, quantity: number, expiresToday: boolean) => {
    const market = t.app.marketRuntime.market;
    return requiredMargin({
      instr: option.instr,
      exchange: option.exc,
      symbol: option.symbol,
      product: 'CARRY FORWARD',
      side: 'sell',
      quantity,
      price: priceUnits(market.snapshot(option.id)!.lastPrice),
      priceDecimals: option.priceDecimals,
      lotQualifier: option.multiplier,
      underlyingPrice: priceUnits(market.snapshot(option.underlying!)!.lastPrice),
      strike: priceUnits(option.strike!),
      optType: option.optType,
      expiresToday,
    });
  };

  it('the roll into the expiry day adds the ELM to the block of a short NIFTY option sold on an earlier day', async () => {
    const market = t.app.marketRuntime.market;
    const today = isoDate(market.currentDay());
    // A NIFTY call near the money whose expiry is not today: its fill blocks no expiry-day ELM.
    const nifty = market.registry.all().find((i) => i.exc === 'NSE' && i.instr === 'IDX' && i.symbol === 'NIFTY')!;
    const spot = market.snapshot(nifty.id)!.lastPrice;
    const options = market.registry
      .all()
      .filter((i) => i.exc === 'NFO' && i.instr === 'OPTIDX' && i.symbol === 'NIFTY' && i.optType === 'CE')
      .filter((i) => i.expiry !== null && i.expiry > today);
    const expiry = options.map((i) => i.expiry!).sort()[0]!;
    const option = options
      .filter((i) => i.expiry === expiry)
      .sort((a, b) => Math.abs(a.strike! - spot) - Math.abs(b.strike! - spot))[0]!;
    const sym = symOf(t, 'NFO', option.trSymbol);
    const before = await fundsOf(t, 'DEMO1');
    const sell = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { ordAction: 'sell', ordType: 'market', qty: String(option.lot), prdType: 'CARRY FORWARD' }),
      { cookie },
    );
    expect(sell.infoID, sell.infoMsg).toBe('0');
    expect((await orderRow(t, sell.data.orderId)).status).toBe('EXECUTED');
    const position = async () =>
      (
        await t.db.query<{ carry_qty: number; margin_paise: number }>(
          'SELECT carry_qty, margin_paise FROM positions WHERE client_id = $1 AND instrument_id = $2',
          [clientId, option.id],
        )
      ).rows[0]!;
    const atFill = (await position()).margin_paise;
    expect(atFill).toBe((await fundsOf(t, 'DEMO1')).used - before.used);

    // The end of day of the trading day before the expiry: the day it makes is the expiry day.
    const eve = isoDate(market.calendar.previous(parseIsoDate(expiry)!));
    const report = await endOfDay(t.app, t.app.oms, eve);
    expect(report.remargined).toBe(1);
    const carried = await position();
    expect(carried.carry_qty).toBe(-option.lot);
    const onExpiry = marginOf(option, option.lot, true);
    expect(carried.margin_paise).toBe(onExpiry.total);
    // The block includes the expiry-day ELM: 2% of the underlying's notional over the ordinary requirement.
    const ordinary = marginOf(option, option.lot, false);
    const elm = Math.round((spot * option.lot * option.multiplier * 200) / 10_000);
    expect(onExpiry.exposure - ordinary.exposure).toBe(elm);
    expect(carried.margin_paise).toBeGreaterThan(atFill);
    // The funds' margin in use moved with it, and a second run changes nothing.
    expect((await fundsOf(t, 'DEMO1')).used - before.used).toBe(onExpiry.total);
    await endOfDay(t.app, t.app.oms, eve);
    expect((await position()).margin_paise).toBe(onExpiry.total);
    expect((await fundsOf(t, 'DEMO1')).used - before.used).toBe(onExpiry.total);

    // On the expiry day the Margin page splits the block as the day's rules do: the ELM is exposure.
    t.app.clock.set(istInstant(parseIsoDate(expiry)!, 10, 0));
    market.advance();
    expect(isoDate(market.currentDay())).toBe(expiry);
    const answer = await t.call<{ usedMargin: { span: string; exposure: string } }>(
      '/Account/MarginDetails',
      {},
      { cookie },
    );
    expect(answer.infoID, answer.infoMsg).toBe('0');
    const need = marginOf(option, option.lot, true);
    const span = mulDivRound(onExpiry.total, need.span, need.span + need.exposure);
    expect(answer.data.usedMargin).toMatchObject({ span: rupees(span), exposure: rupees(onExpiry.total - span) });
    const withoutElm = marginOf(option, option.lot, false);
    expect(onExpiry.total - span).toBeGreaterThan(
      onExpiry.total - mulDivRound(onExpiry.total, withoutElm.span, withoutElm.span + withoutElm.exposure),
    );
  });
});
