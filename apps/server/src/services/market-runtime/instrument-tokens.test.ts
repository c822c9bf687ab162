import type { PositionRow } from '@kite/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildInstruments,
  InstrumentRegistry,
  parseIsoDate,
  tokenKey,
  TradingCalendar,
  type Instrument,
} from '@kite/exchange';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { fillAtMarket, orderPayload, orderRow, symOf } from '../../modules/trade/order-test-support.ts';
import { contractsOf } from '../../test/contracts.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { istAt } from '../../test/ist-time.ts';
import { callOn, restart } from '../../test/restart.ts';
import type { OrderAnswer } from '../oms/oms-core.ts';
import { ServerClock } from '../clock.ts';
import { loadInstrumentTokens, saveInstrumentTokens } from './instrument-tokens-store.ts';

const DAY1 = '2026-12-02';
const DAY2 = '2027-01-06';

const tokenCount = async (t: TestApp) =>
  Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM instrument_tokens')).rows[0]!.n);

/**
 * Instrument tokens kept per contract (migration 0040, README "Instrument tokens"): a server started five weeks later
 * lists other expiries and strikes, yet an F&O contract listed on both days keeps its id, and a position and a
 * VTD order saved under it still name it.
 */
describe('instrument ids over a restart on a later day', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let cookie: string;
  let future: Instrument;
  let option: Instrument;
  let vtdOrder: string;
  let listedOnDay1: number;
  let highestOnDay1: number;

  beforeAll(async () => {
    const clock = new ServerClock();
    clock.set(istAt(DAY1, 10, 0));
    t = await createSeededApp({ MARKET_SIM: 'off' }, clock);
    app = t.app;
    cookie = await signIn(t, 'DEMO1');
    const market = app.marketRuntime.market;
    listedOnDay1 = market.registry.all().length;
    highestOnDay1 = Math.max(...market.registry.all().map((i) => i.token));
    // A monthly future and a monthly option both expiring after DAY2.
    future = contractsOf(market, 'NFO', 'NIFTY', 'FUTIDX').find((i) => i.expiry! > DAY2)!;
    const level = market.snapshot(future.underlying!)!.lastPrice;
    option = contractsOf(market, 'NFO', 'NIFTY', 'OPTIDX').find(
      (i) => i.expiry === future.expiry && i.optType === 'CE' && i.strike! >= level,
    )!;
    expect(option).toBeDefined();

    await fillAtMarket(t, cookie, future, { prdType: 'CARRY FORWARD' });
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(symOf(t, 'NFO', option.trSymbol), {
        qty: String(option.lot),
        limitPrice: '0.05',
        prdType: 'CARRY FORWARD',
      }),
      { cookie },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    vtdOrder = placed.data.orderId;
    expect(await orderRow(t, vtdOrder)).toMatchObject({ status: 'OUTSTANDING', instrument_id: option.id });
    // VTD is for equity only when placed (trading.md 4.1): the row is made VTD here, as restore.test.ts does, to stand
    // for any saved order on an F&O contract that outlives its day.
    await t.db.query("UPDATE orders SET validity = 'VTD', vtd_date = '2027-01-08' WHERE order_no = $1", [vtdOrder]);

    app = await restart(t, app, istAt(DAY2, 10, 0));
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('numbering afresh would have given the contracts other ids on the later day', () => {
    const calendar = app.marketRuntime.market.calendar;
    const afresh = new InstrumentRegistry(buildInstruments({ today: parseIsoDate(DAY2)!, calendar }));
    expect(afresh.bySymbol('NFO', future.trSymbol)!.id).not.toBe(future.id);
    expect(afresh.bySymbol('NFO', option.trSymbol)!.id).not.toBe(option.id);
  });

  it('the restarted market lists the same contracts under the same ids, new ones after the highest', async () => {
    // Day 1's listing was kept at its start, with nothing before it.
    const market = app.marketRuntime.market;
    expect(market.registry.byId(future.id)?.trSymbol).toBe(future.trSymbol);
    expect(market.registry.byId(option.id)?.trSymbol).toBe(option.trSymbol);
    expect(market.numbered.length).toBeGreaterThan(0);
    for (const i of market.numbered) expect(i.token).toBeGreaterThan(highestOnDay1);
    await app.marketRuntime.tokensSaved();
    expect(await tokenCount(t)).toBe(listedOnDay1 + market.numbered.length);
  });

  it('the carried position and the restored VTD order still show their contracts', async () => {
    const positions = await callOn<{ positions: PositionRow[] }>(
      app,
      '/Account/NetPositions',
      { tab: 'fno', filters: [] },
      cookie,
    );
    expect(positions.infoID, positions.infoMsg).toBe('0');
    const position = positions.data.positions.find((p) => p.uniqueId === future.id);
    expect(position?.sym.trSymbol).toBe(future.trSymbol);
    expect(position?.displaySym).toBe(future.displaySym);

    const row = await orderRow(t, vtdOrder);
    expect(row).toMatchObject({ status: 'OUTSTANDING', instrument_id: option.id });
    expect(app.marketRuntime.market.book(option.id)!.order(Number(row.exchange_order_id))).toBeDefined();
    const open = await callOn<{ orders: { orderId: string; sym: { trSymbol?: string } }[] }>(
      app,
      '/Trade/OpenOrders',
      {},
      cookie,
    );
    expect(open.data.orders.find((o) => o.orderId === vtdOrder)?.sym.trSymbol).toBe(option.trSymbol);
  });
});

describe('instrument_tokens store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps numbered contracts once, and refuses a token or a contract another process kept otherwise', async () => {
    // The app kept its own listing's tokens at start; this test keeps its own.
    await t.app.marketRuntime.tokensSaved();
    await t.db.query('DELETE FROM instrument_tokens');
    const [a, b, c] = buildInstruments({ today: parseIsoDate(DAY1)!, calendar: new TradingCalendar() });
    await saveInstrumentTokens(t.db, [a!, b!]);
    // A start that crashed before its save numbers the same contracts the same way: saving them again is no change.
    await saveInstrumentTokens(t.db, [a!, b!]);
    expect(await loadInstrumentTokens(t.db)).toEqual(
      new Map([
        [tokenKey(a!.exc, a!.trSymbol), a!.token],
        [tokenKey(b!.exc, b!.trSymbol), b!.token],
      ]),
    );
    await expect(saveInstrumentTokens(t.db, [{ ...c!, token: a!.token }])).rejects.toThrow(/another process/);
    await expect(saveInstrumentTokens(t.db, [{ ...a!, token: 9999 }])).rejects.toThrow(/another process/);
    expect((await loadInstrumentTokens(t.db)).size).toBe(2);
  });
});
