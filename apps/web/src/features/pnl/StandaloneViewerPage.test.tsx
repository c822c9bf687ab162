import type { ViewerDetail } from '@kite/domain';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { closeAllDialogs, DialogHost } from '../../components/dialog/index.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { detailTotals, refreshMs, StandaloneViewerPage, type ViewerVariant } from './StandaloneViewerPage.tsx';

const detail: ViewerDetail = {
  userId: 'DEMO1',
  contraDesc: 'NIFTY NOV FUT',
  mktPrice: '25010.00',
  prevPos: -130,
  prevAvgPrice: '25000.00',
  buyQty: 65,
  buyAvgPrice: '25100.00',
  sellQty: 0,
  sellAvgPrice: '0.00',
  netQty: -65,
  netAvgPrice: '25000.00',
  Anov: '1625650.00',
  bookedPnl: '-6500.00',
  unRealPnl: '-650.00',
  prdType: 'CARRY FORWARD',
};
const valid = {
  data: {
    clientsData: {
      validUser: true,
      summary: [{ clientId: 'DEMO1', bookedPnl: '-6500.00', unRealPnl: '-650.00', mtm: '-7150.00', anov: '1625650.00' }],
      details: [detail],
    },
  },
};

function renderViewer(variant: ViewerVariant, handler: (data: Record<string, unknown>) => FakeAnswer) {
  sessionStore.signIn(loginFixture({ equity_flag: 'Y', fno_permission: 'Y' }));
  const server = fakeServer({ '/Client/PortFolio': handler });
  render(
    <>
      <StandaloneViewerPage variant={variant} />
      <DialogHost />
    </>,
  );
  return server;
}

afterEach(() => {
  closeAllDialogs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStore.signOut();
});

