import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { renderWithClient } from '../../test/render-with-client.tsx';
import { EquityMarketSummaryPage, FnoMarketSummaryPage } from './MarketSummaryPages.tsx';

const sym = (exc: string, id: string, instr = 'STK') => ({ id, exc, exc_seg: 'nse_cm', instr, xSym: id });
const quote = (displaySym: string, chngPer: string) => ({
  sym: sym('NSE', displaySym),
  displaySym,
  companyName: `${displaySym} Ltd.`,
  ltp: '2512.40',
  chng: '30.10',
  chngPer,
  vol: 1234567,
});
const future = (displaySym: string) => ({
  sym: sym('NFO', displaySym, 'FUTIDX'),
  displaySym,
  ltp: '26247.00',
  chng: '-8.00',
  chngPer: '-0.03',
  openInterest: 25_545,
  oiChange: 1_170,
  oiChangePer: '4.80',
});

function renderPage(page: React.ReactElement, handlers: Record<string, (data: Record<string, unknown>) => FakeAnswer>) {
  const server = fakeServer(handlers);
  renderWithClient(<MemoryRouter>{page}</MemoryRouter>);
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('Market Summary (/home/ms/eq/mkt/summary)', () => {
  it('shows the first five of each NSE list, each with a link to the whole list', async () => {
    const gainers = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((s) => quote(s, '1.21'));
    const server = renderPage(<EquityMarketSummaryPage />, {
      '/MarketStats/Indices': () => ({ data: { indices: [] } }),
      '/MarketStats/AdvanceDecline': () => ({ data: { exchanges: [] } }),
      '/Market/TopGainers': () => ({ data: { gainers } }),
      '/Market/TopLosers': () => ({ data: { losers: [] } }),
      '/MarketStats/MostActive': () => ({ data: { rows: [] } }),
      '/MarketStats/YearHighLow': () => ({ data: { rows: [] } }),
    });
    const top = await screen.findByRole('region', { name: 'Top Gainers (NSE)' });
    await within(top).findByText('A');
    expect(within(top).getAllByRole('row')).toHaveLength(1 + 5);
    expect(within(top).queryByText('F')).toBeNull();
    expect(within(top).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe(
      '/home/ms/eq/mkt/advancedecline',
    );
    const losers = screen.getByRole('region', { name: 'Top Losers (NSE)' });
    expect(await within(losers).findByText('No equity has fallen today.')).toBeDefined();
    expect(server.calls.find((c) => c.path === '/Market/TopGainers')?.data).toMatchObject({ exc: 'NSE' });
  });
});

describe('F&O Market Summary (/home/ms/fno/mkt/summary)', () => {
  it('shows the put-call ratios and the head of the futures open-interest lists', async () => {
    renderPage(<FnoMarketSummaryPage />, {
      '/MarketStats/PutCallRatio': () => ({
        data: {
          indices: [
            { symbol: 'NIFTY', exc: 'NFO', expiry: '2026-12-01', callOi: 1250000, putOi: 1100000, pcr: '0.88' },
          ],
        },
      }),
      '/MarketStats/OpenInterest': (data) => ({ data: { rows: data.rank === 'oi' ? [future('NIFTY DEC FUT')] : [] } }),
      '/MarketStats/OiBuildup': () => ({ data: { rows: [] } }),
    });
    expect((await screen.findByTestId('pcr-NIFTY')).textContent).toContain('0.88');
    const highest = screen.getByRole('region', { name: 'Futures: Highest OI' });
    const row = (await within(highest).findByText('NIFTY DEC FUT')).closest('tr')!;
    expect(within(row).getByText('25,545')).toBeDefined();
    const long = screen.getByRole('region', { name: 'Futures: Long Build-up' });
    expect(await within(long).findByText('No contract shows this build-up now.')).toBeDefined();
    expect(within(long).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe(
      '/home/ms/fno/mkt/screeners',
    );
  });
});
