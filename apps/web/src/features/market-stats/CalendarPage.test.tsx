import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { CalendarPage } from './CalendarPage.tsx';

const day = (
  date: string,
  weekday: number,
  extra: Partial<{ trading: boolean; holiday: boolean; expiries: string[] }>,
) => ({
  date,
  weekday,
  trading: weekday !== 0 && weekday !== 6,
  holiday: false,
  expiries: [],
  ...extra,
});

function renderPage(answer: () => FakeAnswer) {
  const server = fakeServer({ '/MarketStats/Calendar': answer });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CalendarPage />
    </QueryClientProvider>,
  );
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('Calendar (/home/ms/eq/calender)', () => {
  it('marks today, holidays, weekends and each expiry on its day', async () => {
    const server = renderPage(() => ({
      data: {
        today: '2026-11-24',
        days: [
          day('2026-11-23', 1, {}),
          day('2026-11-24', 2, { expiries: ['NIFTY (NFO)', 'Stock F&O (NFO)'] }),
          day('2026-11-25', 3, { trading: false, holiday: true }),
          day('2026-11-29', 0, { trading: false }),
        ],
      },
    }));
    const tuesday = await screen.findByTestId('day-2026-11-24');
    expect(tuesday.getAttribute('aria-current')).toBe('date');
    expect(tuesday.textContent).toContain('Tue24/11/2026');
    expect(tuesday.textContent).toContain('Expiry: NIFTY (NFO)');
    expect(tuesday.textContent).toContain('Expiry: Stock F&O (NFO)');
    expect(screen.getByTestId('day-2026-11-25').textContent).toContain('Exchange holiday');
    expect(screen.getByTestId('day-2026-11-29').textContent).toContain('Market closed');
    expect(screen.getByTestId('day-2026-11-23').textContent).not.toContain('closed');
    expect(server.calls[0]).toEqual({ path: '/MarketStats/Calendar', data: { weeks: 6 } });
  });

  it('says so when the calendar cannot be read', async () => {
    renderPage(() => ({ infoID: 'EGN002', infoMsg: 'Something went wrong' }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
  });
});
