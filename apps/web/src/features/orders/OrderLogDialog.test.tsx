import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs, DialogHost } from '../../components/dialog/index.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { openOrderLog } from './OrderLogDialog.tsx';
import { orderRow } from './testing/order-fixtures.tsx';

const logRow = {
  ordStatus: 'OUTSTANDING',
  qty: 10,
  ordPrice: '1200.00',
  disQty: 2,
  triggerPrice: '1190.00',
  ordDuration: 'DAY',
  lUpdatedTime: '21/11/2026 10:15:02',
};

function showLog(answer: FakeAnswer, order = orderRow()) {
  const server = fakeServer({ '/Order/OrderLog': () => answer });
  render(<DialogHost />);
  act(() => void openOrderLog(order));
  return server;
}

const headers = () => within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent);

afterEach(() => {
  act(() => closeAllDialogs());
  vi.unstubAllGlobals();
});

describe('Order Log dialog (trading.md 2.4, 8)', () => {
  it('shows symbol, exchange, order reference and the status rows; CLOSE closes it', async () => {
    const server = showLog({ data: { orderLog: [logRow, { ...logRow, ordStatus: 'CANCELLED', lUpdatedTime: '21/11/2026 10:16:40' }] } });
    const dialog = screen.getByRole('dialog', { name: 'ORDER LOG' });
    expect(await within(dialog).findByText('CANCELLED')).toBeTruthy();
    expect(server.calls[0]).toEqual({ path: '/Order/OrderLog', data: { orderId: '251121000001', sym: orderRow().sym } });
    expect(within(dialog).getByText('Order Ref. No.').nextSibling?.textContent).toBe('251121000001');
    expect(within(dialog).getByText('Symbol').nextSibling?.textContent).toBe('INFY');
    expect(within(dialog).getByText('Exchange').nextSibling?.textContent).toBe('NSE');
    expect(headers()).toEqual(['STATUS', 'QTY', 'PRICE', 'DISC. QTY', 'TRIGGER PRICE', 'VALIDITY', 'DATE & TIME']);
    const first = within(dialog).getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['OUTSTANDING', '10', '1,200.00', '2', '1,190.00', 'DAY', '21/11/2026 10:15:02']);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'No Data found' for an empty log", async () => {
    showLog({ data: { orderLog: [] } });
    expect(await screen.findByText('No Data found')).toBeTruthy();
  });

  it("says 'Unable to load' when the answer cannot be read", async () => {
    showLog({ data: { orderLog: [{ ordStatus: 'OUTSTANDING', qty: 'ten' }] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to load');
  });

  it("shows a refused call's message", async () => {
    showLog({ infoID: 'EGN001', infoMsg: 'Order not found' });
    expect((await screen.findByRole('alert')).textContent).toBe('Order not found');
  });

  it('hides disclosed quantity and trigger price for spreads', async () => {
    showLog({ data: { orderLog: [logRow] } }, orderRow({ prdType: 'SP', sym: { id: '9', exc: 'NFO', exc_seg: 'nse_fo', instr: 'FUTIDXSPR', xSym: 'NIFTY-SPR' } }));
    await screen.findByText('OUTSTANDING');
    expect(headers()).toEqual(['STATUS', 'QTY', 'PRICE', 'VALIDITY', 'DATE & TIME']);
  });

  it('counts LOTS with 4 decimals for currency, and shows 0.00 as the trigger of a bracket order', async () => {
    showLog({ data: { orderLog: [{ ...logRow, ordPrice: '83.2525' }] } }, orderRow({ sym: { id: '8', exc: 'CDS', exc_seg: 'cde_fo', instr: 'FUTCUR', xSym: 'USDINR' } }));
    await screen.findByText('OUTSTANDING');
    expect(headers()).toEqual(['STATUS', 'LOTS', 'PRICE', 'DISC. QTY', 'TRIGGER PRICE', 'VALIDITY', 'DATE & TIME']);
    expect(screen.getByText('83.2525')).toBeTruthy();
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
    showLog({ data: { orderLog: [logRow] } }, orderRow({ prdType: 'BO' }));
    const row = (await screen.findByText('OUTSTANDING')).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell')[4]?.textContent).toBe('0.00');
  });

  it('leaves out validity for commodity', async () => {
    showLog({ data: { orderLog: [logRow] } }, orderRow({ sym: { id: '7', exc: 'MCX', exc_seg: 'mcx_fo', instr: 'FUTCOM', xSym: 'GOLD' } }));
    await screen.findByText('OUTSTANDING');
    expect(headers()).toEqual(['STATUS', 'QTY', 'PRICE', 'DISC. QTY', 'TRIGGER PRICE', 'DATE & TIME']);
  });
});
