import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { divRoundHalfUp, tradingText } from '@kite/domain';
import { isoDate, parseIsoDate, type Instrument } from '@kite/exchange';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';
import { unsettledCredits } from '../../modules/funds/funds.repo.ts';
import { bookedRealised } from '../../modules/reports/reports.repo.ts';
import { fillAtMarket, fundsOf } from '../../modules/trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { endOfDay } from './end-of-day.ts';
import { expiryPostings as postingsOf, tradesOf as tradesOfClient } from './expiry-test-support.ts';

/**
 * Final settlement of expired futures and options at the end of their expiry day (README "Expiry settlement"): each
 * position is closed at the final settlement price (a future at its underlying's close, an option at its intrinsic
 * value), its realised P&L booked to the ledger as a trade's is, STT paid on an exercised long option, its margin
 * released and the row gone; a contract expiring later is carried on.
 */
describe('end of day: expired futures and options are settled', () => {
  let t: TestApp;
  let cookie: string;
  let clientId: number;
  let expiry: string;
  let longFuture: Instrument;
  let shortFuture: Instrument;
  let itmCall: Instrument;
  let otmCall: Instrument;
  let laterFuture: Instrument;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    cookie = await signIn(t, 'DEMO1');
    clientId = await clientIdOf(t.db, 'DEMO1');
    const all = t.app.marketRuntime.market.registry.all();
    const niftyFutures = all
      .filter((i) => i.exc === 'NFO' && i.instr === 'FUTIDX' && i.symbol === 'NIFTY')
      .sort((a, b) => a.expiry!.localeCompare(b.expiry!));
    longFuture = niftyFutures[0]!;
    laterFuture = niftyFutures[1]!;
    expiry = longFuture.expiry!;
    shortFuture = all.find((i) => i.exc === 'NFO' && i.instr === 'FUTSTK' && i.expiry === expiry)!;
    const spot = spotOf(longFuture);
    const calls = all
      .filter((i) => i.instr === 'OPTIDX' && i.symbol === 'NIFTY' && i.optType === 'CE' && i.expiry === expiry)
      .sort((a, b) => a.strike! - b.strike!);
    itmCall = calls.filter((i) => i.strike! < spot).at(-1)!;
    otmCall = calls.find((i) => i.strike! > spot)!;
  });
  afterAll(() => t.close());

  const spotOf = (instrument: Instrument) => t.app.marketRuntime.market.snapshot(instrument.underlying!)!.lastPrice;

  const place = (instrument: Instrument, ordAction: 'buy' | 'sell') =>
    fillAtMarket(t, cookie, instrument, { ordAction, prdType: 'CARRY FORWARD' });

  const tradesOf = (instrument: Instrument) => tradesOfClient(t.db, clientId, instrument.id);

  const positionOf = async (instrument: Instrument) =>
    (
      await t.db.query<{ net: number; carry_qty: number; margin_paise: number }>(
        `SELECT (carry_qty + buy_qty - sell_qty)::int AS net, carry_qty, margin_paise::int AS margin_paise
           FROM positions WHERE client_id = $1 AND instrument_id = $2`,
        [clientId, instrument.id],
      )
    ).rows;

  const expiryPostings = () => postingsOf(t.db, clientId);

  const realised = (i: Instrument, amount: number) => ({
    narration: `Realised P&L ${i.displaySym}`,
    amount_paise: amount,
    ref_id: `fno/${i.id}`,
  });

  let before: Awaited<ReturnType<typeof fundsOf>>;
  let traded: Awaited<ReturnType<typeof fundsOf>>;
  let laterMargin: number;

  it('the end of day of a day none of them expires settles nothing: every position is carried as it stands', async () => {
    before = await fundsOf(t, 'DEMO1');
    await place(longFuture, 'buy');
    await place(shortFuture, 'sell');
    await place(itmCall, 'buy');
    await place(otmCall, 'buy');
    await place(laterFuture, 'buy');
    traded = await fundsOf(t, 'DEMO1');
    expect(traded.used).toBeGreaterThan(before.used);

    const eve = isoDate(t.app.marketRuntime.market.calendar.previous(parseIsoDate(expiry)!));
    expect((await endOfDay(t.app, t.app.oms, eve)).expiriesSettled).toBe(0);
    for (const [instrument, net] of [
      [longFuture, longFuture.lot],
      [shortFuture, -shortFuture.lot],
      [itmCall, itmCall.lot],
      [otmCall, otmCall.lot],
      [laterFuture, laterFuture.lot],
    ] as const)
      expect(await positionOf(instrument)).toEqual([{ net, carry_qty: net, margin_paise: expect.any(Number) }]);
    expect(await expiryPostings()).toEqual([]);
    const carried = await fundsOf(t, 'DEMO1');
    expect(carried.ledger).toBe(traded.ledger);
    expect(carried.used).toBe(traded.used);
    laterMargin = (await positionOf(laterFuture))[0]!.margin_paise;
    expect(laterMargin).toBeGreaterThan(0);
  });

  describe('the end of day of the expiry day', () => {
    let settled: number;
    beforeAll(async () => {
      settled = (await endOfDay(t.app, t.app.oms, expiry)).expiriesSettled;
    });

    it('counts the four expiring positions settled', () => {
      expect(settled).toBe(4);
    });

    it('a long and a short future settle at the underlying price: realised P&L to the paisa, position gone', async () => {
      const longPnl = spotOf(longFuture) * longFuture.lot - (await tradesOf(longFuture)).value;
      const shortPnl = (await tradesOf(shortFuture)).value - spotOf(shortFuture) * shortFuture.lot;
      const postings = await expiryPostings();
      expect(postings).toContainEqual(realised(longFuture, longPnl));
      expect(postings).toContainEqual(realised(shortFuture, shortPnl));
      expect(await positionOf(longFuture)).toEqual([]);
      expect(await positionOf(shortFuture)).toEqual([]);
    });

    it('a long call in the money is exercised at its intrinsic value and pays STT on it', async () => {
      const intrinsic = spotOf(itmCall) - itmCall.strike!;
      expect(intrinsic).toBeGreaterThan(0);
      const pnl = intrinsic * itmCall.lot - (await tradesOf(itmCall)).value;
      // 0.15% of the intrinsic value from 1-Apr-2026 (0.125% before), rounded half up to the rupee.
      const rate = expiry >= '2026-04-01' ? 15_000n : 12_500n;
      const stt = divRoundHalfUp(BigInt(intrinsic * itmCall.lot) * rate, 10_000_000n * 100n) * 100;
      expect(stt).toBeGreaterThan(0);
      expect((await expiryPostings()).filter((p) => p.ref_id === `fno/${itmCall.id}`)).toEqual([
        realised(itmCall, pnl),
        {
          narration: tradingText.portfolio.exerciseSttLedger(itmCall.displaySym),
          amount_paise: -stt,
          ref_id: `fno/${itmCall.id}`,
        },
      ]);
      expect(await positionOf(itmCall)).toEqual([]);
    });

    it('a call out of the money expires worthless: the premium is lost, no STT', async () => {
      const premium = (await tradesOf(otmCall)).value;
      expect(premium).toBeGreaterThan(0);
      expect((await expiryPostings()).filter((p) => p.ref_id === `fno/${otmCall.id}`)).toEqual([
        realised(otmCall, -premium),
      ]);
      expect(await positionOf(otmCall)).toEqual([]);
    });

    it('releases the margin: only the later contract, still carried, holds any; funds moved by the settlement only', async () => {
      expect(await positionOf(laterFuture)).toEqual([
        { net: laterFuture.lot, carry_qty: laterFuture.lot, margin_paise: laterMargin },
      ]);
      const settledMoney = (await expiryPostings()).reduce((sum, p) => sum + p.amount_paise, 0);
      let charges = 0;
      for (const instrument of [longFuture, shortFuture, itmCall, otmCall, laterFuture])
        charges += (await tradesOf(instrument)).charges;
      const after = await fundsOf(t, 'DEMO1');
      expect(after.used).toBe(before.used + laterMargin);
      expect(after.ledger).toBe(traded.ledger + settledMoney);
      expect(after.ledger).toBe(before.ledger - charges + settledMoney);
      expect(after.available).toBe(before.available - charges - laterMargin + settledMoney);
    });

    it("the F&O P&L report finds each settled contract's realised P&L", async () => {
      const booked = await bookedRealised(t.db, clientId, '2000-01-01', '2100-12-31');
      const postings = (await expiryPostings()).filter((e) => e.narration.startsWith('Realised P&L '));
      expect(postings).toHaveLength(4);
      for (const p of postings)
        expect(booked).toContainEqual({
          segment: 'fno',
          display_symbol: p.narration.slice('Realised P&L '.length),
          realised: p.amount_paise,
        });
    });

    it('a second run of the same end of day settles nothing more', async () => {
      const ledger = (await fundsOf(t, 'DEMO1')).ledger;
      expect((await endOfDay(t.app, t.app.oms, expiry)).expiriesSettled).toBe(0);
      expect(await expiryPostings()).toHaveLength(5);
      expect((await fundsOf(t, 'DEMO1')).ledger).toBe(ledger);
    });
  });
});

describe('end of day: a settlement profit is paid at T+1', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
  });
  afterAll(() => t.close());

  it("is held back from withdrawal on the day, as a trade's realised profit", async () => {
    const cookie = await signIn(t, 'DEMO1');
    const clientId = await clientIdOf(t.db, 'DEMO1');
    const market = t.app.marketRuntime.market;
    // A stock future sold above its underlying (cost of carry) settles at a profit.
    const future = market.registry.all().find((i) => i.exc === 'NFO' && i.instr === 'FUTSTK')!;
    await fillAtMarket(t, cookie, future, { ordAction: 'sell', prdType: 'CARRY FORWARD' });
    expect(await unsettledCredits(t.db, clientId)).toBe(0);

    expect((await endOfDay(t.app, t.app.oms, future.expiry!)).expiriesSettled).toBe(1);
    const { rows } = await t.db.query<{ amount_paise: number }>(
      "SELECT amount_paise::int AS amount_paise FROM ledger_entries WHERE client_id = $1 AND ref_type = 'EXPIRY'",
      [clientId],
    );
    const profit = rows[0]!.amount_paise;
    expect(profit).toBeGreaterThan(0);
    expect(await unsettledCredits(t.db, clientId)).toBe(profit);
  });
});
