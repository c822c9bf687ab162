import type { OrderRow } from '@kite/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { closeAllDialogs } from '../../components/dialog/index.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { orderUpdates } from '../../lib/stream/order-updates.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { setModifyOrderOpener } from './modify-order.ts';
import { MyOrdersPage } from './MyOrdersPage.tsx';
import { leg, orderRow, renderScreen } from './testing/order-fixtures.tsx';

const filtersOf = (data: Record<string, unknown>) =>
  Object.fromEntries((data.filters as { key: string; value: string }[]).map((f) => [f.key, f.value]));

function serveOrders(orders: (data: Record<string, unknown>) => OrderRow[], extra: Record<string, (data: Record<string, unknown>) => FakeAnswer> = {}) {
  return fakeServer({ '/Trade/MyOrders': (data) => ({ data: { orders: orders(data) } }), ...extra });
}

const bookCalls = (server: ReturnType<typeof fakeServer>) =>
  server.calls.filter((c) => c.path === '/Trade/MyOrders').map((c) => ({ tab: c.data.tab, ...filtersOf(c.data) }));

beforeEach(() => {
  sessionStore.signIn(loginFixture({ equity_flag: 'Y', fno_permission: 'Y', commodity_flag_mcx: 'Y' }));
});
afterEach(() => {
  act(() => closeAllDialogs());
  vi.unstubAllGlobals();
  sessionStore.signOut();
});

