import type { FundTransfer } from '@kite/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost, closeAllDialogs } from '../../components/dialog/index.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { FundTransferPage } from './FundTransferPage.tsx';

const bank = { bankId: '7', bankName: 'HDFC Bank', accountNumber: 'XXXXXXXX7801' };
const balances = { ledger: '1000000.00', availableMargin: '1234567.50', withdrawable: '100000.00' };
const transfer = (change: Partial<FundTransfer>): FundTransfer => ({
  reference: 'PI1',
  direction: 'PAYIN',
  status: 'SUCCESS',
  amount: '25000.00',
  paidAmount: '',
  bankName: 'HDFC Bank',
  accountNumber: 'XXXXXXXX7801',
  mode: 'UPI',
  requestedAt: '27-11-2026 10:00:00',
  completedAt: '27-11-2026 10:01:00',
  gatewayTransId: '1234',
  ...change,
});
const pendingPayout = transfer({
  reference: 'PO9',
  direction: 'PAYOUT',
  status: 'PENDING',
  amount: '5000.00',
  mode: 'NEFT',
  completedAt: '',
});
// Paid at the run less than asked: a loss realised after the request left less withdrawable.
const paidShort = transfer({
  reference: 'PO8',
  direction: 'PAYOUT',
  status: 'PROCESSED',
  amount: '5000.00',
  paidAmount: '3999.50',
  mode: 'NEFT',
});

const allocation = {
  asAt: '27-11-2026 10:05:00',
  segments: [
    {
      segment: 'equity',
      openOrders: 2,
      blockedByOrders: '1500.00',
      openPositions: 1,
      usedByPositions: '70000.00',
      allocated: '71500.00',
    },
    {
      segment: 'fno',
      openOrders: 0,
      blockedByOrders: '0.00',
      openPositions: 1,
      usedByPositions: '185000.50',
      allocated: '185000.50',
    },
    ...['spread', 'currency', 'commodity'].map((segment) => ({
      segment,
      openOrders: 0,
      blockedByOrders: '0.00',
      openPositions: 0,
      usedByPositions: '0.00',
      allocated: '0.00',
    })),
  ],
  pool: {
    ledger: '-1250.00',
    collateral: '300000.00',
    payoutsHeld: '5000.00',
    allocated: '256500.50',
    availableMargin: '37249.50',
    withdrawable: '0.00',
  },
};

function handlers(change: Record<string, (data: Record<string, unknown>) => FakeAnswer> = {}) {
  return {
    '/FundTransfer/GetBankDetails': () => ({ data: { banks: [bank], balances } }),
    '/FundTransfer/GetPayInOptions': () => ({
      data: { modes: [], minAmount: '1.00', maxAmount: '100000000.00', remainingToday: '100000000.00' },
    }),
    '/TR/PendingPayouts': () => ({ data: { payouts: [pendingPayout] } }),
    '/FundTransfer/GetFundTransferLogs': () => ({ data: { logs: [transfer({}), pendingPayout, paidShort] } }),
    '/Allocate/Funds/Report': () => ({ data: allocation }),
    ...change,
  };
}

