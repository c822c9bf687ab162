import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { FiiDiiPage } from './FiiDiiPage.tsx';

function renderPage(answer: () => FakeAnswer) {
  const server = fakeServer({ '/MarketStats/FiiDiiActivity': answer });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FiiDiiPage />
    </QueryClientProvider>,
  );
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('FII / DII Activity (/home/ms/eq/mkt/fiidiiactivity)', () => {
  it('shows each day’s flows in crore with lakh grouping, says the data is simulated', async () => {
    const server = renderPage(() => ({
      data: {
        simulated: true,
        days: [
          {
            date: '2026-11-27',
            fii: { buy: '12345.60', sell: '13345.60', net: '-1000.00' },
            dii: { buy: '9000.00', sell: '8000.50', net: '999.50' },
          },
        ],
      },
    }));
    const row = (await screen.findByText('27/11/2026')).closest('tr')!;
    expect(within(row).getByText('12,345.60')).toBeDefined();
    expect(within(row).getByText('-1,000.00')).toBeDefined();
    expect(within(row).getByText('+999.50')).toBeDefined();
    expect(screen.getByTestId('simulated-note').textContent).toMatch(/^Simulated data/);
    expect(server.calls[0]?.data).toEqual({ days: 20 });
  });

  it('says so when the series cannot be read', async () => {
    renderPage(() => ({ infoID: 'EGN002', infoMsg: 'Something went wrong' }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
  });
});
