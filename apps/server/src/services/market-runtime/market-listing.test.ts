import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { legacyStreamKey } from '@kite/domain';
import { tokenKey, type Instrument, type Market } from '@kite/exchange';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { FrozenClock } from '../../test/frozen-clock.ts';
import type { TestApp } from '../../test/harness.ts';
import { istAt } from '../../test/ist-time.ts';
import { loadInstrumentTokens } from './instrument-tokens-store.ts';
import type { MarketRuntime } from './market-runtime.ts';

// A NIFTY weekly expiry (Tuesday) and the next day, whose listing adds the next expiries' strikes.
const TUESDAY = '2026-12-01';
const WEDNESDAY = '2026-12-02';

/**
 * A server running across a weekly expiry (README "Daily listing"): the next trading day's contracts are listed from
 * the day roll on, and the tokens of the new ones are in instrument_tokens before the market lists them.
 */
describe('the listing of a server running across days', () => {
  let t: TestApp;
  let clock: FrozenClock;
  let runtime: MarketRuntime;
  let market: Market;
  let cookie: string;
  let tuesday: readonly Instrument[];
  let expired: Instrument;
  /** Tuesday's listing's tokens, with nothing before them. */
  let keptAtStart: number;

  beforeAll(async () => {
    clock = new FrozenClock(istAt(TUESDAY, 15, 0));
    t = await createSeededApp({ MARKET_SIM: 'off' }, clock);
    cookie = await signIn(t, 'DEMO1');
    runtime = t.app.marketRuntime;
    market = runtime.market;
    tuesday = market.registry.all();
    expired = tuesday.find((i) => i.expiry === TUESDAY && i.assetClass === 'OPTION')!;
    keptAtStart = (await loadInstrumentTokens(t.db)).size;
    expect(keptAtStart).toBe(tuesday.length);
  });
  afterAll(() => t.close());

  /** Whether the option search's NIFTY chain offers the contract. */
  const searchFinds = async (option: Instrument) => {
    const filters = [{ name: 'assetClass', value: 'OPTION' }];
    const answer = await t.call<unknown>('/Trade/SymbolSearch', { search: 'NIFTY', tab: 'fno', filters }, { cookie });
    return JSON.stringify(answer.data).includes(`"trSymbol":"${option.trSymbol}"`);
  };
  const step = (hour: number, minute: number, day = WEDNESDAY) => {
    clock.set(istAt(day, hour, minute));
    return runtime.advance();
  };

  it('lists nothing new until the new contracts are kept, then rolls into the next day', async () => {
    expect(await searchFinds(expired)).toBe(true);
    step(15, 30, TUESDAY);
    // Another process kept the first token Wednesday's listing numbers for another contract: the save fails.
    const next = Math.max(...tuesday.map((i) => i.token)) + 1;
    await t.db.query("INSERT INTO instrument_tokens (exchange, trading_symbol, token) VALUES ('NFO', 'OTHER', $1)", [
      next,
    ]);
    expect(step(0, 1)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(step(0, 1)).toBe(0);
    expect(market.listedDay).not.toBe(market.listingDay(clock.now()));
    expect(market.registry.all()).toBe(tuesday);
    expect(market.registry.byId(String(next))).toBeUndefined();

    // Freed, the save is tried again a few seconds later; the market rolls once it has succeeded.
    await t.db.query("DELETE FROM instrument_tokens WHERE trading_symbol = 'OTHER'");
    let minute = 2;
    await vi.waitFor(() => expect(step(0, minute++)).toBeGreaterThan(0));
    const kept = await loadInstrumentTokens(t.db);
    const listed = market.registry.all();
    const added = listed.filter((i) => !tuesday.some((d) => d.id === i.id));
    expect(added.length).toBeGreaterThan(0);
    for (const i of added) expect(kept.get(tokenKey(i.exc, i.trSymbol))).toBe(i.token);
    expect(kept.size).toBe(keptAtStart + added.length);
  });

  it('searches, quotes and streams the new listing: the expired contract is gone, the new ones are found', async () => {
    expect(market.registry.byId(expired.id)).toBeUndefined();
    expect(market.quote(expired.id)).toBeUndefined();
    expect(await searchFinds(expired)).toBe(false);
    const added = market.registry.all().find((i) => !tuesday.some((d) => d.id === i.id))!;
    expect(await searchFinds(added)).toBe(true);
    const key = (i: Instrument) => legacyStreamKey(i.exc, i.trSymbol);
    expect(runtime.instrumentByKey(key(added))?.id).toBe(added.id);
    expect(runtime.instrumentByKey(key(expired))).toBeUndefined();
    // A contract of both days keeps its id.
    const future = tuesday.find((i) => i.instr === 'FUTIDX')!;
    expect(market.registry.bySymbol(future.exc, future.trSymbol)?.id).toBe(future.id);
  });

  it("prepares and keeps the next day's listing an hour before the day ends, so the roll does not wait", async () => {
    // Tuesday 8 Dec, the next weekly expiry.
    const EXPIRY = '2026-12-08';
    await vi.waitFor(() => expect(step(12, 0, EXPIRY)).toBeGreaterThan(0));
    const before = (await loadInstrumentTokens(t.db)).size;
    step(22, 0, EXPIRY);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await loadInstrumentTokens(t.db)).size).toBe(before);
    step(23, 10, EXPIRY);
    await vi.waitFor(async () => expect((await loadInstrumentTokens(t.db)).size).toBeGreaterThan(before));
    const kept = await loadInstrumentTokens(t.db);
    const listedNow = market.registry.all();
    clock.set(istAt('2026-12-09', 0, 0) + 1_000);
    expect(runtime.advance()).toBeGreaterThan(0);
    expect(market.registry.all()).not.toBe(listedNow);
    for (const i of market.registry.all()) expect(kept.get(tokenKey(i.exc, i.trSymbol))).toBe(i.token);
  });
});
