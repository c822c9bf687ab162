import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tradingText, type WatchlistSymbolRow } from '@kite/domain';
import type { Instrument } from '@kite/exchange';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { FrozenClock } from '../../test/frozen-clock.ts';
import type { TestApp } from '../../test/harness.ts';
import { istAt } from '../../test/ist-time.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';

// A NIFTY weekly expiry (Tuesday) and the next trading day.
const TUESDAY = '2026-12-01';
const WEDNESDAY = '2026-12-02';

/** A contract in a watchlist across its expiry: it leaves the watchlist once the day roll has dropped it. */
describe('an expired contract in a watchlist', () => {
  let t: TestApp;
  let clock: FrozenClock;
  let cookie: string;
  let watchId: string;
  let expiring: Instrument;
  let future: Instrument;
  let reliance: Instrument;

  const call = <T = unknown>(path: string, data: unknown) => t.call<T>(`/Watchlist/${path}`, data, { cookie });
  const symbols = async () => {
    const answer = await call<{ symbols: WatchlistSymbolRow[] }>('ListSymbols', { id: watchId });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.symbols.map((row) => row.sym.trSymbol);
  };
  const storedRows = async () =>
    Number(
      (await t.db.query<{ n: string }>('SELECT count(*) AS n FROM watchlist_symbols WHERE group_id = $1', [watchId]))
        .rows[0]!.n,
    );

  beforeAll(async () => {
    clock = new FrozenClock(istAt(TUESDAY, 15, 0));
    t = await createSeededApp({ MARKET_SIM: 'off' }, clock);
    cookie = await signIn(t, 'DEMO1');
    const registry = t.app.marketRuntime.market.registry;
    expiring = registry.all().find((i) => i.expiry === TUESDAY && i.assetClass === 'OPTION' && i.symbol === 'NIFTY')!;
    future = registry.all().find((i) => i.instr === 'FUTIDX' && i.symbol === 'NIFTY' && i.expiry! > WEDNESDAY)!;
    reliance = registry.bySymbol('NSE', 'RELIANCE-EQ')!;
    const added = await call<{ id: string }>('AddGroup', { name: 'Expiry' });
    expect(added.infoID, added.infoMsg).toBe('0');
    watchId = added.data.id;
    for (const i of [expiring, future, reliance])
      expect((await call('AddSymbol', { watchId, sym: symbolObjectOf(i) })).infoID).toBe('0');
  });
  afterAll(() => t.close());

  it('shows the contract on its expiry day, and no longer once the day roll has dropped it; its row is deleted', async () => {
    expect(await symbols()).toEqual([expiring.trSymbol, future.trSymbol, reliance.trSymbol]);
    let minute = 1;
    await vi.waitFor(() => {
      clock.set(istAt(WEDNESDAY, 0, minute++));
      expect(t.app.marketRuntime.advance()).toBeGreaterThan(0);
    });
    expect(t.app.marketRuntime.market.registry.byId(expiring.id)).toBeUndefined();
    expect(await storedRows()).toBe(3);
    expect(await symbols()).toEqual([future.trSymbol, reliance.trSymbol]);
    expect(await storedRows()).toBe(2);
  });

  it('counts only listed scrips: with the contract gone, the last one left cannot be deleted', async () => {
    await t.db.query(
      'INSERT INTO watchlist_symbols (group_id, instrument_id, exc, asset_class, tr_symbol, position) ' +
        "VALUES ($1, $2, 'NFO', 'OPTION', $3, 9)",
      [watchId, expiring.id, expiring.trSymbol],
    );
    expect((await call('DeleteSymbol', { watchId, symGroup: [symbolObjectOf(future)] })).infoID).toBe('0');
    // The expired row (put back above: one no call has read since the roll) is not a scrip to keep.
    expect(await call('DeleteSymbol', { watchId, symGroup: [symbolObjectOf(reliance)] })).toMatchObject({
      infoID: 'WLS005',
      infoMsg: tradingText.watchlist.cannotDeleteLast,
    });
    expect(await storedRows()).toBe(1);
    expect(await symbols()).toEqual([reliance.trSymbol]);
  });

  it('deletes the contract from a screen loaded before the roll without a refusal, whether its row is there or gone', async () => {
    const putBack = () =>
      t.db.query(
        'INSERT INTO watchlist_symbols (group_id, instrument_id, exc, asset_class, tr_symbol, position) ' +
          "VALUES ($1, $2, 'NFO', 'OPTION', $3, 9)",
        [watchId, expiring.id, expiring.trSymbol],
      );
    const deleteExpired = () =>
      call<{ deleted: number }>('DeleteSymbol', { watchId, symGroup: [symbolObjectOf(expiring)] });
    await putBack();
    expect(await deleteExpired()).toMatchObject({ infoID: '0', data: { deleted: 1 } });
    expect(await storedRows()).toBe(1);
    // Already gone (a read of the group removed it): nothing to delete, and nothing refused.
    expect(await deleteExpired()).toMatchObject({ infoID: '0', data: { deleted: 0 } });
    // A listed scrip that is not in the group is still refused, and the last one still kept.
    const tcs = t.app.marketRuntime.market.registry.bySymbol('NSE', 'TCS-EQ')!;
    expect((await call('DeleteSymbol', { watchId, symGroup: [symbolObjectOf(tcs)] })).infoID).toBe('WLS009');
    expect((await call('DeleteSymbol', { watchId, symGroup: [symbolObjectOf(reliance)] })).infoID).toBe('WLS005');
    expect(await symbols()).toEqual([reliance.trSymbol]);
  });
});
