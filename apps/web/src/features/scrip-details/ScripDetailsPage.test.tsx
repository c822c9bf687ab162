import type { ContractDetails, Level1Item, Quote } from '@kite/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { tickStore } from '../../lib/stream/tick-store.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { setOrderDialogOpener } from '../shell-dialogs/index.ts';
import { niftyFuture } from '../search/testing/search-fixtures.ts';
import { selectedScrip, type ScripRef } from '../market-data/selected-scrip.ts';
import { ScripDetailsPage } from './ScripDetailsPage.tsx';

// The canvas chart has its own helpers' tests; jsdom has no canvas.
vi.mock('./IntradayChart.tsx', () => ({ IntradayChart: () => null }));

const SEGMENT_TEXT = 'You have not subscribed to trade in this segment. Please contact your RM or customer service.';
const scrip: ScripRef = { sym: niftyFuture.sym, displaySym: niftyFuture.displaySym, companyName: 'NIFTY 50', streamSym: 'NIFTY26NOVFUT', tradable: true };

const quote = {
  sym: niftyFuture.sym,
  displaySym: 'NIFTY NOV FUT',
  companyName: 'NIFTY 50',
  ltp: '26010.50',
  chng: '-20.00',
  chngPer: '-0.08',
  dpr: '23400.00 - 28600.00',
  openPrice: '26000.00',
  highPrice: '26050.00',
  lowPrice: '25990.00',
  closePrice: '26030.50',
  lot: 65,
  tickSize: '0.10',
  lotQualifier: 1,
  priceQualifier: 1,
  bidQty: 130,
  bidPrice: '26010.40',
  askQty: 65,
  askPrice: '26010.60',
  streamSym: 'NIFTY26NOVFUT',
  totBuyQty: 1000,
  totSellQty: 900,
  vol: 123456,
  avgTradedPrice: '26015.10',
  yearHigh: '26500.00',
  yearLow: '21800.00',
  openInterest: 4500000,
  lUpdatedTime: '21/11/2026 10:00:00',
  survId: null,
  survMsg: null,
};

const contract: ContractDetails = {
  sym: niftyFuture.sym,
  displaySym: 'NIFTY NOV FUT',
  tradingSymbol: 'NIFTY26NOVFUT',
  name: 'NIFTY 50 FUTURES',
  exchange: 'NFO',
  segment: 'nse_fo',
  instrument: 'FUTIDX',
  assetClass: 'FUTURE',
  isin: null,
  sector: null,
  indices: [],
  tradable: true,
  lot: 65,
  tickSize: '0.10',
  multiplier: 1,
  freezeQuantity: 1800,
  dpr: '23400.00 - 28600.00',
  bandPercent: 10,
  expiry: '2026-11-24',
  expiry2: null,
  daysToExpiry: 3,
  strike: null,
  optType: null,
  underlying: { sym: { id: '1355', exc: 'NSE', exc_seg: 'nse_cm', instr: 'IDX', xSym: '1355_NSE' }, displaySym: 'NIFTY 50' },
  farLeg: null,
  ltp: '26010.50',
  lotMargins: [
    { product: 'CARRY FORWARD', side: 'buy', total: '185994.13', span: '152161.43', exposure: '33813.65', premium: '0.00' },
    { product: 'INTRADAY', side: 'sell', total: '185994.13', span: '152161.43', exposure: '33813.65', premium: '0.00' },
  ],
};

function tick(ltp: string): Level1Item {
  return {
    name: 'sf', type: 'level1', key: 'nse_fo|NIFTY26NOVFUT', exc: 'NFO', excSeg: 'nse_fo', streamSym: 'NIFTY26NOVFUT', xSym: 'NIFTY26NOVFUT', ts: 1,
    ltp, ltq: 65, chng: '5.00', chngPer: '0.02', bidPrice: '26035.40', bidQty: 65, askPrice: '26035.60', askQty: 65, avgTradedPrice: '26016.00',
    vol: 123521, openInterest: 4500065, totBuyQty: 1000, totSellQty: 900, openPrice: '26000.00', highPrice: '26050.00', lowPrice: '25990.00',
    closePrice: '26030.50', yearlyHighPrice: '26500.00', yearlyLowPrice: '21800.00', dprLow: '23400.00', dprHigh: '28600.00', marketCap: null,
    lUpdatedTime: '21/11/2026 10:00:01', lTradedTime: '21/11/2026 10:00:01',
  };
}

