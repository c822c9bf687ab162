import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { divRoundHalfUp, tradingText } from '@kite/domain';
import { isoDate, istInstant, parseIsoDate, type Instrument } from '@kite/exchange';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';
import { fillAtMarket } from '../../modules/trade/order-test-support.ts';
import { contractsOf } from '../../test/contracts.ts';
import type { TestApp } from '../../test/harness.ts';
import { istAt } from '../../test/ist-time.ts';
import { restart } from '../../test/restart.ts';
import { readFunds, type Funds } from '../rms/funds.ts';
import { endOfDay } from './end-of-day.ts';
import { expiryPostings as postingsOf, tradesOf } from './expiry-test-support.ts';

/**
 * A contract whose expiry day's end of day never ran (README "Expiry settlement", missed runs): the next server start
 * builds only the contracts still to expire, so the position's instrument id names another contract or none. The start
 * settles it at the underlying's close of its expiry day, once, as its end of day would have.
 */
describe('start after an expiry day without its end of day', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let clientId: number;
  let call: Instrument;
  let future: Instrument;
  let later: Instrument;
  let nifty: Instrument;
  let before: Funds;
  let laterMargin: number;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    app = t.app;
    const cookie = await signIn(t, 'DEMO1');
    clientId = await clientIdOf(t.db, 'DEMO1');
    const market = app.marketRuntime.market;
    const futures = contractsOf(market, 'NFO', 'NIFTY', 'FUTIDX');
    future = futures[0]!;
    later = futures[1]!;
    nifty = market.registry.byId(future.underlying!)!;
    const spot = market.snapshot(nifty.id)!.lastPrice;
    const calls = contractsOf(market, 'NFO', 'NIFTY', 'OPTIDX').filter((i) => i.optType === 'CE');
    const nearest = calls[0]!.expiry;
    call = calls.filter((i) => i.expiry === nearest && i.strike! < spot).at(-1)!;
    expect(call.expiry! <= future.expiry!).toBe(true);

    before = await readFunds(t.db, clientId);
    await fillAtMarket(t, cookie, call, { ordAction: 'buy', prdType: 'CARRY FORWARD' });
    await fillAtMarket(t, cookie, future, { ordAction: 'sell', prdType: 'CARRY FORWARD' });
    await fillAtMarket(t, cookie, later, { ordAction: 'buy', prdType: 'CARRY FORWARD' });
    laterMargin = (await positionsOf(later.id))[0]!.margin_paise;
    expect(laterMargin).toBeGreaterThan(0);
    // No end of day runs: the server comes back the trading day after the future's expiry, at 10:00 IST.
    const next = isoDate(market.calendar.next(parseIsoDate(future.expiry!)!));
    app = await restart(t, app, istAt(next, 10, 0));
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const positionsOf = async (instrumentId: string) =>
    (
      await t.db.query<{ net: number; margin_paise: number }>(
        `SELECT (carry_qty + buy_qty - sell_qty)::int AS net, margin_paise::int AS margin_paise FROM positions
          WHERE client_id = $1 AND instrument_id = $2`,
        [clientId, instrumentId],
      )
    ).rows;

  const tradedValue = async (instrumentId: string) => (await tradesOf(t.db, clientId, instrumentId)).value;

  const charges = async () =>
    Number(
      (
        await t.db.query<{ charges: string }>(
          'SELECT COALESCE(sum(charges_paise), 0) AS charges FROM trades WHERE client_id = $1',
          [clientId],
        )
      ).rows[0]!.charges,
    );

  const expiryPostings = () => postingsOf(t.db, clientId);

  /** The underlying's close of a past day, as the restarted market's daily bars have it. */
  const closeOn = (day: string) => {
    const market = app.marketRuntime.market;
    const at = istInstant(parseIsoDate(day)!);
    const bar = market.candles(market.registry.bySymbol(nifty.exc, nifty.trSymbol)!.id, 'day', at, at)[0];
    expect(bar).toBeDefined();
    return bar!.close;
  };

  it('the restarted registry no longer has the expired contracts under their ids', () => {
    const registry = app.marketRuntime.market.registry;
    expect(registry.byId(call.id)?.trSymbol).not.toBe(call.trSymbol);
    expect(registry.byId(future.id)?.trSymbol).not.toBe(future.trSymbol);
  });

  it('settles the long call at its intrinsic value on its expiry day close, with STT on exercise, to the paisa', async () => {
    const intrinsic = closeOn(call.expiry!) - call.strike!;
    expect(intrinsic).toBeGreaterThan(0);
    const pnl = intrinsic * call.lot - (await tradedValue(call.id));
    const rate = call.expiry! >= '2026-04-01' ? 15_000n : 12_500n;
    const stt = divRoundHalfUp(BigInt(intrinsic * call.lot) * rate, 10_000_000n * 100n) * 100;
    expect((await expiryPostings()).filter((p) => p.ref_id === `fno/${call.id}`)).toEqual([
      { narration: `Realised P&L ${call.displaySym}`, amount_paise: pnl, ref_id: `fno/${call.id}` },
      {
        narration: tradingText.portfolio.exerciseSttLedger(call.displaySym),
        amount_paise: -stt,
        ref_id: `fno/${call.id}`,
      },
    ]);
    expect(await positionsOf(call.id)).toEqual([]);
  });

  it('settles the short future at the close of its expiry day', async () => {
    const pnl = (await tradedValue(future.id)) - closeOn(future.expiry!) * future.lot;
    expect((await expiryPostings()).filter((p) => p.ref_id === `fno/${future.id}`)).toEqual([
      { narration: `Realised P&L ${future.displaySym}`, amount_paise: pnl, ref_id: `fno/${future.id}` },
    ]);
    expect(await positionsOf(future.id)).toEqual([]);
  });

  it('releases their margin: only the later contract holds any; the ledger moved by the settlement only', async () => {
    expect(await positionsOf(later.id)).toEqual([{ net: later.lot, margin_paise: laterMargin }]);
    const settled = (await expiryPostings()).reduce((sum, p) => sum + p.amount_paise, 0);
    const after = await readFunds(t.db, clientId);
    expect(after.used).toBe(before.used + laterMargin);
    expect(after.ledger).toBe(before.ledger - (await charges()) + settled);
  });

  it('settles once: another restart and the new day end of day post nothing more', async () => {
    const ledger = (await readFunds(t.db, clientId)).ledger;
    app = await restart(t, app, app.clock.now());
    expect((await endOfDay(app, app.oms)).expiriesSettled).toBe(0);
    expect(await expiryPostings()).toHaveLength(3);
    expect((await readFunds(t.db, clientId)).ledger).toBe(ledger);
  });
});
