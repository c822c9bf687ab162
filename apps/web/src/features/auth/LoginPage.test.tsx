import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost, closeAllDialogs } from '../../components/dialog/index.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { authRoutes } from './auth-routes.tsx';
import { fakeServer, signedInAnswer } from '../../test/fake-server.ts';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/base', children: authRoutes },
      { path: '/home/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <DialogHost />
    </>,
  );
  return router;
}

async function errorDialogText() {
  const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
  return within(dialog).getByText(/./, { selector: 'p' }).textContent;
}

async function closeDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
}

const box = (n: number) => screen.getByLabelText(`OTP digit ${n}`) as HTMLInputElement;

describe('login screen (platform.md 4.1, 5)', () => {
  beforeEach(() => {
    sessionStore.signOut();
    localStorage.clear();
  });
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
  });

  it('asks for a client id, then a password, with the spec messages and no call', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderAt('/base/login');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await errorDialogText()).toBe('Please enter valid Client ID');
    await closeDialog(user);
    await user.type(screen.getByLabelText('Client ID'), 'demo1');
    expect((screen.getByLabelText('Client ID') as HTMLInputElement).value).toBe('DEMO1');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await errorDialogText()).toBe('Please enter valid Password');
    expect(server.calls).toHaveLength(0);
  });

  it("shows the server's refusal in an error dialog", async () => {
    fakeServer({ '/Account/Login': () => ({ infoID: 'ACC001', infoMsg: 'Invalid Client ID or Password' }) });
    const user = userEvent.setup();
    renderAt('/base/login');
    await user.type(screen.getByLabelText('Client ID'), 'DEMO1');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    expect(await errorDialogText()).toBe('Invalid Client ID or Password');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('signs in without OTP, stores the login state and goes to the dashboard', async () => {
    const server = fakeServer({ '/Account/Login': () => ({ data: signedInAnswer('DEMO1', true) }) });
    const user = userEvent.setup();
    const router = renderAt('/base/login');
    await user.type(screen.getByLabelText('Client ID'), 'demo1');
    await user.type(screen.getByLabelText('Password'), 'Demo@1234');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home/dashboard');
    expect(server.calls[0]).toEqual({ path: '/Account/Login', data: { userId: 'DEMO1', password: 'Demo@1234' } });
    expect(sessionStore.get()).toMatchObject({ loggedIn: true, userId: 'DEMO1', showRiskDisclosure: true });
  });

  it('asks OTP clients for four digits, refuses a short OTP, clears after a wrong one, then signs in', async () => {
    let attempts = 0;
    const server = fakeServer({
      '/Account/Login': () => ({ data: { otpRequired: true, userId: 'DEMO3', otpLength: 4, sentTo: '******7890' } }),
      '/Account/Login/ValidateOTP': () =>
        ++attempts === 1 ? { infoID: 'ACC004', infoMsg: 'Invalid OTP. 2 attempts left.' } : { data: signedInAnswer('DEMO3', false) },
    });
    const user = userEvent.setup();
    renderAt('/base/login');
    await user.type(screen.getByLabelText('Client ID'), 'DEMO3');
    await user.type(screen.getByLabelText('Password'), 'Demo@1234{Enter}');
    expect(await screen.findByText('OTP has been sent to ******7890')).toBeTruthy();
    expect(screen.getAllByLabelText(/^OTP digit \d$/)).toHaveLength(4);
    await user.type(box(1), '123');
    await user.click(screen.getByRole('button', { name: 'VERIFY' }));
    expect(await errorDialogText()).toBe('Please enter valid OTP');
    await closeDialog(user);
    await user.click(box(4));
    await user.keyboard('9');
    await user.click(screen.getByRole('button', { name: 'VERIFY' }));
    expect(await errorDialogText()).toBe('Invalid OTP. 2 attempts left.');
    expect([1, 2, 3, 4].map((n) => box(n).value)).toEqual(['', '', '', '']);
    await closeDialog(user);
    await user.click(box(1));
    await user.keyboard('4321{Enter}');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(server.calls.at(-1)).toEqual({ path: '/Account/Login/ValidateOTP', data: { userid: 'DEMO3', otp: '4321' } });
    expect(sessionStore.get()).toMatchObject({ userId: 'DEMO3', showRiskDisclosure: false });
  });

  it('resends the login OTP and shows its message', async () => {
    fakeServer({
      '/Account/Login': () => ({ data: { otpRequired: true, userId: 'DEMO3', otpLength: 4, sentTo: '******7890' } }),
      '/Account/Login/SendOTP': () => ({ data: { message: 'OTP has been sent to ******7890 again', resendCount: 1, waitSeconds: 0 } }),
    });
    const user = userEvent.setup();
    renderAt('/base/login');
    await user.type(screen.getByLabelText('Client ID'), 'DEMO3');
    await user.type(screen.getByLabelText('Password'), 'Demo@1234{Enter}');
    await user.click(await screen.findByRole('button', { name: /Resend OTP/ }));
    expect(await screen.findByText('OTP has been sent to ******7890 again')).toBeTruthy();
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    fakeServer({ '/Account/Login': () => ({ data: signedInAnswer('DEMO1') }) });
    const user = userEvent.setup();
    renderAt('/base/login');
    await user.type(screen.getByLabelText('Client ID'), 'DEMO1');
    await user.type(screen.getByLabelText('Password'), 'x{Enter}');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const router = createMemoryRouter([{ path: '/base', children: authRoutes }, { path: '/home/dashboard', element: <h1>Home again</h1> }], {
      initialEntries: ['/base/login'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Home again' })).toBeTruthy();
  });
});
