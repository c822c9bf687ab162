import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { tickStore } from '../../../lib/stream/tick-store.ts';
import { fakeServer } from '../../../test/fake-server.ts';
import { level1Tick } from '../../../test/stream-fixtures.ts';
import { dashboardStore } from '../dashboard-store.ts';
import { TopGainersWidget, TopLosersWidget } from './TopMoversWidget.tsx';

// The chart popup itself is tested in features/charts; here only that a row opens it for its symbol.
const chartPopup = vi.hoisted(() => ({ open: vi.fn(async () => undefined) }));
vi.mock('../../charts/ChartDialog.tsx', () => ({ openChartDialog: chartPopup.open }));

afterEach(() => {
  vi.unstubAllGlobals();
  tickStore.clear();
  act(() => void dashboardStore.collapse());
});

function quote(displaySym: string, ltp: string, chng: string, chngPer: string, vol: number) {
  return {
    sym: {
      id: `${displaySym}_NSE`,
      exc: 'NSE',
      exc_seg: 'nse_cm',
      instr: 'STK',
      xSym: `${displaySym}_NSE`,
      trSymbol: `${displaySym}-EQ`,
    },
    displaySym,
    companyName: `${displaySym} Ltd.`,
    streamSym: displaySym,
    ltp,
    chng,
    chngPer,
    vol,
    bidPrice: ltp,
    askPrice: ltp,
    bidQty: 10,
    askQty: 12,
    totBuyQty: 1000,
    totSellQty: 1200,
  };
}

function renderWidget(widget: React.ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/home/dashboard', element: widget },
      { path: '/home/scripdetails', element: <h1>Scrip Details</h1> },
    ],
    { initialEntries: ['/home/dashboard'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('top gainers and losers widgets (investing.md "Top gainers / losers", compact list)', () => {
  it("lists NSE's gainers with LTP, change, change % and volume; a tick updates a row; a symbol opens scrip details", async () => {
    const server = fakeServer({
      '/Market/TopGainers': () => ({
        data: {
          gainers: [quote('INFY', '1520.30', '17.40', '1.16', 125430), quote('TCS', '3120.00', '13.90', '0.45', 9800)],
        },
      }),
    });
    const router = renderWidget(<TopGainersWidget />);
    const table = await screen.findByRole('table', { name: 'Top gainers of NIFTY 50 on NSE today' });
    await within(table).findByRole('button', { name: 'INFY' });
    expect(server.calls[0]).toEqual({
      path: '/Market/TopGainers',
      // investing.md 9 "Gainers/losers": 5 rows compact; index NIFTY 50, NSE, today.
      data: { exc: 'NSE', period: 'today', recordcount: 5, index: 'NIFTY 50' },
    });
    const cells = (name: string) =>
      within(within(table).getByRole('button', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('INFY')).toEqual(['INFY', '1,520.30', '17.40', '1.16%', '1,25,430']);
    act(() => {
      tickStore.apply(level1Tick('nse_cm|INFY_NSE', '1522.00', { chng: '19.10', chngPer: '1.27', vol: 125_500 }));
      tickStore.flush();
    });
    expect(cells('INFY')).toEqual(['INFY', '1,522.00', '19.10', '1.27%', '1,25,500']);
    await userEvent.setup().click(within(table).getByRole('button', { name: 'TCS' }));
    expect(router.state.location.pathname).toBe('/home/scripdetails');
  });

  it('expanded, chooses the exchange (which resets the index) and an index, with the extra columns per row', async () => {
    const server = fakeServer({
      '/Market/TopGainers': (data) => ({
        data: { gainers: data.exc === 'BSE' ? [] : [quote('INFY', '1520.30', '17.40', '1.16', 125430)] },
      }),
    });
    act(() => dashboardStore.expand('topGainers'));
    renderWidget(<TopGainersWidget />);
    const table = await screen.findByRole('table', { name: 'Top gainers of NIFTY 50 on NSE today' });
    await within(table).findByRole('button', { name: 'INFY' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Symbol',
      'LTP',
      'Change',
      '%Change',
      'Volume',
      'Bid',
      'Offer',
      'Bid Qty',
      'Offer Qty',
      'LTQ',
      'TBQ',
      'TSQ',
      'Trade',
    ]);
    expect(within(table).getByRole('button', { name: 'Add INFY to a watchlist' })).toBeTruthy();
    // investing.md 9: 30 rows expanded, starting on NIFTY 50 of NSE.
    expect(server.calls.at(-1)?.data).toEqual({ exc: 'NSE', period: 'today', recordcount: 30, index: 'NIFTY 50' });
    expect((screen.getByRole('combobox', { name: 'Index' }) as HTMLSelectElement).value).toBe('NIFTY 50');
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Chart of INFY' }));
    await vi.waitFor(() => expect(chartPopup.open).toHaveBeenCalledWith(quote('INFY', '1520.30', '17.40', '1.16', 0).sym));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Index' }), 'NIFTY IT');
    await vi.waitFor(() =>
      expect(server.calls.at(-1)?.data).toEqual({ exc: 'NSE', period: 'today', recordcount: 30, index: 'NIFTY IT' }),
    );
    await user.click(screen.getByRole('radio', { name: 'BSE' }));
    await vi.waitFor(() => expect(server.calls.at(-1)?.data).toEqual({ exc: 'BSE', period: 'today', recordcount: 30 }));
    expect(await screen.findByText('No stock on BSE is up today.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Index' }) as HTMLSelectElement).value).toBe('');
    expect(
      within(screen.getByRole('combobox', { name: 'Index' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All stocks', 'SENSEX', 'BANKEX']);
  });

  it('says when nothing is down today', async () => {
    fakeServer({ '/Market/TopLosers': () => ({ data: { losers: [] } }) });
    renderWidget(<TopLosersWidget />);
    expect(await screen.findByText('No stock of NIFTY 50 is down today.')).toBeTruthy();
  });
});
