import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { renderWithClient } from '../../test/render-with-client.tsx';
import { FnoAdvanceDeclinePage } from './FnoAdvanceDeclinePage.tsx';
import { IntradayDealsPage } from './IntradayDealsPage.tsx';
import { OiBuildupPage } from './OiBuildupPage.tsx';
import { ScreenersPage } from './ScreenersPage.tsx';
import { FnoSectorsPage, SectorsPage } from './SectorsPage.tsx';
import { CommodityOverviewPage, CurrencyOverviewPage } from './SegmentOverviewPage.tsx';
import { TopMoversPage } from './TopMoversPage.tsx';
import { UnusualActivityPage } from './UnusualActivityPage.tsx';

const sym = (exc: string, id: string, instr = 'STK') => ({ id, exc, exc_seg: 'nse_cm', instr, xSym: id });
const quote = (displaySym: string, chng: string, chngPer: string) => ({
  sym: sym('NSE', displaySym),
  displaySym,
  companyName: `${displaySym} Ltd.`,
  ltp: '2512.40',
  chng,
  chngPer,
  vol: 1234567,
});
const statsRow = (displaySym: string) => ({
  sym: sym('NSE', displaySym),
  displaySym,
  companyName: `${displaySym} Ltd.`,
  ltp: '2512.40',
  chng: '30.10',
  chngPer: '1.21',
  openPrice: '2490.00',
  closePrice: '2482.30',
  vol: 45210,
  tradedValue: '113585000.00',
  yearHigh: '2512.40',
  yearLow: '2100.00',
  gapPer: '0.31',
  fromYearHighPer: '0.00',
  fromYearLowPer: '19.64',
  highPrice: '2512.40',
  lowPrice: '2480.00',
  volumeMultiple: '3.25',
});
const breadth = (advances: number, declines: number, unchanged = 0) => ({ advances, declines, unchanged });
const oiRow = (displaySym: string) => ({
  sym: sym('NFO', displaySym, 'OPTIDX'),
  displaySym,
  ltp: '112.50',
  chng: '-8.00',
  chngPer: '-6.64',
  openInterest: 1_875_000,
  oiChange: 150_000,
  oiChangePer: '8.70',
  vol: 2_250_000,
  volumeOiPer: '130.43',
  volumeVsMedian: '2.61',
  oiChangeVsMedian: '1.20',
});