describe('standalone portfolio viewer (investing.md 2, 4, 9)', () => {
  it('asks the password first (paste blocked, Enter submits), alerts a wrong one and stays on the prompt', async () => {
    const user = userEvent.setup();
    const server = renderViewer('standard', (data) => (data.password === 'right' ? valid : { data: { clientsData: { validUser: false, summary: [], details: [] } } }));
    const input = screen.getByLabelText('Password');
    const paste = fireEvent.paste(input);
    expect(paste).toBe(false);
    await user.type(input, 'wrong{Enter}');
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('you have entered wrong password please enter correct password again')).toBeTruthy();
    expect(server.calls[0]?.data).toEqual({ isCustomized: '0', password: 'wrong' });
    closeAllDialogs();
    expect(screen.getByLabelText('Password')).toBeTruthy();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    const summary = await screen.findByRole('table', { name: 'Summary' });
    expect(within(summary).getByText('DEMO1')).toBeTruthy();
    for (const column of ['Details', 'Client ID', 'Booked P/L', 'Notional P/L', 'Total MTM (Booked P/L + Notional P/L)', 'ANOV (For Short Position)'])
      expect(within(summary).getByRole('columnheader', { name: column })).toBeTruthy();
    // Gross MTM total.
    expect(within(summary.querySelector('tfoot') as HTMLElement).getByText('-7,150.00')).toBeTruthy();

    // The client's details open and close with its toggle; per-client TOTAL and GRAND TOTAL.
    expect(screen.queryByRole('table', { name: 'Position details of DEMO1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '+ DEMO1' }));
    const details = screen.getByRole('table', { name: 'Position details of DEMO1' });
    expect(within(details).getByText('NIFTY NOV FUT')).toBeTruthy();
    expect(within(details).getByRole('columnheader', { name: /Prev Pos Avg Price/ })).toBeTruthy();
    expect(screen.getByLabelText('TOTAL').textContent).toContain('-7,150.00');
    expect(screen.getByLabelText('GRAND TOTAL').textContent).toContain('16,25,650.00');
    await user.click(screen.getByRole('button', { name: '− DEMO1' }));
    expect(screen.queryByRole('table', { name: 'Position details of DEMO1' })).toBeNull();
  });

  it('refreshes by itself every 4 s (5 s in the new view with a client id, never in the new view without one)', async () => {
    expect(refreshMs('standard', null)).toBe(4_000);
    expect(refreshMs('new', null)).toBeNull();
    expect(refreshMs('new', 'DEMO1')).toBe(5_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = renderViewer('standard', () => valid);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await screen.findByRole('table', { name: 'Summary' });
    const before = server.calls.length;
    await act(async () => vi.advanceTimersByTimeAsync(4_000));
    expect(server.calls.length).toBe(before + 1);
    expect(server.calls.at(-1)?.data).toEqual({ isCustomized: '0', password: 'right' });
  });

  it('goes back to the password prompt when a refresh is answered validUser false (the password changed)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let passwordChanged = false;
    renderViewer('standard', () =>
      passwordChanged ? { data: { clientsData: { validUser: false, summary: [], details: [] } } } : valid,
    );
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await screen.findByRole('table', { name: 'Summary' });
    passwordChanged = true;
    await act(async () => vi.advanceTimersByTimeAsync(4_000));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('you have entered wrong password please enter correct password again')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Summary' })).toBeNull();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('the new view refreshes only once a client id is entered, then every 5 s (investing.md 5)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = renderViewer('new', () => valid);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await screen.findByRole('table', { name: 'Summary' });
    const before = server.calls.length;
    await act(async () => vi.advanceTimersByTimeAsync(12_000));
    expect(server.calls.length).toBe(before);
    fireEvent.change(screen.getByLabelText('Enter Client Id'), { target: { value: 'DEMO1' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    const entered = server.calls.length;
    expect(entered).toBe(before + 1);
    await act(async () => vi.advanceTimersByTimeAsync(4_000));
    expect(server.calls.length).toBe(entered);
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(server.calls.length).toBe(entered + 1);
    expect(server.calls.at(-1)?.data).toEqual({ isCustomized: '1', password: 'right', client_id: 'DEMO1' });
  });

  it('the new view sends the entered client id; a request error replaces the tables while the box stays', async () => {
    const user = userEvent.setup();
    const server = renderViewer('new', (data) => (data.client_id === 'DEMO9' ? { infoID: 'POR008', infoMsg: 'Client not found.' } : valid));
    await user.type(screen.getByLabelText('Password'), 'right{Enter}');
    await screen.findByRole('table', { name: 'Summary' });
    expect(server.calls[0]?.data).toEqual({ isCustomized: '1', password: 'right' });
    const box = screen.getByLabelText('Enter Client Id');
    expect(fireEvent.paste(box)).toBe(false);
    await user.type(box, 'DEMO9');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Client not found.');
    expect(screen.queryByRole('table', { name: 'Summary' })).toBeNull();
    expect(screen.getByLabelText('Enter Client Id')).toBeTruthy();
    expect(server.calls.at(-1)?.data).toEqual({ isCustomized: '1', password: 'right', client_id: 'DEMO9' });
  });

  it('says the session is not valid when the window regains focus under another user', async () => {
    renderViewer('standard', () => valid);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Another tab signs in as someone else.
    sessionStore.signIn({ ...loginFixture({}), userId: 'DEMO2' });
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Your session is not valid. Please login.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('lists the same stock bought intraday on NSE and on BSE as two rows, each kept through a refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const intraday = (mktPrice: string, bookedPnl: string): ViewerDetail => ({
      ...detail,
      contraDesc: 'RELIANCE',
      mktPrice,
      prevPos: 0,
      prevAvgPrice: '0.00',
      netQty: 0,
      Anov: '0.00',
      bookedPnl,
      unRealPnl: '0.00',
      prdType: 'INTRADAY',
    });
    let answers = 0;
    const both = () => {
      answers++;
      const nse = intraday('1500.00', answers === 1 ? '10.00' : '20.00');
      const bse = intraday('1500.05', '-5.00');
      return { data: { clientsData: { ...valid.data.clientsData, details: answers === 1 ? [nse, bse] : [bse, nse] } } };
    };
    renderViewer('standard', both);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await screen.findByRole('table', { name: 'Summary' });
    fireEvent.click(screen.getAllByRole('button', { name: /DEMO1/ }).at(-1)!);
    const rows = () =>
      Array.from(screen.getByRole('table', { name: 'Position details of DEMO1' }).querySelectorAll('tbody tr')).map((tr) =>
        Array.from(tr.querySelectorAll('td')).map((td) => td.textContent),
      );
    expect(rows().map((r) => [r[2], r[12]])).toEqual([
      ['1,500.00', '10.00'],
      ['1,500.05', '-5.00'],
    ]);
    await act(async () => vi.advanceTimersByTimeAsync(4_000));
    expect(rows().map((r) => [r[2], r[12]])).toEqual([
      ['1,500.05', '-5.00'],
      ['1,500.00', '20.00'],
    ]);
    expect(errors.mock.calls.filter((call) => String(call[0]).includes('same key'))).toEqual([]);
    errors.mockRestore();
  });

  it('sums the per-client totals exactly', () => {
    expect(detailTotals([detail, { ...detail, Anov: '0.00', bookedPnl: '0.10', unRealPnl: '0.20' }])).toEqual({ anov: 162_565_000, booked: -649_990, notional: -64_980, mtm: -714_970 });
  });
});
