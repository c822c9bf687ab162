import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { closeAllDialogs, DialogHost } from '../../components/dialog/index.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { tickStore } from '../../lib/stream/tick-store.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { NetPositionsPage } from './NetPositionsPage.tsx';
import { openOrderEntry } from '../order-entry/index.ts';

vi.mock('../order-entry/index.ts', () => ({ openOrderEntry: vi.fn(async () => undefined) }));
import { level1, niftyFut, position, tcs } from './testing/position-fixtures.ts';

const reliance = position();
const cover = position({ displaySym: 'SBIN', prdType: 'CO', uniqueId: 'NSE|3045', sym: { id: '3045', exc: 'NSE', exc_seg: 'nse_cm', instr: 'STK', xSym: 'SBIN-EQ' } });
const short = position({ displaySym: 'INFY', prdType: 'SHORTSELL', netQty: -4, uniqueId: 'NSE|1594', sym: { id: '1594', exc: 'NSE', exc_seg: 'nse_cm', instr: 'STK', xSym: 'INFY-EQ' } });

function renderPage(handler: (data: Record<string, unknown>) => FakeAnswer, details: Parameters<typeof loginFixture>[0] = { equity_flag: 'Y', fno_permission: 'Y' }) {
  sessionStore.signIn(loginFixture(details));
  const server = fakeServer({ '/Account/NetPositions': handler });
  const router = createMemoryRouter(
    [
      { path: '/home/netpositions', element: <NetPositionsPage /> },
      { path: '/home/dashboard', element: <p>dashboard</p> },
    ],
    { initialEntries: ['/home/netpositions'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return { server, router };
}

const rowsOf = () => Array.from(document.querySelectorAll('tbody tr[data-row-key]')).map((row) => row.getAttribute('data-row-key')?.split('|')[1]);
const rowOf = (id: string) => within(document.querySelector(`tbody tr[data-row-key^="NSE|${id}|"]`) as HTMLElement);

afterEach(() => {
  closeAllDialogs();
  vi.unstubAllGlobals();
  sessionStore.signOut();
  tickStore.clear();
  vi.mocked(openOrderEntry).mockClear();
});

describe('Net Positions screen (trading.md 2.5, 4.4)', () => {
  it('shows equity first with no ALL POSITION; fno offers it, relabels the columns and resets on tab change', async () => {
    const user = userEvent.setup();
    const { server } = renderPage((data) => ({ data: { positions: data.tab === 'fno' ? [niftyFut] : [reliance] } }));
    await screen.findByText('RELIANCE');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Equity', 'F&O']);
    expect(screen.getByRole('button', { name: "TODAY'S POSITIONS" }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: 'ALL POSITION' })).toBeNull();
    expect(server.calls[0]?.data).toEqual({ tab: 'equity', filters: [{ key: 'prdType', value: 'ALL' }, { key: 'exc', value: 'NSE' }] });

    await user.click(screen.getByRole('tab', { name: 'F&O' }));
    await screen.findByText('NIFTY NOV FUT');
    await user.click(screen.getByRole('button', { name: 'ALL POSITION' }));
    expect(await screen.findByRole('columnheader', { name: /CURRENT NET QTY/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /PREVIOUS AVG PRICE/ })).toBeTruthy();
    expect(server.calls.at(-1)?.data).toEqual({
      tab: 'fno',
      filters: [
        { key: 'prdType', value: 'ALL' },
        { key: 'assetClass', value: 'all' },
        { key: 'positionDay', value: 'all' },
      ],
    });

    await user.click(screen.getByRole('tab', { name: 'Equity' }));
    await user.click(screen.getByRole('tab', { name: 'F&O' }));
    expect(screen.getByRole('button', { name: "TODAY'S POSITIONS" }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByRole('columnheader', { name: /BUY QTY/ })).toBeTruthy();
  });

  it('sends the equity exchange switch and product choice; the commodity tab has no filter controls', async () => {
    const user = userEvent.setup();
    const { server } = renderPage(() => ({ data: { positions: [] } }), { equity_flag: 'Y', commodity_flag_ncdex: 'Y' });
    await screen.findByText('You have no positions here.');
    await user.click(screen.getByRole('radio', { name: 'BSE' }));
    await user.selectOptions(screen.getByLabelText('Product'), 'CO');
    await screen.findByText('You have no positions here.');
    expect(server.calls.at(-1)?.data).toEqual({ tab: 'equity', filters: [{ key: 'prdType', value: 'CO' }, { key: 'exc', value: 'BSE' }] });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('COVER ORDER');

    await user.click(screen.getByRole('tab', { name: 'Commodity' }));
    await screen.findByText('You have no positions here.');
    expect(screen.queryByLabelText('Product')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(server.calls.at(-1)?.data).toMatchObject({ tab: 'commodity', filters: expect.arrayContaining([{ key: 'exc', value: 'NCDEX' }]) });
  });

  it('offers BUY and SELL for CO, SQUARE OFF for intraday in SQUAREOFF mode, nothing for SHORTSELL', async () => {
    const user = userEvent.setup();
    renderPage(() => ({ data: { positions: [reliance, cover, short] } }));
    await screen.findByText('RELIANCE');
    expect(rowOf('3045').getByRole('button', { name: 'BUY' })).toBeTruthy();
    expect(rowOf('3045').getByRole('button', { name: 'SELL' })).toBeTruthy();
    expect(rowOf('3045').queryByRole('button', { name: 'SQUARE OFF' })).toBeNull();
    expect(rowOf('1594').queryByRole('button', { name: 'SQUARE OFF' })).toBeNull();
    await user.click(rowOf('2885').getByRole('button', { name: 'SQUARE OFF' }));
    expect(openOrderEntry).toHaveBeenCalledWith(
      expect.objectContaining({ side: 'SELL', entryType: 'SQUAREOFF', product: 'INTRADAY', quantity: 10 }),
    );
    await user.click(rowOf('3045').getByRole('button', { name: 'BUY' }));
    expect(vi.mocked(openOrderEntry).mock.calls.at(-1)?.[0]).toMatchObject({ side: 'BUY', scrip: { displaySym: 'SBIN' } });
  });

  it('row menu holds ADD to WATCHLIST, QUOTE and TRANSFER only when transfer is offered', async () => {
    const user = userEvent.setup();
    renderPage(() => ({ data: { positions: [reliance, cover] } }));
    await screen.findByText('RELIANCE');
    await user.click(screen.getByRole('button', { name: 'More actions for RELIANCE' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['ADD to WATCHLIST', 'QUOTE', 'TRANSFER']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'More actions for SBIN' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['ADD to WATCHLIST', 'QUOTE']);
  });

  it('sorts by a column header', async () => {
    const user = userEvent.setup();
    renderPage(() => ({ data: { positions: [tcs, reliance] } }));
    await screen.findByText('RELIANCE');
    expect(rowsOf()).toEqual(['11536', '2885']);
    await user.click(screen.getByRole('button', { name: /^LTP/ }));
    expect(rowsOf()).toEqual(['2885', '11536']);
    expect(screen.getByRole('columnheader', { name: /^LTP/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: /^LTP/ }));
    expect(rowsOf()).toEqual(['11536', '2885']);
  });

  it('updates LTP and P&L from the stream', async () => {
    renderPage(() => ({ data: { positions: [reliance] } }));
    await screen.findByText('RELIANCE');
    const cell = (column: string) => document.querySelector(`[data-column="${column}"]`)?.textContent;
    expect(cell('ltp')).toBe('1,250.00');
    act(() => {
      tickStore.apply(level1('nse_cm|RELIANCE-EQ', '1262.45'));
      tickStore.flush();
    });
    expect(cell('ltp')).toBe('1,262.45');
    expect(cell('unrealisedPnl')).toBe('224.50');
    expect(cell('netPnl')).toBe('224.50');
  });

  it('shows the server message in place of the table on failure, and collapse goes to the dashboard', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(() => ({ infoID: 'EGN001', infoMsg: 'Positions are not available' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Positions are not available');
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(router.state.location.pathname).toBe('/home/dashboard');
  });
});
