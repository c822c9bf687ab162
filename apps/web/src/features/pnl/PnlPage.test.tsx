import type { PnlRow, PnlSummary } from '@kite/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { closeAllDialogs, DialogHost } from '../../components/dialog/index.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { tickStore } from '../../lib/stream/tick-store.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { level1 } from '../positions/testing/position-fixtures.ts';
import { PortfolioTrackerDionPage, PortfolioTrackerPage } from './PnlPage.tsx';

function pnlRow(over: Partial<PnlRow> & { symbol: string }): PnlRow {
  const xSym = `${over.symbol}-EQ`;
  return {
    contractDescWeb: over.symbol,
    contractDesc: `${over.symbol} Ltd`,
    exchange: 'NSE',
    securityId: '1',
    instrumentType: 'STK',
    expiryDateFormatted: '',
    optionType: '',
    strikePrice: '',
    sector: 'Oil',
    qty: 10,
    avgBuyPrice: '100.00',
    purchaseValue: '1000.00',
    ltp: '110.00',
    prevClose: '105.00',
    currentValue: '1100.00',
    todayGainLoss: '50.00',
    todayGainLossPerc: '4.76',
    plValue: '100.00',
    plPerc: '10.00',
    realised: '0.00',
    securitycode: `NSE|${over.symbol}`,
    flag: 0,
    sym: { id: `NSE|${over.symbol}`, exc: 'NSE', exc_seg: 'nse_cm', instr: 'STK', xSym },
    streamSym: over.symbol,
    multiplier: 1,
    ...over,
  };
}

const reliance = pnlRow({ symbol: 'RELIANCE' });
const tcs = pnlRow({
  symbol: 'TCS',
  sector: 'IT',
  qty: 2,
  avgBuyPrice: '3000.00',
  purchaseValue: '6000.00',
  ltp: '2900.00',
  prevClose: '2950.00',
  currentValue: '5800.00',
  todayGainLoss: '-100.00',
  todayGainLossPerc: '-1.69',
  plValue: '-200.00',
  plPerc: '-3.33',
  realised: '25.50',
});
const niftyFut = pnlRow({
  symbol: 'NIFTY',
  contractDescWeb: 'NIFTY 25NOV FUT',
  exchange: 'NFO',
  instrumentType: 'FUTIDX',
  qty: 75,
  avgBuyPrice: '25000.00',
  purchaseValue: '1875000.00',
  ltp: '25010.00',
  prevClose: '25000.00',
  currentValue: '1875750.00',
  todayGainLoss: '750.00',
  todayGainLossPerc: '0.04',
  plValue: '750.00',
  plPerc: '0.04',
  flag: 1,
  securitycode: 'NFO|NIFTY',
  sym: { id: 'NFO|NIFTY', exc: 'NFO', exc_seg: 'nse_fo', instr: 'FUTIDX', xSym: 'NIFTY25NOVFUT' },
});

function summary(rows: PnlRow[], sectors = false): PnlSummary {
  return {
    totalInvestment: '0.00',
    totalValue: '0.00',
    todayPL: '0.00',
    totalPL: '0.00',
    totalRealisedPL: '0.00',
    overallGainLoss: '0.00',
    totalGainLoss: '0.00',
    symbols: [],
    plDetailsList: rows,
    sectorData: sectors
      ? [...new Set(rows.map((r) => r.sector))].sort().map((sectorName) => ({
          sectorName,
          sectorList: rows.filter((r) => r.sector === sectorName),
          totalInvestment: '0.00',
          totalValue: '0.00',
          todayPL: '0.00',
          totalPL: '0.00',
          totalRealisedPL: '0.00',
        }))
      : [],
  };
}

const bySegment = (data: Record<string, unknown>): FakeAnswer => {
  if (data.segment === 'Derivatives') return { data: { data: summary([niftyFut]) } };
  if (data.segment === 'Currency') return { data: { data: summary([]) } };
  return { data: { data: summary([reliance, tcs], data.segment === 'EquitySector') } };
};