describe('My Orders (trading.md 2.3, 4.3)', () => {
  it('shows MY ORDERS with a tab per permitted segment and loads the first tab on NSE with ALL', async () => {
    const server = serveOrders(() => [orderRow()]);
    renderScreen('myorders', <MyOrdersPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('MY ORDERS');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Equity', 'F&O', 'Commodity']);
    expect(await screen.findByText('INFY')).toBeTruthy();
    expect(bookCalls(server)).toEqual([{ tab: 'equity', ordStatus: 'ALL', exc: 'NSE' }]);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['ALL', 'REJECTED', 'CANCELLED', 'EXECUTED', 'OUTSTANDING', 'REQUEST SENT', 'OFFLINE']);
  });

  it('reloads on a change of exchange, status filter and tab; the commodity tab shows only enabled exchanges', async () => {
    const user = userEvent.setup();
    const server = serveOrders(() => []);
    renderScreen('myorders', <MyOrdersPage />);
    await screen.findByText('No orders found');
    await user.click(screen.getByRole('button', { name: 'BSE' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'REJECTED');
    await user.click(screen.getByRole('tab', { name: 'F&O' }));
    await waitFor(() => expect(bookCalls(server)).toHaveLength(4));
    expect(bookCalls(server)).toEqual([
      { tab: 'equity', ordStatus: 'ALL', exc: 'NSE' },
      { tab: 'equity', ordStatus: 'ALL', exc: 'BSE' },
      { tab: 'equity', ordStatus: 'REJECTED', exc: 'BSE' },
      { tab: 'fno', ordStatus: 'REJECTED', exc: 'NFO' },
    ]);
    expect(screen.getByRole('tab', { name: 'F&O' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Commodity' }));
    expect(within(screen.getByRole('group', { name: 'Exchange' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['MCX']);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(bookCalls(server).at(-1)).toEqual({ tab: 'commodity', ordStatus: 'REJECTED', exc: 'MCX' }));
    expect(bookCalls(server).filter((c) => c.tab === 'commodity')).toHaveLength(2);
  });

  it('opens on the tab the order dialog asks for', async () => {
    const server = serveOrders(() => []);
    renderScreen('myorders', <MyOrdersPage />, { tab: 'fno' });
    await screen.findByText('No orders found');
    expect(bookCalls(server)[0]).toEqual({ tab: 'fno', ordStatus: 'ALL', exc: 'NFO' });
  });

  it('ignores a late answer for the tab the client has left', async () => {
    const user = userEvent.setup();
    const pending: { tab: string; resolve: (r: Response) => void }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { request: { data: { tab: string } } };
        return new Promise<Response>((resolve) => pending.push({ tab: body.request.data.tab, resolve }));
      }),
    );
    const answer = (orders: OrderRow[]) =>
      new Response(JSON.stringify({ response: { infoID: '0', infoMsg: 'Success', data: { orders } } }), { headers: { 'content-type': 'application/json' } });
    renderScreen('myorders', <MyOrdersPage />);
    await waitFor(() => expect(pending).toHaveLength(1));
    await user.click(screen.getByRole('tab', { name: 'F&O' }));
    await waitFor(() => expect(pending).toHaveLength(2));
    const [equity, fno] = pending;
    act(() => fno?.resolve(answer([orderRow({ orderId: 'F1', displaySym: 'NIFTY NOV FUT' })])));
    expect(await screen.findByText('NIFTY NOV FUT')).toBeTruthy();
    await act(async () => equity?.resolve(answer([orderRow({ orderId: 'E1', displaySym: 'RELIANCE' })])));
    expect(screen.queryByText('RELIANCE')).toBeNull();
    expect(screen.getByText('NIFTY NOV FUT')).toBeTruthy();
  });

  it('shows a load error inline', async () => {
    fakeServer({ '/Trade/MyOrders': () => ({ infoID: 'EGN001', infoMsg: 'Order book is not available' }) });
    renderScreen('myorders', <MyOrdersPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Order book is not available');
  });

  it('opens one of the two areas of a row at a time: details or the legs of a bracket order', async () => {
    const user = userEvent.setup();
    serveOrders(() => [
      orderRow({
        prdType: 'BO',
        leg1: [leg({ orderId: 'L1' }), leg({ orderId: 'L3', triggerPrice: '0.00', ordStatus: 'EXECUTED' })],
        leg2: [leg({ orderId: 'L2', ordAction: 'SELL', triggerPrice: '0.00', targetPrice: '1250.00' })],
      }),
    ]);
    renderScreen('myorders', <MyOrdersPage />);
    const details = await screen.findByRole('button', { name: 'Details of INFY' });
    await user.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(within(screen.getByLabelText('Details of INFY', { selector: 'dl' })).getByText('1100000000001')).toBeTruthy();
    const legs = screen.getByRole('button', { name: 'Legs of INFY' });
    await user.click(legs);
    expect(legs.getAttribute('aria-expanded')).toBe('true');
    expect(details.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Details of INFY', { selector: 'dl' })).toBeNull();
    const legTable = screen.getByRole('table', { name: 'Legs of INFY' });
    expect(within(legTable).getByText('L2')).toBeTruthy();
    expect(within(legTable).getByText('1,250.00')).toBeTruthy();
    const nameOf = (orderId: string) => within(within(legTable).getByText(orderId).closest('tr')!).getAllByRole('cell')[0]!.textContent;
    expect([nameOf('L1'), nameOf('L2'), nameOf('L3')]).toEqual(['Stop-loss', 'Target', 'Exit']);
    await user.click(legs);
    expect(screen.queryByRole('table', { name: 'Legs of INFY' })).toBeNull();
  });

  it('enables Modify and Cancel/Exit by the rules and shows a rejected order its reason', async () => {
    serveOrders(() => [
      orderRow({ orderId: 'A', displaySym: 'AAA', modifiable: false, cancellable: false, ordStatus: 'REJECTED', rejectReason: 'RMS:Margin Exceeds' }),
      orderRow({ orderId: 'B', displaySym: 'BBB', ordStatus: 'REJECTED', rejectReason: '-', modifiable: false, cancellable: false }),
      orderRow({ orderId: 'C', displaySym: 'CCC', prdType: 'CO', cancellable: true, leg1: [leg({ cancellable: false })] }),
    ]);
    renderScreen('myorders', <MyOrdersPage />);
    await screen.findByText('AAA');
    const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    const button = (name: string, label: string) => within(row(name)).getByRole('button', { name: label }) as HTMLButtonElement;
    expect(button('AAA', 'Modify').disabled).toBe(true);
    expect(button('AAA', 'Cancel/Exit').disabled).toBe(true);
    expect(within(row('AAA')).getByRole('img', { name: 'Reject reason: RMS:Margin Exceeds' })).toBeTruthy();
    expect(within(row('BBB')).queryByRole('img')).toBeNull();
    expect(button('CCC', 'Modify').disabled).toBe(false);
    expect(button('CCC', 'Cancel/Exit').disabled).toBe(true);
    expect(within(row('CCC')).getByRole('button', { name: 'Order history of CCC' }).textContent).toBe('HISTORY');
  });

  it('hands Modify to the order dialog', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    setModifyOrderOpener(open);
    serveOrders(() => [orderRow()]);
    renderScreen('myorders', <MyOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Modify' }));
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ orderId: '251121000001' }));
  });

  it('reloads when the order engine pushes an update', async () => {
    const server = serveOrders(() => []);
    renderScreen('myorders', <MyOrdersPage />);
    await screen.findByText('No orders found');
    act(() => orderUpdates.emit({ name: 'order', type: 'order', orderId: 'X', ordStatus: 'EXECUTED' }));
    await waitFor(() => expect(bookCalls(server)).toHaveLength(2));
  });
});

describe('cancel and exit (trading.md 8)', () => {
  it('asks YES/NO, cancels, says Cancel Request Sent and reloads the book', async () => {
    const user = userEvent.setup();
    let status: OrderRow['ordStatus'] = 'OUTSTANDING';
    const server = serveOrders(() => [orderRow({ ordStatus: status, cancellable: status === 'OUTSTANDING' })], {
      '/Trade/CancelOrder': () => {
        status = 'CANCELLED';
        return { data: { msg: 'Order cancelled' } };
      },
    });
    renderScreen('myorders', <MyOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Cancel/Exit' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel Order' });
    expect(within(confirm).getByText('Do you want to cancel/exit this order ?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'YES' }));
    const done = await screen.findByRole('alertdialog', { name: 'Cancel Order' });
    expect(within(done).getByText('Cancel Request Sent')).toBeTruthy();
    const cancel = server.calls.find((c) => c.path === '/Trade/CancelOrder');
    expect(cancel?.data).toEqual({ sym: orderRow().sym, orderId: '251121000001', isOffline: false });
    expect(await screen.findByText('CANCELLED', { selector: 'td span span' })).toBeTruthy();
    expect(server.paths().filter((p) => p === '/Trade/MyOrders')).toHaveLength(2);
  });

  it('does nothing on NO', async () => {
    const user = userEvent.setup();
    const server = serveOrders(() => [orderRow()]);
    renderScreen('myorders', <MyOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Cancel/Exit' }));
    await user.click(screen.getByRole('button', { name: 'NO' }));
    expect(server.paths()).not.toContain('/Trade/CancelOrder');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server message under Cancel Order, or Please try again. when it gives none', async () => {
    const user = userEvent.setup();
    let message = 'Order is already executed';
    serveOrders(() => [orderRow()], { '/Trade/CancelOrder': () => ({ infoID: 'ETR010', infoMsg: message }) });
    renderScreen('myorders', <MyOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Cancel/Exit' }));
    await user.click(screen.getByRole('button', { name: 'YES' }));
    expect(within(await screen.findByRole('alertdialog', { name: 'Cancel Order' })).getByText('Order is already executed')).toBeTruthy();
    act(() => closeAllDialogs());
    message = '';
    await user.click(screen.getByRole('button', { name: 'Cancel/Exit' }));
    await user.click(screen.getByRole('button', { name: 'YES' }));
    expect(within(await screen.findByRole('alertdialog', { name: 'Cancel Order' })).getByText('Please try again.')).toBeTruthy();
  });

  it('exits a cover order through ExitCoverOrder and a bracket order through ExitBracketOrder, under Exit Order', async () => {
    const user = userEvent.setup();
    const server = serveOrders(
      () => [
        orderRow({ orderId: 'CO1', displaySym: 'COVER', prdType: 'CO', leg1: [leg()] }),
        orderRow({ orderId: 'BO1', displaySym: 'BRACKET', prdType: 'BO', boStatus: 'ENTRY', leg1: [leg()], leg2: [leg()] }),
      ],
      {
        '/Trade/ExitCoverOrder': () => ({ data: { msg: 'ok' } }),
        '/Trade/ExitBracketOrder': () => ({ infoID: 'ETR011', infoMsg: 'Bracket order cannot be exited now' }),
      },
    );
    renderScreen('myorders', <MyOrdersPage />);
    const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
    await user.click(within(await row('COVER')).getByRole('button', { name: 'Cancel/Exit' }));
    expect(screen.getByRole('dialog', { name: 'Exit Order' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'YES' }));
    expect(within(await screen.findByRole('alertdialog', { name: 'Exit Order' })).getByText('Cancel Request Sent')).toBeTruthy();
    act(() => closeAllDialogs());
    await user.click(within(await row('BRACKET')).getByRole('button', { name: 'Cancel/Exit' }));
    await user.click(screen.getByRole('button', { name: 'YES' }));
    expect(within(await screen.findByRole('alertdialog', { name: 'Exit Order' })).getByText('Bracket order cannot be exited now')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/Trade/ExitCoverOrder')?.data).toEqual({ orderId: 'CO1' });
    expect(server.calls.find((c) => c.path === '/Trade/ExitBracketOrder')?.data).toEqual({ orderId: 'BO1', syomOrderId: 'BO1', boStatus: 'ENTRY' });
  });
});
