import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { MarginPage } from './MarginPage.tsx';
import { rupees, utilisation } from './margin-format.ts';

const details = (ledgerBalance: string) => ({
  ledgerBalance,
  payin: '25000.00',
  payout: '0.00',
  collateral: '150000.5',
  realisedPnl: '-1234.50',
  unrealisedPnl: '987.65',
  usedMargin: { span: '0.00', exposure: '0.00', premium: '0.00', delivery: '12500.00', other: '2500.00', total: '15000.00' },
  availableMargin: '1160000.50',
  deliveryCash: '1000000.00',
});

function renderPage(commodity: boolean) {
  sessionStore.signIn(loginFixture({ equity_flag: 'Y', commodity_flag_mcx: commodity ? 'Y' : 'N' }));
  const server = fakeServer({
    '/Account/MarginDetails': (data) => ({ data: details(data.segment === 'commodity' ? '50000.00' : '1000000.00') }),
    '/Account/MarginUtilizationPercent': () => ({ data: { utilizationPercent: '1.28' } }),
    '/Account/LedgerBalance': () => ({
      data: { ledgerBalance: '1000000.00', entries: [{ date: '21/11/2026', narration: 'Funds added', debit: '0.00', credit: '25000.00', balance: '1000000.00' }] },
    }),
  });
  const router = createMemoryRouter([{ path: '/home/margin', element: <MarginPage /> }], { initialEntries: ['/home/margin'] });
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
});

describe('Margin screen (trading.md 2, 9)', () => {
  it('formats amounts exactly with lakh grouping', () => {
    expect(rupees('1160000.5')).toBe('11,60,000.50');
    expect(rupees('-1234.5')).toBe('-1,234.50');
    expect(rupees('abc')).toBe('--');
    expect(utilisation('37.5')).toEqual({ shown: '37.50%', hundredths: 3750 });
    expect(utilisation('120').hundredths).toBe(10000);
  });

  it('shows the margin figures, utilisation and the ledger', async () => {
    renderPage(false);
    expect((await screen.findByTestId('available-margin')).textContent).toBe('11,60,000.50');
    expect(screen.getByTestId('used-margin').textContent).toBe('15,000.00');
    expect((await screen.findByTestId('utilisation')).textContent).toBe('1.28%');
    expect(screen.getByText('Collateral').nextSibling?.textContent).toBe('1,50,000.50');
    expect(screen.getByText('Cash for delivery buys').nextSibling?.textContent).toBe('10,00,000.00');
    const realised = screen.getByText('Realised P&L').nextSibling as HTMLElement;
    expect(realised.textContent).toBe('-1,234.50');
    expect(realised.className).toContain('down');
    expect(screen.getByText('Delivery').nextSibling?.textContent).toBe('12,500.00');
    expect(await screen.findByRole('cell', { name: 'Funds added' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('switches to the commodity figures for a commodity client', async () => {
    const user = userEvent.setup();
    const server = renderPage(true);
    await screen.findByTestId('available-margin');
    await user.click(screen.getByRole('radio', { name: 'Commodity' }));
    await screen.findByText('50,000.00');
    expect(server.calls.filter((c) => c.path === '/Account/MarginDetails').map((c) => c.data)).toEqual([{ segment: 'equity' }, { segment: 'commodity' }]);
  });
});