function renderPage(handlers: Record<string, (data: Record<string, unknown>) => FakeAnswer>, page: 'classic' | 'new' = 'classic') {
  sessionStore.signIn(loginFixture({ equity_flag: 'Y', fno_permission: 'Y' }));
  const server = fakeServer(handlers);
  const router = createMemoryRouter(
    [
      { path: '/home/portfoliotracker', element: page === 'new' ? <PortfolioTrackerDionPage /> : <PortfolioTrackerPage /> },
      { path: '/home/scripdetails', element: <p>scrip details</p> },
    ],
    { initialEntries: ['/home/portfoliotracker'] },
  );
  // As in app/App.tsx: the dialog host sits inside the query client, outside the router.
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return { server, router };
}

const card = (name: string) => screen.getByTestId(`card-${name}`).textContent;
const total = (column: string) => document.querySelector(`tfoot [data-total="${column}"]`)?.textContent;
const names = () => Array.from(document.querySelectorAll('tbody tr[data-row-key]')).map((r) => r.getAttribute('data-row-key'));
const cellOf = (key: string, column: string) => document.querySelector(`tr[data-row-key="${key}"] [data-column="${column}"]`)?.textContent;

afterEach(() => {
  closeAllDialogs();
  vi.unstubAllGlobals();
  sessionStore.signOut();
  tickStore.clear();
});

