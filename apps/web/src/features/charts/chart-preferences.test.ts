import type { SavedChart } from '@kite/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { local, storageKeys } from '../../lib/storage/storage.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { reliance, symbolObject } from '../search/testing/search-fixtures.ts';
import { defaultChart } from './chart-options.ts';
import {
  createChartSaver,
  loadChart,
  LOCAL_SAVE_DELAY_MS,
  readStoredChart,
  SERVER_SAVE_EVERY_MS,
} from './chart-preferences.ts';
import { chartStore } from './chart-store.ts';

const tcs = symbolObject({ id: '11536', exc: 'NSE', instr: 'STK', xSym: 'TCS-EQ', trSymbol: 'TCS' });
const saved = (patch: Partial<SavedChart['preference']['layout']> = {}): SavedChart => {
  const chart = defaultChart(tcs);
  return { ...chart, preference: { ...chart.preference, layout: { ...chart.preference.layout, ...patch } } };
};
const stored = (slot: 0 | 1 | 2 | 3) => local.get(storageKeys.chartSlots[slot]);

const GET = '/Chart/GetChartPreferences';
const SET = '/Chart/ChartPreferences';
const SEARCH = '/Trade/SymbolSearch';

beforeEach(() => {
  window.localStorage.clear();
  sessionStore.signIn(loginFixture({ equity_flag: 'Y' }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStore.signOut();
});

describe('chart preferences load (investing.md 4 "Chart": browser storage, else server, else a default chart)', () => {
  it('takes the browser copy first and asks the server nothing', async () => {
    local.set(storageKeys.chartSlots[1], JSON.stringify(saved({ chartType: 'line' })));
    const server = fakeServer({});
    const loaded = await loadChart('2');
    expect(loaded).toEqual({ chart: saved({ chartType: 'line' }), from: 'browser' });
    expect(server.calls).toEqual([]);
  });

  it("asks the server when the browser has none (or nothing readable), and keeps the server's copy", async () => {
    local.set(storageKeys.chartSlots[2], '{"preference":');
    const server = fakeServer({ [GET]: () => ({ data: { preferences: saved({ crosshair: false }) } }) });
    const loaded = await loadChart('3');
    expect(loaded).toEqual({ chart: saved({ crosshair: false }), from: 'server' });
    expect(server.calls).toEqual([{ path: GET, data: { chartId: '3' } }]);
    expect(readStoredChart('3')).toEqual(saved({ crosshair: false }));
  });

  it('makes the default chart (RELIANCE on NSE, found by the search) when the server has none', async () => {
    const server = fakeServer({
      [GET]: () => ({ data: { preferences: null } }),
      [SEARCH]: () => ({ data: { searchResults: [{ ...reliance, sym: { ...reliance.sym, exc: 'BSE' } }, reliance] } }),
    });
    const loaded = await loadChart('1');
    expect(loaded).toEqual({ chart: defaultChart(reliance.sym), from: 'default' });
    expect(server.paths()).toEqual([GET, SEARCH]);
    expect(server.calls[1]?.data).toMatchObject({ search: 'RELIANCE', tab: 'equity' });
    // Nothing is written until the client changes something.
    expect(stored(0)).toBeNull();
  });

  it('falls back to the default chart when the preference call fails or answers something unusable', async () => {
    fakeServer({
      [GET]: () => ({ infoID: 'EGN500', infoMsg: 'down' }),
      [SEARCH]: () => ({ data: { searchResults: [reliance] } }),
    });
    expect(await loadChart('4')).toEqual({ chart: defaultChart(reliance.sym), from: 'default' });
    fakeServer({
      [GET]: () => ({ data: { preferences: { preference: {} } } }),
      [SEARCH]: () => ({ data: { searchResults: [reliance] } }),
    });
    expect((await loadChart('4')).from).toBe('default');
  });

  it('has no chart (the widget asks for a symbol) when not even the default symbol is found', async () => {
    fakeServer({
      [GET]: () => ({ data: { preferences: null } }),
      [SEARCH]: () => ({ infoID: 'EGN500', infoMsg: 'down' }),
    });
    expect(await loadChart('1')).toEqual({ chart: null, from: 'default' });
  });
});

describe('chart preference saves (investing.md 9: browser after 500 ms, server at most once per 30 s)', () => {
  it('writes the browser copy 500 ms after the last change and the server at once, then at most every 30 s', async () => {
    vi.useFakeTimers();
    const server = fakeServer({ [SET]: () => ({ data: { saved: true } }) });
    const saver = createChartSaver();
    saver.save('1', saved({ chartType: 'bar' }));
    await vi.advanceTimersByTimeAsync(300);
    saver.save('1', saved({ chartType: 'line' }));
    await vi.advanceTimersByTimeAsync(LOCAL_SAVE_DELAY_MS - 1);
    expect(stored(0)).toBeNull();
    expect(server.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(JSON.parse(stored(0) ?? 'null')).toEqual(saved({ chartType: 'line' }));
    expect(server.calls).toEqual([{ path: SET, data: { chartId: '1', charts: saved({ chartType: 'line' }) } }]);

    // Two more changes within the 30 s: each reaches the browser, the server hears only the last, 30 s after the first.
    await vi.advanceTimersByTimeAsync(5_000);
    saver.save('1', saved({ chartType: 'area' }));
    await vi.advanceTimersByTimeAsync(LOCAL_SAVE_DELAY_MS);
    expect(JSON.parse(stored(0) ?? 'null')).toEqual(saved({ chartType: 'area' }));
    saver.save('1', saved({ chartType: 'heikinashi' }));
    await vi.advanceTimersByTimeAsync(LOCAL_SAVE_DELAY_MS);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SERVER_SAVE_EVERY_MS - 5_000 - 2 * LOCAL_SAVE_DELAY_MS - 1);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.data).toEqual({ chartId: '1', charts: saved({ chartType: 'heikinashi' }) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(2);
  });

  it('throttles each slot on its own and survives a failed server save', async () => {
    vi.useFakeTimers();
    const server = fakeServer({ [SET]: () => ({ infoID: 'EGN500', infoMsg: 'down' }) });
    const saver = createChartSaver();
    saver.save('1', saved());
    saver.save('2', saved({ chartType: 'bar' }));
    await vi.advanceTimersByTimeAsync(LOCAL_SAVE_DELAY_MS);
    expect(server.calls.map((call) => call.data.chartId)).toEqual(['1', '2']);
    expect(readStoredChart('2')).toEqual(saved({ chartType: 'bar' }));
  });

  it('sends the changes the 30 s throttle holds back before a logout ends the session, then nothing more', async () => {
    vi.useFakeTimers();
    const server = fakeServer({ [SET]: () => ({ data: { saved: true } }) });
    chartStore.update('1', saved({ chartType: 'bar' }));
    await vi.advanceTimersByTimeAsync(LOCAL_SAVE_DELAY_MS);
    expect(server.calls).toHaveLength(1);
    // Two changes within the 30 s (one not yet in the browser either), then Logout.
    chartStore.update('1', saved({ chartType: 'line' }));
    await vi.advanceTimersByTimeAsync(LOCAL_SAVE_DELAY_MS);
    chartStore.update('4', saved({ chartType: 'area' }));
    await sessionStore.finishBeforeSignOut();
    expect(server.calls.slice(1)).toEqual([
      { path: SET, data: { chartId: '1', charts: saved({ chartType: 'line' }) } },
      { path: SET, data: { chartId: '4', charts: saved({ chartType: 'area' }) } },
    ]);
    sessionStore.signOut();
    await vi.advanceTimersByTimeAsync(SERVER_SAVE_EVERY_MS * 2);
    expect(server.calls).toHaveLength(3);
  });

  it('writes a waiting browser save at once when the page is left, and drops every waiting save at logout', async () => {
    vi.useFakeTimers();
    const server = fakeServer({ [SET]: () => ({ data: { saved: true } }) });
    chartStore.update('2', saved({ chartType: 'bar' }));
    window.dispatchEvent(new Event('pagehide'));
    expect(readStoredChart('2')).toEqual(saved({ chartType: 'bar' }));

    chartStore.update('3', saved({ chartType: 'line' }));
    sessionStore.signOut();
    // platform.md 3.4: the four chart keys are cleared on logout, and nothing writes them again afterwards.
    expect(storageKeys.chartSlots.map((key) => local.get(key))).toEqual([null, null, null, null]);
    await vi.advanceTimersByTimeAsync(SERVER_SAVE_EVERY_MS * 2);
    expect(storageKeys.chartSlots.map((key) => local.get(key))).toEqual([null, null, null, null]);
    expect(server.calls).toEqual([]);
    expect(chartStore.get().slots).toEqual({});
  });
});
