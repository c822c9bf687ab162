import type { SavedChart, SymbolObject } from '@kite/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { DialogHost } from '../../components/dialog/index.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { local, storageKeys } from '../../lib/storage/storage.ts';
import { tickStore } from '../../lib/stream/tick-store.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { level1Tick } from '../../test/stream-fixtures.ts';
import { selectedScrip } from '../market-data/selected-scrip.ts';
import { reliance } from '../search/testing/search-fixtures.ts';
import { setOrderDialogOpener } from '../shell-dialogs/index.ts';
import type { ChartCanvasProps } from './ChartCanvas.tsx';
import { defaultChart } from './chart-options.ts';
import { chartStore } from './chart-store.ts';
import { relianceQuote } from './testing/chart-fixtures.ts';
import { ChartsPage } from './ChartsPage.tsx';
import { ChartWidget } from './ChartWidget.tsx';

// jsdom has no canvas: the chart library is replaced by a stand-in that shows what it was asked to draw.
const drawn = vi.hoisted(() => ({ last: null as ChartCanvasProps | null }));
vi.mock('./ChartCanvas.tsx', () => ({
  ChartCanvas: (props: ChartCanvasProps) => {
    drawn.last = props;
    return <div role="img" aria-label={props.label} data-bars={props.bars.length} data-type={props.chartType} />;
  },
}));

const candles = [
  { updDate: '2026-11-18 00:00:00', open: '1500.00', high: '1510.00', low: '1495.00', price: '1505.00', volume: 1000 },
  { updDate: '2026-11-19 00:00:00', open: '1505.00', high: '1512.50', low: '1500.10', price: '1510.00', volume: 2000 },
  {
    updDate: '2026-11-20 00:00:00',
    open: '1510.00',
    high: '1518.90',
    low: '1507.35',
    price: '1515.05',
    volume: 123456,
  },
];
const quote = relianceQuote;
const gold: SymbolObject = {
  id: '9001',
  exc: 'MCX',
  exc_seg: 'mcx_fo',
  instr: 'FUTCOM',
  xSym: 'GOLD26DECFUT',
  trSymbol: 'GOLD26DECFUT',
};

function serve(preferences: (slot: string) => SavedChart | null = () => null) {
  return fakeServer({
    '/Chart/GetChartPreferences': (data) => ({ data: { preferences: preferences(String(data.chartId)) } }),
    '/Chart/ChartPreferences': () => ({ data: { saved: true } }),
    '/Trade/SymbolSearch': () => ({ data: { searchResults: [reliance] } }),
    '/Market/GetQuote': (data) => ({ data: { quote: { ...quote, sym: data.sym }, bids: [], asks: [] } }),
    '/Chart/PriceChart': () => ({ data: { chart: candles } }),
  });
}

function renderScreen(screenElement: ReactElement = <ChartsPage />) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {screenElement}
      <DialogHost />
    </QueryClientProvider>,
  );
}

const hud = () => screen.getByRole('group', { name: 'Bar values' });
const priceCharts = (server: ReturnType<typeof serve>) =>
  server.calls.filter((call) => call.path === '/Chart/PriceChart').map((call) => call.data);

