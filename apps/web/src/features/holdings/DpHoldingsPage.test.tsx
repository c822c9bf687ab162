import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { tickStore } from '../../lib/stream/tick-store.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { level1 } from '../positions/testing/position-fixtures.ts';
import { DpHoldingsPage } from './DpHoldingsPage.tsx';
import type { HoldingRow } from './holding-figures.ts';

const holding = (patch: Partial<HoldingRow>): HoldingRow => ({
  sym: { id: '2885', exc: 'NSE', exc_seg: 'nse_cm', instr: 'STK', xSym: 'RELIANCE-EQ' },
  displaySym: 'RELIANCE',
  companyName: 'Reliance Industries Ltd',
  isin: 'INE002A01018',
  streamSym: 'RELIANCE-EQ',
  qty: 50,
  freeQty: 50,
  t1Qty: 0,
  pledgedQty: 0,
  avgPrice: '1200.00',
  ltp: '1250.00',
  closePrice: '1240.00',
  currentValue: '62500.00',
  investedValue: '60000.00',
  pnl: '2500.00',
  dayChange: '500.00',
  poa: true,
  edisApprovedQty: 0,
  ...patch,
});

const itc = holding({
  sym: { id: '1660', exc: 'NSE', exc_seg: 'nse_cm', instr: 'STK', xSym: 'ITC-EQ' },
  displaySym: 'ITC',
  companyName: 'ITC Ltd',
  streamSym: 'ITC-EQ',
  poa: false,
  edisApprovedQty: 20,
});

function renderPage() {
  sessionStore.signIn(loginFixture({ equity_flag: 'Y' }));
  const server = fakeServer({
    '/Account/HoldingsSummary': () => ({
      // RELIANCE: 45 in the demat and 5 bought today (T1): 50 held, 45 free.
    data: { holdings: [holding({ freeQty: 45, t1Qty: 5 }), itc], totals: { investedValue: '120000.00', currentValue: '125000.00', pnl: '5000.00', dayChange: '-100.00' } },
    }),
  });
  const router = createMemoryRouter([{ path: '/home/dpholdings', element: <DpHoldingsPage /> }], { initialEntries: ['/home/dpholdings'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return server;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut();
  tickStore.clear();
});

describe('DP Holdings screen (platform.md 2.3)', () => {
  it('lists holdings with totals, e-DIS state, and live values', async () => {
    renderPage();
    const row = await screen.findByText('RELIANCE');
    const cells = () => Array.from(row.closest('tr')?.querySelectorAll('td') ?? []).slice(1).map((td) => td.textContent);
    expect(cells()).toEqual(['50', '45', '5', '0', '1,200.00', '1,250.00', '62,500.00', '2,500.00', '500.00', 'POA']);
    expect(screen.getByText('Approved 20')).toBeTruthy();
    expect(screen.getByText('Current value').nextSibling?.textContent).toBe('1,25,000.00');
    act(() => {
      tickStore.apply(level1('nse_cm|RELIANCE-EQ', '1260.10'));
      tickStore.flush();
    });
    // 1260.10 x 50 = 63,005.00; P&L against 60,000.00; day change against the 1,240.00 close.
    expect(cells().slice(5, 9)).toEqual(['1,260.10', '63,005.00', '3,005.00', '1,005.00']);
  });

  it('asks for the chosen filter', async () => {
    const user = userEvent.setup();
    const server = renderPage();
    await screen.findByText('RELIANCE');
    await user.click(screen.getByRole('radio', { name: 'Zero' }));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(server.calls.map((c) => c.data)).toEqual([{ filter: 'H' }, { filter: 'Z' }, { filter: 'A' }]);
  });
});
