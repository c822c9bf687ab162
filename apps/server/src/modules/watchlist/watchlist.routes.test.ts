import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  platformText,
  tradingText,
  type SymbolObject,
  type WatchlistGroup,
  type WatchlistSymbolRow,
} from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';

type Groups = { predef: WatchlistGroup[]; groups: WatchlistGroup[]; mpib: WatchlistGroup[] };
const text = tradingText.watchlist;

describe('/Watchlist/*', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  const call = <T = unknown>(cookie: string, path: string, data: unknown = {}) =>
    t.call<T>(`/Watchlist/${path}`, data, { cookie });
  const groups = async (cookie: string) => (await call<Groups>(cookie, 'ListGroups')).data;
  const symbols = async (cookie: string, id: string) => {
    const answer = await call<{ symbols: WatchlistSymbolRow[] }>(cookie, 'ListSymbols', { id });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.symbols;
  };
  const symOf = (exc: string, trSymbol: string): SymbolObject => {
    const i = t.app.marketRuntime.market.registry.bySymbol(exc as 'NSE', trSymbol);
    if (!i) throw new Error(`no ${exc} ${trSymbol}`);
    return {
      id: i.id,
      exc: i.exc,
      exc_seg: i.exc_seg,
      instr: i.instr,
      xSym: i.xSym,
      trSymbol: i.trSymbol,
      assetClass: i.assetClass,
    };
  };
  const groupCount = async (clientUser: string) =>
    Number(
      (
        await t.db.query<{ n: string }>(
          'SELECT count(*) AS n FROM watchlist_groups g JOIN clients c ON c.id = g.client_id WHERE c.user_id = $1',
          [clientUser],
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  it('refuses every call without a session', async () => {
    expect((await t.call('/Watchlist/ListGroups', {})).infoID).toBe('EGN006');
    expect((await t.call('/Watchlist/AddGroup', { name: 'X' })).infoID).toBe('EGN006');
  });

  it('gives a new client a starter watchlist once, and the predefined groups from the index constituents', async () => {
    const first = await groups(demo1);
    expect(first.predef.map((g) => g.name)).toEqual(['NIFTY 50', 'SENSEX', 'BANK NIFTY']);
    expect(first.predef.every((g) => !g.isEditable && g.type === 'predef')).toBe(true);
    expect(first.groups).toHaveLength(1);
    expect(first.groups[0]).toMatchObject({
      name: 'My List',
      isEditable: true,
      isMobile: false,
      favid: '0',
      channel: 'WEB',
    });
    expect(first.groups[0]!.settings).toMatchObject({
      assetClass: 'EQUITY',
      equityColumns: [4, 5, 6, 7, 58, 9, 10, 11, 12, 13],
    });
    expect(first.mpib).toEqual([]);
    // Asking again makes no second starter.
    expect((await groups(demo1)).groups).toHaveLength(1);

    const nifty = await symbols(demo1, 'P-NIFTY50');
    expect(nifty).toHaveLength(50);
    expect(nifty.every((r) => r.exc === 'NSE' && r.sym.instr === 'STK')).toBe(true);
    const sensex = await symbols(demo1, 'P-SENSEX');
    expect(sensex.length).toBeGreaterThanOrEqual(29);
    expect(sensex.every((r) => r.exc === 'BSE')).toBe(true);
    const bank = await symbols(demo1, 'P-BANKNIFTY');
    expect(bank.map((r) => r.displaySym)).toContain('HDFCBANK');
  });

  it('lists the symbols of the starter with every row field of trading.md 3 from the live market', async () => {
    const starter = (await groups(demo1)).groups[0]!;
    const rows = await symbols(demo1, starter.id);
    expect(rows.map((r) => r.displaySym)).toEqual(['RELIANCE', 'HDFCBANK', 'INFY', 'TCS', 'ICICIBANK', 'SBIN']);
    const row = rows[0]!;
    for (const key of [
      'sym',
      'streamSym',
      'companyName',
      'displaySym',
      'uniqueId',
      'ltp',
      'chng',
      'chngPer',
      'bidPrice',
      'askPrice',
      'bidQty',
      'askQty',
      'ltq',
      'totBuyQty',
      'totSellQty',
      'lTradedTime',
      'lUpdatedTime',
      'avgTradedPrice',
      'closePrice',
      'highPrice',
      'lowPrice',
      'openPrice',
      'vol',
      'dpr',
      'openInterest',
      'isResearchAvail',
    ]) {
      expect(row, key).toHaveProperty(key);
    }
    expect(row.sym).toMatchObject({ exc: 'NSE', instr: 'STK', assetClass: 'EQUITY', trSymbol: 'RELIANCE-EQ' });
    expect(row.ltp).toMatch(/^\d+\.\d{2}$/);
    expect(row.dpr).toMatch(/^\d+\.\d{2} - \d+\.\d{2}$/);
    expect(row.openInterest).toBeNull();
    const market = t.app.marketRuntime.market;
    expect(row.ltp).toBe((market.quote(row.sym.id)!.lastPrice / 100).toFixed(2));
  });

  it('adds groups with the 5.3 name rules and at most 5', async () => {
    const add = (name: string) => call<{ id: string }>(demo1, 'AddGroup', { name });
    const ok = await add('Banks');
    expect(ok.infoID, ok.infoMsg).toBe('0');
    expect(ok.data.id).toMatch(/^\d+$/);
    expect(await add('banks')).toMatchObject({ infoID: 'WLS001', infoMsg: text.nameExists });
    expect(await add('ABCDEFGHIJK')).toMatchObject({ infoID: 'WLS003', infoMsg: platformText.invalidInput });
    expect(await add('   ')).toMatchObject({ infoID: 'WLS003' });
    expect(await add('a#b')).toMatchObject({ infoID: 'WLS003' });
    for (const name of ['Two', 'Three', 'Four']) expect((await add(name)).infoID).toBe('0');
    expect(await add('Six')).toMatchObject({ infoID: 'WLS002', infoMsg: text.tooMany });
    expect(await groupCount('DEMO1')).toBe(5);
    // Another client's limit and names are their own.
    expect((await call(demo2, 'AddGroup', { name: 'Banks' })).infoID).toBe('0');
  });

  it('adds scrips, refuses a duplicate, an unknown scrip and a non-editable group', async () => {
    const banks = (await groups(demo1)).groups.find((g) => g.name === 'Banks')!;
    const sbin = symOf('NSE', 'SBIN-EQ');
    const first = await call<{ uniqueId: string }>(demo1, 'AddSymbol', { watchId: banks.id, sym: sbin });
    expect(first.infoID, first.infoMsg).toBe('0');
    expect(first.data.uniqueId).toBe(`NSE|${sbin.id}`);
    expect(await call(demo1, 'AddSymbol', { watchId: banks.id, sym: sbin })).toMatchObject({
      infoID: 'WLS006',
      infoMsg: text.symbolExists,
    });
    // The same company on BSE is another scrip.
    expect((await call(demo1, 'AddSymbol', { watchId: banks.id, sym: symOf('BSE', 'SBIN') })).infoID).toBe('0');
    const fut = t.app.marketRuntime.market.registry.all().find((i) => i.instr === 'FUTIDX' && i.exc === 'NFO')!;
    expect((await call(demo1, 'AddSymbol', { watchId: banks.id, sym: symOf('NFO', fut.trSymbol) })).infoID).toBe('0');
    expect(await call(demo1, 'AddSymbol', { watchId: banks.id, sym: { ...sbin, id: 'nope' } })).toMatchObject({
      infoID: 'MKT001',
    });
    expect(await call(demo1, 'AddSymbol', { watchId: 'P-NIFTY50', sym: symOf('NSE', 'ITC-EQ') })).toMatchObject({
      infoID: 'WLS008',
    });
    const rows = await symbols(demo1, banks.id);
    expect(rows.map((r) => `${r.exc}:${r.displaySym}`)).toEqual(['NSE:SBIN', 'BSE:SBIN', `NFO:${fut.displaySym}`]);
    expect(rows[2]!.openInterest).toBeGreaterThan(0);
    expect(rows[2]!.openInterest! % fut.lot).toBe(0);
  });

  it('deletes scrips but never the last one', async () => {
    const banks = (await groups(demo1)).groups.find((g) => g.name === 'Banks')!;
    const rows = await symbols(demo1, banks.id);
    expect(await call(demo1, 'DeleteSymbol', { watchId: banks.id, symGroup: rows.map((r) => r.sym) })).toMatchObject({
      infoID: 'WLS005',
      infoMsg: text.cannotDeleteLast,
    });
    expect(await call(demo1, 'DeleteSymbol', { watchId: banks.id, symGroup: [symOf('NSE', 'ITC-EQ')] })).toMatchObject({
      infoID: 'WLS009',
    });
    expect((await symbols(demo1, banks.id)).length).toBe(3);
    const done = await call<{ deleted: number }>(demo1, 'DeleteSymbol', {
      watchId: banks.id,
      symGroup: [rows[1]!.sym, rows[2]!.sym],
    });
    expect(done.infoID, done.infoMsg).toBe('0');
    expect(done.data.deleted).toBe(2);
    expect((await symbols(demo1, banks.id)).map((r) => r.exc)).toEqual(['NSE']);
    expect(await call(demo1, 'DeleteSymbol', { watchId: banks.id, symGroup: [rows[0]!.sym] })).toMatchObject({
      infoID: 'WLS005',
    });
    expect(await call(demo1, 'DeleteSymbol', { watchId: 'P-NIFTY50', symGroup: [rows[0]!.sym] })).toMatchObject({
      infoID: 'WLS008',
    });
  });

  it('renames and saves columns with the same rules; predefined groups keep their name but take column choices', async () => {
    const list = (await groups(demo1)).groups;
    const banks = list.find((g) => g.name === 'Banks')!;
    expect(await call(demo1, 'UpdateGroup', { watchId: banks.id, name: 'two', channel: 'WEB' })).toMatchObject({
      infoID: 'WLS001',
      infoMsg: text.nameExists,
    });
    expect(await call(demo1, 'UpdateGroup', { watchId: banks.id, name: 'TooLongName1' })).toMatchObject({
      infoID: 'WLS003',
    });
    const renamed = await call<WatchlistGroup>(demo1, 'UpdateGroup', {
      watchId: banks.id,
      name: 'BANKS',
      settings: { assetClass: 'FUTURE', equityColumns: [6, 14, 999], futureColumns: [19, 6], optionsColumns: [] },
    });
    expect(renamed.infoID, renamed.infoMsg).toBe('0');
    // Fixed columns (Symbol, LTP) always on, unknown ids dropped, OI only off the equity tab.
    expect(renamed.data).toMatchObject({
      name: 'BANKS',
      settings: {
        assetClass: 'FUTURE',
        equityColumns: [4, 5, 6, 14],
        futureColumns: [4, 5, 19, 6],
        optionsColumns: [4, 5],
      },
    });
    expect((await groups(demo1)).groups.find((g) => g.id === banks.id)!.settings.assetClass).toBe('FUTURE');
    const tooMany = await call<WatchlistGroup>(demo1, 'UpdateGroup', {
      watchId: banks.id,
      name: 'BANKS',
      settings: {
        assetClass: 'EQUITY',
        equityColumns: [4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 58],
        futureColumns: [],
        optionsColumns: [],
      },
    });
    expect(tooMany.data.settings.equityColumns.length).toBeLessThanOrEqual(16);
    expect(await call(demo1, 'UpdateGroup', { watchId: 'P-SENSEX', name: 'MINE' })).toMatchObject({ infoID: 'WLS008' });
    const predef = await call<WatchlistGroup>(demo1, 'UpdateGroup', {
      watchId: 'P-SENSEX',
      name: 'SENSEX',
      settings: { assetClass: 'EQUITY', equityColumns: [4, 5, 14], futureColumns: [], optionsColumns: [] },
    });
    expect(predef.data).toMatchObject({ name: 'SENSEX', settings: { equityColumns: [4, 5, 14] } });
  });

  it('sets favourites in two slots at most and clears them', async () => {
    const list = (await groups(demo1)).groups;
    const [a, b, c] = list;
    const fav = (watchId: string, favId: string) =>
      call<{ favid: string }>(demo1, 'UpdateFavourite', { watchId, favId });
    expect((await fav(a!.id, '1')).infoID).toBe('0');
    expect((await fav('P-NIFTY50', '2')).infoID).toBe('0');
    expect(await fav(c!.id, '1')).toMatchObject({ infoID: 'WLS007', infoMsg: text.favouritesFull });
    expect(await fav(b!.id, '2')).toMatchObject({ infoID: 'WLS007' });
    const after = await groups(demo1);
    expect(after.groups.find((g) => g.id === a!.id)!.favid).toBe('1');
    expect(after.predef.find((g) => g.id === 'P-NIFTY50')!.favid).toBe('2');
    expect((await fav(a!.id, '0')).infoID).toBe('0');
    expect((await fav(c!.id, '1')).infoID).toBe('0');
    expect(await fav(c!.id, '3')).toMatchObject({ infoID: 'EGN001' });
  });

  it("refuses another client's watchId on every call and changes nothing", async () => {
    const theirs = (await groups(demo2)).groups[0]!;
    expect((await call(demo2, 'AddSymbol', { watchId: theirs.id, sym: symOf('NSE', 'SBIN-EQ') })).infoID).toBe('0');
    const before = await symbols(demo2, theirs.id);
    const sym = symOf('NSE', 'ITC-EQ');
    const attempts = [
      call(demo1, 'ListSymbols', { id: theirs.id }),
      call(demo1, 'AddSymbol', { watchId: theirs.id, sym }),
      call(demo1, 'DeleteSymbol', { watchId: theirs.id, symGroup: [before[0]!.sym] }),
      call(demo1, 'UpdateGroup', { watchId: theirs.id, name: 'Hacked' }),
      call(demo1, 'UpdateFavourite', { watchId: theirs.id, favId: '0' }),
      call(demo1, 'DeleteGroup', { watchGroup: [{ name: theirs.name, watchId: theirs.id }] }),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer).toMatchObject({ infoID: 'EGN005' });
    expect((await symbols(demo2, theirs.id)).map((r) => r.uniqueId)).toEqual(before.map((r) => r.uniqueId));
    expect((await groups(demo2)).groups.find((g) => g.id === theirs.id)!.name).toBe(theirs.name);
  });

  it('deletes groups all or none; needs one; predefined groups cannot be deleted', async () => {
    expect(await call(demo1, 'DeleteGroup', { watchGroup: [] })).toMatchObject({
      infoID: 'WLS004',
      infoMsg: text.selectOneToDelete,
    });
    const list = (await groups(demo1)).groups;
    const two = list.find((g) => g.name === 'Two')!;
    expect(
      await call(demo1, 'DeleteGroup', {
        watchGroup: [
          { name: 'Two', watchId: two.id },
          { name: 'NIFTY 50', watchId: 'P-NIFTY50' },
        ],
      }),
    ).toMatchObject({ infoID: 'WLS008' });
    expect(await groupCount('DEMO1')).toBe(5);
    const done = await call<{ deleted: number }>(demo1, 'DeleteGroup', {
      watchGroup: list.slice(0, 2).map((g) => ({ name: g.name, watchId: g.id })),
    });
    expect(done.infoID, done.infoMsg).toBe('0');
    expect(done.data.deleted).toBe(2);
    expect(await groupCount('DEMO1')).toBe(3);
    // With room again a name can be added; the deleted starter does not come back.
    expect((await call(demo1, 'AddGroup', { name: 'Again' })).infoID).toBe('0');
    expect((await groups(demo1)).groups.map((g) => g.name)).not.toContain('My List');
    // A deleted group's favourite slot is free again.
    const favHolder = list.find((g) => g.favid === '1');
    if (favHolder && list.slice(0, 2).includes(favHolder)) {
      expect((await call(demo1, 'UpdateFavourite', { watchId: list[2]!.id, favId: '1' })).infoID).toBe('0');
    }
  });

  it('shows mobile groups under mpib, read-only here', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      "INSERT INTO watchlist_groups (client_id, name, channel) SELECT id, 'Phone', 'MOB' FROM clients WHERE user_id = 'DEMO1' RETURNING id",
    );
    const mobileId = String(rows[0]!.id);
    const answer = await groups(demo1);
    expect(answer.mpib).toEqual([
      expect.objectContaining({ id: mobileId, name: 'Phone', isMobile: true, isEditable: false, type: 'mobile' }),
    ]);
    expect(answer.groups.map((g) => g.id)).not.toContain(mobileId);
    expect(await call(demo1, 'AddSymbol', { watchId: mobileId, sym: symOf('NSE', 'ITC-EQ') })).toMatchObject({
      infoID: 'WLS008',
    });
    expect(await call(demo1, 'DeleteGroup', { watchGroup: [{ name: 'Phone', watchId: mobileId }] })).toMatchObject({
      infoID: 'WLS008',
    });
  });

  it('answers the short quote of a scrip, and refuses an unknown one', async () => {
    const sym = symOf('NSE', 'INFY-EQ');
    const answer = await call<{ quote: Record<string, unknown> }>(demo1, 'Quote', { sym });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(answer.data.quote).toMatchObject({ streamSym: 'INFY', lot: 1, sym: { id: sym.id, exc: 'NSE' } });
    expect(answer.data.quote.ltp).toMatch(/^\d+\.\d{2}$/);
    expect(String(answer.data.quote.lUpdatedTime).length).toBeLessThanOrEqual(20);
    expect((await call(demo1, 'Quote', { sym: { ...sym, exc: 'BSE' } })).infoID).toBe('MKT001');
  });

  it('refuses malformed requests', async () => {
    expect((await call(demo1, 'AddSymbol', { watchId: '1' })).infoID).toBe('EGN001');
    expect((await call(demo1, 'ListSymbols', { id: 'nonsense' })).infoID).toBe('EGN005');
    expect((await call(demo1, 'AddGroup', { name: 'x', extra: 1 })).infoID).toBe('EGN001');
  });
});
