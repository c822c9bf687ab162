import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../../components/dialog/index.ts';
import { fakeServer } from '../../../test/fake-server.ts';
import { selectedScrip } from '../../market-data/selected-scrip.ts';
import { setModifyOrderOpener } from '../../orders/modify-order.ts';
import { leg, orderRow, renderScreen } from '../../orders/testing/order-fixtures.tsx';
import { OutstandingOrdersWidget } from './OutstandingOrdersWidget.tsx';

afterEach(() => {
  act(() => closeAllDialogs());
  vi.unstubAllGlobals();
});

describe('outstanding-orders widget (investing.md "Pending orders widget")', () => {
  it('lists the open orders with the pending-order columns and M, C, H per row', async () => {
    const user = userEvent.setup();
    const modify = vi.fn();
    setModifyOrderOpener(modify);
    const server = fakeServer({
      '/Trade/OpenOrders': () => ({
        data: {
          orders: [
            orderRow({ triggerPrice: '1195.00' }),
            orderRow({ orderId: 'CO1', displaySym: 'SBIN', prdType: 'CO', ordAction: 'SELL', modifiable: false, leg1: [leg({ cancellable: false })] }),
          ],
        },
      }),
      '/Order/OrderLog': () => ({ data: { orderLog: [] } }),
    });
    renderScreen('dashboard-widget', <OutstandingOrdersWidget />);
    const infy = (await screen.findByRole('button', { name: 'INFY' })).closest('tr') as HTMLElement;
    expect(server.calls[0]).toEqual({ path: '/Trade/OpenOrders', data: {} });
    expect(within(infy).getAllByRole('cell').slice(0, 7).map((c) => c.textContent)).toEqual([
      'INFYNSE', 'BUY', 'CASH', '10', '1,200.00', '1,195.00', 'LIMIT',
    ]);
    const sbin = (screen.getByRole('button', { name: 'SBIN' })).closest('tr') as HTMLElement;
    expect((within(sbin).getByRole('button', { name: 'Modify SBIN' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(sbin).getByRole('button', { name: 'Cancel or exit SBIN' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(infy).getByRole('button', { name: 'Modify INFY' }));
    expect(modify).toHaveBeenCalledWith(expect.objectContaining({ orderId: '251121000001' }));
    await user.click(within(infy).getByRole('button', { name: 'Order history of INFY' }));
    expect(await screen.findByText('No Data found')).toBeTruthy();
    act(() => closeAllDialogs());
    await user.click(within(infy).getByRole('button', { name: 'Cancel or exit INFY' }));
    expect(screen.getByText('Do you want to cancel/exit this order ?')).toBeTruthy();
  });

  it('opens scrip details on a symbol click', async () => {
    const user = userEvent.setup();
    fakeServer({ '/Trade/OpenOrders': () => ({ data: { orders: [orderRow()] } }) });
    const { router } = renderScreen('dashboard-widget', <OutstandingOrdersWidget />);
    await user.click(await screen.findByRole('button', { name: 'INFY' }));
    expect(router.state.location.pathname).toBe('/home/scripdetails');
    expect(selectedScrip.get()?.sym.xSym).toBe('INFY-EQ');
  });

  it('shows the empty state and load errors', async () => {
    fakeServer({ '/Trade/OpenOrders': () => ({ infoID: 'EGN001', infoMsg: 'Try later' }) });
    renderScreen('dashboard-widget', <OutstandingOrdersWidget />);
    expect((await screen.findByRole('alert')).textContent).toBe('Try later');
  });
});
