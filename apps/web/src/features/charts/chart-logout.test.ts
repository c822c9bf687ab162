import type { SavedChart } from '@kite/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { logoutWithConfirmation } from '../../app/shell/session-actions.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { symbolObject } from '../search/testing/search-fixtures.ts';
import { defaultChart } from './chart-options.ts';
import { LOCAL_SAVE_DELAY_MS } from './chart-preferences.ts';
import { chartStore } from './chart-store.ts';

// The logout's confirmation is answered Yes; the other dialogs are not what this test is about.
vi.mock('../../components/dialog/index.ts', () => ({
  confirmDialog: vi.fn(async () => true),
  showMessage: vi.fn(async () => undefined),
  closeAllDialogs: vi.fn(),
}));

const tcs = symbolObject({ id: '11536', exc: 'NSE', instr: 'STK', xSym: 'TCS-EQ', trSymbol: 'TCS' });
const chartOf = (chartType: SavedChart['preference']['layout']['chartType']): SavedChart => {
  const chart = defaultChart(tcs);
  return { ...chart, preference: { ...chart.preference, layout: { ...chart.preference.layout, chartType } } };
};

beforeEach(() => {
  window.localStorage.clear();
  sessionStore.signIn(loginFixture({ equity_flag: 'Y' }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStore.signOut();
});

describe('logout and the chart saves held by the 30 s throttle (investing.md 4 "Chart", 9)', () => {
  it("saves the slot's last change to the server before the session is revoked", async () => {
    vi.useFakeTimers();
    const server = fakeServer({
      '/Chart/ChartPreferences': () => ({ data: { saved: true } }),
      '/Account/Logout': () => ({ data: { message: 'bye' } }),
    });
    chartStore.update('2', chartOf('bar'));
    await vi.advanceTimersByTimeAsync(LOCAL_SAVE_DELAY_MS);
    chartStore.update('2', chartOf('line'));
    await vi.advanceTimersByTimeAsync(LOCAL_SAVE_DELAY_MS);
    // The second change waits for the throttle; the client logs out 1 s later.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await logoutWithConfirmation(() => undefined)).toBe(true);
    expect(server.paths()).toEqual(['/Chart/ChartPreferences', '/Chart/ChartPreferences', '/Account/Logout']);
    expect(server.calls[1]?.data).toEqual({ chartId: '2', charts: chartOf('line') });
    expect(sessionStore.get()).toBeNull();
  });
});
