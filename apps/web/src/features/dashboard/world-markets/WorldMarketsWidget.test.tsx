import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server.ts';
import { WorldMarketsWidget } from './WorldMarketsWidget.tsx';

afterEach(() => vi.unstubAllGlobals());

const index = (indexName: string, country: string, ltp: string, chng: string, chngPer: string) => ({
  indexName,
  country,
  ltp,
  chng,
  chngPer,
  LUpdatedTime: '27-11-2026 12:00:00',
});

function renderWidget() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WorldMarketsWidget />
    </QueryClientProvider>,
  );
}

describe('World Market Summary (investing.md 2 "World markets...")', () => {
  it('is an accordion by continent, the first open, each with its index table', async () => {
    fakeServer({
      '/Market/WorldIndices': () => ({
        data: {
          indices: [
            { continentName: 'Asia', indices: [index('Nikkei 225', 'Japan', '49650.25', '-310.40', '-0.62')] },
            { continentName: 'Europe', indices: [index('DAX', 'Germany', '23512.00', '120.00', '0.51')] },
          ],
        },
      }),
    });
    renderWidget();
    const asia = await screen.findByRole('button', { name: 'Asia' });
    expect(asia.getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByRole('table', { name: 'Asia indices' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['Nikkei 225', 'Japan', '49,650.25', '-310.40', '-0.62%', '27-11-2026 12:00:00']);
    expect(within(table).getByText('-0.62%').className).toContain('down');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Europe' }));
    expect(screen.getByRole('table', { name: 'Europe indices' })).toBeTruthy();
    await user.click(asia);
    expect(screen.queryByRole('table', { name: 'Asia indices' })).toBeNull();
  });

  it("shows the server's message in the widget's error area", async () => {
    fakeServer({ '/Market/WorldIndices': () => ({ infoID: 'EGN002', infoMsg: 'Something went wrong' }) });
    renderWidget();
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});
