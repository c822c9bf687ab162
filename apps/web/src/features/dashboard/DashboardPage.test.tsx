import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { dashboardStore } from './dashboard-store.ts';
import { DashboardPage } from './DashboardPage.tsx';

function renderDashboard() {
  const router = createMemoryRouter(
    [
      { path: '/home/dashboard', element: <DashboardPage /> },
      { path: '/home/myorders', element: <h1>My Orders</h1> },
    ],
    { initialEntries: ['/home/dashboard'] },
  );
  fakeServer({ '/Trade/OpenOrders': () => ({ data: { orders: [] } }) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('the dashboard (platform.md 2.8)', () => {
  afterEach(() => {
    act(() => dashboardStore.restoreAll());
    vi.unstubAllGlobals();
  });

  it("shows the four widgets of the 'all widgets' view with empty states, not figures", async () => {
    renderDashboard();
    expect(titles()).toEqual(['Investment Overview', 'Top Gainers', 'Top Losers', 'Outstanding Orders']);
    expect(await screen.findByText('No outstanding orders to show.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\d,\d{2}/);
  });

  it('expands one widget full size and collapses back', async () => {
    const user = userEvent.setup();
    renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Expand Top Losers' }));
    expect(titles()).toEqual(['Top Losers']);
    await user.click(screen.getByRole('button', { name: 'Collapse Top Losers' }));
    expect(titles()).toHaveLength(4);
  });

  it('opens the other widgets full size from the list of more widgets, their code fetched then', async () => {
    const user = userEvent.setup();
    renderDashboard();
    const more = screen.getByRole('navigation', { name: 'More widgets' });
    expect(
      within(more)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Research Ideas',
      'World Market Summary',
      'Hot News',
      'Company News',
      'Currency News',
      'Commodity News',
      'Sector News',
      'Derivative News',
      'Discussion Cloud',
    ]);
    await user.click(within(more).getByRole('button', { name: 'World Market Summary' }));
    expect(titles()).toEqual(['World Market Summary']);
    expect(screen.queryByRole('navigation', { name: 'More widgets' })).toBeNull();
    // The fake server has no world indices: the widget's error area says so.
    expect((await screen.findByRole('alert')).textContent).toContain('/Market/WorldIndices');
    await user.click(screen.getByRole('button', { name: 'Collapse World Market Summary' }));
    expect(titles()).toHaveLength(4);
  });

  it('closes widgets and can show them all again', async () => {
    const user = userEvent.setup();
    renderDashboard();
    for (const name of ['Investment Overview', 'Top Gainers', 'Top Losers', 'Outstanding Orders']) {
      await user.click(screen.getByRole('button', { name: `Close ${name}` }));
    }
    await user.click(screen.getByRole('button', { name: 'SHOW ALL WIDGETS' }));
    expect(titles()).toHaveLength(4);
  });

  it('expanding outstanding orders goes to /home/myorders', async () => {
    const user = userEvent.setup();
    const router = renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Expand Outstanding Orders' }));
    expect(router.state.location.pathname).toBe('/home/myorders');
  });
});
