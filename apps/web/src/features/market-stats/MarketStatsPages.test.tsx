import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { EquityOverviewPage } from './EquityOverviewPage.tsx';
import { HeatmapPage } from './HeatmapPage.tsx';
import { IndicesPage } from './IndicesPage.tsx';

const sym = (exc: string, id: string) => ({ id, exc, exc_seg: 'nse_cm', instr: 'STK', xSym: id });
const row = (exc: string, displaySym: string, vol: number, tradedValue: string) => ({
  sym: sym(exc, `${displaySym}_${exc}`),
  displaySym,
  companyName: `${displaySym} Ltd.`,
  ltp: '2512.40',
  chng: '-12.60',
  chngPer: '-0.50',
  openPrice: '2530.00',
  closePrice: '2525.00',
  vol,
  tradedValue,
  yearHigh: '3024.90',
  yearLow: '2220.30',
  gapPer: '0.20',
  fromYearHighPer: '16.94',
  fromYearLowPer: '13.15',
});
const nifty = {
  index: 'NIFTY 50',
  exc: 'NSE',
  value: '24312.55',
  chng: '120.05',
  chngPer: '0.50',
  high: '24400.00',
  low: '24100.10',
  close: '24192.50',
  advances: 32,
  declines: 17,
  unchanged: 1,
};
const vix = {
  ...nifty,
  index: 'INDIA VIX',
  value: '13.20',
  chng: '-0.40',
  chngPer: '-2.94',
  advances: 0,
  declines: 0,
  unchanged: 0,
};

function renderWith(page: ReactNode, handlers: Record<string, (data: Record<string, unknown>) => FakeAnswer>) {
  const server = fakeServer(handlers);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {page}
    </QueryClientProvider>,
  );
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('Equity Overview (/home/ms/eq/overview)', () => {
  const handlers = {
    '/MarketStats/Indices': () => ({ data: { indices: [nifty, vix] } }),
    '/MarketStats/AdvanceDecline': () => ({
      data: {
        exchanges: [
          { exc: 'NSE', advances: 1210, declines: 845, unchanged: 45 },
          { exc: 'BSE', advances: 980, declines: 1020, unchanged: 100 },
        ],
      },
    }),
    '/MarketStats/MostActive': (data: Record<string, unknown>) => ({
      data: { rows: [row(String(data.exc), 'RELIANCE', 1234567, '3101793452.30')] },
    }),
    '/MarketStats/YearHighLow': () => ({ data: { rows: [] } }),
    '/MarketStats/GapUpDown': () => ({ infoID: 'EGN002', infoMsg: 'Something went wrong' }),
  };

  it('shows the indices, each exchange’s breadth and the most active by volume with lakh grouping', async () => {
    renderWith(<EquityOverviewPage />, handlers);
    const card = await screen.findByTestId('index-NIFTY 50');
    expect(card.textContent).toContain('24,312.55');
    expect(card.textContent).toContain('+120.05');
    expect(screen.getByTestId('index-INDIA VIX').textContent).toContain('-2.94%');
    expect(screen.getByRole('img', { name: 'NSE: 1,210 advances, 845 declines, 45 unchanged' })).toBeDefined();
    const reliance = (await screen.findByText('RELIANCE')).closest('tr')!;
    expect(within(reliance).getByText('12,34,567')).toBeDefined();
    expect(within(reliance).getByText('31,017.93')).toBeDefined();
    expect(within(reliance).getByText('-0.50%')).toBeDefined();
  });

  it('switches list and exchange, and shows the empty and error states', async () => {
    const server = renderWith(<EquityOverviewPage />, handlers);
    await screen.findByText('RELIANCE');
    await userEvent.click(screen.getByRole('radio', { name: 'BSE' }));
    await screen.findByText('RELIANCE');
    expect(server.calls.filter((c) => c.path === '/MarketStats/MostActive').map((c) => c.data.exc)).toContain('BSE');
    await userEvent.click(screen.getByRole('tab', { name: 'Near 52W High' }));
    expect(await screen.findByText('No equity to show.')).toBeDefined();
    expect(server.calls.at(-1)).toEqual({
      path: '/MarketStats/YearHighLow',
      data: { exc: 'BSE', side: 'high', recordcount: 20 },
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Gap Up' }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
  });
});

describe('Heatmap (/home/ms/eq/heatmap)', () => {
  it('groups the tiles by sector, coloured by direction and strength, for the chosen index', async () => {
    const tile = (displaySym: string, chngPer: string) => ({
      sym: sym('NSE', displaySym),
      displaySym,
      companyName: displaySym,
      ltp: '1500.00',
      chng: '1.00',
      chngPer,
    });
    const server = renderWith(<HeatmapPage />, {
      '/MarketStats/Heatmap': (data) => ({
        data: {
          index: data.index,
          exc: 'NSE',
          sectors: [
            {
              sector: 'IT',
              advances: 1,
              declines: 1,
              unchanged: 0,
              tiles: [tile('TCS', '1.20'), tile('INFY', '-0.30')],
            },
          ],
        },
      }),
    });
    const tcs = await screen.findByRole('listitem', { name: 'TCS: 1,500.00, +1.20%' });
    expect(tcs.dataset.direction).toBe('up');
    expect(tcs.dataset.intensity).toBe('3');
    const infy = screen.getByRole('listitem', { name: 'INFY: 1,500.00, -0.30%' });
    expect(infy.dataset.direction).toBe('down');
    expect(screen.getByRole('heading', { name: /IT/ })).toBeDefined();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Index' }), 'NIFTY BANK');
    await screen.findAllByRole('listitem');
    expect(server.calls.at(-1)?.data).toEqual({ index: 'NIFTY BANK' });
  });
});

describe('Indices (/home/ms/eq/indices)', () => {
  it('lists every index with its level and breadth, and an error when they cannot be read', async () => {
    renderWith(<IndicesPage />, { '/MarketStats/Indices': () => ({ data: { indices: [nifty, vix] } }) });
    const niftyRow = (await screen.findByText('NIFTY 50', { selector: 'strong' })).closest('tr')!;
    expect(within(niftyRow).getByText('24,312.55')).toBeDefined();
    expect(
      within(niftyRow).getByRole('img', { name: 'NIFTY 50: 32 advances, 17 declines, 1 unchanged' }),
    ).toBeDefined();
    const vixRow = screen.getByText('INDIA VIX', { selector: 'strong' }).closest('tr')!;
    expect(within(vixRow).getByText('—')).toBeDefined();
  });

  it('says so when the indices cannot be read', async () => {
    renderWith(<IndicesPage />, {
      '/MarketStats/Indices': () => ({ infoID: 'EGN002', infoMsg: 'Something went wrong' }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
  });
});