function renderWith(page: ReactElement, handlers: Record<string, (data: Record<string, unknown>) => FakeAnswer>) {
  const server = fakeServer(handlers);
  renderWithClient(page);
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('Top Movers (/home/ms/eq/mkt/advancedecline)', () => {
  const handlers = {
    '/MarketStats/AdvanceDecline': () => ({
      data: {
        exchanges: [
          { exc: 'NSE', ...breadth(1210, 845, 45) },
          { exc: 'BSE', ...breadth(980, 1020, 100) },
        ],
      },
    }),
    '/MarketStats/Indices': () => ({
      data: {
        indices: [
          {
            index: 'NIFTY 50',
            exc: 'NSE',
            value: '1',
            chng: '0',
            chngPer: '0',
            high: '1',
            low: '1',
            close: '1',
            ...breadth(32, 17, 1),
          },
          {
            index: 'INDIA VIX',
            exc: 'NSE',
            value: '1',
            chng: '0',
            chngPer: '0',
            high: '1',
            low: '1',
            close: '1',
            ...breadth(0, 0),
          },
        ],
      },
    }),
    '/Market/TopGainers': (data: Record<string, unknown>) => ({
      data: { gainers: [quote(data.index ? 'TCS' : 'RELIANCE', '30.10', '1.21')] },
    }),
    '/Market/TopLosers': () => ({ data: { losers: [] } }),
  };

  it('shows each exchange’s breadth and ratio, gainers and losers, and each index’s breadth', async () => {
    const server = renderWith(<TopMoversPage />, handlers);
    expect(await screen.findByRole('img', { name: 'NSE: 1,210 advances, 845 declines, 45 unchanged' })).toBeDefined();
    expect(screen.getByTestId('breadth-NSE').textContent).toContain('A/D Ratio 1.43');
    const gainers = screen.getByRole('region', { name: 'Top Gainers' });
    const reliance = (await within(gainers).findByText('RELIANCE')).closest('tr')!;
    expect(within(reliance).getByText('+1.21%')).toBeDefined();
    expect(within(reliance).getByText('12,34,567')).toBeDefined();
    const losers = screen.getByRole('region', { name: 'Top Losers' });
    expect(await within(losers).findByText('No equity has fallen today.')).toBeDefined();
    const nifty = (await screen.findByText('NIFTY 50', { selector: 'strong' })).closest('tr')!;
    expect(within(nifty).getByText('1.88')).toBeDefined();
    expect(screen.queryByText('INDIA VIX')).toBeNull();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Index' }), 'NIFTY BANK');
    await within(gainers).findByText('TCS');
    expect(server.calls.filter((c) => c.path === '/Market/TopGainers').at(-1)?.data).toEqual({
      exc: 'NSE',
      recordcount: 20,
      index: 'NIFTY BANK',
    });
    await userEvent.click(screen.getByRole('radio', { name: 'BSE' }));
    await within(gainers).findByText('RELIANCE');
    expect(server.calls.filter((c) => c.path === '/Market/TopLosers').at(-1)?.data).toEqual({
      exc: 'BSE',
      recordcount: 20,
    });
    expect(screen.getByRole('option', { name: 'SENSEX' })).toBeDefined();
  });
});

describe('Intraday Deals (/home/ms/eq/mkt/intradaydeals)', () => {
  it('lists the simulated deals with the note, value in crore, and switches kind and exchange', async () => {
    const deal = {
      time: '08:52',
      sym: sym('NSE', 'HDFCBANK'),
      displaySym: 'HDFCBANK',
      companyName: 'HDFC Bank Ltd.',
      client: 'Simulated FPI 07',
      side: 'BUY',
      qty: 1_500_000,
      price: '1675.50',
      value: '2513250000.00',
      closePrice: '1670.00',
    };
    const server = renderWith(<IntradayDealsPage />, {
      '/MarketStats/IntradayDeals': (data) => ({
        data: { simulated: true, date: '2026-11-27', deals: data.kind === 'block' ? [deal] : [] },
      }),
    });
    expect(screen.getByTestId('simulated-note').textContent).toContain('Simulated data');
    const row = (await screen.findByText('HDFCBANK')).closest('tr')!;
    expect(within(row).getByText('Simulated FPI 07')).toBeDefined();
    expect(within(row).getByText('Buy')).toBeDefined();
    expect(within(row).getByText('15,00,000')).toBeDefined();
    expect(within(row).getByText('251.33')).toBeDefined();
    expect(screen.getByText('Block Deals on NSE, 27/11/2026')).toBeDefined();
    await userEvent.click(screen.getByRole('tab', { name: 'Bulk Deals' }));
    expect(await screen.findByText('No bulk deal yet today.')).toBeDefined();
    await userEvent.click(screen.getByRole('radio', { name: 'BSE' }));
    await screen.findByText('Bulk Deals on BSE, 27/11/2026');
    expect(server.calls.at(-1)).toEqual({ path: '/MarketStats/IntradayDeals', data: { exc: 'BSE', kind: 'bulk' } });
  });

  it('says so when the deals cannot be read', async () => {
    renderWith(<IntradayDealsPage />, {});
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
  });
});

describe('Screeners (/home/ms/eq/mkt/screeners)', () => {
  it('shows a screen’s rule and its own columns, over the chosen universe', async () => {
    const server = renderWith(<ScreenersPage />, {
      '/MarketStats/Screener': (data) => ({
        data: { screened: 54, rows: data.screen === 'gap-down' ? [] : [statsRow('INFY')] },
      }),
    });
    const row = (await screen.findByText('INFY')).closest('tr')!;
    expect(within(row).getByText('+30.10')).toBeDefined();
    expect(screen.getByTestId('screen-rule').textContent).toBe(
      'Up on the day against the previous close, the largest rise first. 54 equities screened.',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Volume Surge' }));
    await screen.findByRole('columnheader', { name: /× Median Vol\./ });
    expect(within(screen.getByText('INFY').closest('tr')!).getByText('3.25')).toBeDefined();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Universe' }), 'NIFTY IT');
    await userEvent.click(screen.getByRole('tab', { name: 'Gap Down' }));
    expect(await screen.findByText('No equity passes this screen now.')).toBeDefined();
    expect(server.calls.at(-1)).toEqual({
      path: '/MarketStats/Screener',
      data: { exc: 'NSE', screen: 'gap-down', recordcount: 20, index: 'NIFTY IT' },
    });
    await userEvent.click(screen.getByRole('radio', { name: 'BSE' }));
    await screen.findByRole('combobox', { name: 'Universe' });
    expect((screen.getByRole('combobox', { name: 'Universe' }) as HTMLSelectElement).value).toBe('');
  });
});

describe('F&O Advance / Decline (/home/ms/fno/mkt/advancedecline)', () => {
  it('shows each segment’s breadth and each index’s futures, calls and puts', async () => {
    renderWith(<FnoAdvanceDeclinePage />, {
      '/MarketStats/FnoAdvanceDecline': () => ({
        data: {
          segments: [{ exc: 'NFO', segment: 'FUTSTK', ...breadth(120, 80, 5) }],
          underlyings: [
            { symbol: 'NIFTY', exc: 'NFO', futures: breadth(3, 0), calls: breadth(40, 20), puts: breadth(0, 0) },
          ],
        },
      }),
    });
    const stock = (await screen.findByText('Stock Futures')).closest('tr')!;
    expect(within(stock).getByText('205')).toBeDefined();
    expect(within(stock).getByText('1.50')).toBeDefined();
    const nifty = screen.getByText('NIFTY', { selector: 'strong' }).closest('tr')!;
    expect(
      within(nifty).getByRole('img', { name: 'NIFTY Calls: 40 advances, 20 declines, 0 unchanged' }),
    ).toBeDefined();
    expect(within(nifty).getByText('—')).toBeDefined();
  });
});

describe('F&O Screeners (/home/ms/fno/mkt/screeners)', () => {
  it('lists the contracts of a build-up with its rule, switching build-up and kind', async () => {
    const server = renderWith(<OiBuildupPage />, {
      '/MarketStats/OiBuildup': (data) => ({
        data: { rows: data.buildup === 'short-buildup' ? [oiRow('NIFTY 25800 PE')] : [] },
      }),
    });
    expect(await screen.findByText('No contract shows this build-up now.')).toBeDefined();
    expect(screen.getByTestId('buildup-rule').textContent).toBe('Price up and open interest up: new buying.');
    await userEvent.click(screen.getByRole('radio', { name: 'Options' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Short Build-up' }));
    const row = (await screen.findByText('NIFTY 25800 PE')).closest('tr')!;
    expect(within(row).getByText('18,75,000')).toBeDefined();
    expect(within(row).getByText('+8.70%')).toBeDefined();
    expect(server.calls.at(-1)).toEqual({
      path: '/MarketStats/OiBuildup',
      data: { kind: 'options', buildup: 'short-buildup', recordcount: 20 },
    });
  });
});

describe('Unusual Activity (/home/ms/fno/mkt/unusual)', () => {
  it('shows the measure and each contract’s shares against the median', async () => {
    const server = renderWith(<UnusualActivityPage />, {
      '/MarketStats/UnusualActivity': (data) => ({
        data: { rows: data.kind === 'options' ? [oiRow('NIFTY 26200 CE')] : [] },
      }),
    });
    const row = (await screen.findByText('NIFTY 26200 CE')).closest('tr')!;
    expect(within(row).getByText('130.43')).toBeDefined();
    expect(within(row).getByText('2.61')).toBeDefined();
    expect(within(row).getByText('22,50,000')).toBeDefined();
    await userEvent.click(screen.getByRole('radio', { name: 'Futures' }));
    expect(await screen.findByText('No contract stands out now.')).toBeDefined();
    expect(server.calls.at(-1)).toEqual({
      path: '/MarketStats/UnusualActivity',
      data: { kind: 'futures', recordcount: 20 },
    });
  });
});

describe('Sectors (/home/ms/eq/mkt/sectors and /home/ms/fno/mkt/sectors)', () => {
  const sector = {
    sector: 'Information Technology',
    members: 12,
    ...breadth(8, 3, 1),
    avgChngPer: '0.42',
    best: { sym: sym('NSE', 'TCS'), displaySym: 'TCS', chngPer: '1.85' },
    worst: { sym: sym('NSE', 'WIPRO'), displaySym: 'WIPRO', chngPer: '-0.61' },
  };

  it('shows each sector’s breadth, average change and best and worst equity, per exchange', async () => {
    const server = renderWith(<SectorsPage />, {
      '/MarketStats/Sectors': (data) => ({ data: { sectors: data.exc === 'NSE' ? [sector] : [] } }),
    });
    const row = (await screen.findByText('Information Technology', { selector: 'strong' })).closest('tr')!;
    expect(within(row).getByText('+0.42%')).toBeDefined();
    expect(within(row).getByText('TCS').parentElement!.textContent).toBe('TCS +1.85%');
    expect(within(row).getByText('WIPRO').parentElement!.textContent).toBe('WIPRO -0.61%');
    expect(
      within(row).getByRole('img', { name: 'Information Technology: 8 advances, 3 declines, 1 unchanged' }),
    ).toBeDefined();
    await userEvent.click(screen.getByRole('radio', { name: 'BSE' }));
    expect(await screen.findByText('No sector to show.')).toBeDefined();
    expect(server.calls.at(-1)?.data).toEqual({ exc: 'BSE', universe: 'all' });
  });

  it('asks for the equities with stock futures on the F&O page', async () => {
    const server = renderWith(<FnoSectorsPage />, { '/MarketStats/Sectors': () => ({ data: { sectors: [sector] } }) });
    await screen.findByRole('heading', { name: 'F&O Sectors' });
    await screen.findByText('Information Technology', { selector: 'strong' });
    expect(server.calls[0]?.data).toEqual({ exc: 'NSE', universe: 'fno' });
  });
});

describe('Currency and Commodity Overview (/home/cur/overview, /home/com/overview)', () => {
  it('lists each underlying by its nearest future with its exchange and open interest', async () => {
    const gold = { ...oiRow('GOLD DEC FUT'), sym: sym('MCX', 'GOLD DEC FUT', 'FUTCOM') };
    const server = renderWith(<CommodityOverviewPage />, {
      '/MarketStats/SegmentOverview': () => ({ data: { rows: [gold] } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Commodity Overview' })).toBeDefined();
    const row = (await screen.findByText('GOLD DEC FUT')).closest('tr')!;
    expect(within(row).getByText('MCX')).toBeDefined();
    expect(within(row).getByText('18,75,000')).toBeDefined();
    expect(server.calls).toEqual([{ path: '/MarketStats/SegmentOverview', data: { segment: 'commodity' } }]);
  });

  it('says so when a segment lists nothing', async () => {
    renderWith(<CurrencyOverviewPage />, { '/MarketStats/SegmentOverview': () => ({ data: { rows: [] } }) });
    expect(await screen.findByText('No contract is listed in this segment.')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Currency Overview' })).toBeDefined();
  });
});
