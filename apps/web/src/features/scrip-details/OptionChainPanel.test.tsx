import type { OptionChainLeg, OptionChainRow, SymbolObject } from '@kite/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { tickStore } from '../../lib/stream/tick-store.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { selectedScrip, type ScripRef } from '../market-data/selected-scrip.ts';
import { reliance } from '../search/testing/search-fixtures.ts';
import { ScripDetailsPage } from './ScripDetailsPage.tsx';

// The canvas chart has its own helpers' tests; jsdom has no canvas.
vi.mock('./IntradayChart.tsx', () => ({ IntradayChart: () => null }));

const nifty: SymbolObject = {
  id: '1355',
  exc: 'NSE',
  exc_seg: 'nse_cm',
  instr: 'IDX',
  xSym: '1355_NSE',
  trSymbol: 'NIFTY 50',
};
const niftyScrip: ScripRef = {
  sym: nifty,
  displaySym: 'NIFTY 50',
  companyName: 'NIFTY 50',
  streamSym: 'NIFTY 50',
  tradable: false,
};
const relianceScrip: ScripRef = {
  sym: reliance.sym,
  displaySym: 'RELIANCE',
  companyName: reliance.companyName,
  streamSym: 'RELIANCE',
  tradable: true,
};

const quote = {
  sym: nifty,
  displaySym: 'NIFTY 50',
  companyName: 'NIFTY 50',
  ltp: '26010.50',
  chng: '-20.00',
  chngPer: '-0.08',
  dpr: '0.00 - 0.00',
  openPrice: '26000.00',
  highPrice: '26050.00',
  lowPrice: '25990.00',
  closePrice: '26030.50',
  lot: 1,
  tickSize: '0.01',
  lotQualifier: 1,
  priceQualifier: 1,
  bidQty: 0,
  bidPrice: '0.00',
  askQty: 0,
  askPrice: '0.00',
  streamSym: 'NIFTY 50',
  totBuyQty: 0,
  totSellQty: 0,
  vol: 0,
  avgTradedPrice: '0.00',
  yearHigh: '26500.00',
  yearLow: '21800.00',
  openInterest: null,
  lUpdatedTime: '21/11/2026 10:00:00',
  survId: null,
  survMsg: null,
};

function leg(strike: number, type: 'CE' | 'PE', expiry: string): OptionChainLeg {
  const month = expiry === '2026-11-24' ? 'NOV' : 'DEC';
  return {
    sym: {
      id: `${type}${strike}${expiry}`,
      exc: 'NFO',
      exc_seg: 'nse_fo',
      instr: 'OPTIDX',
      xSym: `NIFTY26${month}${strike}${type}`,
      trSymbol: `NIFTY26${month}${strike}${type}`,
      strike: `${strike}.00`,
      optType: type,
      expiry,
    },
    displaySym: `NIFTY ${month} ${strike} ${type}`,
    companyName: 'NIFTY 50 OPTIONS',
    streamSym: `NIFTY26${month}${strike}${type}`,
    ltp: type === 'CE' ? `${Math.max(26010 - strike, 0) + 50}.25` : `${Math.max(strike - 26010, 0) + 40}.75`,
    chng: type === 'CE' ? '5.00' : '-4.00',
    chngPer: type === 'CE' ? '3.10' : '-2.50',
    openInterest: 150000 + strike,
    oiChange: type === 'CE' ? 1300 : -650,
    vol: 2600000,
  };
}

/** Strikes every 100 from `from` to `to`, the one at 26,000 at the money (the index is at 26,010.50). */
function chain(expiry: string, from = 25800, to = 26200) {
  const strikes: OptionChainRow[] = [];
  for (let strike = from; strike <= to; strike += 100) {
    strikes.push({
      strike: `${strike}.00`,
      atm: strike === 26000,
      call: leg(strike, 'CE', expiry),
      put: strike === to ? null : leg(strike, 'PE', expiry),
    });
  }
  return {
    underlying: { sym: nifty, displaySym: 'NIFTY 50', ltp: '26010.50', chng: '-20.00', chngPer: '-0.08' },
    expiries: ['2026-11-24', '2026-12-01', '2026-12-29'],
    expiry,
    strikes,
  };
}

function renderPage(shown: ScripRef, optionChain: (data: Record<string, unknown>) => FakeAnswer) {
  sessionStore.signIn(loginFixture({ equity_flag: 'Y', fno_permission: 'Y' }));
  const server = fakeServer({
    '/Market/GetQuote': () => ({
      data: { quote: { ...quote, sym: shown.sym, displaySym: shown.displaySym }, bids: [], asks: [] },
    }),
    '/Market/GetContractDetails': () => ({ infoID: 'MKT001', infoMsg: 'Not in this test' }),
    '/Market/GetOptionChain': optionChain,
  });
  const router = createMemoryRouter([{ path: '/home/scripdetails', element: <ScripDetailsPage /> }], {
    initialEntries: [{ pathname: '/home/scripdetails', state: { scrip: shown } }],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return server;
}

const byExpiry = (data: Record<string, unknown>) => ({ data: chain(String(data.expiry ?? '2026-11-24')) });
const chainCalls = (server: ReturnType<typeof fakeServer>) =>
  server.calls.filter((call) => call.path === '/Market/GetOptionChain').map((call) => call.data);
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut();
  tickStore.clear();
});