function renderPage(details: Parameters<typeof loginFixture>[0], shown: { scrip: ScripRef; quote: Quote } = { scrip, quote }) {
  sessionStore.signIn(loginFixture(details));
  const server = fakeServer({
    '/Market/GetQuote': () => ({ data: { quote: shown.quote, bids: [{ price: '26010.40', qty: 130, orders: 2 }], asks: [] } }),
    '/Market/GetContractDetails': () => ({ data: { contract } }),
  });
  const router = createMemoryRouter([{ path: '/home/scripdetails', element: <ScripDetailsPage /> }], {
    initialEntries: [{ pathname: '/home/scripdetails', state: { scrip: shown.scrip } }],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return server;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut();
  tickStore.clear();
});

describe('scrip details (trading.md 2, 2.9, 5.3)', () => {
  it('shows the quote, OI for a derivative, and follows the stream', async () => {
    const server = renderPage({ equity_flag: 'Y', fno_permission: 'Y' });
    await screen.findByLabelText('Last traded price');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('NIFTY NOV FUTNFO');
    expect(server.calls[0]?.data).toEqual({ sym: niftyFuture.sym });
    expect(screen.getByLabelText('Last traded price').textContent).toContain('26,010.50');
    expect(screen.getByLabelText('Last traded price').textContent).toContain('-20.00 (-0.08%)');
    expect(screen.getByText('Open interest').nextSibling?.textContent).toBe('45,00,000');
    expect(screen.getByText('Daily price range').nextSibling?.textContent).toBe('23,400.00 - 28,600.00');
    expect(selectedScrip.get()).toEqual(scrip);
    act(() => {
      tickStore.apply(tick('26035.50'));
      tickStore.flush();
    });
    expect(screen.getByLabelText('Last traded price').textContent).toContain('26,035.50');
    expect(screen.getByLabelText('Last traded price').textContent).toContain('+5.00 (+0.02%)');
    expect(screen.getByText('Volume').nextSibling?.textContent).toBe('1,23,521');
  });

  it("shows the contract's expiry and underlying, and what one lot blocks with its SPAN and exposure", async () => {
    const server = renderPage({ equity_flag: 'Y', fno_permission: 'Y' });
    const section = await screen.findByRole('region', { name: 'Contract' });
    const margins = await within(section).findByRole('table', { name: 'Margin for one lot' });
    expect(server.calls.find((c) => c.path === '/Market/GetContractDetails')?.data).toEqual({ sym: niftyFuture.sym });
    expect(within(section).getByText('Expiry').nextSibling?.textContent).toBe('24/11/2026');
    expect(within(section).getByText('Days to expiry').nextSibling?.textContent).toBe('3');
    expect(within(section).getByText('Underlying').nextSibling?.textContent).toBe('NIFTY 50');
    expect(within(section).getByText('Freeze quantity').nextSibling?.textContent).toBe('1,800');
    expect(within(section).queryByText('ISIN')).toBeNull();
    expect(within(section).getByText('What one lot blocks at the last price, ₹26,010.50')).toBeTruthy();
    const rows = within(margins).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual([
      'Carry ForwardBuy1,85,994.13SPAN 1,52,161.43 + Exposure 33,813.65',
      'IntradaySell1,85,994.13SPAN 1,52,161.43 + Exposure 33,813.65',
    ]);
  });

  it('opens the order dialog for the scrip with BUY', async () => {
    const open = vi.fn();
    setOrderDialogOpener({ open, isOpen: () => false, toggleMarketDepth: () => undefined });
    renderPage({ equity_flag: 'Y', fno_permission: 'Y' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'BUY' }));
    expect(open).toHaveBeenCalledWith('BUY');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows an index as a quote only: no trading figures, no market depth', async () => {
    const nifty = { id: '1355', exc: 'NSE' as const, exc_seg: 'nse_cm', instr: 'IDX', xSym: '1355_NSE', trSymbol: 'NIFTY 50' };
    const index: ScripRef = { sym: nifty, displaySym: 'NIFTY 50', companyName: 'NIFTY 50', streamSym: 'NIFTY 50', tradable: false };
    const indexQuote = {
      ...quote, sym: nifty, displaySym: 'NIFTY 50', dpr: '0.00 - 0.00', lot: 1, tickSize: '0.01', bidQty: 0, bidPrice: '0.00',
      askQty: 0, askPrice: '0.00', vol: 0, avgTradedPrice: '0.00', openInterest: null,
    };
    renderPage({ equity_flag: 'Y' }, { scrip: index, quote: indexQuote });
    await screen.findByLabelText('Last traded price');
    expect(screen.getByText('Open').nextSibling?.textContent).toBe('26,000.00');
    expect(screen.getByText('Last updated').nextSibling?.textContent).toBe('21/11/2026 10:00:00');
    for (const label of ['Volume', 'Avg. trade price', 'Bid', 'Offer', 'Daily price range', 'Lot size', 'Tick size'])
      expect(screen.queryByText(label), label).toBeNull();
    expect(screen.queryByRole('heading', { name: /depth/i })).toBeNull();
  });

  it('disables BUY and SELL with the spec text for a client without F&O', async () => {
    renderPage({ equity_flag: 'Y' });
    const buy = (await screen.findByRole('button', { name: 'BUY' })) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'SELL' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toBe(SEGMENT_TEXT);
  });
});