beforeEach(() => {
  window.localStorage.clear();
  chartStore.reset();
  sessionStore.signIn(loginFixture({ equity_flag: 'Y', fno_permission: 'Y', commodity_flag_mcx: 'Y' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut();
  tickStore.clear();
  drawn.last = null;
});

describe('the Charts screen (investing.md "Charts")', () => {
  it('opens on RELIANCE with a year of daily candles and shows the last bar in the heads-up display', async () => {
    const server = serve();
    renderScreen();
    await waitFor(() => expect(hud().textContent).toContain('O1,510.00'));
    expect(hud().textContent).toBe('RELIANCE · 1 day · NSEO1,510.00H1,518.90L1,507.35C1,515.05V1,23,456+5.05 (+0.33%)');
    expect(screen.getByRole('img', { name: 'Charts: RELIANCE' }).dataset).toMatchObject({ bars: '3', type: 'candle' });
    const [request] = priceCharts(server);
    expect(request).toMatchObject({ sym: reliance.sym, interval: 'D', extended: '0' });
    expect(Number(String(request?.fromDate).slice(0, 4))).toBe(Number(String(request?.toDate).slice(0, 4)) - 1);
    expect(screen.getByRole('button', { name: '1Y' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('combobox', { name: 'Periodicity' }) as HTMLSelectElement).value).toBe('1d');
    expect(screen.getByRole('tab', { name: 'Chart 1' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the bar under the crosshair, and the live price moves the last bar', async () => {
    serve();
    renderScreen();
    await waitFor(() => expect(hud().textContent).toContain('C1,515.05'));
    act(() => drawn.last?.onHover(drawn.last.bars[0]!.time));
    expect(hud().textContent).toContain('O1,500.00H1,510.00L1,495.00C1,505.00V1,000');
    act(() => drawn.last?.onHover(null));
    act(() => {
      tickStore.apply(level1Tick('nse_cm|RELIANCE-EQ', '1520.50', { lTradedTime: '20/11/2026 14:02:10' }));
      tickStore.flush();
    });
    expect(hud().textContent).toContain('H1,520.50L1,507.35C1,520.50');
    expect(drawn.last?.live?.text).toEqual({ open: '1510.00', high: '1520.50', low: '1507.35', close: '1520.50' });
  });

  it('asks five years of weekly bars for 5Y, draws a line when chosen, and saves the choice', async () => {
    const server = serve();
    renderScreen();
    const user = userEvent.setup();
    await waitFor(() => expect(hud().textContent).toContain('C1,515.05'));
    await user.click(screen.getByRole('button', { name: '5Y' }));
    await waitFor(() => expect(priceCharts(server)).toHaveLength(2));
    const request = priceCharts(server)[1];
    expect(request?.interval).toBe('W');
    expect(Number(String(request?.fromDate).slice(0, 4))).toBe(Number(String(request?.toDate).slice(0, 4)) - 5);
    await user.click(screen.getByRole('button', { name: 'Chart type: Candle' }));
    await user.click(screen.getByRole('menuitem', { name: 'Line' }));
    expect(drawn.last?.chartType).toBe('line');
    await waitFor(() => expect(local.get(storageKeys.chartSlots[0])).toContain('"chartType":"line"'));
    const stored = JSON.parse(local.get(storageKeys.chartSlots[0]) ?? 'null') as SavedChart;
    expect(stored.preference).toMatchObject({
      span: { multiplier: 5, base: 'year' },
      periodicity: { interval: 1, period: 1, timeUnit: 'week' },
    });
  });

  it('keeps each slot its own chart', async () => {
    const server = serve((slot) =>
      slot === '2'
        ? {
            ...defaultChart(reliance.sym),
            preference: { ...defaultChart(reliance.sym).preference, span: { multiplier: 3, base: 'month' } },
          }
        : null,
    );
    renderScreen();
    const user = userEvent.setup();
    await waitFor(() => expect(hud().textContent).toContain('C1,515.05'));
    await user.click(screen.getByRole('tab', { name: 'Chart 2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '3M' }).getAttribute('aria-pressed')).toBe('true'));
    expect(
      server.calls.filter((call) => call.path === '/Chart/GetChartPreferences').map((call) => call.data.chartId),
    ).toEqual(['1', '2']);
    await user.click(screen.getByRole('tab', { name: 'Chart 1' }));
    expect(screen.getByRole('button', { name: '1Y' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('opens the order dialog for the chart’s scrip from BUY', async () => {
    const open = vi.fn();
    setOrderDialogOpener({ open, isOpen: () => false, toggleMarketDepth: () => undefined });
    serve();
    renderScreen();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'BUY' }));
    expect(open).toHaveBeenCalledWith('BUY');
    expect(selectedScrip.get()).toMatchObject({ sym: reliance.sym, displaySym: 'RELIANCE', streamSym: 'RELIANCE' });
  });

  it('hides BUY and SELL and the 5Y link for a commodity', async () => {
    local.set(storageKeys.chartSlots[0], JSON.stringify(defaultChart(gold)));
    serve();
    renderScreen();
    await waitFor(() => expect(hud().textContent).toContain('C1,515.05'));
    expect(screen.queryByRole('button', { name: 'BUY' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'SELL' })).toBeNull();
    expect((screen.getByRole('button', { name: '5Y' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('has no BUY or SELL in small view', async () => {
    serve();
    renderScreen(
      <ChartWidget
        chart={defaultChart(reliance.sym)}
        onChange={() => undefined}
        expanded={false}
        onToggleExpand={() => undefined}
        small
      />,
    );
    await waitFor(() => expect(hud().textContent).toContain('C1,515.05'));
    expect(screen.queryByRole('button', { name: 'BUY' })).toBeNull();
  });

  it('finds studies by name in any case, adds one and changes its period in the settings dialog', async () => {
    serve();
    renderScreen();
    const user = userEvent.setup();
    await waitFor(() => expect(hud().textContent).toContain('C1,515.05'));
    await user.click(screen.getByRole('button', { name: 'Studies' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search studies' }), 'AVER');
    const list = screen.getByRole('list', { name: 'Studies' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['Moving AverageMA', 'Exponential Moving AverageEMA']);
    await user.click(within(list).getByRole('button', { name: /^Moving Average/ }));
    expect(drawn.last?.studies).toEqual([{ name: 'Moving Average', period: 20 }]);
    await user.click(screen.getByRole('button', { name: 'Settings of MA (20)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Moving Average settings' });
    const period = within(dialog).getByRole('textbox', { name: 'Period' });
    await user.clear(period);
    await user.type(period, '50');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY' }));
    expect(drawn.last?.studies).toEqual([{ name: 'Moving Average', period: 50 }]);
    await user.click(screen.getByRole('button', { name: 'Remove MA (50)' }));
    expect(drawn.last?.studies).toEqual([]);
  });

  it('places drawings while Draw is on and clears them', async () => {
    serve();
    renderScreen();
    const user = userEvent.setup();
    await waitFor(() => expect(hud().textContent).toContain('C1,515.05'));
    expect(drawn.last?.drawTool).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Draw' }));
    expect(drawn.last?.drawTool).toBe('horizontal');
    await user.click(screen.getByRole('radio', { name: 'Trend line' }));
    expect(drawn.last?.drawTool).toBe('trend');
    act(() => drawn.last?.onDrawing({ type: 'horizontal', points: [{ time: 1, price: '1500.00' }] }));
    expect(drawn.last?.drawings).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /Clear drawings/ }));
    expect(drawn.last?.drawings).toEqual([]);
  });
});