describe('option chain on scrip details (/Market/GetOptionChain)', () => {
  it('shows calls left and puts right of the strikes, ascending, with the at-the-money strike marked', async () => {
    const server = renderPage(niftyScrip, byExpiry);
    const section = await screen.findByRole('region', { name: 'Option chain' });
    const table = await within(section).findByRole('table', { name: 'Option chain of NIFTY 50, expiry 24/11/2026' });
    expect(chainCalls(server)).toEqual([{ sym: nifty }]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('aria-label') ?? th.textContent),
    ).toEqual([
      'Call OI',
      'Call change in OI',
      'Call volume',
      'Call LTP',
      'Call change %',
      'Strike',
      'Put LTP',
      'Put change %',
      'Put volume',
      'Put change in OI',
      'Put OI',
    ]);
    const rows = bodyRows(table);
    expect(rows.map((row) => cells(row)[5])).toEqual([
      '25,800.00',
      '25,900.00',
      '26,000.00ATM',
      '26,100.00',
      '26,200.00',
    ]);
    expect(cells(rows[2]!)).toEqual([
      '1,76,000',
      '+1,300',
      '26,00,000',
      '60.25',
      '+3.10',
      '26,000.00ATM',
      '40.75',
      '-2.50',
      '26,00,000',
      '-650',
      '1,76,000',
    ]);
    expect(rows.filter((row) => within(row).queryByText('ATM'))).toHaveLength(1);
    // A strike without a put shows dashes on the put side.
    expect(cells(rows[4]!).slice(6)).toEqual(['--', '--', '--', '--', '--']);
    expect(within(rows[2]!).getByText('+3.10').className).toContain('up');
    expect(within(rows[2]!).getByText('-2.50').className).toContain('down');
    expect(within(section).getByText('NIFTY 50')).toBeTruthy();
  });

  it('asks for the expiry chosen in the select, the nearest chosen at first', async () => {
    const server = renderPage(niftyScrip, byExpiry);
    const section = await screen.findByRole('region', { name: 'Option chain' });
    const select = (await within(section).findByRole('combobox', { name: 'Expiry' })) as HTMLSelectElement;
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['24/11/2026', '01/12/2026', '29/12/2026']);
    expect(select.value).toBe('2026-11-24');
    await userEvent.setup().selectOptions(select, '01/12/2026');
    await within(section).findByRole('table', { name: 'Option chain of NIFTY 50, expiry 01/12/2026' });
    expect(chainCalls(server)).toEqual([{ sym: nifty }, { sym: nifty, expiry: '2026-12-01' }]);
    expect(select.value).toBe('2026-12-01');
    expect(within(section).getByRole('button', { name: 'Open NIFTY DEC 26000 CE' })).toBeTruthy();
  });

  it('shows 15 strikes either side of the money until all are asked for', async () => {
    renderPage(niftyScrip, (data) => ({ data: chain(String(data.expiry ?? '2026-11-24'), 24000, 28000) }));
    const section = await screen.findByRole('region', { name: 'Option chain' });
    const table = await within(section).findByRole('table');
    const strikes = () => bodyRows(table).map((row) => cells(row)[5]);
    expect(strikes()).toHaveLength(31);
    expect(strikes()[0]).toBe('24,500.00');
    expect(strikes()[15]).toBe('26,000.00ATM');
    expect(strikes()[30]).toBe('27,500.00');
    const toggle = within(section).getByRole('button', { name: 'Show all strikes (41)' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    const user = userEvent.setup();
    await user.click(toggle);
    expect(strikes()).toHaveLength(41);
    expect(strikes()[0]).toBe('24,000.00');
    expect(strikes()[40]).toBe('28,000.00');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(within(section).getByRole('button', { name: 'Show strikes near the money' }));
    expect(strikes()).toHaveLength(31);
  });

  it('opens scrip details of an option from its last price', async () => {
    renderPage(niftyScrip, byExpiry);
    const section = await screen.findByRole('region', { name: 'Option chain' });
    await userEvent.setup().click(await within(section).findByRole('button', { name: 'Open NIFTY NOV 26100 PE' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('NIFTY NOV 26100 PENFO'));
    expect(selectedScrip.get()).toEqual({
      sym: leg(26100, 'PE', '2026-11-24').sym,
      displaySym: 'NIFTY NOV 26100 PE',
      companyName: 'NIFTY 50 OPTIONS',
      streamSym: 'NIFTY26NOV26100PE',
      tradable: true,
    });
  });

  it('shows no section for a stock without options (MKT006)', async () => {
    const server = renderPage(relianceScrip, () => ({
      infoID: 'MKT006',
      infoMsg: 'No options found: RELIANCE has no options.',
    }));
    await screen.findByLabelText('Last traded price');
    await waitFor(() => expect(chainCalls(server)).toEqual([{ sym: reliance.sym }]));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Option chain' })).toBeNull());
    expect(screen.queryByText('No options found: RELIANCE has no options.')).toBeNull();
  });

  it("shows the server's message for another error", async () => {
    renderPage(relianceScrip, () => ({ infoID: 'EGN001', infoMsg: 'Something went wrong' }));
    const section = await screen.findByRole('region', { name: 'Option chain' });
    expect((await within(section).findByRole('alert')).textContent).toBe('Something went wrong');
  });
});
