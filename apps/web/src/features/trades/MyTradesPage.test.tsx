import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { orderUpdates } from '../../lib/stream/order-updates.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { renderScreen } from '../orders/testing/order-fixtures.tsx';
import { MyTradesPage } from './MyTradesPage.tsx';
import type { TradeRow } from './api/my-trades.ts';

const trade: TradeRow = {
  displaySym: 'INFY',
  sym: { id: '1594', exc: 'NSE', exc_seg: 'nse_cm', instr: 'STK', xSym: 'INFY-EQ' },
  ordAction: 'BUY',
  exc: 'NSE',
  ordType: 'market',
  tradedPrice: '1523.45',
  tradedQty: 5,
  prdType: 'CASH',
  orderId: '251121000007',
  exchOrderId: '1100000000007',
  exchTradeId: '50000001',
  tradeTime: '21/11/2026 10:20:11',
};

beforeEach(() => sessionStore.signIn(loginFixture({ equity_flag: 'Y', cds_nse_permission: 'Y' })));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut();
});

describe('My Trades (trading.md 3 "Trades report columns")', () => {
  it("shows today's trades with the report's columns", async () => {
    const server = fakeServer({ '/Trade/MyTrades': () => ({ data: { trades: [trade] } }) });
    renderScreen('mytrades', <MyTradesPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('MY TRADES');
    const row = (await screen.findByText('INFY')).closest('tr') as HTMLElement;
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[↕▲▼]/g, ''))).toEqual([
      'SYMBOL', 'B/S', 'EXCHANGE', 'ORDER TYPE', 'TRADED PRICE', 'TRADED QTY', 'PRODUCT', 'ORDER ID', 'EXCH. ORDER ID', 'EXCH. TRADE ID', 'TRADE TIME',
    ]);
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'INFY', 'BUY', 'NSE', 'MARKET', '1,523.45', '5', 'CASH', '251121000007', '1100000000007', '50000001', '21/11/2026 10:20:11',
    ]);
    expect(server.calls[0]?.data).toEqual({ tab: 'equity', filters: [] });
  });

  it('reloads per segment tab and on an order update', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ '/Trade/MyTrades': () => ({ data: { trades: [] } }) });
    renderScreen('mytrades', <MyTradesPage />);
    expect(await screen.findByText('No trades found')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Equity', 'Currency']);
    await user.click(screen.getByRole('tab', { name: 'Currency' }));
    await waitFor(() => expect(server.calls.map((c) => c.data.tab)).toEqual(['equity', 'currency']));
    act(() => orderUpdates.emit({ name: 'order', type: 'order', orderId: '1', ordStatus: 'EXECUTED' }));
    await waitFor(() => expect(server.calls.map((c) => c.data.tab)).toEqual(['equity', 'currency', 'currency']));
  });

  it('shows a load error inline', async () => {
    fakeServer({ '/Trade/MyTrades': () => ({ infoID: 'EGN001', infoMsg: 'Trades are not available' }) });
    renderScreen('mytrades', <MyTradesPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Trades are not available');
  });
});
