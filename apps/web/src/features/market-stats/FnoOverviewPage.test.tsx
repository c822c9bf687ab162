import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { FnoOverviewPage } from './FnoOverviewPage.tsx';

const future = {
  sym: { id: '2001', exc: 'NFO', exc_seg: 'nse_fo', instr: 'FUTIDX', xSym: '2001_NFO' },
  displaySym: 'NIFTY DEC FUT',
  ltp: '26250.00',
  chng: '30.00',
  chngPer: '0.11',
  openInterest: 12345675,
  oiChange: -1500,
  oiChangePer: '-0.01',
};

afterEach(() => vi.unstubAllGlobals());

describe('F&O Overview (/home/ms/fno/overview)', () => {
  it('shows each index’s put-call ratio and the contracts by open interest, switching list and kind', async () => {
    const server = fakeServer({
      '/MarketStats/PutCallRatio': () => ({
        data: {
          indices: [
            { symbol: 'NIFTY', exc: 'NFO', expiry: '2026-12-01', callOi: 1250000, putOi: 1100000, pcr: '0.88' },
          ],
        },
      }),
      '/MarketStats/OpenInterest': (data) => ({ data: { rows: data.rank === 'gainers' ? [] : [future] } }),
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FnoOverviewPage />
      </QueryClientProvider>,
    );
    const card = await screen.findByTestId('pcr-NIFTY');
    expect(card.textContent).toContain('0.88');
    expect(card.textContent).toContain('PCR, expiry 01/12/2026');
    expect(card.textContent).toContain('12,50,000');
    const row = (await screen.findByText('NIFTY DEC FUT')).closest('tr')!;
    expect(within(row).getByText('1,23,45,675')).toBeDefined();
    expect(within(row).getByText('-1,500')).toBeDefined();
    expect(within(row).getByText('26,250.00')).toBeDefined();
    await userEvent.click(screen.getByRole('radio', { name: 'Options' }));
    await userEvent.click(screen.getByRole('tab', { name: 'OI Gainers' }));
    expect(await screen.findByText('No open interest has risen yet today.')).toBeDefined();
    expect(server.calls.at(-1)).toEqual({
      path: '/MarketStats/OpenInterest',
      data: { kind: 'options', rank: 'gainers', recordcount: 20 },
    });
  });

  it('says so when the statistics cannot be read', async () => {
    fakeServer({});
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FnoOverviewPage />
      </QueryClientProvider>,
    );
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
  });
});
