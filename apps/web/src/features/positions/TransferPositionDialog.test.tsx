import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs, DialogHost } from '../../components/dialog/index.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { niftyFut, position } from './testing/position-fixtures.ts';
import { openTransferDialog } from './TransferPositionDialog.tsx';

const holdings = (confNonPoaQty: number, nonPoaQty: number) => ({
  data: {
    holdings: { prdType: 'CASH', dp: 0, prevSettle: 0, net: 0, cash: { dp: 0, confNonPoaQty, nonPoaQty } },
    positions: [],
    margin: { totMarginAvail: '0.00', cash: '0.00', stock: '0.00', totalMarginAvail: '0.00', ledgerBalance: '0.00' },
  },
});

function setup(transfer: () => FakeAnswer, holding: FakeAnswer = holdings(0, 0)) {
  const server = fakeServer({ '/Account/TransferPosition': transfer, '/Account/HoldingsBySymbol': () => holding });
  render(<DialogHost />);
  return server;
}

async function typeQuantity(value: string) {
  const user = userEvent.setup();
  const input = await screen.findByLabelText('Quantity');
  await user.clear(input);
  if (value) await user.type(input, value);
  await user.click(screen.getByRole('button', { name: 'TRANSFER' }));
  return user;
}

afterEach(() => {
  closeAllDialogs();
  vi.unstubAllGlobals();
});

describe('TRANSFER POSITION dialog (trading.md 4.8, 5.4, 8)', () => {
  it('shows each quantity rule in a TransferLog dialog with ok, and sends nothing', async () => {
    const server = setup(() => ({ data: { result: { status: 'true', message: 'done' } } }));
    void openTransferDialog(niftyFut);
    expect(await screen.findByRole('dialog', { name: 'TRANSFER POSITION' })).toBeTruthy();
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('75');

    const user = await typeQuantity('0');
    expect(screen.getByRole('alertdialog', { name: 'TransferLog' }).textContent).toContain('Quantity should be greater than 0');
    await user.click(screen.getByRole('button', { name: 'ok' }));

    await typeQuantity('80');
    expect(screen.getByRole('alertdialog', { name: 'TransferLog' }).textContent).toContain('Quantity should be multiple of 75');
    await user.click(screen.getByRole('button', { name: 'ok' }));

    await typeQuantity('150');
    expect(screen.getByRole('alertdialog', { name: 'TransferLog' }).textContent).toContain('Quantity should be lesser than 75');
    expect(server.paths()).not.toContain('/Account/TransferPosition');
  });

  it('blocks INTRADAY to Cash with unapproved non-POA holdings', async () => {
    const server = setup(() => ({ data: { result: { status: 'true', message: 'done' } } }), holdings(0, 20));
    void openTransferDialog(position());
    await typeQuantity('5');
    expect((await screen.findByRole('alertdialog', { name: 'TransferLog' })).textContent).toContain(
      'You can not transfer from INTRADAY to Cash due to Non-POA holding stock',
    );
    expect(server.paths()).not.toContain('/Account/TransferPosition');
  });

  it('sends the transfer and shows SUCCESS with OK, resolving true', async () => {
    const server = setup(() => ({ data: { result: { status: 'true', message: 'Position transferred successfully' } } }));
    const done = openTransferDialog(position());
    const user = await typeQuantity('4');
    expect(await screen.findByRole('dialog', { name: 'SUCCESS' })).toBeTruthy();
    expect(screen.getByText('Position transferred successfully')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/Account/TransferPosition')?.data).toMatchObject({
      qty: '4',
      fromPOS: 'INTRADAY',
      toPOS: 'CASH',
      ordAction: 'buy',
    });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(done).resolves.toBe(true);
  });

  it('shows FAILED with the server message on a refusal or an error', async () => {
    setup(() => ({ infoID: 'EGN001', infoMsg: 'Transfer not allowed now' }));
    const done = openTransferDialog(position({ prdType: 'CASH', netQty: -3 }));
    const user = await typeQuantity('3');
    expect(await screen.findByRole('dialog', { name: 'FAILED' })).toBeTruthy();
    expect(screen.getByText('Transfer not allowed now')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(done).resolves.toBe(false);
  });
});