describe('Profit & Loss Summary (investing.md 2, 4, 9)', () => {
  it('shows holdings with header cards, a TOTAL row of the sums and the two footnotes word for word', async () => {
    const { server } = renderPage({ '/Business/Porfolio': bySegment });
    await screen.findByText('RELIANCE');
    expect(server.calls[0]).toEqual({ path: '/Business/Porfolio', data: { filters: 'ALL', segment: 'Equity' } });
    expect(card('total')).toContain('7,000.00');
    expect(card('current')).toContain('6,900.00');
    // -100 / 7000 = -1.43%; today -50 over the previous value 6950 = -0.72%
    expect(card('overall')).toBe('Overall Gain/Loss(%)-100.00(-1.43%)');
    expect(card('today')).toBe('Today Gain/Loss(%)-50.00(-0.72%)');
    expect(card('realised')).toContain('25.50');
    expect(total('purchaseValue')).toBe('7,000.00');
    expect(total('notional')).toBe('-100.00');
    expect(total('notionalPerc')).toBe('-1.43');
    expect(total('realised')).toBe('25.50');
    expect(within(document.querySelector('tfoot') as HTMLElement).getByRole('rowheader').textContent).toBe('TOTAL');
    // Colours: negative red, otherwise green.
    expect(document.querySelector('tfoot [data-total="notional"] span')?.className).toBe('down');
    expect(document.querySelector('tfoot [data-total="realised"] span')?.className).toBe('up');
    expect(screen.getByText('Buy Rate includes Actual Rate + (Brokerage + GST/Service Tax + Transaction Charges)')).toBeTruthy();
    expect(screen.getByText('Sell Rate includes Actual Rate - (Brokerage + GST/Service Tax + Transaction Charges)')).toBeTruthy();
    expect(screen.getByLabelText('Filter')).toBeTruthy();
  });

  it('sorts each column ASC then DSC, numbers as numbers and names as text', async () => {
    const user = userEvent.setup();
    const cheap = pnlRow({ symbol: 'ITC', avgBuyPrice: '9.50', securitycode: 'NSE|ITC' });
    renderPage({ '/Business/Porfolio': () => ({ data: { data: summary([reliance, tcs, cheap]) } }) });
    await screen.findByText('RELIANCE');
    await user.click(screen.getByRole('button', { name: 'AVG PRICE' }));
    expect(names()).toEqual(['NSE|ITC', 'NSE|RELIANCE', 'NSE|TCS']);
    await user.click(screen.getByRole('button', { name: 'AVG PRICE' }));
    expect(names()).toEqual(['NSE|TCS', 'NSE|RELIANCE', 'NSE|ITC']);
    await user.click(screen.getByRole('button', { name: 'SCRIP NAME' }));
    expect(names()).toEqual(['NSE|ITC', 'NSE|RELIANCE', 'NSE|TCS']);
    await user.click(screen.getByRole('button', { name: 'NOTIONAL PROFIT/LOSS' }));
    expect(names()[0]).toBe('NSE|TCS');
  });

  it('toggles SECTOR (holdings only) and F&O / CURRENCY, each refetching its segment', async () => {
    const user = userEvent.setup();
    const { server } = renderPage({ '/Business/Porfolio': bySegment });
    await screen.findByText('RELIANCE');
    await user.click(screen.getByRole('radio', { name: 'SECTOR' }));
    await screen.findByRole('columnheader', { name: /SECTOR NAME/ });
    expect(server.calls.at(-1)?.data).toEqual({ filters: 'ALL', segment: 'EquitySector' });
    expect(names()).toEqual(['IT', 'Oil']);
    // A sector opens to its scrips with their own TOTAL row.
    await user.click(screen.getByRole('button', { name: 'Oil' }));
    const oil = screen.getByRole('table', { name: 'Oil' });
    expect(within(oil).getByText('RELIANCE')).toBeTruthy();
    expect(oil.querySelector('tfoot [data-total="currentValue"]')?.textContent).toBe('1,100.00');

    await user.click(screen.getByRole('radio', { name: 'F&O' }));
    await screen.findByText('NIFTY 25NOV FUT');
    expect(server.calls.at(-1)?.data).toEqual({ filters: 'ALL', segment: 'Derivatives' });
    expect(screen.queryByRole('radio', { name: 'SECTOR' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'CURRENCY' }));
    await screen.findByText('Nothing to show in this segment.');
    expect(server.calls.at(-1)?.data).toEqual({ filters: 'ALL', segment: 'Currency' });
    expect(card('current')).toContain('0.00');

    await user.click(screen.getByRole('radio', { name: 'HOLDINGS' }));
    await screen.findByRole('button', { name: 'IT' });
    await user.selectOptions(screen.getByLabelText('Filter'), 'LOSS');
    await screen.findByRole('button', { name: 'IT' });
    expect(server.calls.at(-1)?.data).toEqual({ filters: 'LOSS', segment: 'EquitySector' });
  });

  it('shows a portfolio error inline in red with every total reset to 0.00', async () => {
    renderPage({ '/Business/Porfolio': () => ({ infoID: 'EGN999', infoMsg: 'Portfolio service unavailable' }) });
    const alert = await screen.findByText('Portfolio service unavailable');
    expect(alert.className).toContain('error');
    for (const name of ['total', 'current', 'realised']) expect(card(name)).toContain('0.00');
    expect(card('overall')).toContain('0.00(0.00%)');
    expect(document.querySelector('tfoot')).toBeNull();
  });

  it('ignores a portfolio error that arrives after the segment changed', async () => {
    const user = userEvent.setup();
    let failEquity: (() => void) | null = null;
    const { server } = renderPage({ '/Business/Porfolio': bySegment });
    // The holdings answer is held back and then fails; F&O answers at once.
    const answered = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      const body = JSON.parse(String(init?.body)) as { request: { data: { segment: string } } };
      if (body.request.data.segment !== 'Equity') return answered(url, init);
      await new Promise<void>((resolve) => (failEquity = resolve));
      return new Response(JSON.stringify({ response: { infoID: 'EGN999', infoMsg: 'Late failure' } }), { status: 200 });
    });
    await user.click(screen.getByRole('radio', { name: 'SECTOR' }));
    await user.click(screen.getByRole('radio', { name: 'SCRIP' }));
    await user.click(screen.getByRole('radio', { name: 'F&O' }));
    await screen.findByText('NIFTY 25NOV FUT');
    expect(failEquity).not.toBeNull();
    await act(async () => failEquity?.());
    expect(screen.queryByText('Late failure')).toBeNull();
    expect(screen.getByText('NIFTY 25NOV FUT')).toBeTruthy();
    expect(server.calls.at(-1)?.data).toEqual({ filters: 'ALL', segment: 'Derivatives' });
  });

  it('updates ltp, current value, today gain, percentages and totals on a live tick', async () => {
    renderPage({ '/Business/Porfolio': bySegment });
    await screen.findByText('RELIANCE');
    act(() => {
      tickStore.apply(level1('nse_cm|RELIANCE-EQ', '120.00'));
      tickStore.flush();
    });
    expect(cellOf('NSE|RELIANCE', 'ltp')).toBe('120.00');
    expect(cellOf('NSE|RELIANCE', 'currentValue')).toBe('1,200.00');
    expect(cellOf('NSE|RELIANCE', 'today')).toBe('150.00');
    expect(cellOf('NSE|RELIANCE', 'todayPerc')).toBe('14.29');
    expect(cellOf('NSE|RELIANCE', 'notional')).toBe('200.00');
    expect(cellOf('NSE|RELIANCE', 'notionalPerc')).toBe('20.00');
    expect(total('currentValue')).toBe('7,000.00');
    expect(total('notional')).toBe('0.00');
    expect(card('current')).toContain('7,000.00');
    expect(card('today')).toBe('Today Gain/Loss(%)50.00(0.72%)');
  });

  it('row menu: holdings rows offer SCRIP INFORMATION, TRADE HISTORY and ADD TO WATCHLIST; F&O rows TRADE HISTORY only', async () => {
    const user = userEvent.setup();
    const { router } = renderPage({ '/Business/Porfolio': bySegment });
    await screen.findByText('RELIANCE');
    await user.click(screen.getByRole('button', { name: 'Actions for RELIANCE' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['SCRIP INFORMATION', 'TRADE HISTORY', 'ADD TO WATCHLIST']);
    await user.click(screen.getByRole('menuitem', { name: 'SCRIP INFORMATION' }));
    expect(router.state.location.pathname).toBe('/home/scripdetails');
  });

  it('opens the Trade History popup with its rows, footer totals and footnotes (F&O row)', async () => {
    const user = userEvent.setup();
    const { server } = renderPage({
      '/Business/Porfolio': bySegment,
      '/Business/TradeHistory': () => ({
        data: {
          dataSet: [
            { dateoftransaction: '21-11-2026 10:15:02', TransactonType: 'BUY', quantity: 75, price: '25000.00', brokercommission: '43.21', value: '1875043.21' },
          ],
          totalBuyQty: 75,
          totalSellQty: 0,
          totalBuyValue: '1875043.21',
          totalSellValue: '0.00',
          bookedPL: '0.00',
          notionalPL: '706.79',
          netBuySell: 75,
          ltp: '25010.00',
        },
      }),
    });
    await screen.findByText('RELIANCE');
    await user.click(screen.getByRole('radio', { name: 'F&O' }));
    await screen.findByText('NIFTY 25NOV FUT');
    await user.click(screen.getByRole('button', { name: 'Actions for NIFTY 25NOV FUT' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['TRADE HISTORY']);
    await user.click(screen.getByRole('menuitem', { name: 'TRADE HISTORY' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    await within(dialog).findByText('18,75,043.21');
    expect(within(dialog).getByText('75 (18,75,043.21)')).toBeTruthy();
    expect(server.calls.at(-1)).toEqual({ path: '/Business/TradeHistory', data: { segment: 'Derivatives', uniqueId: 'NFO|NIFTY', tradedPrice: '25010.00' } });
    for (const label of ['DATE & TIME', 'TYPE', 'QUANTITY', 'TRADE PRICE', 'CHARGES', 'TRADE AMOUNT']) expect(within(dialog).getByRole('columnheader', { name: new RegExp(label.replace(/[&()]/g, '.')) })).toBeTruthy();
    for (const label of ['TOTAL BUY', 'TOTAL SELL', 'NET BUY/SELL', 'BOOKED P/L', 'NOTIONAL P/L']) expect(within(dialog).getByText(label)).toBeTruthy();
    expect(within(dialog).getByText('Last Traded Price', { exact: false })).toBeTruthy();
    expect(within(dialog).getByText('706.79').className).toBe('up');
    expect(within(dialog).getByText('Buy Rate includes Actual Rate + (Brokerage + GST/Service Tax + Transaction Charges)')).toBeTruthy();
  });
});

describe('Trade History popup at a live price', () => {
  it('keeps NOTIONAL P/L at the Last Traded Price it shows when a tick moves the price', async () => {
    const user = userEvent.setup();
    renderPage({
      '/Business/Porfolio': bySegment,
      '/Business/TradeHistory': () => ({
        data: {
          dataSet: [{ dateoftransaction: '', TransactonType: 'HOLDING', quantity: 10, price: '100.00', brokercommission: '0.00', value: '1000.00' }],
          totalBuyQty: 10,
          totalSellQty: 0,
          totalBuyValue: '1000.00',
          totalSellValue: '0.00',
          bookedPL: '0.00',
          notionalPL: '100.00',
          netBuySell: 10,
          ltp: '110.00',
        },
      }),
    });
    await screen.findByText('RELIANCE');
    await user.click(screen.getByRole('button', { name: 'Actions for RELIANCE' }));
    await user.click(screen.getByRole('menuitem', { name: 'TRADE HISTORY' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trade History' });
    await within(dialog).findByText('1,000.00', { selector: 'td' });
    expect(within(dialog).getByTestId('history-notional').textContent).toBe('100.00');
    act(() => {
      tickStore.apply(level1('nse_cm|RELIANCE-EQ', '120.00'));
      tickStore.flush();
    });
    expect(within(dialog).getByTestId('history-ltp').textContent).toBe('120.00');
    // 10 x (120.00 - 100.00), as the row behind shows
    expect(within(dialog).getByTestId('history-notional').textContent).toBe('200.00');
    expect(cellOf('NSE|RELIANCE', 'notional')).toBe('200.00');
  });
});

describe('the new profit and loss view (/home/portfolioTrackerDion)', () => {
  it("calls PorfolioV2, shows 'Holdings' instead of the filter (the filter in F&O) and warns of a 0.00 average", async () => {
    const user = userEvent.setup();
    const unknownPrice = pnlRow({ symbol: 'ITC', avgBuyPrice: '0.00', purchaseValue: '0.00', plPerc: '0.00', securitycode: 'NSE|ITC' });
    const { server } = renderPage(
      { '/Business/PorfolioV2': (data) => (data.segment === 'Derivatives' ? bySegment(data) : { data: { data: summary([reliance, unknownPrice]) } }) },
      'new',
    );
    await screen.findByText('RELIANCE');
    expect(server.calls[0]?.path).toBe('/Business/PorfolioV2');
    expect(screen.queryByLabelText('Filter')).toBeNull();
    expect(screen.getByText('Holdings')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Apologies, the buy price for some stocks is unavailable, resulting in Avg Price displayed as 0 and impacting Gain/Loss calculation.',
    );
    await user.click(screen.getByRole('radio', { name: 'F&O' }));
    await screen.findByText('NIFTY 25NOV FUT');
    expect(screen.getByLabelText('Filter')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not carry a filter chosen on F&O back to the holdings, where no filter is shown', async () => {
    const user = userEvent.setup();
    const { server } = renderPage({ '/Business/PorfolioV2': bySegment }, 'new');
    await screen.findByText('RELIANCE');
    await user.click(screen.getByRole('radio', { name: 'F&O' }));
    await screen.findByText('NIFTY 25NOV FUT');
    await user.selectOptions(screen.getByLabelText('Filter'), 'LOSS');
    await screen.findByText('NIFTY 25NOV FUT');
    expect(server.calls.at(-1)?.data).toEqual({ filters: 'LOSS', segment: 'Derivatives' });
    await user.click(screen.getByRole('radio', { name: 'HOLDINGS' }));
    await screen.findByText('RELIANCE');
    expect(screen.queryByLabelText('Filter')).toBeNull();
    expect(server.calls.at(-1)?.data).toEqual({ filters: 'ALL', segment: 'Equity' });
  });
});