function renderPage(entry = '/home/fundtransfer') {
  const router = createMemoryRouter([{ path: '/home/fundtransfer', element: <FundTransferPage /> }], {
    initialEntries: [entry],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  closeAllDialogs();
  vi.unstubAllGlobals();
});

describe('Fund Transfer (/home/fundtransfer)', () => {
  it('shows the balances with lakh grouping, the pending pay-outs and the log', async () => {
    fakeServer(handlers());
    renderPage();
    await waitFor(() => expect(screen.getByTestId('available-margin').textContent).toBe('₹12,34,567.50'));
    expect(screen.getByTestId('withdrawable').textContent).toBe('₹1,00,000.00');
    const pending = await screen.findByRole('table', { name: 'Pending withdrawals' });
    expect(within(pending).getByText('PO9')).toBeDefined();
    const log = await screen.findByRole('table', { name: 'Fund transfer log' });
    const row = within(log).getByText('PI1').closest('tr')!;
    expect(within(row).getByText('25,000.00')).toBeDefined();
    expect(within(row).getByText('Success')).toBeDefined();
    expect(within(row).getByText('HDFC Bank XXXXXXXX7801')).toBeDefined();
    const paid = within(log).getByText('PO8').closest('tr')!;
    expect(within(paid).getByText('5,000.00')).toBeDefined();
    expect(within(paid).getByText('3,999.50')).toBeDefined();
    expect(within(paid).getByText('Processed')).toBeDefined();
  });

  it('shows what each segment holds of the one pool of funds, and the pool, a debit balance with its sign', async () => {
    fakeServer(handlers());
    renderPage();
    const table = await screen.findByRole('table', { name: 'Funds by segment' });
    await within(table).findByText('Commodity');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Equity', '2', '1,500.00', '1', '70,000.00', '71,500.00'],
      ['F&O', '0', '0.00', '1', '1,85,000.50', '1,85,000.50'],
      ['Spread', '0', '0.00', '0', '0.00', '0.00'],
      ['Currency', '0', '0.00', '0', '0.00', '0.00'],
      ['Commodity', '0', '0.00', '0', '0.00', '0.00'],
    ]);
    expect(screen.getByTestId('pool-ledger').textContent).toBe('₹-1,250.00');
    expect(screen.getByTestId('pool-collateral').textContent).toBe('₹3,00,000.00');
    expect(screen.getByTestId('pool-payoutsHeld').textContent).toBe('₹5,000.00');
    expect(screen.getByTestId('pool-allocated').textContent).toBe('₹2,56,500.50');
    expect(screen.getByTestId('pool-availableMargin').textContent).toBe('₹37,249.50');
    expect(screen.getByText(/As at 27\/11\/2026 10:05:00 IST/)).toBeDefined();
  });

  it('shows the loading state, then the error of a failed load', async () => {
    fakeServer(handlers({ '/FundTransfer/GetBankDetails': () => ({ infoID: 'EGN002', infoMsg: 'Request Failed' }) }));
    renderPage();
    expect(within(screen.getByRole('tabpanel')).getByRole('status').textContent).toBe('Loading fund transfer details');
    expect(screen.getByTestId('withdrawable').textContent).toBe('--');
    expect((await within(screen.getByRole('tabpanel')).findByRole('alert')).textContent).toBe('Request Failed');
  });

  it('says when no bank is linked, and shows empty tables', async () => {
    fakeServer(
      handlers({
        '/FundTransfer/GetBankDetails': () => ({ data: { banks: [], balances } }),
        '/TR/PendingPayouts': () => ({ data: { payouts: [] } }),
        '/FundTransfer/GetFundTransferLogs': () => ({ data: { logs: [] } }),
      }),
    );
    renderPage();
    expect(await screen.findByText(/No bank account is linked/)).toBeDefined();
    expect(await screen.findByText('No pending withdrawals.')).toBeDefined();
    expect(await screen.findByText('No fund transfers yet.')).toBeDefined();
  });

  it('checks the amount before sending, then opens the gateway window with the pay-in', async () => {
    const server = fakeServer(
      handlers({
        '/FundTransfer/PlacePayInRequest': () => ({
          data: {
            reference: 'PI2',
            amount: '150000.50',
            atomTokenID: 'A1',
            merchID: 'M1',
            paymentUrl: '/atom-payment?atomTokenID=A1&merchID=M1',
          },
        }),
      }),
    );
    const popup = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add funds' });
    await user.click(within(form).getByRole('button', { name: 'ADD FUNDS' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please enter an amount.');
    await user.type(within(form).getByLabelText('Amount (₹)'), '0.5');
    await user.click(within(form).getByRole('button', { name: 'ADD FUNDS' }));
    expect(within(form).getByRole('alert').textContent).toBe('The minimum amount is ₹1.00.');
    expect(server.paths()).not.toContain('/FundTransfer/PlacePayInRequest');

    await user.clear(within(form).getByLabelText('Amount (₹)'));
    await user.type(within(form).getByLabelText('Amount (₹)'), '1,50,000.5');
    await user.click(within(form).getByLabelText('Net banking'));
    await user.click(within(form).getByRole('button', { name: 'ADD FUNDS' }));
    await waitFor(() => expect(popup.location.href).toBe('/atom-payment?atomTokenID=A1&merchID=M1'));
    expect(open).toHaveBeenCalled();
    expect(server.calls.find((c) => c.path === '/FundTransfer/PlacePayInRequest')?.data).toEqual({
      bankId: '7',
      amount: '150000.50',
      mode: 'NETBANKING',
    });
    expect(await screen.findByText(/Complete the payment in the payment window/)).toBeDefined();
    open.mockRestore();
  });

  it("shows the server's word on the pay-in the gateway sent the payer back from", async () => {
    fakeServer(
      handlers({
        '/Gateway/RazorPay': (data) => ({ data: transfer({ reference: String(data.reference), amount: '150000.50' }) }),
      }),
    );
    const router = renderPage('/home/fundtransfer?payin=PI2&status=SUCCESS&transID=99');
    const result = await screen.findByTestId('payin-result');
    await within(result).findByText('₹1,50,000.50 has been added to your account.');
    await userEvent.setup().click(within(result).getByRole('button', { name: 'OK' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByTestId('payin-result')).toBeNull();
  });

  it('says a failed pay-in added nothing, whatever the query claims', async () => {
    fakeServer(handlers({ '/Gateway/RazorPay': () => ({ data: transfer({ reference: 'PI3', status: 'FAILED' }) }) }));
    renderPage('/home/fundtransfer?payin=PI3&status=SUCCESS');
    const result = await screen.findByTestId('payin-result');
    expect((await within(result).findByRole('alert')).textContent).toBe(fundsFailed);
  });

  it('withdraws up to the withdrawable balance and cancels a pending pay-out after confirmation', async () => {
    const server = fakeServer(
      handlers({
        '/FundTransfer/PlacePayOutRequest': (data) => ({
          data: { payout: { ...pendingPayout, reference: 'PO10', amount: `${String(data.amount)}` }, balances },
        }),
        '/FundTransfer/CancelPayoutRequest': () => ({
          data: { payout: { ...pendingPayout, status: 'CANCELLED' }, balances },
        }),
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Withdraw' }));
    const form = await screen.findByRole('form', { name: 'Withdraw' });
    await user.type(within(form).getByLabelText('Amount (₹)'), '100000.01');
    await user.click(within(form).getByRole('button', { name: 'WITHDRAW' }));
    expect(within(form).getByRole('alert').textContent).toBe('You can withdraw at most ₹1,00,000.00.');
    await user.clear(within(form).getByLabelText('Amount (₹)'));
    await user.type(within(form).getByLabelText('Amount (₹)'), '2500');
    await user.click(within(form).getByRole('button', { name: 'WITHDRAW' }));
    const placed = await screen.findByRole('alertdialog');
    expect(within(placed).getByText(/withdrawal request of ₹2,500.00 has been received/)).toBeDefined();
    await user.click(within(placed).getByRole('button', { name: 'OK' }));

    await user.click(screen.getByRole('button', { name: 'CANCEL PO9' }));
    await user.click(await screen.findByRole('button', { name: 'NO' }));
    expect(server.paths()).not.toContain('/FundTransfer/CancelPayoutRequest');
    await user.click(screen.getByRole('button', { name: 'CANCEL PO9' }));
    await user.click(await screen.findByRole('button', { name: 'YES' }));
    expect(
      await screen.findByText('Your withdrawal request has been cancelled and the amount released.'),
    ).toBeDefined();
    expect(server.calls.find((c) => c.path === '/FundTransfer/CancelPayoutRequest')?.data).toEqual({
      reference: 'PO9',
    });
  });
});

const fundsFailed = 'The payment was not completed. No money has been added to your account.';
