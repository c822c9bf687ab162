import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformText, type SearchResult } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { contractsOf } from '../../test/contracts.ts';

type Answer = { searchResults: SearchResult[] };

describe('/Trade/SymbolSearch', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;
  const search = (cookie: string, data: Record<string, unknown>) =>
    t.call<Answer>('/Trade/SymbolSearch', data, { cookie });
  const asset = (value: string) => [{ name: 'assetClass', value }];
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  it('finds equities by symbol or company name, exact symbol first, NSE and BSE, with live prices', async () => {
    const answer = await search(demo1, { search: 'SBIN', tab: 'equity' });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    const rows = answer.data.searchResults;
    expect(rows[0]).toMatchObject({
      displaySym: 'SBIN',
      companyName: 'State Bank of India',
      streamSym: 'SBIN',
      tradable: true,
      underlier: null,
    });
    expect(
      rows
        .slice(0, 2)
        .map((r) => r.sym.exc)
        .sort(),
    ).toEqual(['BSE', 'NSE']);
    expect(rows.every((r) => r.sym.instr === 'STK')).toBe(true);
    expect(Number(rows[0]!.ltp)).toBeGreaterThan(0);
    expect(rows[0]!.chngPer).toMatch(/^-?\d+\.\d{2}$/);
    const byName = await search(demo1, { search: 'state bank', tab: 'equity' });
    expect(byName.data.searchResults[0]!.displaySym).toBe('SBIN');
    // Searching does not start the simulation of every row.
    expect(t.app.marketRuntime.market.isSimulated(rows[0]!.sym.id)).toBe(false);
  });

  it('answers an empty list for text of 2 characters (1 on FnO), and searches from 3 (2 on FnO)', async () => {
    expect((await search(demo1, { search: 'SB', tab: 'equity' })).data.searchResults).toEqual([]);
    expect((await search(demo1, { search: '  ', tab: 'equity' })).data.searchResults).toEqual([]);
    expect((await search(demo1, { search: 'N', tab: 'fno' })).data.searchResults).toEqual([]);
    expect((await search(demo1, { search: 'NI', tab: 'fno' })).data.searchResults.length).toBeGreaterThan(0);
    expect((await search(demo1, { search: 'INF', tab: 'equity' })).data.searchResults.length).toBeGreaterThan(0);
  });

  it('limits results to 50', async () => {
    const rows = (await search(demo1, { search: 'ltd', tab: 'equity' })).data.searchResults;
    expect(rows).toHaveLength(50);
  });

  it('FnO: futures by default and with Future, nearest expiry first, exact symbol first', async () => {
    const plain = (await search(demo1, { search: 'NIFTY', tab: 'fno' })).data.searchResults;
    const futures = (await search(demo1, { search: 'NIFTY', tab: 'fno', filters: asset('FUTURE') })).data.searchResults;
    expect(plain).toEqual(futures);
    expect(futures.every((r) => r.sym.instr === 'FUTIDX' || r.sym.instr === 'FUTSTK')).toBe(true);
    const listed = contractsOf(t.app.marketRuntime.market, 'NFO', 'NIFTY', 'FUTIDX').map((i) => i.trSymbol);
    expect(listed).toHaveLength(3);
    expect(futures.slice(0, 3).map((r) => r.sym.trSymbol)).toEqual(listed);
    expect(futures[0]).toMatchObject({ underlier: 'NIFTY', tradable: true, lot: 65 });
  });

  it('FnO options: one row per underlier with its expiries (first expiry first) of calls and puts by strike', async () => {
    const rows = (await search(demo1, { search: 'NIFTY', tab: 'fno', filters: asset('Option') })).data.searchResults;
    const nifty = rows[0]!;
    expect(nifty).toMatchObject({ displaySym: 'NIFTY 50', tradable: false });
    const expiries = Object.keys(nifty.expiries!);
    expect(expiries.length).toBeGreaterThan(2);
    expect([...expiries].sort()).toEqual(expiries);
    const first = nifty.expiries![expiries[0]!]!;
    expect(first.calls.length).toBe(first.puts.length);
    expect(first.calls.every((c) => c.sym.optType === 'CE' && c.sym.expiry === expiries[0])).toBe(true);
    expect(first.puts.every((c) => c.sym.optType === 'PE' && c.tradable)).toBe(true);
    const strikes = first.calls.map((c) => Number(c.sym.strike));
    expect([...strikes].sort((a, b) => a - b)).toEqual(strikes);
    expect(rows.length).toBeLessThanOrEqual(10);
  });

  it('FnO spreads are shown but not tradable; Spot is only for currency and commodity', async () => {
    const spreads = (await search(demo1, { search: 'NIFTY', tab: 'fno', filters: asset('SPREAD') })).data.searchResults;
    expect(spreads.length).toBeGreaterThan(0);
    expect(spreads.every((r) => r.sym.instr.endsWith('SPR') && !r.tradable && r.sym.calStretch !== null)).toBe(true);
    expect((await search(demo1, { search: 'NIFTY', tab: 'fno', filters: asset('SPOT') })).infoID).toBe('MKT005');
    expect((await search(demo1, { search: 'NIFTY', tab: 'fno', filters: asset('BOND') })).infoID).toBe('MKT005');
  });

  it('currency: futures with 4 decimals, spot rows not tradable, options grouped', async () => {
    const futures = (await search(demo1, { search: 'USDINR', tab: 'currency' })).data.searchResults;
    expect(futures[0]!.sym.instr).toBe('FUTCUR');
    expect(futures[0]!.ltp).toMatch(/^\d+\.\d{4}$/);
    expect(futures[0]!.tickSize).toBe('0.0025');
    const spot = (await search(demo1, { search: 'USDINR', tab: 'currency', filters: asset('SPOT') })).data
      .searchResults;
    expect(spot).toHaveLength(1);
    expect(spot[0]).toMatchObject({ tradable: false, sym: { instr: 'UNDCUR' } });
    const options = (await search(demo1, { search: 'USDINR', tab: 'currency', filters: asset('OPTION') })).data
      .searchResults;
    expect(options[0]!.sym.instr).toBe('UNDCUR');
    expect(Object.keys(options[0]!.expiries!).length).toBeGreaterThan(0);
  });

  it('commodity: MCX futures, options grouped by their future, spot rows', async () => {
    const futures = (await search(demo1, { search: 'GOLD', tab: 'commodity' })).data.searchResults;
    expect(futures[0]!.sym).toMatchObject({ exc: 'MCX', instr: 'FUTCOM' });
    const options = (await search(demo1, { search: 'GOLD', tab: 'commodity', filters: asset('OPTION') })).data
      .searchResults;
    expect(options[0]!.sym.instr).toBe('FUTCOM');
    const spot = (await search(demo1, { search: 'GOLD', tab: 'commodity', filters: asset('SPOT') })).data.searchResults;
    expect(spot.every((r) => r.sym.instr === 'COM' && !r.tradable)).toBe(true);
  });

  it('index tab: the indices, not tradable, for an equity-only client too', async () => {
    const rows = (await search(demo2, { search: 'NIFTY', tab: 'index' })).data.searchResults;
    expect(rows.map((r) => r.displaySym)).toEqual(expect.arrayContaining(['NIFTY 50', 'NIFTY BANK']));
    expect(rows.every((r) => !r.tradable && r.sym.instr === 'IDX')).toBe(true);
    expect((await search(demo2, { search: 'NIFTY', tab: 'index', filters: asset('FUTURE') })).infoID).toBe('MKT002');
  });

  it("refuses tabs outside the client's permissions with the spec's message", async () => {
    for (const tab of ['fno', 'currency', 'commodity']) {
      const answer = await search(demo2, { search: 'NIFTY', tab });
      expect(answer.infoID, tab).toBe('MKT002');
      expect(answer.infoMsg).toBe(platformText.segmentNotSubscribed);
    }
    expect((await search(demo2, { search: 'RELIANCE', tab: 'equity' })).data.searchResults.length).toBeGreaterThan(0);
  });

  it('refuses bad input and calls without a session', async () => {
    expect((await search(demo1, { search: 'SBIN', tab: 'bonds' })).infoID).toBe('EGN001');
    expect((await search(demo1, { search: 'x'.repeat(41), tab: 'equity' })).infoID).toBe('EGN001');
    expect((await search(demo1, { search: 'SBIN', tab: 'equity', extra: 1 })).infoID).toBe('EGN001');
    expect((await search(demo1, { search: 'SBIN', tab: 'equity', filters: asset('FUTURE') })).infoID).toBe('MKT005');
    expect((await t.call('/Trade/SymbolSearch', { search: 'SBIN', tab: 'equity' })).infoID).toBe('EGN006');
  });
});
