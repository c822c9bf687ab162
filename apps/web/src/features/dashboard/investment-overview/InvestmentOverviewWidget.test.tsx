import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { InvestmentOverviewWidget } from './InvestmentOverviewWidget.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderWidget() {
  const router = createMemoryRouter(
    [
      { path: '/home/dashboard', element: <InvestmentOverviewWidget /> },
      { path: '/home/dpholdings', element: <h1>DP Holdings</h1> },
    ],
    { initialEntries: ['/home/dashboard'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const summary = {
  totPtfValue: '339171.00',
  todaysPl: '-1212.50',
  todaysPlPer: '-0.36',
  nHoldings: 5,
  nAdvances: 2,
  nDeclines: 3,
  nUnchanged: 0,
};

describe('investment overview widget (investing.md "World markets and investment overview")', () => {
  it("shows the holdings' value, today's P/L with its percent, the count, advances and declines", async () => {
    const server = fakeServer({ '/Portfolio/InvestmentOverview': () => ({ data: { summary } }) });
    const router = renderWidget();
    const value = await screen.findByRole('button', { name: /Portfolio value/ });
    expect(value.textContent).toContain('3,39,171.00');
    expect(server.calls).toEqual([{ path: '/Portfolio/InvestmentOverview', data: {} }]);
    const figure = (label: string) => within(screen.getByText(label).parentElement!).getByRole('definition');
    expect(figure("Today's P/L").textContent).toBe('-1,212.50 (-0.36%)');
    expect(figure("Today's P/L").className).toContain('down');
    expect(figure('Holdings').textContent).toBe('5');
    expect(figure('Advances').textContent).toBe('2');
    expect(figure('Declines').textContent).toBe('3');
    await userEvent.setup().click(value);
    expect(router.state.location.pathname).toBe('/home/dpholdings');
  });

  it('says so when there are no holdings, and shows a refusal as it came', async () => {
    fakeServer({ '/Portfolio/InvestmentOverview': () => ({ data: { summary: { ...summary, nHoldings: 0 } } }) });
    renderWidget();
    expect(await screen.findByText('No holdings to show yet.')).toBeTruthy();
    vi.unstubAllGlobals();
    fakeServer({ '/Portfolio/InvestmentOverview': () => ({ infoID: 'EGN002', infoMsg: 'Something went wrong' }) });
    renderWidget();
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});
