import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { MarketTimingsPage } from './MarketTimingsPage.tsx';

const equity = [
  { phase: 'pre-open', start: '09:00', end: '09:15' },
  { phase: 'open', start: '09:15', end: '15:30' },
  { phase: 'post-close', start: '15:50', end: '16:00' },
];

/** A Friday at 10:00 IST in real hours: NSE open until 15:30, MCX open until 23:55. */
const friday = {
  exchfeedtime: '2026-11-20 10:00:00',
  mode: 'real',
  exchanges: [
    {
      exchange: 'NSE',
      status: 'open',
      isOpen: true,
      nextChange: '2026-11-20 15:30:00',
      nextStatus: 'closed',
      sessions: equity,
      tradingToday: true,
      sessionDate: '2026-11-20',
    },
    {
      exchange: 'MCX',
      status: 'open',
      isOpen: true,
      nextChange: '2026-11-20 23:55:00',
      nextStatus: 'closed',
      sessions: [{ phase: 'open', start: '09:00', end: '23:55' }],
      tradingToday: true,
      sessionDate: '2026-11-20',
    },
  ],
};

function renderPage(answer: () => FakeAnswer) {
  fakeServer({ '/Info/GetExchangeTimings': answer });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MarketTimingsPage />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Market Status and Timings (/home/markettimings)', () => {
  it("shows each exchange's status, its sessions and when the status next changes", async () => {
    renderPage(() => ({ data: friday }));
    expect((await screen.findByTestId('status-NSE')).textContent).toBe('Open');
    expect(screen.getByTestId('exchange-time').textContent).toBe('20/11/2026 10:00:00');
    const nse = screen.getByText('NSE Equity').closest('tr')!;
    expect(within(nse).getByText('09:00 – 09:15')).toBeDefined();
    expect(within(nse).getByText('09:15 – 15:30')).toBeDefined();
    expect(within(nse).getByText('Closed at 15:30')).toBeDefined();
    const mcx = screen.getByText('MCX Commodity').closest('tr')!;
    expect(within(mcx).getByText('09:00 – 23:55')).toBeDefined();
    // MCX has no pre-open or post-close session.
    expect(within(mcx).getAllByText('--')).toHaveLength(2);
    expect(screen.queryByText(/open around the clock/)).toBeNull();
  });

  it('says when the demo keeps the market open, and which day a weekend shows', async () => {
    renderPage(() => ({
      data: {
        exchfeedtime: '2026-11-21 11:00:00',
        mode: 'always',
        exchanges: [
          {
            ...friday.exchanges[0],
            status: 'open',
            nextChange: null,
            nextStatus: null,
            tradingToday: false,
            sessionDate: '2026-11-23',
          },
        ],
      },
    }));
    expect(
      await screen.findByText(
        'The demo market is open around the clock; the timings below are the exchanges’ own hours.',
      ),
    ).toBeDefined();
    expect(screen.getByText('Today is not a trading day: the sessions shown are for 23/11/2026.')).toBeDefined();
    expect(screen.getByText('Open round the clock')).toBeDefined();
  });

  it("shows the server's message when the timings cannot be read", async () => {
    renderPage(() => ({ infoID: 'EGN002', infoMsg: 'Something went wrong' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
  });
});
