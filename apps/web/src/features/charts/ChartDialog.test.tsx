import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { closeAllDialogs, DialogHost } from '../../components/dialog/index.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { local, storageKeys } from '../../lib/storage/storage.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { reliance } from '../search/testing/search-fixtures.ts';
import { openChartPopup } from '../shell-dialogs/index.ts';
import type { ChartCanvasProps } from './ChartCanvas.tsx';
import { isChartDialogOpen } from './ChartDialog.tsx';
import { chartStore } from './chart-store.ts';
import { relianceQuote } from './testing/chart-fixtures.ts';

// jsdom has no canvas: the chart library is replaced by a stand-in that shows what it was asked to draw.
vi.mock('./ChartCanvas.tsx', () => ({
  ChartCanvas: (props: ChartCanvasProps) => (
    <div role="img" aria-label={props.label} data-bars={props.bars.length} data-type={props.chartType} />
  ),
}));

const candles = [
  { updDate: '2026-11-19 00:00:00', open: '1505.00', high: '1512.50', low: '1500.10', price: '1510.00', volume: 2000 },
  { updDate: '2026-11-20 00:00:00', open: '1510.00', high: '1518.90', low: '1507.35', price: '1515.05', volume: 1234 },
];

function serve() {
  return fakeServer({
    '/Chart/GetChartPreferences': () => ({ data: { preferences: null } }),
    '/Chart/ChartPreferences': () => ({ data: { saved: true } }),
    '/Market/GetQuote': (data) => ({
      data: {
        quote: { ...relianceQuote, sym: data.sym },
        bids: [],
        asks: [],
      },
    }),
    '/Chart/PriceChart': () => ({ data: { chart: candles } }),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  chartStore.reset();
  sessionStore.signIn(loginFixture({ equity_flag: 'Y', fno_permission: 'Y' }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DialogHost />
    </QueryClientProvider>,
  );
});

afterEach(() => {
  act(() => closeAllDialogs());
  vi.unstubAllGlobals();
  sessionStore.signOut();
});

describe('the chart popup (platform.md 2.8, investing.md "Charts")', () => {
  it('opens the symbol’s year of daily candles in small view, saves no slot, and closes on Escape', async () => {
    const server = serve();
    const user = userEvent.setup();
    let closed = false;
    void act(() => openChartPopup(reliance.sym)).then(() => (closed = true));
    const dialog = await screen.findByRole('dialog', { name: 'Chart · RELIANCE' });
    const hud = within(dialog).getByRole('group', { name: 'Bar values' });
    await waitFor(() => expect(hud.textContent).toContain('O1,510.00H1,518.90L1,507.35C1,515.05'));
    expect(hud.textContent).toMatch(/^RELIANCE · 1 day · NSE/);
    expect(within(dialog).getByRole('img', { name: 'Charts: RELIANCE' }).dataset.bars).toBe('2');
    expect(within(dialog).getByRole('button', { name: '1Y' }).getAttribute('aria-pressed')).toBe('true');
    const request = server.calls.find((call) => call.path === '/Chart/PriceChart')?.data;
    expect(request).toMatchObject({ sym: reliance.sym, interval: 'D' });
    // Small view: no BUY/SELL; the popup does not expand over the window.
    expect(within(dialog).queryByRole('button', { name: 'BUY' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'SELL' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Expand' })).toBeNull();
    expect(isChartDialogOpen()).toBe(true);

    // A change in the popup is its own: no chart slot is read or written.
    await user.click(within(dialog).getByRole('button', { name: '3M' }));
    await waitFor(() => expect(server.calls.filter((call) => call.path === '/Chart/PriceChart')).toHaveLength(2));

    // A browser turns Escape in a modal <dialog> into a cancel event; jsdom does not (the browser test presses it).
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(closed).toBe(true));
    expect(isChartDialogOpen()).toBe(false);
    for (const key of storageKeys.chartSlots) expect(local.get(key)).toBeNull();
    expect(server.calls.map((call) => call.path)).not.toContain('/Chart/GetChartPreferences');
    expect(server.calls.map((call) => call.path)).not.toContain('/Chart/ChartPreferences');
  });

  it('closes from the close icon', async () => {
    serve();
    const user = userEvent.setup();
    void openChartPopup(reliance.sym);
    const dialog = await screen.findByRole('dialog', { name: 'Chart · RELIANCE' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
