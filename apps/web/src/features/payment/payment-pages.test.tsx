import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost, closeAllDialogs } from '../../components/dialog/index.ts';
import { local, storageKeys } from '../../lib/storage/storage.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { paymentRoutes } from './payment-routes.tsx';
import { redirectTarget } from './PaymentRedirectView.tsx';
import { lazyScreensLoaded } from '../../test/lazy-screens.ts';

const details = {
  clientName: 'PRIYA IYER',
  ibRefNo: 'IB2026112100000001',
  dematAccNo: '1208160000000002',
  totalAmount: 236000,
  serviceCharge: 1500,
  gstPerc: 0,
  totalPayAmt: 237500,
  mobile: '******7890',
  email: 'p***@example.in',
};

async function renderAt(path: string) {
  const router = createMemoryRouter([...paymentRoutes, { path: '/base/login', element: <h1>Login</h1> }], { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  await lazyScreensLoaded();
  return router;
}

function captchaSrc(): string {
  return (screen.getByRole('img', { name: 'Captcha image' }) as HTMLImageElement).getAttribute('src') ?? '';
}

describe('the demat payment pages (platform.md 2.6, 5, 8)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('validates the entry form with the spec messages and makes no call', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    await renderAt('/PaymentGateway/payments.html');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(screen.getByText('Enter a valid DP ID')).toBeTruthy();
    expect(screen.getByText('Enter a valid Captcha')).toBeTruthy();
    await user.type(screen.getByLabelText('Demat Account Number (DP ID)'), '12345');
    await user.type(screen.getByLabelText('Captcha'), 'ab');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(screen.getByText('Enter a valid DP ID')).toBeTruthy();
    expect(screen.queryByText('Enter a valid Captcha')).toBeNull();
    expect(server.calls).toHaveLength(0);
  });

  it("shows the server's message and refreshes the captcha when the lookup is refused", async () => {
    fakeServer({ '/DematPayment/GetClientDetails': () => ({ infoID: 'PAY001', infoMsg: 'Invalid Captcha. Please try again.' }) });
    const user = userEvent.setup();
    await renderAt('/PaymentGateway/payments.html');
    const before = captchaSrc();
    expect(before).toMatch(/^\/generateCaptcha\?t=\d+$/);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await user.type(screen.getByLabelText('Demat Account Number (DP ID)'), '1208160000000002');
    await user.type(screen.getByLabelText('Captcha'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(within(dialog).getByText('Invalid Captcha. Please try again.')).toBeTruthy();
    expect(captchaSrc()).not.toBe(before);
    expect((screen.getByLabelText('Captcha') as HTMLInputElement).value).toBe('');
  });

  it('goes to the details page with the token of a successful lookup', async () => {
    const server = fakeServer({
      '/DematPayment/GetClientDetails': () => ({ data: { statusCode: 200, message: 'Success', ClientDetails: details, params: 'tok-123' } }),
      '/DematPayment/Details': () => ({ data: { statusCode: 200, message: 'Success', ClientDetails: details } }),
    });
    const user = userEvent.setup();
    const router = await renderAt('/PaymentGateway/payments.html');
    await user.type(screen.getByLabelText('Demat Account Number (DP ID)'), '1208160000000002');
    await user.type(screen.getByLabelText('Captcha'), 'x7Kp2');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    await screen.findByRole('heading', { name: 'Demat Payment Details' });
    expect(router.state.location.search).toBe('?params=tok-123');
    expect(server.calls[0]).toEqual({ path: '/DematPayment/GetClientDetails', data: { dematAccountNumber: '1208160000000002', captchaCode: 'x7Kp2' } });
  });

  it('shows the dues read-only with GST as 0% and the notes of 2.6', async () => {
    fakeServer({ '/DematPayment/Details': () => ({ data: { statusCode: 200, message: 'Success', ClientDetails: details } }) });
    await renderAt('/DematPaymentDetails?params=tok-123');
    const table = await screen.findByRole('table');
    const cells = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(cells).toEqual([
      'Client NamePRIYA IYER',
      'Demat Account Number1208160000000002',
      'Total Due Amount₹ 2,360.00',
      'Service Charge₹ 15.00',
      'GST0%',
      'Total Payable₹ 2,375.00',
    ]);
    expect(screen.queryByText(/7890|example\.in/)).toBeNull();
    expect(screen.getByText(/within 3 working days/)).toBeTruthy();
    expect(screen.getByText(/9:00 am to 6:00 pm, Monday to Friday/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PAY NOW' })).toBeTruthy();
  });

  it('shows the status page texts word for word', async () => {
    await renderAt('/DematPaymentStatus?status=SUCCESS&msg=ok&transID=123456789');
    expect(
      screen.getByText('Your Demat payment was successful. Please note that it may take 1-2 days for the payment to reflect in the system.'),
    ).toBeTruthy();
    expect(screen.getByText('123456789')).toBeTruthy();
  });

  it('shows the failure reason from the query', async () => {
    await renderAt('/DematPaymentStatus?status=FAILED&msg=Transaction%20declined%20by%20the%20payer&transID=1');
    expect(screen.getByText('Your payment has failed. Reason: Transaction declined by the payer')).toBeTruthy();
  });

  it('redirects /Reports to the payments page', async () => {
    const router = await renderAt('/Reports');
    await screen.findByRole('heading', { name: 'Demat Charges Payment' });
    expect(router.state.location.pathname).toBe('/PaymentGateway/payments.html');
  });

  it('follows a stored ATOM_PAYMENT redirect once, with DATA_PARAM', async () => {
    fakeServer({ '/PaymentGateway/Transaction': () => ({ infoID: 'PAY006', infoMsg: 'No such payment.' }) });
    local.set(storageKeys.redirect, 'true');
    local.set(storageKeys.redirectTo, 'ATOM_PAYMENT');
    local.set(storageKeys.dataParam, 'atomTokenID=A1&merchID=M1');
    const router = await renderAt('/redirect');
    await screen.findByRole('heading', { name: 'Atom Payment Gateway (simulated)' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/atom-payment?atomTokenID=A1&merchID=M1');
    expect(local.get(storageKeys.redirectTo)).toBeNull();
  });

  it('maps every redirect target of platform.md 2.2', () => {
    expect(redirectTarget('ATOM_PAYMENT_REDIRECT', 'status=SUCCESS&msg=ok&transID=9')).toEqual({
      kind: 'route',
      to: '/DematPaymentStatus?status=SUCCESS&msg=ok&transID=9',
    });
    expect(redirectTarget('SUMMARY_PORTFOLIO', null)).toEqual({ kind: 'page', href: '/Portfolio.html' });
    expect(redirectTarget('SUMMARY_PORTFOLIO_NEW', 'x=1')).toEqual({ kind: 'page', href: '/MyPortfolio.html?x=1' });
    expect(redirectTarget('SOMETHING', 'x=1')).toEqual({ kind: 'route', to: '/base/login' });
  });
});
